"""/wps/admin: the operator side of the cashier. Every action is audited (server.admin.service)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import AfterValidator, AwareDatetime

from server.admin import grants, service
from server.admin.grant_schemas import BonusGrantOut
from server.admin.schemas import AdminDepositOut, AdminWithdrawalOut, BonusIn, BonusOut, DecisionIn
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import BonusApprover, BonusGranter, CashierActor, CashierReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.wallet import queries
from server.wallet.cashier_schemas import DepositOut, WithdrawalOut

router = APIRouter(prefix="/wps/admin", tags=["admin"], responses=ERROR_RESPONSES)
OrderNo = Annotated[str, Path(max_length=40, pattern=r"^[A-Z0-9]+$")]


def _aware_utc(value: datetime | None) -> datetime | None:
    # A far-off instant with an offset may not fit a datetime once moved to UTC: a 422, never a 500.
    if value is None:
        return None
    try:
        return value.astimezone(UTC)
    except OverflowError:
        raise ValueError("out of range") from None


Instant = Annotated[AwareDatetime | None, AfterValidator(_aware_utc)]


def queue_filter(
    member: Annotated[
        str | None, Query(min_length=1, max_length=64, description="The beginning of the member's username")
    ] = None,
    since: Annotated[Instant, Query(description="Created at or after (ISO 8601, with a zone)")] = None,
    until: Annotated[Instant, Query(description="Created before (ISO 8601, with a zone)")] = None,
    before: Annotated[
        str | None,
        Query(
            max_length=40, pattern=r"^[A-Z0-9]+$", description="The next page: the last order number shown"
        ),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=queries.OPERATOR_LIST_LIMIT)] = 50,
) -> queries.QueueFilter:
    return queries.QueueFilter(member=member, since=since, until=until, before=before, limit=limit)


QueueFilterDep = Annotated[queries.QueueFilter, Depends(queue_filter)]


@router.get(
    "/deposits", operation_id="adminListDeposits", summary="Deposit orders by status, newest first, filtered"
)
async def list_deposits(
    operator: CashierReader,
    session: SessionDep,
    found: QueueFilterDep,
    status: Annotated[Literal["PENDING", "COMPLETED", "REJECTED", "EXPIRED"], Query()] = "PENDING",
) -> Envelope[list[AdminDepositOut]]:
    rows = await queries.merchant_deposits(session, operator.merchant_id, status, found)
    return ok([AdminDepositOut.of_row(row) for row in rows])


@router.post(
    "/deposits/{order_no}/{decision}",
    operation_id="adminDecideDeposit",
    summary="Confirm a bank-transfer deposit (credits the member) or reject it",
)
async def decide_deposit(
    order_no: OrderNo,
    decision: Annotated[Literal["confirm", "reject"], Path()],
    body: DecisionIn,
    operator: CashierActor,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[DepositOut]:
    row = await service.decide_deposit(
        session,
        context.brand,
        staff_id=operator.staff_id,
        order_no=order_no,
        decision=decision,
        note=body.note,
        ip=context.client.ip,
    )
    return ok(DepositOut.of(row.order, row.channel_code))


WithdrawalStatus = Literal[
    "PENDING",
    "APPROVED",
    "REJECTED",
    "CANCELLED",
    "DISBURSED",
    "RECEIVED",
    "PARTIAL",
    "NOT_RECEIVED",
    "ALL_RECEIVED",
    "AUTO_RECEIVED",
    "REFUNDED",
]


@router.get(
    "/withdrawals",
    operation_id="adminListWithdrawals",
    summary="Withdrawals by status, newest first, filtered",
)
async def list_withdrawals(
    operator: CashierReader,
    session: SessionDep,
    found: QueueFilterDep,
    status: Annotated[WithdrawalStatus, Query()] = "PENDING",
) -> Envelope[list[AdminWithdrawalOut]]:
    rows = await queries.merchant_withdrawals(session, operator.merchant_id, status, found)
    return ok([AdminWithdrawalOut.of_row(row) for row in rows])


@router.post(
    "/withdrawals/{order_no}/{action}",
    operation_id="adminActOnWithdrawal",
    summary="Approve, reject (releases the hold), disburse (pays out), or refund what did not arrive",
)
async def act_on_withdrawal(
    order_no: OrderNo,
    action: Annotated[Literal["approve", "reject", "disburse", "refund"], Path()],
    body: DecisionIn,
    operator: CashierActor,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[WithdrawalOut]:
    row = await service.act_on_withdrawal(
        session,
        context.brand,
        staff_id=operator.staff_id,
        order_no=order_no,
        action=action,
        note=body.note,
        ip=context.client.ip,
    )
    return ok(WithdrawalOut.of(row.withdrawal, row.bank))


@router.post(
    "/members/{username}/bonus",
    operation_id="adminGrantBonus",
    summary="Credit a bonus to a member's main wallet (from the promotion-expense account)",
)
async def grant_bonus(
    username: Annotated[str, Path(max_length=64)],
    body: BonusIn,
    operator: BonusGranter,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[BonusOut]:
    assert operator.staff_id is not None
    granted = await service.grant_bonus(
        session,
        context.brand,
        staff_id=operator.staff_id,
        username=username,
        amount=body.amount,
        reason=body.reason,
        request_id=body.request_id,
        ip=context.client.ip,
    )
    row = await grants.row_of(session, granted.grant)
    return ok(BonusOut(**BonusGrantOut.of_row(row).model_dump(), replayed=granted.replayed))


GrantStatus = Literal["PENDING", "PAID", "REJECTED"]


@router.get(
    "/bonus-grants",
    operation_id="adminListBonusGrants",
    summary="Operators' bonus grants by status (PENDING: waiting for a second staff member), newest first",
)
async def list_bonus_grants(
    reader: CashierReader,
    session: SessionDep,
    found: QueueFilterDep,
    status: Annotated[GrantStatus, Query()] = "PENDING",
) -> Envelope[list[BonusGrantOut]]:
    rows = await grants.queue(session, reader.merchant_id, status, found)
    return ok([BonusGrantOut.of_row(row) for row in rows])


@router.post(
    "/bonus-grants/{order_no}/{decision}",
    operation_id="adminDecideBonusGrant",
    summary="Approve (pays it) or reject a grant waiting for a second staff member; never one's own approval",
)
async def decide_bonus_grant(
    order_no: OrderNo,
    decision: Annotated[Literal["approve", "reject"], Path()],
    body: DecisionIn,
    approver: BonusApprover,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[BonusGrantOut]:
    assert approver.staff_id is not None
    decide = grants.approve if decision == "approve" else grants.reject
    grant = await decide(
        session,
        context.brand,
        staff_id=approver.staff_id,
        order_no=order_no,
        note=body.note,
        ip=context.client.ip,
    )
    return ok(BonusGrantOut.of_row(await grants.row_of(session, grant)))
