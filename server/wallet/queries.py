"""The cashier's lists, for the member (their own orders and accounts) and for the merchant's operators
(orders by status): read-only queries the routers call, so that routers hold none."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.wallet.cashier_models import DepositChannel, DepositOrder, MemberBankAccount, Withdrawal

MEMBER_LIST_LIMIT = 50  # a member's latest orders: the cashier page shows no more
OPERATOR_LIST_LIMIT = 200  # an operator's queue, newest first


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


async def merchant_deposits(session: AsyncSession, merchant_id: int, status: str) -> list[DepositRow]:
    rows = await session.execute(
        select(DepositOrder, DepositChannel.code, Member.username)
        .join(DepositChannel, DepositChannel.id == DepositOrder.channel_id)
        .join(Member, Member.id == DepositOrder.member_id)
        .where(DepositOrder.merchant_id == merchant_id, DepositOrder.status == status)
        .order_by(DepositOrder.id.desc())
        .limit(OPERATOR_LIST_LIMIT)
    )
    return [DepositRow(order, code, username) for order, code, username in rows]


async def merchant_withdrawals(session: AsyncSession, merchant_id: int, status: str) -> list[WithdrawalRow]:
    rows = await session.execute(
        select(Withdrawal, MemberBankAccount, Member.username)
        .join(MemberBankAccount, MemberBankAccount.id == Withdrawal.bank_account_id)
        .join(Member, Member.id == Withdrawal.member_id)
        .where(Withdrawal.merchant_id == merchant_id, Withdrawal.status == status)
        .order_by(Withdrawal.id.desc())
        .limit(OPERATOR_LIST_LIMIT)
    )
    return [WithdrawalRow(withdrawal, bank, username) for withdrawal, bank, username in rows]


async def withdrawal_row(session: AsyncSession, withdrawal: Withdrawal) -> WithdrawalRow:
    """A withdrawal with the bank account it pays to, as its answers show it."""
    bank = await session.get(MemberBankAccount, withdrawal.bank_account_id)
    assert bank is not None  # the foreign key keeps it while a withdrawal names it
    return WithdrawalRow(withdrawal, bank)


async def channel_code(session: AsyncSession, order: DepositOrder) -> str:
    channel = await session.get(DepositChannel, order.channel_id)
    return channel.code if channel else ""
