"""The limits a member sets: a lower limit (or a first one) applies at once; a higher one or a removal waits
24 hours as a pending change the member can cancel, which `apply_due` applies (a job every minute, and every
read of the member's own page and every deposit check, so that the change is seen the moment it is due).

Changes to one member's limits take turns on the row lock of `member_protection` (two tabs racing: the
second sees the first's result). A first limit creates the row and counts what the member already staked
and lost in the current periods, from the betting records: a limit set mid-month is a limit on the month."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.business_day import BUSINESS_ZONE, business_day
from server.db.base import utcnow
from server.games.models import BetRecord
from server.http.core import errors
from server.http.core.errors import AppError
from server.protection import history
from server.protection.models import (
    APPLIED,
    CANCELLED,
    LIMIT_KINDS,
    MONTH,
    PENDING,
    PERIODS,
    SESSION,
    WEEK,
    MemberProtection,
    PendingLimit,
    limit_column,
)
from server.protection.policy import period_keys, sum_when
from server.wallet.cashier_models import DepositOrder

COOLING_OFF = timedelta(hours=24)
SESSION_MINUTES = (15, 1440)
DEPOSIT_COUNTED = ("PENDING", "COMPLETED")  # a deposit asked for counts until it is refused or expires


def period_start(period: str, now: datetime) -> datetime:
    """When the current business day, week (from Monday) or month began, as an aware datetime."""
    day = business_day(now)
    if period == WEEK:
        day = day - timedelta(days=day.weekday())
    elif period == MONTH:
        day = day.replace(day=1)
    return datetime.combine(day, time(0), tzinfo=BUSINESS_ZONE)


async def ensure_row(session: AsyncSession, member: Member, now: datetime) -> MemberProtection:
    """The member's row, locked; created (with the current periods' counts) the first time."""
    if not member.play_protected:
        dialect = (await session.connection()).dialect.name
        insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
        keys = period_keys(now)
        staked, net = await _played_since(session, member.id, now)
        values: dict[str, Any] = {
            "member_id": member.id,
            "merchant_id": member.merchant_id,
            "day_key": keys.day,
            "week_key": keys.week,
            "month_key": keys.month,
            "updated_at": now,
        }
        for period in PERIODS:
            values[f"{period.lower()}_staked"] = staked[period]
            values[f"{period.lower()}_net"] = net[period]
        await session.execute(
            insert_for(MemberProtection).values(values).on_conflict_do_nothing(index_elements=["member_id"])
        )
        await session.execute(update(Member).where(Member.id == member.id).values(play_protected=True))
        member.play_protected = True
    row = await session.scalar(
        select(MemberProtection)
        .where(MemberProtection.member_id == member.id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    assert row is not None
    return row


async def _played_since(
    session: AsyncSession, member_id: int, now: datetime
) -> tuple[dict[str, int], dict[str, int]]:
    """What the member staked and lost (stakes - wins) in each current period, from the betting records."""
    starts = {period: period_start(period, now) for period in PERIODS}
    earliest = min(starts.values())
    stake_sums = [sum_when(BetRecord.placed_at >= starts[p], BetRecord.bet_amount) for p in PERIODS]
    win_sums = [sum_when(BetRecord.placed_at >= starts[p], BetRecord.win_amount) for p in PERIODS]
    found = (
        await session.execute(
            select(*stake_sums, *win_sums).where(
                BetRecord.member_id == member_id,
                BetRecord.placed_at >= earliest,
                BetRecord.status != "CANCELLED",
                BetRecord.trial.is_(False),
            )
        )
    ).one()
    staked = {p: int(found[i]) for i, p in enumerate(PERIODS)}
    net = {p: staked[p] - int(found[len(PERIODS) + i]) for i, p in enumerate(PERIODS)}
    return staked, net


def _check_limit(kind: str, period: str) -> None:
    if kind not in (*LIMIT_KINDS, SESSION) or (kind == SESSION) != (period == ""):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "period", "type": "choice"}]})
    if kind != SESSION and period not in PERIODS:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "period", "type": "choice"}]})


def _column(kind: str, period: str) -> str:
    return "session_minutes" if kind == SESSION else limit_column(kind, period)


async def _cancel_pending(
    session: AsyncSession, member_id: int, kind: str, period: str
) -> PendingLimit | None:
    pending = await session.scalar(
        update(PendingLimit)
        .where(
            PendingLimit.member_id == member_id,
            PendingLimit.kind == kind,
            PendingLimit.period == period,
            PendingLimit.status == PENDING,
        )
        .values(status=CANCELLED)
        .returning(PendingLimit)
        .execution_options(populate_existing=True)
    )
    return pending


@dataclass(frozen=True)
class Changed:
    at_once: bool
    effective_at: datetime | None


async def set_limit(
    session: AsyncSession,
    member: Member,
    kind: str,
    period: str,
    amount: int | None,
    *,
    login_started: datetime | None = None,
    now: datetime | None = None,
) -> Changed:
    """Set a limit (minor units; minutes for SESSION) or remove it (None)."""
    _check_limit(kind, period)
    now = now or utcnow()
    row = await ensure_row(session, member, now)
    column = _column(kind, period)
    current = getattr(row, column)
    detail = {"kind": kind, "period": period, "amount": amount, "previous": current}
    if amount is not None and (current is None or amount <= current):
        setattr(row, column, amount)
        if kind == SESSION:
            _restart_play_clock(row, login_started or now)
        await _cancel_pending(session, member.id, kind, period)
        await history.record(
            session,
            merchant_id=member.merchant_id,
            member_id=member.id,
            actor="MEMBER",
            event="LIMIT_SET",
            detail=detail,
        )
        return Changed(True, None)
    await _cancel_pending(session, member.id, kind, period)
    effective_at = now + COOLING_OFF
    session.add(
        PendingLimit(
            merchant_id=member.merchant_id,
            member_id=member.id,
            kind=kind,
            period=period,
            amount=amount,
            requested_at=now,
            effective_at=effective_at,
            status=PENDING,
        )
    )
    await session.flush()
    await history.record(
        session,
        merchant_id=member.merchant_id,
        member_id=member.id,
        actor="MEMBER",
        event="LIMIT_PENDING",
        detail=detail | {"effectiveAt": int(effective_at.timestamp() * 1000)},
    )
    return Changed(False, effective_at)


def _restart_play_clock(row: MemberProtection, login_started: datetime) -> None:
    """The play time of the current login session, counted from its start (set late, it may end now)."""
    minutes = row.session_minutes
    row.play_ends_at = None if minutes is None else login_started + timedelta(minutes=minutes)


async def cancel_pending(session: AsyncSession, member: Member, kind: str, period: str) -> None:
    _check_limit(kind, period)
    if not member.play_protected:
        raise AppError(errors.NOT_FOUND)
    await ensure_row(session, member, utcnow())
    cancelled = await _cancel_pending(session, member.id, kind, period)
    if cancelled is None:
        raise AppError(errors.NOT_FOUND)
    await history.record(
        session,
        merchant_id=member.merchant_id,
        member_id=member.id,
        actor="MEMBER",
        event="LIMIT_CANCELLED",
        detail={"kind": kind, "period": period, "amount": cancelled.amount},
    )


async def apply_due(
    session: AsyncSession, *, member_id: int | None = None, now: datetime | None = None
) -> int:
    """Apply the pending changes whose 24 hours are over (one member's, or every member's). Each is taken by a
    conditional UPDATE from PENDING, so two runs apply it once."""
    now = now or utcnow()
    query = select(PendingLimit.id).where(PendingLimit.status == PENDING, PendingLimit.effective_at <= now)
    if member_id is not None:
        query = query.where(PendingLimit.member_id == member_id)
    applied = 0
    for pending_id in list(await session.scalars(query.order_by(PendingLimit.id))):
        taken = await session.scalar(
            update(PendingLimit)
            .where(PendingLimit.id == pending_id, PendingLimit.status == PENDING)
            .values(status=APPLIED)
            .returning(PendingLimit)
            .execution_options(populate_existing=True)
        )
        if taken is None:
            continue
        member = await session.get(Member, taken.member_id)
        assert member is not None
        row = await ensure_row(session, member, now)
        setattr(row, _column(taken.kind, taken.period), taken.amount)
        if taken.kind == SESSION and taken.amount is None:
            row.play_ends_at = None
        await history.record(
            session,
            merchant_id=taken.merchant_id,
            member_id=taken.member_id,
            actor="SYSTEM",
            event="LIMIT_APPLIED",
            detail={"kind": taken.kind, "period": taken.period, "amount": taken.amount},
        )
        applied += 1
    return applied


async def deposit_usage(session: AsyncSession, member_id: int, now: datetime) -> dict[str, int]:
    """What the member asked to deposit in the current day, week and month: one read of the longest."""
    starts = {period: period_start(period, now) for period in PERIODS}
    sums = [sum_when(DepositOrder.created_at >= starts[p], DepositOrder.amount) for p in PERIODS]
    found = (
        await session.execute(
            select(*sums).where(
                DepositOrder.member_id == member_id,
                DepositOrder.status.in_(DEPOSIT_COUNTED),
                DepositOrder.created_at >= min(starts.values()),
            )
        )
    ).one()
    return {period: int(found[n] or 0) for n, period in enumerate(PERIODS)}


async def age_pending(session: AsyncSession, member_id: int, by: timedelta) -> int:
    """The member's waiting changes as if `by` had passed since they were asked for: the test clock of a
    cooling-off period (the CLI refuses it in production)."""
    waiting = list(
        await session.scalars(
            select(PendingLimit).where(PendingLimit.member_id == member_id, PendingLimit.status == PENDING)
        )
    )
    for pending in waiting:
        pending.requested_at -= by
        pending.effective_at -= by
    await session.flush()
    return len(waiting)
