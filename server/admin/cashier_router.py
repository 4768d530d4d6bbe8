"""/wps/admin: the operator side of the cashier. Every action is audited."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query
from pydantic import Field
from sqlalchemy import select

from server.accounts.login import find_member
from server.accounts.models import Member
from server.admin.service import audit
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.edge.auth import Operator
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.wallet import deposits, transfers, withdrawals
from server.wallet.cashier_models import DepositChannel, DepositOrder, MemberBankAccount, Withdrawal
from server.wallet.cashier_schemas import DepositOut, WithdrawalOut

router = APIRouter(prefix="/wps/admin", tags=["admin"], responses=ERROR_RESPONSES)
OrderNo = Annotated[str, Path(max_length=40, pattern=r"^[A-Z0-9]+$")]


class DecisionIn(WireModel):
    note: str | None = Field(default=None, max_length=255)


class AdminDepositOut(DepositOut):
    member: str
    payer_reference: str | None


class AdminWithdrawalOut(WithdrawalOut):
    member: str
    account_name: str


class BonusIn(WireModel):
    amount: str = Field(max_length=20)
    reason: str = Field(min_length=2, max_length=120)
    request_id: str = Field(min_length=8, max_length=64)


class BonusOut(WireModel):
    transfer_id: int
    replayed: bool
    amount: str


@router.get("/deposits", operation_id="adminListDeposits", summary="Deposit orders, by status")
async def list_deposits(
    operator: Operator,
    session: SessionDep,
    status: Annotated[Literal["PENDING", "COMPLETED", "REJECTED", "EXPIRED"], Query()] = "PENDING",
) -> Envelope[list[AdminDepositOut]]:
    rows = await session.execute(
        select(DepositOrder, DepositChannel.code, Member.username)
        .join(DepositChannel, DepositChannel.id == DepositOrder.channel_id)
        .join(Member, Member.id == DepositOrder.member_id)
        .where(DepositOrder.merchant_id == operator.merchant_id, DepositOrder.status == status)
        .order_by(DepositOrder.id.desc())
        .limit(200)
    )
    return ok(
        [
            AdminDepositOut(
                **DepositOut.of(o, code).model_dump(), member=name, payer_reference=o.payer_reference
            )
            for o, code, name in rows
        ]
    )


@router.post(
    "/deposits/{order_no}/{decision}",
    operation_id="adminDecideDeposit",
    summary="Confirm a bank-transfer deposit (credits the member) or reject it",
)
async def decide_deposit(
    order_no: OrderNo,
    decision: Annotated[Literal["confirm", "reject"], Path()],
    body: DecisionIn,
    operator: Operator,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[DepositOut]:
    order = await deposits.locked_order(session, context.brand.id, order_no)
    if decision == "confirm":
        await deposits.complete(session, context.brand, order, staff_id=operator.staff_id)
    else:
        await deposits.reject(session, order, staff_id=operator.staff_id, note=body.note)
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=operator.staff_id,
        action=f"deposit.{decision}",
        target=order_no,
        detail={"amount": format_amount(order.amount), "note": body.note},
        ip=context.client.ip,
    )
    channel = await session.get(DepositChannel, order.channel_id)
    return ok(DepositOut.of(order, channel.code if channel else ""))


@router.get("/withdrawals", operation_id="adminListWithdrawals", summary="Withdrawals, by status")
async def list_withdrawals(
    operator: Operator,
    session: SessionDep,
    status: Annotated[str, Query(max_length=16, pattern=r"^[A-Z_]+$")] = "PENDING",
) -> Envelope[list[AdminWithdrawalOut]]:
    rows = await session.execute(
        select(Withdrawal, MemberBankAccount, Member.username)
        .join(MemberBankAccount, MemberBankAccount.id == Withdrawal.bank_account_id)
        .join(Member, Member.id == Withdrawal.member_id)
        .where(Withdrawal.merchant_id == operator.merchant_id, Withdrawal.status == status)
        .order_by(Withdrawal.id.desc())
        .limit(200)
    )
    return ok(
        [
            AdminWithdrawalOut(
                **WithdrawalOut.of(w, b).model_dump(), member=name, account_name=b.account_name
            )
            for w, b, name in rows
        ]
    )


@router.post(
    "/withdrawals/{order_no}/{action}",
    operation_id="adminActOnWithdrawal",
    summary="Approve, reject (releases the hold), disburse (pays out), or refund what did not arrive",
)
async def act_on_withdrawal(
    order_no: OrderNo,
    action: Annotated[Literal["approve", "reject", "disburse", "refund"], Path()],
    body: DecisionIn,
    operator: Operator,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[WithdrawalOut]:
    withdrawal = await withdrawals.locked(session, context.brand, order_no)
    before = withdrawal.status
    await withdrawals.act(
        session, context.brand, withdrawal, action, staff_id=operator.staff_id, note=body.note
    )
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=operator.staff_id,
        action=f"withdrawal.{action}",
        target=order_no,
        detail={
            "from": before,
            "to": withdrawal.status,
            "amount": format_amount(withdrawal.amount),
            "note": body.note,
        },
        ip=context.client.ip,
    )
    bank = await session.get(MemberBankAccount, withdrawal.bank_account_id)
    assert bank is not None
    return ok(WithdrawalOut.of(withdrawal, bank))


@router.post(
    "/members/{username}/bonus",
    operation_id="adminGrantBonus",
    summary="Credit a bonus to a member's main wallet (from the promotion-expense account)",
)
async def grant_bonus(
    username: Annotated[str, Path(max_length=64)],
    body: BonusIn,
    operator: Operator,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[BonusOut]:
    member = await find_member(session, context.brand.id, username)
    if member is None:
        raise AppError(errors.NOT_FOUND)
    amount = parse_amount(body.amount)
    posted = await transfers.bonus(
        session,
        context.brand,
        member.id,
        amount,
        key=f"bonus:{operator.staff_id}:{body.request_id}",
        reason=body.reason,
    )
    if not posted.replayed:
        await audit(
            session,
            merchant_id=context.brand.id,
            staff_id=operator.staff_id,
            action="member.bonus",
            target=member.username,
            detail={"amount": body.amount, "reason": body.reason, "transfer": posted.transfer_id},
            ip=context.client.ip,
        )
    return ok(
        BonusOut(transfer_id=posted.transfer_id, replayed=posted.replayed, amount=format_amount(amount))
    )
