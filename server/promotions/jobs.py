"""The promotions' scheduled jobs (tasks.jobs runs them, in-process or under Celery beat). Each is safe to run
twice and after a crash: it acts only on rows still in the state it moves them from."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.service import load_brand_by_id
from server.db.base import utcnow
from server.promotions.entries import expire_unclaimed
from server.promotions.leaderboards import pay_closed
from server.promotions.periodic import settle_closed_periods
from server.wallet import bonus_locks
from server.wallet.models import LOCK_OPEN, BonusLock


async def expire_bonuses(session: AsyncSession) -> dict[str, int]:
    """Every merchant's open bonus locks past their expiry, settled (met, or forfeited)."""
    now = utcnow()
    merchants = list(
        await session.scalars(
            select(BonusLock.merchant_id)
            .where(BonusLock.status == LOCK_OPEN, BonusLock.expires_at <= now)
            .distinct()
        )
    )
    members = 0
    for merchant_id in merchants:
        brand = await load_brand_by_id(session, merchant_id)
        if brand is not None:
            members += await bonus_locks.expire_due(session, brand, now=now)
    return {"members": members}


async def expire_unclaimed_rewards(session: AsyncSession) -> dict[str, int]:
    return {"expired": await expire_unclaimed(session)}


async def offer_period_rewards(session: AsyncSession) -> dict[str, int]:
    return await settle_closed_periods(session)


async def pay_leaderboards(session: AsyncSession) -> dict[str, int]:
    return await pay_closed(session)
