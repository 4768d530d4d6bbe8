"""The back office's view of members: search, the member page (profile, upline chain, wallets), the ledger
statement with its running balance, live sessions, lock and unlock, and staff notes. Every change is
audited in the transaction that makes it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, sessions
from server.accounts.credentials import temporary_password
from server.accounts.models import AuthSession, Member, MemberLabel, Staff
from server.admin.models import MemberNote
from server.admin.service import audit
from server.content.messages import service as messages
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.wallet.models import LedgerAccount, LedgerPosting, LedgerTransfer

ACTIVE, LOCKED = "ACTIVE", "LOCKED"
_UPLINE_DEPTH = 20  # a chain is a few levels deep; the bound keeps a corrupt loop from running on


async def search(session: AsyncSession, merchant_id: int, query: str, limit: int) -> list[Member]:
    """By id (all digits), username (its start), affiliate code (whole) or mobile (four digits or more)."""
    text = query.strip().lower()
    conditions = [Member.username.startswith(text, autoescape=True), Member.affiliate_code == query.strip()]
    digits = "".join(ch for ch in text if ch.isdigit())
    if text.isdigit():
        conditions.append(Member.id == int(text))
    if len(digits) >= 4:
        conditions.append(Member.mobile_num.contains(digits, autoescape=True))
    stmt = (
        select(Member)
        .where(Member.merchant_id == merchant_id, or_(*conditions))
        .order_by(Member.username)
        .limit(limit)
    )
    return list(await session.scalars(stmt))


async def member_of(session: AsyncSession, merchant_id: int, member_id: int) -> Member:
    member = await session.scalar(
        select(Member).where(Member.id == member_id, Member.merchant_id == merchant_id)
    )
    if member is None:
        raise AppError(errors.NOT_FOUND)
    return member


async def is_member_of(session: AsyncSession, merchant_id: int, member_id: int) -> bool:
    found = await session.scalar(
        select(Member.id).where(Member.id == member_id, Member.merchant_id == merchant_id)
    )
    return found is not None


@dataclass(frozen=True)
class MemberPage:
    member: Member
    labels: list[str]
    upline: list[Member]  # the nearest first
    wallets: list[LedgerAccount]


async def page(session: AsyncSession, merchant_id: int, member_id: int) -> MemberPage:
    member = await member_of(session, merchant_id, member_id)
    labels = list(
        await session.scalars(select(MemberLabel.label_name).where(MemberLabel.member_id == member.id))
    )
    upline: list[Member] = []
    above = member.upline_id
    while above is not None and len(upline) < _UPLINE_DEPTH:
        agent = await session.get(Member, above)
        if agent is None or agent.merchant_id != merchant_id or agent in upline:
            break
        upline.append(agent)
        above = agent.upline_id
    wallets = list(
        await session.scalars(
            select(LedgerAccount).where(LedgerAccount.member_id == member.id).order_by(LedgerAccount.id)
        )
    )
    return MemberPage(member, labels, upline, wallets)


@dataclass(frozen=True)
class StatementLine:
    posting_id: int
    at: datetime
    wallet: str
    vendor_code: str
    kind: str
    reference: str
    amount: int
    balance_after: int


async def statement(
    session: AsyncSession, merchant_id: int, member_id: int, *, before_id: int | None, limit: int
) -> list[StatementLine]:
    """The member's postings, newest first, each with the balance its wallet had after it."""
    member = await member_of(session, merchant_id, member_id)
    stmt = (
        select(
            LedgerPosting,
            LedgerAccount.kind,
            LedgerAccount.vendor_code,
            LedgerTransfer.kind,
            LedgerTransfer.reference,
        )
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .join(LedgerTransfer, LedgerTransfer.id == LedgerPosting.transfer_id)
        .where(LedgerAccount.member_id == member.id)
        .order_by(LedgerPosting.id.desc())
        .limit(limit)
    )
    if before_id is not None:
        stmt = stmt.where(LedgerPosting.id < before_id)
    return [
        StatementLine(
            posting.id,
            posting.created_at,
            wallet,
            vendor,
            kind,
            reference,
            posting.amount,
            posting.balance_after,
        )
        for posting, wallet, vendor, kind, reference in (await session.execute(stmt)).all()
    ]


async def live_sessions(session: AsyncSession, merchant_id: int, member_id: int) -> list[AuthSession]:
    member = await member_of(session, merchant_id, member_id)
    return list(
        await session.scalars(
            select(AuthSession)
            .where(
                AuthSession.member_id == member.id,
                AuthSession.revoked_at.is_(None),
                AuthSession.expires_at > utcnow(),
            )
            .order_by(AuthSession.id.desc())
        )
    )


async def end_session(
    session: AsyncSession, *, merchant_id: int, member_id: int, session_id: int, staff_id: int, ip: str | None
) -> None:
    """Force a log-out: the session ends, and its open pages are told and disconnected."""
    member = await member_of(session, merchant_id, member_id)
    owned = await session.scalar(
        select(AuthSession.id).where(AuthSession.id == session_id, AuthSession.member_id == member.id)
    )
    if owned is None:
        raise AppError(errors.NOT_FOUND)
    await sessions.end(session, [session_id], "staff")
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="member.logout",
        target=member.username,
        detail={"session": session_id},
        ip=ip,
    )


async def set_locked(
    session: AsyncSession, *, merchant_id: int, member_id: int, locked: bool, staff_id: int, ip: str | None
) -> Member:
    """Lock (the member's sessions end at once, and no login passes) or unlock. One conditional UPDATE, so
    two staff members acting at once change the status once and audit it once."""
    member = await member_of(session, merchant_id, member_id)
    before, after = (ACTIVE, LOCKED) if locked else (LOCKED, ACTIVE)
    changed = await session.execute(
        update(Member).where(Member.id == member.id, Member.status == before).values(status=after)
    )
    if not changed.rowcount:  # type: ignore[attr-defined]
        await session.refresh(member)
        return member
    await session.refresh(member)
    if locked:
        await sessions.end(session, await sessions.live_sessions_of(session, member.id), "locked")
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="member.lock" if locked else "member.unlock",
        target=member.username,
        ip=ip,
    )
    return member


async def reset_password(
    session: AsyncSession, *, merchant_id: int, member_id: int, staff_id: int, ip: str | None
) -> str:
    """A temporary password for a member who lost theirs and proved who they are to support: every session
    ends, and the next login must choose a new password. Answered once to the staff member, never stored
    or audited in clear. The member row is locked first: two resets at once leave the later one's password,
    and each is audited."""
    member = await member_of(session, merchant_id, member_id)
    await session.execute(select(Member.id).where(Member.id == member.id).with_for_update())
    temporary = temporary_password()
    member.password_hash = await passwords.hash_password_async(temporary)
    member.password_changed_at = utcnow()
    member.must_change_password = True
    await sessions.end(session, await sessions.live_sessions_of(session, member.id), "password_reset")
    await messages.send_system(session, member.id, "PASSWORD_CHANGED")
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="member.password_reset",
        target=member.username,
        ip=ip,
    )
    return temporary


@dataclass(frozen=True)
class Note:
    id: int
    at: datetime
    staff: str
    text: str


async def notes(session: AsyncSession, merchant_id: int, member_id: int) -> list[Note]:
    member = await member_of(session, merchant_id, member_id)
    rows = await session.execute(
        select(MemberNote, Staff.username)
        .join(Staff, Staff.id == MemberNote.staff_id)
        .where(MemberNote.member_id == member.id)
        .order_by(MemberNote.id.desc())
    )
    return [Note(note.id, note.created_at, username, note.text) for note, username in rows.all()]


async def add_note(
    session: AsyncSession, *, merchant_id: int, member_id: int, staff_id: int, text: str, ip: str | None
) -> MemberNote:
    member = await member_of(session, merchant_id, member_id)
    note = MemberNote(merchant_id=merchant_id, member_id=member.id, staff_id=staff_id, text=text)
    session.add(note)
    await session.flush()
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="member.note",
        target=member.username,
        detail={"note": note.id},
        ip=ip,
    )
    return note
