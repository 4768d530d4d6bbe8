"""The nightly job `protection.risk_markers`: patterns in a member's play worth a look by staff, computed for
the previous business day (Asia/Manila, the books' zone) of every merchant, and kept as `risk_markers` rows
for the console to review.

- DEPOSITS_RISING: completed deposits of the 7 days ending with the day at least 3 times the weekly average
  of the 28 days before them, and at least 1,000.00 (detail {last7, weeklyAverage}, decimal strings). A
  member with no deposits in the 28 days before has an average of nothing: the floor alone decides.
- NIGHT_PLAY: bets placed between 00:00 and 06:00 business time on at least 3 of the 7 nights ending with the
  day's, at least 20 bets in those hours in all (detail {nights, bets}). Settled bets count (a bet still open
  when the job runs is a few seconds old): the scan then runs on the merchant's settled-at index from the
  first night, not over the merchant's whole betting history.
- WITHDRAWAL_REVERSED: a withdrawal the member cancelled (status CANCELLED; the member's `cancel` is its only
  way there, and the moment is its hold's release in the ledger) followed within 24 hours by stakes at least
  its amount (detail {orderNo, amount, stakedAfter}). A withdrawal is marked on the day its 24 hours' stakes
  reached its amount, so each is marked once although its window spans two days; the largest of a member's
  that day is the one named.

Each kind is one aggregation per merchant and day, GROUP BY member in the database; the rows are written by
INSERT … ON CONFLICT DO NOTHING on (member, kind, day) (`uq_risk_markers_day`): a second run, or a run beside
another, adds nothing. The job runs every hour and does its work in the first run of each business day (a
successful run earlier the same business day means it is done: `job_runs`); it looks at the previous two
business days, so that a night missed while the worker was down is caught up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, Interval, Table, and_, case, func, literal, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.business_day import BUSINESS_ZONE, business_day
from server.brands.models import Merchant
from server.db.base import UtcDateTime, utcnow
from server.games.models import BetRecord
from server.http.core.money import format_amount
from server.ops.models import JobRun
from server.protection.models import RiskMarker
from server.protection.policy import sum_when
from server.wallet.cashier_models import DepositOrder, Withdrawal
from server.wallet.models import LedgerTransfer

JOB = "protection.risk_markers"
DEPOSITS_RISING, NIGHT_PLAY, WITHDRAWAL_REVERSED = "DEPOSITS_RISING", "NIGHT_PLAY", "WITHDRAWAL_REVERSED"
KINDS = (DEPOSITS_RISING, NIGHT_PLAY, WITHDRAWAL_REVERSED)
CATCH_UP = 2  # business days each run looks at, the previous one last

RECENT_DAYS, BASE_DAYS = 7, 28
DEPOSIT_FACTOR = 3
DEPOSIT_FLOOR = 1_000_00
NIGHTS, NIGHT_ENDS = 7, time(6)
NIGHTS_MIN, NIGHT_BETS_MIN = 3, 20
REVERSAL_WINDOW = timedelta(hours=24)
RELEASE_KEY = "withdraw-release:"  # server/wallet/transfers.release_withdrawal's ledger key
CHUNK = 500

_MARKERS = cast(Table, RiskMarker.__table__)


def _at(day: date, clock: time = time(0)) -> datetime:
    """A business day's clock time, in UTC."""
    return datetime.combine(day, clock, BUSINESS_ZONE).astimezone(UTC)


def _real_bets() -> tuple[ColumnElement[bool], ...]:
    return BetRecord.trial.is_(False), BetRecord.status != "CANCELLED"


async def deposits_rising(session: AsyncSession, merchant_id: int, day: date) -> list[dict[str, Any]]:
    recent = _at(day - timedelta(days=RECENT_DAYS - 1))
    last7 = sum_when(DepositOrder.created_at >= recent, DepositOrder.amount)
    before = sum_when(DepositOrder.created_at < recent, DepositOrder.amount)
    rows = await session.execute(
        select(DepositOrder.member_id, last7, before)
        .where(
            DepositOrder.merchant_id == merchant_id,
            DepositOrder.status == "COMPLETED",
            DepositOrder.created_at >= _at(day - timedelta(days=RECENT_DAYS + BASE_DAYS - 1)),
            DepositOrder.created_at < _at(day + timedelta(days=1)),
        )
        .group_by(DepositOrder.member_id)
        # last7 >= 3 x (before / 4 weeks), in whole numbers
        .having(last7 >= DEPOSIT_FLOOR, last7 * (BASE_DAYS // RECENT_DAYS) >= before * DEPOSIT_FACTOR)
    )
    return [
        {
            "member_id": int(member_id),
            "kind": DEPOSITS_RISING,
            "detail": {
                "last7": format_amount(int(recent_sum)),
                "weeklyAverage": format_amount(int(base_sum) // (BASE_DAYS // RECENT_DAYS)),
            },
        }
        for member_id, recent_sum, base_sum in rows
    ]


async def night_play(session: AsyncSession, merchant_id: int, day: date) -> list[dict[str, Any]]:
    nights = [day - timedelta(days=n) for n in reversed(range(NIGHTS))]
    spans = [(_at(night), _at(night, NIGHT_ENDS)) for night in nights]
    inside = [and_(BetRecord.placed_at >= start, BetRecord.placed_at < end) for start, end in spans]
    per_night = (
        select(
            BetRecord.member_id,
            *(func.sum(case((within, 1), else_=0)).label(f"n{n}") for n, within in enumerate(inside)),
        )
        .where(
            BetRecord.merchant_id == merchant_id,
            BetRecord.settled_at >= spans[0][0],  # the settled-at index's range (settled >= placed)
            BetRecord.status == "SETTLED",
            BetRecord.trial.is_(False),
            or_(*inside),
        )
        .group_by(BetRecord.member_id)
        .subquery()
    )
    counts = [per_night.c[f"n{n}"] for n in range(NIGHTS)]
    played = sum((case((count > 0, 1), else_=0) for count in counts), literal(0))
    bets = sum(counts, literal(0))
    rows = await session.execute(
        select(per_night.c.member_id, played, bets).where(played >= NIGHTS_MIN, bets >= NIGHT_BETS_MIN)
    )
    return [
        {"member_id": int(member_id), "kind": NIGHT_PLAY, "detail": {"nights": int(n), "bets": int(b)}}
        for member_id, n, b in rows
    ]


def _plus_window(at: ColumnElement[datetime], dialect: str) -> ColumnElement[datetime]:
    """`at` + 24 hours in SQL: an interval on Postgres; SQLite keeps UTC text, which its strftime moves on."""
    if dialect == "postgresql":
        return at + literal(REVERSAL_WINDOW, Interval())
    hours = int(REVERSAL_WINDOW.total_seconds() // 3600)
    return func.strftime("%Y-%m-%d %H:%M:%f", at, f"+{hours} hours", type_=UtcDateTime())


async def withdrawal_reversed(session: AsyncSession, merchant_id: int, day: date) -> list[dict[str, Any]]:
    start, end = _at(day), _at(day + timedelta(days=1))
    cancelled = (
        select(
            Withdrawal.id,
            Withdrawal.member_id,
            Withdrawal.order_no,
            Withdrawal.amount,
            LedgerTransfer.created_at.label("cancelled_at"),
        )
        .join(
            LedgerTransfer,
            and_(
                LedgerTransfer.merchant_id == Withdrawal.merchant_id,
                LedgerTransfer.idempotency_key == literal(RELEASE_KEY) + Withdrawal.order_no,
            ),
        )
        .where(
            Withdrawal.merchant_id == merchant_id,
            Withdrawal.status == "CANCELLED",
            Withdrawal.created_at < end,
            LedgerTransfer.created_at >= start - REVERSAL_WINDOW,
            LedgerTransfer.created_at < end,
        )
        .cte("cancelled")
    )
    dialect = (await session.connection()).dialect.name
    staked = func.coalesce(func.sum(BetRecord.bet_amount), 0)
    staked_before = sum_when(BetRecord.placed_at < start, BetRecord.bet_amount)
    rows = await session.execute(
        select(cancelled.c.member_id, cancelled.c.order_no, cancelled.c.amount, staked)
        .join(
            BetRecord,
            and_(
                BetRecord.member_id == cancelled.c.member_id,
                BetRecord.placed_at >= cancelled.c.cancelled_at,
                BetRecord.placed_at < _plus_window(cancelled.c.cancelled_at, dialect),
                BetRecord.placed_at < end,
                *_real_bets(),
            ),
        )
        .group_by(cancelled.c.id, cancelled.c.member_id, cancelled.c.order_no, cancelled.c.amount)
        # reached on this day: not before it, and by its end
        .having(staked >= cancelled.c.amount, staked_before < cancelled.c.amount)
    )
    largest: dict[int, tuple[int, str, int]] = {}
    for member_id, order_no, amount, total in rows:
        current = largest.get(int(member_id))
        if current is None or (int(amount), current[1]) > (current[0], str(order_no)):
            largest[int(member_id)] = (int(amount), str(order_no), int(total))
    return [
        {
            "member_id": member_id,
            "kind": WITHDRAWAL_REVERSED,
            "detail": {
                "orderNo": order_no,
                "amount": format_amount(amount),
                "stakedAfter": format_amount(total),
            },
        }
        for member_id, (amount, order_no, total) in sorted(largest.items())
    ]


async def _insert(session: AsyncSession, rows: Sequence[dict[str, Any]]) -> int:
    """The new markers written (one per member, kind and day: the others were there already)."""
    if not rows:
        return 0
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    made = 0
    for chunk in range(0, len(rows), CHUNK):
        written = await session.scalars(
            insert_for(_MARKERS)
            .values(list(rows[chunk : chunk + CHUNK]))
            .on_conflict_do_nothing(index_elements=["member_id", "kind", "day"])
            .returning(_MARKERS.c.id)
        )
        made += len(list(written))
    return made


async def mark_day(session: AsyncSession, merchant_id: int, day: date, now: datetime) -> Counter[str]:
    """The merchant's markers of one business day, written; how many were new, by kind."""
    found = [
        *await deposits_rising(session, merchant_id, day),
        *await night_play(session, merchant_id, day),
        *await withdrawal_reversed(session, merchant_id, day),
    ]
    made: Counter[str] = Counter()
    for kind in KINDS:
        rows = [
            {
                **row,
                "merchant_id": merchant_id,
                "day": day.isoformat(),
                "status": "OPEN",
                "created_at": now,
            }
            for row in found
            if row["kind"] == kind
        ]
        made[kind] = await _insert(session, rows)
    return made


async def _done_today(session: AsyncSession, now: datetime) -> bool:
    last = await session.get(JobRun, JOB)
    return last is not None and last.last_ok and business_day(last.last_started_at) == business_day(now)


async def risk_markers(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: the previous business days' markers of every merchant (once a business day)."""
    now = now or utcnow()
    if await _done_today(session, now):
        return {"skipped": 1}
    today = business_day(now)
    days = [today - timedelta(days=n) for n in range(CATCH_UP, 0, -1)]
    made: Counter[str] = Counter()
    for merchant_id in list(await session.scalars(select(Merchant.id).order_by(Merchant.id))):
        for day in days:
            made.update(await mark_day(session, int(merchant_id), day, now))
    return {kind: made[kind] for kind in KINDS}
