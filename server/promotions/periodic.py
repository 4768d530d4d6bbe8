"""Promotions counted over a period (turnover reward tiers, loss rebates): the member's figures read from the
bet records (settled real-money rounds, by settle time, through the merchant's settled-at index), and the job
that offers each member their reward once a period has closed.

The job is safe to run twice and after a crash: an entry is INSERTed with ON CONFLICT DO NOTHING on
(promotion, member, period), so a period is offered once; it looks at the last two closed periods, so a run
missed while the worker was down is caught up. Only the part of a period the promotion ran counts; a paused
promotion is not settled."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Table, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.promotions import kinds, periods
from server.promotions.models import (
    CLAIMABLE,
    LOSS_REBATE,
    PERIODIC,
    TURNOVER_TIERS,
    Promotion,
    PromotionEntry,
)

_ENTRIES = cast(Table, PromotionEntry.__table__)
CATCH_UP = 2  # closed periods each run looks at
CHUNK = 500  # entries per INSERT (SQLite's limit on bound parameters)


@dataclass(frozen=True)
class Figures:
    turnover: int  # valid turnover: the stakes of settled real-money rounds
    loss: int  # stakes less wins (negative: the member won)


def _window(promotion: Promotion, start: datetime, end: datetime) -> tuple[datetime, datetime]:
    """The part of [start, end) the promotion ran."""
    ends = [end, *(at for at in (promotion.ends_at, promotion.ended_at) if at is not None)]
    return max(start, promotion.starts_at), min(ends)


async def figures(
    session: AsyncSession, merchant_id: int, start: datetime, end: datetime, member_id: int | None = None
) -> dict[int, Figures]:
    query = (
        select(
            BetRecord.member_id,
            func.coalesce(func.sum(BetRecord.bet_amount), 0),
            func.coalesce(func.sum(BetRecord.bet_amount - BetRecord.win_amount), 0),
        )
        .where(
            BetRecord.merchant_id == merchant_id,
            BetRecord.settled_at >= start,
            BetRecord.settled_at < end,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
        )
        .group_by(BetRecord.member_id)
    )
    if member_id is not None:
        query = query.where(BetRecord.member_id == member_id)
    return {int(m): Figures(int(t), int(loss)) for m, t, loss in await session.execute(query)}


def reward(promotion: Promotion, found: Figures) -> int:
    if promotion.kind == TURNOVER_TIERS:
        return kinds.tier_reward(promotion.params, found.turnover)
    assert promotion.kind == LOSS_REBATE
    return kinds.loss_rebate(promotion.params, found.loss)


@dataclass(frozen=True)
class Progress:
    starts_at: datetime
    ends_at: datetime
    figures: Figures
    reward: int  # what the period would pay if it closed now


async def progress(session: AsyncSession, promotion: Promotion, member_id: int, now: datetime) -> Progress:
    """The member's figures in the period running now (the detail page's progress)."""
    start, end = periods.bounds(promotion.params["period"], now)
    counted_from, counted_to = _window(promotion, start, min(end, now))
    found = (
        (await figures(session, promotion.merchant_id, counted_from, counted_to, member_id)).get(member_id)
        if counted_to > counted_from
        else None
    ) or Figures(0, 0)
    return Progress(start, end, found, reward(promotion, found))


async def settle_closed_periods(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: every periodic promotion's last closed periods, each member's reward offered (CLAIMABLE until
    claimDays after now)."""
    now = now or utcnow()
    running = await session.scalars(
        select(Promotion).where(
            Promotion.kind.in_(PERIODIC),
            Promotion.paused.is_(False),
            Promotion.starts_at < now,
            or_(Promotion.ended_at.is_(None), Promotion.ended_at > now - timedelta(days=31)),
        )
    )
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    offered = 0
    for promotion in list(running):
        period = promotion.params["period"]
        at = now
        for _ in range(CATCH_UP):
            start, end = periods.previous_bounds(period, at)
            at = start
            counted_from, counted_to = _window(promotion, start, end)
            if counted_to <= counted_from:
                continue
            key = periods.key(period, start)
            claim_by = now + timedelta(days=int(promotion.params.get("claimDays", 7)))
            rows = [
                {
                    "merchant_id": promotion.merchant_id,
                    "promotion_id": promotion.id,
                    "member_id": member_id,
                    "period_key": key,
                    "status": CLAIMABLE,
                    "amount": amount,
                    "streak": 0,
                    "claim_by": claim_by,
                    "created_at": now,
                }
                for member_id, found in (
                    await figures(session, promotion.merchant_id, counted_from, counted_to)
                ).items()
                if (amount := reward(promotion, found)) > 0
            ]
            for chunk in range(0, len(rows), CHUNK):
                result = await session.execute(
                    insert_for(_ENTRIES)
                    .values(rows[chunk : chunk + CHUNK])
                    .on_conflict_do_nothing(index_elements=["promotion_id", "member_id", "period_key"])
                )
                offered += max(int(getattr(result, "rowcount", 0) or 0), 0)
    return {"offered": offered}
