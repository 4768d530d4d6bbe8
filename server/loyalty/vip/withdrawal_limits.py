"""The VIP withdrawal-limit perk: a level may cap the withdrawals a member requests per business day (a count
and/or an amount). The wallet runs this check inside `withdrawals.request`, after it has taken the member's
row lock, so two parallel requests are counted one after the other and cannot both slip under the limit."""

from __future__ import annotations

from datetime import UTC, datetime, time

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.loyalty.vip import levels as ladders
from server.wallet.cashier_models import Withdrawal


def business_day_start(now: datetime) -> datetime:
    return datetime.combine(now.astimezone(BUSINESS_ZONE).date(), time(), BUSINESS_ZONE).astimezone(UTC)


async def check_withdrawal(session: AsyncSession, brand: Brand, member: Member, amount: int) -> None:
    """WITHDRAWAL_LIMIT (value: the level's limits) when this request would pass the member's level's count
    or amount for today (cancelled and rejected requests do not count)."""
    levels = await ladders.ladder(session, brand.id)
    definition = ladders.at(levels, await ladders.member_level(session, member))
    most_count, most_amount = definition.daily_withdrawal_count, definition.daily_withdrawal_amount
    if most_count is None and most_amount is None:
        return
    count, total = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(Withdrawal.amount), 0)).where(
                Withdrawal.member_id == member.id,
                Withdrawal.created_at >= business_day_start(utcnow()),
                Withdrawal.status.not_in(("CANCELLED", "REJECTED")),
            )
        )
    ).one()
    if (most_count is not None and int(count) + 1 > most_count) or (
        most_amount is not None and int(total) + amount > most_amount
    ):
        raise AppError(
            errors.WITHDRAWAL_LIMIT,
            value={
                "dailyWithdrawalCount": most_count,
                "dailyWithdrawalAmount": None if most_amount is None else format_amount(most_amount),
            },
        )
