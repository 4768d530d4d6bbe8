"""Points accrual on Postgres (issue 32): the job `loyalty.accrue_points` over 1,000,000 settled bets of
10,000 players against one plain SQL aggregation of the same bets, and the daily cashback's batch
(`server.loyalty.cashback.daily.accrued`, then `pay_day`) over the same day.

The load  A fresh database, migrated and seeded with the demo, then written in bulk (COPY and INSERT … SELECT
          generate_series): MEMBERS players (10,000) under the demo merchant and BETS settled real-money bets
          (1,000,000) over yesterday's business day (Asia/Manila), on the demo's house vendors (their
          categories), players drawn with a skew (n·u²), stakes log-uniform from 1.00 to 1,000.00. VACUUM
          ANALYZE.
Rounds    Each round works on a fresh copy (CREATE DATABASE … TEMPLATE): after one untimed pass of the plain
          query (the pages in memory for both), in turns which goes first:
  plain    `SELECT member_id, category, sum(bet_amount) … GROUP BY 1, 2` over the day, every row fetched;
  points   accrue_points(session, now) in its own transaction, COMMIT included (the merchant's first run: its
           window holds the whole day);
  cashback accrued(session, brand, day): every member's cashback for the day at their level's rates (the
           demo's ladder: 0.20 % to 0.30 % at level 0, where the bench's players are); then pay_day(),
           which pays each of them with a ledger transfer: printed, a payment's figure, not accrual's.
Checks    Each round the points credited must equal an independent SQL recomputation (per player
          floor(sum of stake x rate / 10,000), nothing carried before), and every balance its postings' sum.
Goals     plain seconds / points seconds >= 0.3, and plain / (points + cashback accrual) >= 0.3.

Sizes: BENCH_LOYALTY_MEMBERS, BENCH_LOYALTY_BETS; BENCH_ROUNDS (at least 2)."""

from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import asyncpg
from sqlalchemy import select

from infra.bench.agents_load import dsn, url
from infra.bench.postgres import NoSockets, admin
from infra.bench.report import Goal, median_line
from realtime import emitter
from server.brands.business_day import BUSINESS_ZONE
from server.brands.models import Merchant
from server.brands.service import load_brand_by_id
from server.cli import seed_if_empty
from server.db import migrate
from server.db.base import utcnow
from server.db.session import Database
from server.loyalty.cashback.daily import accrued, pay_day
from server.loyalty.points.accrual import accrue_points
from server.loyalty.points.models import DEFAULT_RATES
from server.settings import load_settings

MEMBERS = int(os.environ.get("BENCH_LOYALTY_MEMBERS", "10000"))
BETS = int(os.environ.get("BENCH_LOYALTY_BETS", "1000000"))
ROUNDS = max(2, int(os.environ.get("BENCH_ROUNDS", "3")))
RATIO_GOAL = 0.3

_PLAIN_SQL = """
SELECT member_id, category, sum(bet_amount)
FROM bet_records
WHERE merchant_id = $1 AND status = 'SETTLED' AND NOT trial AND settled_at >= $2 AND settled_at < $3
GROUP BY 1, 2
"""
_BETS_SQL = """
WITH players AS (
    SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM members
    WHERE merchant_id = $1 AND member_type = 0 AND id >= $2
), vendors AS (
    SELECT array_agg(id ORDER BY id) AS ids, array_agg(category ORDER BY id) AS categories, count(*) AS n
    FROM game_vendors WHERE merchant_id = $1
), draws AS (
    SELECT g, random() AS who, random() AS size, random() AS at, random() AS which
    FROM generate_series(1, $3::int) AS g
)
INSERT INTO bet_records (merchant_id, vendor_id, member_id, game_id, category, round_id, bet_amount,
                         win_amount, status, trial, placed_at, settled_at)
SELECT $1, vendors.ids[x.v], players.ids[1 + floor(players.n * d.who * d.who)::int], NULL,
       vendors.categories[x.v], 'loyalty-bench-' || d.g, round(100 * exp(d.size * ln(1000)))::bigint, 0,
       'SETTLED', false, x.settled - interval '30 seconds', x.settled
FROM draws d, players, vendors,
     LATERAL (SELECT 1 + floor(vendors.n * d.which)::int AS v,
                     $4::timestamptz + d.at * interval '1 day' AS settled) x
"""
_EXPECTED_SQL = """
SELECT coalesce(sum(floor(units / 10000)), 0) FROM (
    SELECT b.member_id, sum(b.bet_amount * CASE b.category {cases} ELSE 0 END) AS units
    FROM bet_records b JOIN members m ON m.id = b.member_id
    WHERE b.merchant_id = $1 AND b.status = 'SETTLED' AND NOT b.trial AND m.member_type = 0
    GROUP BY b.member_id
) per_member
"""


@dataclass(frozen=True)
class Load:
    merchant_id: int
    day: datetime  # the business day's start (UTC)
    bets: int


@dataclass(frozen=True)
class Round:
    plain: float
    plain_rows: int
    points: float
    credited: int
    members: int
    cashback: float  # the day's cashback accrued for every member (one aggregation, the level's rates)
    cashback_members: int
    paying: float  # and then paid: a ledger transfer for each member owed
    cashback_paid: int

    @property
    def ratio(self) -> float:
        return self.plain / self.points

    @property
    def both(self) -> float:
        return self.plain / (self.points + self.cashback)


async def _load(name: str) -> Load:
    db = Database.from_url(url(name))
    try:
        async with db.read_session() as session:
            merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
    finally:
        await db.dispose()
    today = utcnow().astimezone(BUSINESS_ZONE).date()
    day = datetime.combine(today - timedelta(days=1), datetime.min.time(), BUSINESS_ZONE).astimezone(UTC)
    connection = await asyncpg.connect(dsn(name))
    try:
        async with connection.transaction():
            first = int(await connection.fetchval("SELECT coalesce(max(id), 0) + 1 FROM members"))
            await connection.execute("SELECT setval('members_id_seq', $1)", first + MEMBERS - 1)
            created = day - timedelta(days=30)
            await connection.copy_records_to_table(
                "members",
                columns=[
                    "id",
                    "merchant_id",
                    "username",
                    "password_hash",
                    "member_type",
                    "rank_level",
                    "created_by",
                    "created_at",
                ],
                records=[
                    (first + n, merchant_id, f"points{first + n}", "!unusable", 0, 0, "SELF", created)
                    for n in range(MEMBERS)
                ],
            )
            await connection.execute(f"SELECT setseed({random.Random(32).random():.6f})")  # noqa: S311
            await connection.execute(_BETS_SQL, merchant_id, first, BETS, day)
        await connection.execute("VACUUM ANALYZE")
        bets = int(
            await connection.fetchval(
                "SELECT count(*) FROM bet_records"
                " WHERE merchant_id = $1 AND settled_at >= $2 AND settled_at < $3",
                merchant_id,
                day,
                day + timedelta(days=1),
            )
        )
    finally:
        await connection.close()
    return Load(int(merchant_id), day, bets)


async def _plain(name: str, load: Load) -> tuple[float, int]:
    connection = await asyncpg.connect(dsn(name))
    try:
        started = time.perf_counter()
        rows = await connection.fetch(_PLAIN_SQL, load.merchant_id, load.day, load.day + timedelta(days=1))
        return time.perf_counter() - started, len(rows)
    finally:
        await connection.close()


async def _timed(db: Database, work: Callable[..., Awaitable[object]]) -> tuple[float, object]:
    started = time.perf_counter()
    async with db.session() as session:
        result = await work(session)
    return time.perf_counter() - started, result


async def _cashback(db: Database, load: Load) -> tuple[float, int, float, int]:
    """The daily cashback over the same day: its accrual (every member's cashback at their level's rates,
    from one aggregation), then, apart, its payment (a ledger transfer for each member owed)."""
    async with db.read_session() as session:
        brand = await load_brand_by_id(session, load.merchant_id)
    assert brand is not None
    end = load.day + timedelta(days=1)
    accrual, due = await _timed(db, lambda s: accrued(s, brand, load.day, end))
    assert isinstance(due, list)
    paying, paid = await _timed(db, lambda s: pay_day(s, brand, load.day, end, 1, utcnow()))
    return accrual, len(due), paying, int(paid)  # type: ignore[call-overload]


async def _check(name: str, load: Load, credited: int) -> None:
    cases = " ".join(f"WHEN '{c}' THEN {r}" for c, r in DEFAULT_RATES.items())
    connection = await asyncpg.connect(dsn(name))
    try:
        expected = int(await connection.fetchval(_EXPECTED_SQL.format(cases=cases), load.merchant_id))
        mismatched = int(
            await connection.fetchval(
                "SELECT count(*) FROM points_balances b LEFT JOIN (SELECT member_id, sum(change) AS s"
                " FROM points_postings GROUP BY 1) p ON p.member_id = b.member_id"
                " WHERE b.current <> coalesce(p.s, 0)"
            )
        )
    finally:
        await connection.close()
    if expected != credited or mismatched:
        raise RuntimeError(f"points credited {credited:,}, expected {expected:,}; {mismatched} balances off")


async def _round(name: str, load: Load, n: int) -> Round:
    emitter.install(NoSockets())
    await _plain(name, load)  # untimed: the pages in memory for both
    db = Database.from_url(url(name))
    now = utcnow()
    try:
        if n % 2 == 0:
            points, report = await _timed(db, lambda s: accrue_points(s, now=now))
            plain, rows = await _plain(name, load)
        else:
            plain, rows = await _plain(name, load)
            points, report = await _timed(db, lambda s: accrue_points(s, now=now))
        assert isinstance(report, dict)
        await _check(name, load, int(report["points"]))
        cashback, owed, paying, paid = await _cashback(db, load)
    finally:
        await db.dispose()
    return Round(
        plain, rows, points, int(report["points"]), int(report["members"]), cashback, owed, paying, paid
    )


def run() -> tuple[Load, list[Round]]:
    loaded = f"bench_loyalty_{uuid.uuid4().hex[:8]}"
    asyncio.run(admin(f'CREATE DATABASE "{loaded}"'))
    made = [loaded]
    try:
        migrate.upgrade(url(loaded))
        seed_if_empty(load_settings(database_url=url(loaded)))
        started = time.perf_counter()
        load = asyncio.run(_load(loaded))
        print(f"\n  (the load written in {time.perf_counter() - started:.0f} s)", flush=True)
        rounds = []
        for n in range(ROUNDS):
            name = f"{loaded}_r{n}"
            asyncio.run(admin(f'CREATE DATABASE "{name}" TEMPLATE "{loaded}"'))
            made.append(name)
            rounds.append(asyncio.run(_round(name, load, n)))
            asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        return load, rounds
    finally:
        for name in reversed(made):
            asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def goals() -> list[Goal]:
    try:
        load, rounds = run()
    except OSError as exc:
        print(f"\nloyalty accrual benchmark skipped: Postgres unavailable ({exc})")
        return []
    middle = sorted(rounds, key=lambda r: r.points)[len(rounds) // 2]
    print(
        f"\nLoyalty accrual on Postgres ({os.cpu_count()} cores, a machine shared with other work): "
        f"{MEMBERS:,} players, {load.bets:,} settled bets on "
        f"{load.day.astimezone(BUSINESS_ZONE):%Y-%m-%d} (Manila)"
    )
    print(
        median_line(
            f"  one plain SQL aggregation by member and category ({middle.plain_rows:,} rows)",
            [1000 * r.plain for r in rounds],
            "ms",
        )
    )
    print(
        median_line(
            f"  points: accrue_points(), {middle.members:,} members, {middle.credited:,} points credited",
            [r.points for r in rounds],
            "s",
        )
    )
    print(
        median_line(
            f"  cashback: accrued() over the same day, {middle.cashback_members:,} members",
            [r.cashback for r in rounds],
            "s",
        )
    )
    print(
        median_line(
            f"  cashback paid by pay_day(): {middle.cashback_paid:,} members, a ledger transfer each"
            " (payment, not accrual: no goal)",
            [r.paying for r in rounds],
            "s",
        )
    )
    return [
        Goal("points accrual: plain SQL seconds / job seconds", ">=", RATIO_GOAL, [r.ratio for r in rounds]),
        Goal(
            "points and cashback accrual: plain SQL seconds / (points + cashback seconds)",
            ">=",
            RATIO_GOAL,
            [r.both for r in rounds],
        ),
    ]
