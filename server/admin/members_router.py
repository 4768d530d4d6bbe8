"""/wps/admin/members: members as the back office sees them. Reading is for every role that may read
members; notes for support too; lock, unlock and force log-out for operators. Every change is audited."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import Field

from server.accounts.models import Member
from server.admin import members_service as members
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import MemberNoter, MembersManager, MembersReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/members", tags=["admin"], responses=ERROR_RESPONSES)
MemberId = WireId


class MemberRowOut(WireModel):
    id: int
    username: str
    nickname: str | None
    mobile: str | None
    member_type: int
    status: str
    rank_level: int
    created_at: datetime
    last_login_at: datetime | None


class MemberWalletOut(WireModel):
    wallet: str = Field(description="MAIN, BONUS, TRIAL, VENDOR or HOLD")
    vendor_code: str
    balance: str


class UplineOut(WireModel):
    id: int
    username: str
    member_type: int


class MemberPageOut(MemberRowOut):
    email: str | None
    full_name: str | None
    affiliate_code: str | None
    club_label_name: str | None
    labels: list[str]
    registered_ip: str | None
    last_login_ip: str | None
    upline: list[UplineOut] = Field(description="The agents above, the nearest first")
    wallets: list[MemberWalletOut]


class StatementLineOut(WireModel):
    id: int
    at: datetime
    wallet: str
    vendor_code: str
    kind: str
    reference: str
    amount: str
    balance: str = Field(description="The wallet's balance after this line")


class SessionOut(WireModel):
    id: int
    created_at: datetime
    last_seen_at: datetime
    ip: str | None
    user_agent: str | None


class LockIn(WireModel):
    locked: bool


class NoteIn(WireModel):
    text: str = Field(min_length=1, max_length=2000)


class NoteOut(WireModel):
    id: int
    at: datetime
    staff: str
    text: str


def _row(member: Member) -> MemberRowOut:
    return MemberRowOut(
        id=member.id,
        username=member.username,
        nickname=member.nickname,
        mobile=f"{member.country_dialing_code or ''}{member.mobile_num}" if member.mobile_num else None,
        member_type=member.member_type,
        status=member.status,
        rank_level=member.rank_level,
        created_at=member.created_at,
        last_login_at=member.last_login_at,
    )


@router.get(
    "", operation_id="adminSearchMembers", summary="Find members by id, username, affiliate code or mobile"
)
async def search(
    reader: MembersReader,
    session: SessionDep,
    q: Annotated[str, Query(min_length=1, max_length=64)],
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> Envelope[list[MemberRowOut]]:
    return ok([_row(member) for member in await members.search(session, reader.merchant_id, q, limit)])


@router.get("/{member_id}", operation_id="adminMemberPage", summary="A member's profile, upline and wallets")
async def member_page(
    member_id: MemberId, reader: MembersReader, session: SessionDep
) -> Envelope[MemberPageOut]:
    found = await members.page(session, reader.merchant_id, member_id)
    member = found.member
    return ok(
        MemberPageOut(
            **_row(member).model_dump(),
            email=member.email,
            full_name=member.full_name,
            affiliate_code=member.affiliate_code,
            club_label_name=member.club_label_name,
            labels=found.labels,
            registered_ip=member.registered_ip,
            last_login_ip=member.last_login_ip,
            upline=[UplineOut(id=a.id, username=a.username, member_type=a.member_type) for a in found.upline],
            wallets=[
                MemberWalletOut(wallet=w.kind, vendor_code=w.vendor_code, balance=format_amount(w.balance))
                for w in found.wallets
            ],
        )
    )


@router.get(
    "/{member_id}/statement",
    operation_id="adminMemberStatement",
    summary="The member's ledger lines, newest first, each with the wallet's balance after it",
)
async def statement(
    member_id: MemberId,
    reader: MembersReader,
    session: SessionDep,
    before_id: Annotated[WireId | None, Query(alias="beforeId")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Envelope[list[StatementLineOut]]:
    lines = await members.statement(session, reader.merchant_id, member_id, before_id=before_id, limit=limit)
    return ok(
        [
            StatementLineOut(
                id=line.posting_id,
                at=line.at,
                wallet=line.wallet,
                vendor_code=line.vendor_code,
                kind=line.kind,
                reference=line.reference,
                amount=format_amount(line.amount),
                balance=format_amount(line.balance_after),
            )
            for line in lines
        ]
    )


@router.get("/{member_id}/sessions", operation_id="adminMemberSessions", summary="The member's live sessions")
async def live_sessions(
    member_id: MemberId, reader: MembersReader, session: SessionDep
) -> Envelope[list[SessionOut]]:
    rows = await members.live_sessions(session, reader.merchant_id, member_id)
    return ok(
        [
            SessionOut(
                id=r.id,
                created_at=r.created_at,
                last_seen_at=r.last_seen_at,
                ip=r.ip,
                user_agent=r.user_agent,
            )
            for r in rows
        ]
    )


@router.delete(
    "/{member_id}/sessions/{session_id}",
    operation_id="adminEndMemberSession",
    summary="Force a log-out: the session ends and its open pages are told at once",
)
async def end_session(
    member_id: MemberId,
    session_id: WireId,
    manager: MembersManager,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[None]:
    assert manager.staff_id is not None
    await members.end_session(
        session,
        merchant_id=manager.merchant_id,
        member_id=member_id,
        session_id=session_id,
        staff_id=manager.staff_id,
        ip=context.client.ip,
    )
    return ok(None)


@router.put(
    "/{member_id}/status",
    operation_id="adminLockMember",
    summary="Lock a member (sessions end, logins are refused) or unlock",
)
async def set_status(
    member_id: MemberId, body: LockIn, manager: MembersManager, context: SystemContext, session: SessionDep
) -> Envelope[MemberRowOut]:
    assert manager.staff_id is not None
    member = await members.set_locked(
        session,
        merchant_id=manager.merchant_id,
        member_id=member_id,
        locked=body.locked,
        staff_id=manager.staff_id,
        ip=context.client.ip,
    )
    return ok(_row(member))


@router.get(
    "/{member_id}/notes", operation_id="adminMemberNotes", summary="Staff notes on the member, newest first"
)
async def notes(member_id: MemberId, reader: MembersReader, session: SessionDep) -> Envelope[list[NoteOut]]:
    found = await members.notes(session, reader.merchant_id, member_id)
    return ok([NoteOut(id=n.id, at=n.at, staff=n.staff, text=n.text) for n in found])


@router.post("/{member_id}/notes", operation_id="adminAddMemberNote", summary="Write a note on the member")
async def add_note(
    member_id: MemberId, body: NoteIn, noter: MemberNoter, context: SystemContext, session: SessionDep
) -> Envelope[NoteOut]:
    assert noter.staff_id is not None
    note = await members.add_note(
        session,
        merchant_id=noter.merchant_id,
        member_id=member_id,
        staff_id=noter.staff_id,
        text=body.text.strip(),
        ip=context.client.ip,
    )
    found = await members.notes(session, noter.merchant_id, member_id)
    written = next(n for n in found if n.id == note.id)
    return ok(NoteOut(id=written.id, at=written.at, staff=written.staff, text=written.text))
