"""The wagering meter the wallet's bonus locks count with (bonus_locks.use_meter): a member's valid turnover
since a time, weighted by game category (a brand setting: slots count whole, live casino a tenth, lottery not
at all, by default). Valid turnover is settled real-money bets (games.bets' rule: a cancelled or open round
is not turnover), read from the bet records by the member's index when a lock is settled (a withdrawal, the
bonus page, the expiry job) rather than counted on every bet (docs/architecture.md, "Settled bets")."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import case, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.promotions.models import WageringWeight

CATEGORIES = ("ELOTT", "LOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS")
DEFAULT_WEIGHTS: Mapping[str, int] = {
    "RNG": 100,
    "FISH": 100,
    "PVP": 50,
    "SPORTS": 50,
    "ESPORTS": 50,
    "LIVE": 10,
    "LOTT": 0,
    "ELOTT": 0,
}


async def weights_of(session: AsyncSession, merchant_id: int) -> dict[str, int]:
    rows = await session.execute(
        select(WageringWeight.category, WageringWeight.percent).where(
            WageringWeight.merchant_id == merchant_id
        )
    )
    weights = dict(DEFAULT_WEIGHTS)
    weights.update({category: int(percent) for category, percent in rows})
    return weights


async def set_weights(session: AsyncSession, merchant_id: int, weights: Mapping[str, int]) -> dict[str, int]:
    """The brand's weights replaced by `weights` (categories not named keep their default)."""
    await session.execute(delete(WageringWeight).where(WageringWeight.merchant_id == merchant_id))
    session.add_all(
        WageringWeight(merchant_id=merchant_id, category=category, percent=percent)
        for category, percent in sorted(weights.items())
    )
    await session.flush()
    return await weights_of(session, merchant_id)


async def weighted_turnover(session: AsyncSession, merchant_id: int, member_id: int, since: datetime) -> int:
    """Minor units: the sum over the member's settled real-money bets placed since `since` of stake times the
    category's weight, rounded down once at the end."""
    weights = await weights_of(session, merchant_id)
    percent = case(
        *((BetRecord.category == category, weight) for category, weight in weights.items()), else_=0
    )
    total = await session.scalar(
        select(func.coalesce(func.sum(BetRecord.bet_amount * percent), 0)).where(
            BetRecord.member_id == member_id,
            BetRecord.merchant_id == merchant_id,
            BetRecord.placed_at >= since,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
        )
    )
    return int(total or 0) // 100
