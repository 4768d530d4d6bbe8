"""Plays a member earned today in a game: floor(deposits today / perDeposit) + floor(valid turnover today /
perTurnover) + perCheckin when checked in today. "Today" is the business day (server/agents/team's zone), the
one every daily count of the product uses. Deposits are completed orders decided today and turnover is
settled real-money stakes settled today, read as the raffle and the periodic promotions read them, so a
member sees the same figures there and here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.minigames.prizes.models import CheckIn, PrizeCounter, PrizeGame
from server.promotions import periodic, periods
from server.wallet.cashier_models import DepositOrder


def day_of(at: datetime) -> str:
    return periods.day_key(at)


@dataclass(frozen=True)
class Today:
    day: str
    deposits: int  # minor units
    turnover: int
    checked_in: bool


async def today_of(session: AsyncSession, merchant_id: int, member_id: int, now: datetime) -> Today:
    start, end = periods.bounds("DAILY", now)
    deposits = await session.scalar(
        select(func.coalesce(func.sum(DepositOrder.amount), 0)).where(
            DepositOrder.merchant_id == merchant_id,
            DepositOrder.member_id == member_id,
            DepositOrder.status == "COMPLETED",
            DepositOrder.decided_at >= start,
            DepositOrder.decided_at < end,
        )
    )
    figures = (await periodic.figures(session, merchant_id, start, min(end, now), member_id)).get(member_id)
    day = day_of(now)
    checked = await session.scalar(
        select(CheckIn.id).where(CheckIn.member_id == member_id, CheckIn.day == day).limit(1)
    )
    return Today(day, int(deposits or 0), figures.turnover if figures else 0, checked is not None)


def earned(game: PrizeGame, today: Today) -> int:
    plays = 0
    if game.per_deposit:
        plays += today.deposits // game.per_deposit
    if game.per_turnover:
        plays += today.turnover // game.per_turnover
    if today.checked_in:
        plays += game.per_checkin
    return plays


async def used_today(session: AsyncSession, member_id: int, day: str) -> dict[int, int]:
    """Plays used per game on `day`."""
    rows = await session.execute(
        select(PrizeCounter.game_id, PrizeCounter.used).where(
            PrizeCounter.member_id == member_id, PrizeCounter.day == day
        )
    )
    return {int(game): int(used) for game, used in rows}
