"""The job `minigames.rains` (every 15 s): each enabled rain's sessions of the next 24 hours created (their
seed drawn from secrets, its hash published), "OPEN" pushed for sessions that started, and sessions whose
time or envelopes ran out closed and "CLOSED" pushed.

Safe to run twice at once (two beat processes, a retry): a slot is created by an INSERT ... ON CONFLICT DO
NOTHING on (rain, start); "OPEN" and "CLOSED" are each claimed by one conditional UPDATE (WHERE opened_at IS
NULL, WHERE closed_at IS NULL), so each is pushed once, after COMMIT."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.models import Merchant
from server.db.base import utcnow
from server.minigames.rain import live
from server.minigames.rain.models import Rain, RainSession
from server.minigames.rain.service import CLOSED, OPEN, left_of, ms, schedule


async def _codes(session: AsyncSession, merchant_ids: set[int]) -> dict[int, str]:
    if not merchant_ids:
        return {}
    rows = await session.execute(select(Merchant.id, Merchant.code).where(Merchant.id.in_(merchant_ids)))
    return {int(i): str(c) for i, c in rows}


async def _open(session: AsyncSession, now: datetime) -> list[RainSession]:
    started = list(
        await session.scalars(
            select(RainSession).where(
                RainSession.closed_at.is_(None),
                RainSession.opened_at.is_(None),
                RainSession.starts_at <= now,
                RainSession.ends_at > now,
            )
        )
    )
    claimed = []
    for row in started:
        won = await session.scalar(
            update(RainSession)
            .where(RainSession.id == row.id, RainSession.opened_at.is_(None))
            .values(opened_at=now)
            .returning(RainSession.id)
        )
        if won is not None:
            claimed.append(row)
    return claimed


async def _close(session: AsyncSession, now: datetime) -> list[RainSession]:
    live_rows = list(
        await session.scalars(
            select(RainSession).where(RainSession.closed_at.is_(None), RainSession.starts_at <= now)
        )
    )
    left = await left_of(session, [r.id for r in live_rows])
    claimed = []
    for row in live_rows:
        if row.ends_at > now and left[row.id] > 0:
            continue
        won = await session.scalar(
            update(RainSession)
            .where(RainSession.id == row.id, RainSession.closed_at.is_(None))
            .values(closed_at=min(now, row.ends_at))
            .returning(RainSession.id)
        )
        if won is not None:
            claimed.append(row)
    return claimed


async def run_rains(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    now = now or utcnow()
    created = 0
    for rain in await session.scalars(select(Rain).where(Rain.enabled.is_(True)).order_by(Rain.id)):
        created += await schedule(session, rain, now)
    opened = await _open(session, now)
    closed = await _close(session, now)
    codes = await _codes(session, {r.merchant_id for r in opened + closed})
    left = await left_of(session, [r.id for r in opened + closed])
    closed_ids = {r.id for r in closed}
    for row in opened:
        if row.id not in closed_ids:  # opened and over in one run: only its close is news
            body = live.payload(row.id, row.rain_id, OPEN, left[row.id], ms(row.ends_at))
            await live.announce(session, codes[row.merchant_id], body)
    for row in closed:
        body = live.payload(row.id, row.rain_id, CLOSED, left[row.id], ms(row.ends_at))
        await live.announce(session, codes[row.merchant_id], body)
    return {"scheduled": created, "opened": len(opened), "closed": len(closed)}
