"""/wps/admin: the operator side of the cashier. Every action is audited (server.admin.service)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query

from server.admin import service
from server.admin.schemas import AdminDepositOut, AdminWithdrawalOut, BonusIn, BonusOut, DecisionIn
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.edge.auth import BonusGranter, CashierActor, CashierReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.wallet import queries
from server.wallet.cashier_schemas import DepositOut, WithdrawalOut

router = APIRouter(prefix="/wps/admin", tags=["admin"], responses=ERROR_RESPONSES)
OrderNo = Annotated[str, Path(max_length=40, pattern=r"^[A-Z0-9]+$")]


@router.get("/deposits", operation_id="adminListDeposits", summary="Deposit orders, by status")
async def list_deposits(
    operator: CashierReader,
    session: SessionDep,
    status: Annotated[Literal["PENDING", "COMPLETED", "REJECTED", "EXPIRED"], Query()] = "PENDING",
) -> Envelope[list[AdminDepositOut]]:
    rows = await queries.merchant_deposits(session, operator.merchant_id, status)
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


@router.get("/withdrawals", operation_id="adminListWithdrawals", summary="Withdrawals, by status")
async def list_withdrawals(
    operator: CashierReader,
    session: SessionDep,
    status: Annotated[str, Query(max_length=16, pattern=r"^[A-Z_]+$")] = "PENDING",
) -> Envelope[list[AdminWithdrawalOut]]:
    rows = await queries.merchant_withdrawals(session, operator.merchant_id, status)
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
    return ok(
        BonusOut(
            transfer_id=granted.posted.transfer_id,
            replayed=granted.posted.replayed,
            amount=format_amount(granted.amount),
        )
    )
