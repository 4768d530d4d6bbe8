"""/wps/admin/members/{id}: what support looks at when a member calls (the betting record and the account
records, as the member sees them in the portal) and the password reset an operator gives after checking who
is calling. Merchant-scoped like every console call: another merchant's member is a 404."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import Field

from server.admin import members_service as members
from server.games import bets
from server.games.schemas import BetsOut
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.wire_types import IsoDate, IsoDateTime, WireId
from server.http.edge.auth import MembersManager, MembersReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.wallet import records
from server.wallet.cashier_schemas import RecordsOut

router = APIRouter(prefix="/wps/admin/members", tags=["admin"], responses=ERROR_RESPONSES)
MemberId = WireId
PageNo = Annotated[int, Query(alias="pageNo", ge=1, le=10_000)]
PageSize = Annotated[int, Query(alias="pageSize", ge=1, le=100)]


class TemporaryPasswordOut(WireModel):
    temporary_password: str = Field(description="Shown once; the member must choose a new one at login")


@router.get(
    "/{member_id}/bets",
    operation_id="adminMemberBets",
    summary="The member's betting record by category, vendor and dates, with totals",
)
async def betting_record(
    member_id: MemberId,
    reader: MembersReader,
    session: SessionDep,
    category: Annotated[str | None, Query(pattern=r"^(ELOTT|LOTT|LIVE|SPORTS|FISH|RNG|PVP|ESPORTS)$")] = None,
    vassalage: Annotated[str | None, Query(max_length=32, pattern=r"^[A-Za-z0-9_\-]*$")] = None,
    start_date: Annotated[IsoDate | None, Query(alias="startDate")] = None,
    end_date: Annotated[IsoDate | None, Query(alias="endDate")] = None,
    page_no: PageNo = 1,
    page_size: PageSize = 20,
) -> Envelope[BetsOut]:
    member = await members.member_of(session, reader.merchant_id, member_id)
    start, end = bets.record_period(start_date, end_date)
    query = bets.BetQuery((member.id,), start, end, category, vassalage or None)
    rows, count, totals = await bets.history(session, query, page=page_no, page_size=page_size)
    return ok(BetsOut.of(rows, count, totals, page_no=page_no, page_size=page_size))


@router.get(
    "/{member_id}/transactions",
    operation_id="adminMemberTransactions",
    summary="The member's account records (deposits, withdrawals, transfers, bonuses), filtered",
)
async def transactions(
    member_id: MemberId,
    reader: MembersReader,
    session: SessionDep,
    record_type: Annotated[str | None, Query(alias="type", pattern=r"^[A-Z]+$", max_length=16)] = None,
    start: Annotated[IsoDateTime | None, Query(alias="from")] = None,
    end: Annotated[IsoDateTime | None, Query(alias="to")] = None,
    page_no: PageNo = 1,
    page_size: PageSize = 20,
) -> Envelope[RecordsOut]:
    member = await members.member_of(session, reader.merchant_id, member_id)
    found = await records.history(
        session,
        (member.id,),
        record_type=record_type,
        start=start,
        end=end,
        page=page_no,
        page_size=page_size,
    )
    return ok(RecordsOut.of(found))


@router.post(
    "/{member_id}/password/reset",
    operation_id="adminResetMemberPassword",
    summary="Give the member a temporary password (sessions end; a new password is asked at login)",
)
async def reset_password(
    member_id: MemberId, manager: MembersManager, context: SystemContext, session: SessionDep
) -> Envelope[TemporaryPasswordOut]:
    assert manager.staff_id is not None
    temporary = await members.reset_password(
        session,
        merchant_id=manager.merchant_id,
        member_id=member_id,
        staff_id=manager.staff_id,
        ip=context.client.ip,
    )
    return ok(TemporaryPasswordOut(temporary_password=temporary))
