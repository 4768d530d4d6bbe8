"""Agent salaries on Postgres (issue 17): the daily settlement of a whole agent tree against one plain SQL
aggregation of the same bets, and the hourly salary job on one hour of the same load.

The load  A fresh database, migrated and seeded with the demo (as `make run` has it), then written in bulk
          (COPY and INSERT … SELECT; the ORM would take longer than the benchmark): under the demo merchant a
          5-level tree of MEMBERS members (10,000 by default):
            level 1  MEMBERS/1,000 agents under the merchant (10),
            level 2  5 agents under each (50), level 3  5 under each of those (250), level 4  4 under each
                     of those (1,000): 1,310 agents in all,
            players  the rest (8,690), each under an agent drawn at random: 80 % under a level-4 agent (the
                     tree's fifth level), 10 % under a level-3 one, 7 % under a level-2 one, 3 % under a
                     level-1 one;
          every agent with a wallet (its MAIN account, as an agent who has ever deposited has) and two ACTIVE
          contracts, DAILY_SALARY and HOURLY_SALARY, with three tiers whose best rate is below its upline's
          (the merchant's for level 1: the rate rule of server/agents/contracts.py); the merchant's
          promotion-expense shards exist. BETS settled real-money bets (1,000,000 by default) over one
          business day (Asia/Manila) three days ago, on the demo's eight house vendors: settled at uniformly
          random instants of the day, by players drawn with a skew (a player's index is n·u², u uniform: a
          few play much more than most), stakes log-uniform from 1.00 to 1,000.00. Then VACUUM ANALYZE.
          The daily contracts were accepted at the day's first instant, the hourly ones at the start of its
          20:00 hour, so that each contract has exactly one period due.
Rounds    The loaded database is a template; each round settles a fresh copy of it (CREATE DATABASE …
          TEMPLATE), so every round does the same work from the same state:
  daily     `settle_salaries(db, "DAILY_SALARY", now=<the next day, 00:30 Manila>)`, wall seconds, against
            one plain `SELECT member_id, date_trunc('day', settled_at AT TIME ZONE 'Asia/Manila'),
            sum(bet_amount), count(*) … GROUP BY 1, 2` over the same bets (every row fetched), the two taking
            turns going first, after one untimed pass of the plain query over the day (the pages in memory for
            both). The goal: plain seconds / settlement seconds >= 0.3.
  hourly    `settle_salaries(db, "HOURLY_SALARY", now=<21:01 Manila that day>)`: one hour of the load, every
            agent's hourly contract. The issue asks for the 5-minute real-time salary on 5 minutes of the
            load, which is not built yet; the hourly job is the nearest that exists (same code, one period
            per contract). The goal: under a minute.
  dividends not built yet (no dividend settlement in server/agents): nothing to measure.
Checks    Each round the settlements are recomputed independently (a recursive query over the upline chains
          and the tiers picked here) and must match row for row: one per contract, its valid bet, active
          members, rate and amount, a transfer exactly when the amount is not zero (of that amount, its
          reference the settlement and its idempotency key the contract and period); the report's counts must
          agree, and check_ledger must find the ledger clean. A benchmark that pays wrong measures nothing.
Phases    The job's own functions are timed by wrapping them for the run (the wrappers cost microseconds
          against milliseconds): the due periods read (one query per run), the team figures (teams_in), the
          brand loads, the batch transactions (settle_batch: up to salary.BATCH (contract, period)s each,
          its settlement rows in one INSERT) and, inside them, the grants (the wallet's grant_many, one call
          per batch and merchant), their ledger postings (ledger.post, one per payment) and the commits;
          with the Python CPU seconds of the run and the statements it sent through SQLAlchemy (a ledger
          posting goes to asyncpg directly and is not counted there).

Sizes: BENCH_AGENT_MEMBERS, BENCH_AGENT_BETS; BENCH_ROUNDS (at least 2)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import asyncpg
from sqlalchemy import event, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from infra.bench.postgres import ADMIN_URL, NoSockets, admin
from infra.bench.report import Goal, median_line
from realtime import emitter
from server.agents import salary
from server.agents.models import DAILY_SALARY, HOURLY_SALARY
from server.agents.team import BUSINESS_ZONE
from server.brands.models import Merchant
from server.cli import seed_if_empty
from server.db import migrate
from server.db.base import utcnow
from server.db.session import Database
from server.settings import load_settings
from server.wallet import ledger
from server.wallet import service as wallet_service
from server.wallet.models import HOUSE_SHARDS, MAIN, PROMOTION_EXPENSE
from server.wallet.reconcile import check_ledger

ROUNDS = max(2, int(os.environ.get("BENCH_ROUNDS", "3")))
MEMBERS = int(os.environ.get("BENCH_AGENT_MEMBERS", "10000"))
BETS = int(os.environ.get("BENCH_AGENT_BETS", "1000000"))
DAYS_AGO = 3
SLICE_HOUR = 20  # the hour of the bench day (Manila) whose bets the hourly job settles
RATIO_GOAL = 0.3
HOURLY_GOAL_SECONDS = 60.0
# Agents per level: FANOUT[k] below each agent of level k (level 1: per 1,000 members, under the merchant).
FANOUT = (5, 5, 4)
# Where players hang: the share under agents of levels 4, 3, 2, 1.
PLAYER_SHARES = ((0.80, 4), (0.10, 3), (0.07, 2), (0.03, 1))
# Each level's tiers: the best rate below the upline's best (the merchant offers level 1 its 2 %).
RATES = {1: (100, 150, 200), 2: (90, 130, 180), 3: (80, 120, 160), 4: (70, 110, 140)}
_DAY = timedelta(days=1)
_HOUR = timedelta(hours=1)


def tiers(level: int, kind: str) -> list[dict[str, int]]:
    """Thresholds a level-4 agent meets about half the time (its active players), the upper ones for the
    larger teams higher up; an hour's valid bet thresholds are a 24th of a day's."""
    scale = 24 if kind == HOURLY_SALARY else 1
    low, mid, high = RATES[level]
    return [
        {"minValidBet": 0, "minActiveMembers": 8, "rateBps": low},
        {"minValidBet": 20_000_000 // scale, "minActiveMembers": 10, "rateBps": mid},  # 200,000.00 a day
        {"minValidBet": 500_000_000 // scale, "minActiveMembers": 100, "rateBps": high},  # 5,000,000.00
    ]


@dataclass(frozen=True)
class Tree:
    uplines: dict[int, int | None]  # member -> its upline, for every member of the load
    agent_level: dict[int, int]  # agent -> its level (1 = under the merchant)
    players: list[int]

    @property
    def agents(self) -> int:
        return len(self.agent_level)

    def per_level(self) -> list[int]:
        counts = Counter(self.agent_level.values())
        return [counts[level] for level in sorted(counts)]


def build_tree(first_id: int, members: int, rng: random.Random) -> Tree:
    first_level = max(1, round(members / 1000))
    levels: list[list[int]] = []
    uplines: dict[int, int | None] = {}
    next_id = first_id
    for depth in range(len(FANOUT) + 1):
        above = levels[-1] if levels else []
        count = first_level if depth == 0 else len(above) * FANOUT[depth - 1]
        level = list(range(next_id, next_id + count))
        next_id += count
        for n, agent in enumerate(level):
            uplines[agent] = None if depth == 0 else above[n // FANOUT[depth - 1]]
        levels.append(level)
    agent_level = {agent: depth + 1 for depth, level in enumerate(levels) for agent in level}
    if members - len(agent_level) < 1:
        raise ValueError(f"BENCH_AGENT_MEMBERS={members} leaves no players under {len(agent_level)} agents")
    players = list(range(next_id, first_id + members))
    shares, level_of_share = [s for s, _ in PLAYER_SHARES], [n for _, n in PLAYER_SHARES]
    for player in players:
        (level_no,) = rng.choices(level_of_share, weights=shares)
        uplines[player] = rng.choice(levels[level_no - 1])
    return Tree(uplines, agent_level, players)


@dataclass(frozen=True)
class Load:
    merchant_id: int
    day: datetime  # the bench day's first instant (UTC), Manila's midnight
    hour: datetime  # the hourly slice's first instant
    tree: Tree
    day_bets: int
    hour_bets: int

    @property
    def daily_now(self) -> datetime:
        return salary.next_day(self.day) + timedelta(minutes=30)

    @property
    def hourly_now(self) -> datetime:
        return salary.next_hour(self.hour) + timedelta(minutes=1)


def _dsn(name: str) -> str:
    return ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def _url(name: str) -> str:
    return _dsn(name).replace("postgresql://", "postgresql+asyncpg://", 1)


_BETS_SQL = """
WITH players AS (
    SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM members
    WHERE merchant_id = $1 AND member_type = 0 AND id >= $2
), vendors AS (
    SELECT array_agg(id ORDER BY id) AS ids, array_agg(category ORDER BY id) AS categories, count(*) AS n
    FROM game_vendors WHERE merchant_id = $1
), draws AS (
    SELECT g, random() AS who, random() AS size, random() AS won, random() AS at, random() AS which
    FROM generate_series(1, $3::int) AS g
), bets AS (
    SELECT d.g,
           players.ids[1 + floor(players.n * d.who * d.who)::int] AS member_id,
           1 + floor(vendors.n * d.which)::int AS vendor,
           round(100 * exp(d.size * ln(1000)))::bigint AS stake,
           d.won,
           $4::timestamptz + d.at * interval '1 day' AS settled_at
    FROM draws d, players, vendors
)
INSERT INTO bet_records (merchant_id, vendor_id, member_id, game_id, category, round_id, bet_amount,
                         win_amount, status, trial, placed_at, settled_at)
SELECT $1, vendors.ids[b.vendor], b.member_id, NULL, vendors.categories[b.vendor], 'bench-' || b.g, b.stake,
       floor(b.stake * 1.9 * b.won)::bigint, 'SETTLED', false, b.settled_at - interval '90 seconds',
       b.settled_at
FROM bets b, vendors
"""


async def _load(name: str) -> Load:
    """The members, contracts, accounts and bets, in bulk."""
    db = Database.from_url(_url(name))
    try:
        async with db.read_session() as session:
            merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
    finally:
        await db.dispose()
    now = utcnow()
    day = salary.day_start(now - DAYS_AGO * _DAY)
    hour = day + SLICE_HOUR * _HOUR
    connection = await asyncpg.connect(_dsn(name))
    try:
        async with connection.transaction():
            first_id = int(await connection.fetchval("SELECT coalesce(max(id), 0) + 1 FROM members"))
            tree = build_tree(first_id, MEMBERS, random.Random(17))  # noqa: S311 (a load, not a secret)
            await connection.execute("SELECT setval('members_id_seq', $1)", first_id + MEMBERS - 1)
            created = day - 30 * _DAY
            await connection.copy_records_to_table(
                "members",
                columns=[
                    "id",
                    "merchant_id",
                    "username",
                    "password_hash",
                    "member_type",
                    "upline_id",
                    "rank_level",
                    "created_by",
                    "affiliate_code",
                    "created_at",
                ],
                records=[
                    (
                        member,
                        merchant_id,
                        f"bench{member}",
                        "!unusable",
                        1 if member in tree.agent_level else 0,
                        upline,
                        0,
                        "OPERATOR" if upline is None else "AGENT",
                        f"BA{member}" if member in tree.agent_level else None,
                        created,
                    )
                    for member, upline in sorted(tree.uplines.items())
                ],
            )
            await connection.copy_records_to_table(
                "agent_contracts",
                columns=[
                    "merchant_id",
                    "upline_id",
                    "downline_id",
                    "kind",
                    "status",
                    "tiers",
                    "accepted_at",
                    "created_at",
                ],
                records=[
                    (
                        merchant_id,
                        tree.uplines[agent],
                        agent,
                        kind,
                        "ACTIVE",
                        json.dumps(tiers(level, kind)),
                        accepted,
                        accepted - _HOUR,
                    )
                    for kind, accepted in ((DAILY_SALARY, day), (HOURLY_SALARY, hour))
                    for agent, level in sorted(tree.agent_level.items())
                ],
            )
            accounts: list[tuple[Any, ...]] = [
                (merchant_id, agent, MAIN, "", 0, "PHP", 0, False, created) for agent in tree.agent_level
            ]
            accounts += [
                (merchant_id, None, PROMOTION_EXPENSE, "", shard, "PHP", 0, True, created)
                for shard in range(HOUSE_SHARDS)
            ]
            await connection.copy_records_to_table(
                "ledger_accounts",
                columns=[
                    "merchant_id",
                    "member_id",
                    "kind",
                    "vendor_code",
                    "shard",
                    "currency",
                    "balance",
                    "allow_negative",
                    "created_at",
                ],
                records=accounts,
            )
            await connection.execute("SELECT setseed(0.17)")
            await connection.execute(_BETS_SQL, merchant_id, first_id, BETS, day)
        await connection.execute("VACUUM ANALYZE")
        hour_bets = int(
            await connection.fetchval(
                "SELECT count(*) FROM bet_records WHERE settled_at >= $1 AND settled_at < $2",
                hour,
                hour + _HOUR,
            )
        )
    finally:
        await connection.close()
    return Load(int(merchant_id), day, hour, tree, BETS, hour_bets)


_PLAIN_SQL = """
SELECT member_id, date_trunc('day', settled_at AT TIME ZONE 'Asia/Manila') AS day, sum(bet_amount), count(*)
FROM bet_records
WHERE merchant_id = $1 AND status = 'SETTLED' AND NOT trial AND bet_amount > 0
  AND settled_at >= $2 AND settled_at < $3
GROUP BY 1, 2
"""


async def _plain(dsn: str, load: Load) -> tuple[float, int]:
    """The baseline: one aggregation of the day's bets by member and day, every row fetched."""
    connection = await asyncpg.connect(dsn)
    try:
        started = time.perf_counter()
        rows = await connection.fetch(_PLAIN_SQL, load.merchant_id, load.day, salary.next_day(load.day))
        seconds = time.perf_counter() - started
    finally:
        await connection.close()
    if sum(int(r["count"]) for r in rows) != load.day_bets:
        raise RuntimeError("the plain aggregation did not see every bet of the day")
    return seconds, len(rows)


@dataclass
class Phases:
    """Where one run of the job went: seconds and calls of its parts, Python CPU seconds, statements."""

    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    calls: Counter[str] = field(default_factory=Counter)
    wall: float = 0.0
    cpu: float = 0.0
    statements: int = 0

    def wrap(self, name: str, function: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await function(*args, **kwargs)
            finally:
                self.seconds[name] += time.perf_counter() - started
                self.calls[name] += 1

        return timed

    def line(self, contracts: int) -> str:
        def part(name: str, label: str) -> str:
            return f"{label} {self.seconds[name]:.2f} s ({self.calls[name]:,})"

        batches = self.seconds["settle_batch"]
        inside = sum(self.seconds[name] for name in ("grant_many", "commit"))
        outside = (
            self.wall - sum(self.seconds[n] for n in ("_periods_due", "teams_in", "load_brand")) - batches
        )
        return (
            f"    {part('_periods_due', 'due periods read')}; {part('teams_in', 'teams_in')}; "
            f"{part('load_brand', 'brand loads')}; {part('settle_batch', 'batches')}, of which "
            f"{part('grant_many', 'grant_many')} (ledger.post {self.seconds['ledger.post']:.2f} s, "
            f"{self.calls['ledger.post']:,} payments), {part('commit', 'commits')}, the rows written and "
            f"linked {batches - inside:.2f} s; reading the contracts and the rest {outside:.2f} s\n"
            f"    Python CPU {self.cpu:.2f} s of {self.wall:.2f} s wall; {self.statements:,} statements "
            f"through SQLAlchemy, {self.statements / max(1, contracts):.1f} per contract "
            f"({self.wall / max(1, contracts) * 1000:.2f} ms a contract)"
        )


# (where it is looked up, the attribute, the name printed): the session's commit is patched on the class,
# every other on the module the job looks it up in.
_TIMED: tuple[tuple[Any, str, str], ...] = (
    (salary, "_settled_periods", "_periods_due"),
    (salary, "teams_in", "teams_in"),
    (salary, "settle_batch", "settle_batch"),
    (salary, "load_brand_by_id", "load_brand"),
    (wallet_service, "grant_many", "grant_many"),
    (ledger, "post", "ledger.post"),
    (AsyncSession, "commit", "commit"),
)


@contextmanager
def _timed(phases: Phases, db: Database) -> Iterator[None]:
    """The job's parts wrapped for one run (module attributes, as the job looks them up), restored after."""
    originals = [(module, attr, getattr(module, attr)) for module, attr, _ in _TIMED]
    for module, attr, name in _TIMED:
        setattr(module, attr, phases.wrap(name, getattr(module, attr)))

    def count(*_: Any) -> None:
        phases.statements += 1

    event.listen(db.engine.sync_engine, "before_cursor_execute", count)
    try:
        yield
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", count)
        for module, attr, original in originals:
            setattr(module, attr, original)


async def _settle(db: Database, kind: str, now: datetime) -> tuple[salary.Report, Phases]:
    phases = Phases()
    with _timed(phases, db):
        cpu, started = time.process_time(), time.perf_counter()
        report = await salary.settle_salaries(db, kind, now)
        phases.wall = time.perf_counter() - started
        phases.cpu = time.process_time() - cpu
    return report, phases


_EXPECTED_SQL = """
WITH RECURSIVE staked AS (
    SELECT member_id, sum(bet_amount) AS stake FROM bet_records
    WHERE merchant_id = :merchant AND status = 'SETTLED' AND NOT trial AND bet_amount > 0
      AND settled_at >= :start AND settled_at < :end
    GROUP BY member_id
), up AS (
    SELECT s.member_id, m.upline_id AS agent_id, 1 AS depth
    FROM staked s JOIN members m ON m.id = s.member_id WHERE m.upline_id IS NOT NULL
    UNION ALL
    SELECT up.member_id, m.upline_id, up.depth + 1
    FROM up JOIN members m ON m.id = up.agent_id WHERE m.upline_id IS NOT NULL AND up.depth < 32
)
SELECT up.agent_id, sum(s.stake) AS valid_bet, count(*) AS active
FROM up JOIN staked s USING (member_id) GROUP BY up.agent_id
"""


def _expected_pay(tier_list: list[dict[str, int]], valid_bet: int, active: int) -> tuple[int, int]:
    rates = [
        t["rateBps"] for t in tier_list if valid_bet >= t["minValidBet"] and active >= t["minActiveMembers"]
    ]
    rate = max(rates, default=0)
    return rate, valid_bet * rate // 10_000


async def _verify(db: Database, load: Load, kind: str, start: datetime, report: salary.Report) -> int:
    """The settlements of the period, recomputed here; returns how many paid."""
    end = salary.CADENCES[kind].after(start)
    async with db.read_session() as session:
        figures = {
            row.agent_id: (int(row.valid_bet), int(row.active))
            for row in await session.execute(
                text(_EXPECTED_SQL), {"merchant": load.merchant_id, "start": start, "end": end}
            )
        }
        settled = (
            await session.execute(
                text(
                    "SELECT s.id, s.contract_id, s.member_id, s.valid_bet, s.active_members, s.rate_bps,"
                    " s.amount, t.amount AS paid, t.reference, t.idempotency_key, c.tiers"
                    " FROM agent_settlements s JOIN agent_contracts c ON c.id = s.contract_id"
                    " LEFT JOIN ledger_transfers t ON t.id = s.transfer_id AND t.kind = 'AGENT_SALARY'"
                    " WHERE s.kind = :kind AND s.period_start = :start"
                ),
                {"kind": kind, "start": start},
            )
        ).all()
        findings = await check_ledger(session)
    agents = load.tree.agent_level
    wrong = []
    seen = set()
    for row in settled:
        seen.add(row.member_id)
        valid_bet, active = figures.get(row.member_id, (0, 0))
        rate, amount = _expected_pay(row.tiers, valid_bet, active)
        got = (row.valid_bet, row.active_members, row.rate_bps, row.amount, row.paid or 0)
        if got != (valid_bet, active, rate, amount, amount):
            wrong.append((row.member_id, got, (valid_bet, active, rate, amount, amount)))
        elif row.paid and (row.reference, row.idempotency_key) != (
            f"agent-settlement:{row.id}",
            f"agent-salary:{row.contract_id}:{start.isoformat()}",
        ):
            wrong.append((row.member_id, row.reference, row.idempotency_key))
    paid = sum(1 for row in settled if row.amount > 0)
    problems = []
    if wrong:
        problems.append(f"{len(wrong)} settlements differ from the recomputation, e.g. {wrong[:3]}")
    if seen != set(agents) or len(settled) != len(agents):
        problems.append(f"{len(settled)} settlements for {len(agents)} contracts")
    if (report.settled, report.paid, report.already) != (len(agents), paid, 0):
        problems.append(f"the report says {report}; expected {len(agents)} settled, {paid} paid")
    if not findings.clean:
        problems.append(f"the ledger is not clean: {findings}")
    if paid == 0:
        problems.append("no tier was met: the load pays nothing, so it measures no payment")
    if problems:
        where = f"{kind} settlement of {start:%Y-%m-%d %H:%M} UTC"
        raise RuntimeError(f"{where} is wrong: " + "; ".join(problems))
    return paid


@dataclass(frozen=True)
class Round:
    settle_seconds: float
    plain_seconds: float
    hourly_seconds: float
    daily: Phases
    hourly: Phases
    paid_daily: int
    paid_hourly: int
    plain_rows: int


async def _round(name: str, load: Load, n: int) -> Round:
    emitter.install(NoSockets())
    dsn = _dsn(name)
    await _plain(dsn, load)  # untimed: the day's pages in memory for both measurements
    db = Database.from_url(_url(name))
    try:
        if n % 2 == 0:
            report, daily = await _settle(db, DAILY_SALARY, load.daily_now)
            plain, rows = await _plain(dsn, load)
        else:
            plain, rows = await _plain(dsn, load)
            report, daily = await _settle(db, DAILY_SALARY, load.daily_now)
        paid_daily = await _verify(db, load, DAILY_SALARY, load.day, report)
        hourly_report, hourly = await _settle(db, HOURLY_SALARY, load.hourly_now)
        paid_hourly = await _verify(db, load, HOURLY_SALARY, load.hour, hourly_report)
    finally:
        await db.dispose()
    return Round(daily.wall, plain, hourly.wall, daily, hourly, paid_daily, paid_hourly, rows)


def run() -> tuple[Load, list[Round]]:
    loaded = f"bench_agents_{uuid.uuid4().hex[:8]}"
    asyncio.run(admin(f'CREATE DATABASE "{loaded}"'))
    made = [loaded]
    try:
        url = _url(loaded)
        migrate.upgrade(url)
        seed_if_empty(load_settings(database_url=url))
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
        print(f"\nagent salary benchmark skipped: Postgres unavailable ({exc})")
        return []
    tree = load.tree
    levels = " + ".join(f"{count:,}" for count in tree.per_level())
    print(
        f"\nAgent salaries on Postgres (a machine shared with other work, {os.cpu_count()} cores): "
        f"{len(tree.uplines):,} members in a 5-level tree, agents {levels} = {tree.agents:,} by level, "
        f"{len(tree.players):,} players; "
        f"{load.day_bets:,} settled bets on {load.day.astimezone(BUSINESS_ZONE):%Y-%m-%d} (Manila), "
        f"{load.hour_bets:,} of them in its {SLICE_HOUR}:00 hour"
    )
    middle = sorted(rounds, key=lambda r: r.settle_seconds)[len(rounds) // 2]
    print(
        median_line(
            f"  daily salaries: settle_salaries(DAILY_SALARY), {tree.agents:,} contracts, "
            f"{middle.paid_daily:,} paid",
            [r.settle_seconds for r in rounds],
            "s",
        )
    )
    print(
        median_line(
            f"  one plain SQL aggregation of the same bets by member and day ({middle.plain_rows:,} rows)",
            [1000 * r.plain_seconds for r in rounds],
            "ms",
        )
    )
    print(f"  where the daily run went (its median round):\n{middle.daily.line(tree.agents)}")
    print(
        median_line(
            f"  hourly salaries on one hour (the 5-minute real-time salary is not built yet): "
            f"settle_salaries(HOURLY_SALARY), {tree.agents:,} contracts, {middle.paid_hourly:,} paid",
            [r.hourly_seconds for r in rounds],
            "s",
        )
    )
    hourly_middle = sorted(rounds, key=lambda r: r.hourly_seconds)[len(rounds) // 2]
    print(f"  where the hourly run went (its median round):\n{hourly_middle.hourly.line(tree.agents)}")
    print("  dividends: not built yet (no dividend settlement in server/agents), not measured")
    ratio = [r.plain_seconds / r.settle_seconds for r in rounds]
    print(median_line("  plain SQL / daily settlement", [100 * x for x in ratio], "%"))
    return [
        Goal("daily salary settlement: plain SQL seconds / settlement seconds", ">=", RATIO_GOAL, ratio),
        Goal(
            "hourly salary job on one hour of the load (stand-in for the 5-minute one)",
            "<=",
            HOURLY_GOAL_SECONDS,
            [r.hourly_seconds for r in rounds],
            "s",
        ),
    ]
