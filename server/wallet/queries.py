"""The cashier's lists, for the member (their own orders and accounts) and for the merchant's operators
(orders by status): read-only queries the routers call, so that routers hold none."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.wallet.cashier_models import DepositChannel, DepositOrder, MemberBankAccount, Withdrawal

MEMBER_LIST_LIMIT = 50  # a member's latest orders: the cashier page shows no more
OPERATOR_LIST_LIMIT = 200  # the most one page of an operator's queue holds (newest first)


@dataclass(frozen=True)
class DepositRow:
    order: DepositOrder
    channel_code: str
    username: str = ""  # filled in the operators' list only


@dataclass(frozen=True)
class WithdrawalRow:
    withdrawal: Withdrawal
    bank: MemberBankAccount
    username: str = ""  # filled in the operators' list only


async def member_deposits(session: AsyncSession, member_id: int) -> list[DepositRow]:
    rows = await session.execute(
        select(DepositOrder, DepositChannel.code)
        .join(DepositChannel, DepositChannel.id == DepositOrder.channel_id)
        .where(DepositOrder.member_id == member_id)
        .order_by(DepositOrder.id.desc())
        .limit(MEMBER_LIST_LIMIT)
    )
    return [DepositRow(order, code) for order, code in rows]


async def member_withdrawals(session: AsyncSession, member_id: int) -> list[WithdrawalRow]:
    rows = await session.execute(
        select(Withdrawal, MemberBankAccount)
        .join(MemberBankAccount, MemberBankAccount.id == Withdrawal.bank_account_id)
        .where(Withdrawal.member_id == member_id)
        .order_by(Withdrawal.id.desc())
        .limit(MEMBER_LIST_LIMIT)
    )
    return [WithdrawalRow(withdrawal, bank) for withdrawal, bank in rows]


async def member_bank_accounts(session: AsyncSession, member_id: int) -> list[MemberBankAccount]:
    return list(
        await session.scalars(
            select(MemberBankAccount)
            .where(MemberBankAccount.member_id == member_id)
            .order_by(MemberBankAccount.id)
        )
    )


Q = TypeVar("Q", bound=Select[*tuple[Any, ...]])


@dataclass(frozen=True)
class QueueFilter:
    """What narrows an operator's queue. `before` is the order number of the last row shown: the next page
    is the orders opened before it (by id, newest first), so rows arriving meanwhile never shift a page."""

    member: str | None = None  # the beginning of a username
    since: datetime | None = None  # created at or after (aware)
    until: datetime | None = None  # created before (aware)
    before: str | None = None
    limit: int = OPERATOR_LIST_LIMIT


def narrowed(stmt: Q, model: Any, merchant_id: int, f: QueueFilter) -> Q:
    """`stmt` (joined with Member) narrowed by `f` and paged newest first. `model` is the queue's table, one
    with id, merchant_id, order_no and created_at: deposit orders, withdrawals, operators' bonus grants."""
    if f.member:
        stmt = stmt.where(Member.username.startswith(f.member.strip().lower(), autoescape=True))
    if f.since is not None:
        stmt = stmt.where(model.created_at >= f.since)
    if f.until is not None:
        stmt = stmt.where(model.created_at < f.until)
    if f.before:
        # An order number of another merchant, or none at all, finds no id: the page is empty.
        last = select(model.id).where(model.merchant_id == merchant_id, model.order_no == f.before)
        stmt = stmt.where(model.id < last.scalar_subquery())
    return stmt.order_by(model.id.desc()).limit(min(max(f.limit, 1), OPERATOR_LIST_LIMIT))


async def merchant_deposits(
    session: AsyncSession, merchant_id: int, status: str, f: QueueFilter = QueueFilter()
) -> list[DepositRow]:
    stmt = (
        select(DepositOrder, DepositChannel.code, Member.username)
        .join(DepositChannel, DepositChannel.id == DepositOrder.channel_id)
        .join(Member, Member.id == DepositOrder.member_id)
        .where(DepositOrder.merchant_id == merchant_id, DepositOrder.status == status)
    )
    rows = await session.execute(narrowed(stmt, DepositOrder, merchant_id, f))
    return [DepositRow(order, code, username) for order, code, username in rows]


async def merchant_withdrawals(
    session: AsyncSession, merchant_id: int, status: str, f: QueueFilter = QueueFilter()
) -> list[WithdrawalRow]:
    stmt = (
        select(Withdrawal, MemberBankAccount, Member.username)
        .join(MemberBankAccount, MemberBankAccount.id == Withdrawal.bank_account_id)
        .join(Member, Member.id == Withdrawal.member_id)
        .where(Withdrawal.merchant_id == merchant_id, Withdrawal.status == status)
    )
    rows = await session.execute(narrowed(stmt, Withdrawal, merchant_id, f))
    return [WithdrawalRow(withdrawal, bank, username) for withdrawal, bank, username in rows]


async def withdrawal_row(session: AsyncSession, withdrawal: Withdrawal) -> WithdrawalRow:
    """A withdrawal with the bank account it pays to, as its answers show it."""
    bank = await session.get(MemberBankAccount, withdrawal.bank_account_id)
    assert bank is not None  # the foreign key keeps it while a withdrawal names it
    return WithdrawalRow(withdrawal, bank)


async def channel_code(session: AsyncSession, order: DepositOrder) -> str:
    channel = await session.get(DepositChannel, order.channel_id)
    return channel.code if channel else ""
