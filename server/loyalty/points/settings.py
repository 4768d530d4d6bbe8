"""A merchant's points rules (ratio, minimum conversion, rates per category), with SPEC §9's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.loyalty.points.models import DEFAULT_MIN_CONVERT, DEFAULT_RATES, DEFAULT_RATIO, PointsSettings

# The categories a rate may be given for (the bet records' categories).
CATEGORIES = ("LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS", "LOTT", "ELOTT")


@dataclass(frozen=True)
class Rules:
    ratio: int  # points per 1.00 when converting
    min_convert: int
    rates: dict[str, int]  # category -> hundredths of a point per 1.00 of valid turnover


async def rules_of(session: AsyncSession, merchant_id: int) -> Rules:
    row = await session.get(PointsSettings, merchant_id)
    if row is None:
        return Rules(DEFAULT_RATIO, DEFAULT_MIN_CONVERT, dict(DEFAULT_RATES))
    return Rules(row.ratio, row.min_convert, {str(k): int(v) for k, v in row.rates.items()})


async def rates_of(session: AsyncSession, merchant_id: int) -> dict[str, int]:
    return (await rules_of(session, merchant_id)).rates


async def set_rules(session: AsyncSession, merchant_id: int, rules: Rules) -> Rules:
    row = await session.get(PointsSettings, merchant_id)
    if row is None:
        row = PointsSettings(merchant_id=merchant_id)
        session.add(row)
    row.ratio, row.min_convert = rules.ratio, rules.min_convert
    row.rates = {category: rate for category, rate in sorted(rules.rates.items()) if rate > 0}
    row.updated_at = utcnow()
    await session.flush()
    return await rules_of(session, merchant_id)
