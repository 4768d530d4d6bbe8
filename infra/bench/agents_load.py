"""The agent benchmark's load (infra/bench/agents.py describes it): the tree, the contracts and their tiers,
the wallets, the bets, written in bulk into a freshly migrated and seeded database."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import asyncpg
from sqlalchemy import select

from infra.bench.postgres import ADMIN_URL
from server.agents import salary
from server.agents.models import DAILY_SALARY, DIVIDEND, REALTIME_SALARY
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.wallet.models import HOUSE_SHARDS, MAIN, PROMOTION_EXPENSE

MEMBERS = int(os.environ.get("BENCH_AGENT_MEMBERS", "10000"))
BETS = int(os.environ.get("BENCH_AGENT_BETS", "1000000"))
DAYS_AGO = 3
SLICE_HOUR = 20  # the real-time window is the first five minutes of this hour of the bench day (Manila)
# Agents per level: FANOUT[k] below each agent of level k (level 1: per 1,000 members, under the merchant).
FANOUT = (5, 5, 4)
# Where players hang: the share under agents of levels 4, 3, 2, 1.
PLAYER_SHARES = ((0.80, 4), (0.10, 3), (0.07, 2), (0.03, 1))
# Each level's tiers, in basis points: the best rate at most the upline's best (the merchant's own offer for
# level 1), the rule of server/agents/contracts.py. Salaries: of the valid bet; dividends: of the net loss.
SALARY_RATES = {1: (100, 150, 200), 2: (90, 130, 180), 3: (80, 120, 160), 4: (70, 110, 140)}
DIVIDEND_RATES = {1: (2000, 2500, 3000), 2: (1800, 2200, 2700), 3: (1500, 1900, 2400), 4: (1200, 1600, 2000)}
# A real-time salary's one tier: (on every stake, on what a member lost on a bet, on what one won on one).
REALTIME_RATES = {1: (60, 300, 40), 2: (50, 250, 30), 3: (40, 200, 20), 4: (30, 150, 10)}
# A bet wins with WIN_SHARE and then pays its stake times a multiplier uniform in [MULTIPLIER): an
# expected payout of 0.45 * 2.15 = 96.75 % of the stake, a house edge of 3.25 %.
WIN_SHARE = 0.45
MULTIPLIER = (1.3, 3.0)
_DAY = timedelta(days=1)
_HOUR = timedelta(hours=1)


def tiers(level: int, kind: str) -> list[dict[str, int]]:
    """Daily salaries and dividends: thresholds a level-4 agent meets about half the time (its active
    players), the upper ones for the larger teams higher up. A real-time salary: one tier, met by any team."""
    if kind == REALTIME_SALARY:
        rate, loss, profit = REALTIME_RATES[level]
        return [
            {
                "minValidBet": 0,
                "minActiveMembers": 0,
                "rateBps": rate,
                "lossRateBps": loss,
                "profitRateBps": profit,
            }
        ]
    low, mid, high = (DIVIDEND_RATES if kind == DIVIDEND else SALARY_RATES)[level]
    return [
        {"minValidBet": 0, "minActiveMembers": 8, "rateBps": low},
        {"minValidBet": 20_000_000, "minActiveMembers": 10, "rateBps": mid},  # 200,000.00 a day
        {"minValidBet": 500_000_000, "minActiveMembers": 100, "rateBps": high},  # 5,000,000.00
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
    window: datetime  # the real-time window's first instant
    tree: Tree
    day_bets: int
    window_bets: int
    won_share: float  # of the day's bets, those that paid out
    house_edge: float  # the day's net loss of all players over their stakes

    @property
    def daily_now(self) -> datetime:
        return salary.next_day(self.day) + timedelta(minutes=30)

    @property
    def realtime_now(self) -> datetime:
        """The window's end, past the real-time cadence's grace, and a few seconds: the job's next tick."""
        cadence = salary.CADENCES[REALTIME_SALARY]
        return cadence.after(self.window) + cadence.grace + timedelta(seconds=5)


def dsn(name: str) -> str:
    return ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def url(name: str) -> str:
    return dsn(name).replace("postgresql://", "postgresql+asyncpg://", 1)


_BETS_SQL = """
WITH players AS (
    SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM members
    WHERE merchant_id = $1 AND member_type = 0 AND id >= $2
), vendors AS (
    SELECT array_agg(id ORDER BY id) AS ids, array_agg(category ORDER BY id) AS categories, count(*) AS n
    FROM game_vendors WHERE merchant_id = $1
), draws AS (
    SELECT g, random() AS who, random() AS size, random() AS won, random() AS payout, random() AS at,
           random() AS which
    FROM generate_series(1, $3::int) AS g
), bets AS (
    SELECT d.g,
           players.ids[1 + floor(players.n * d.who * d.who)::int] AS member_id,
           1 + floor(vendors.n * d.which)::int AS vendor,
           round(100 * exp(d.size * ln(1000)))::bigint AS stake,
           d.won < $5::float8 AS won,
           $6::float8 + ($7::float8 - $6::float8) * d.payout AS multiplier,
           $4::timestamptz + d.at * interval '1 day' AS settled_at
    FROM draws d, players, vendors
)
INSERT INTO bet_records (merchant_id, vendor_id, member_id, game_id, category, round_id, bet_amount,
                         win_amount, status, trial, placed_at, settled_at)
SELECT $1, vendors.ids[b.vendor], b.member_id, NULL, vendors.categories[b.vendor], 'bench-' || b.g, b.stake,
       CASE WHEN b.won THEN floor(b.stake * b.multiplier)::bigint ELSE 0 END, 'SETTLED', false,
       b.settled_at - interval '90 seconds', b.settled_at
FROM bets b, vendors
"""

_MEMBER_COLUMNS = [
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
]
_CONTRACT_COLUMNS = [
    "merchant_id",
    "upline_id",
    "downline_id",
    "kind",
    "status",
    "tiers",
    "cycle",
    "accepted_at",
    "created_at",
]
_ACCOUNT_COLUMNS = [
    "merchant_id",
    "member_id",
    "kind",
    "vendor_code",
    "shard",
    "currency",
    "balance",
    "allow_negative",
    "created_at",
]


async def load(name: str) -> Load:
    """The members, contracts, accounts and bets, in bulk; then VACUUM ANALYZE."""
    db = Database.from_url(url(name))
    try:
        async with db.read_session() as session:
            merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
    finally:
        await db.dispose()
    day = salary.day_start(utcnow() - DAYS_AGO * _DAY)
    window = day + SLICE_HOUR * _HOUR
    connection = await asyncpg.connect(dsn(name))
    try:
        async with connection.transaction():
            first_id = int(await connection.fetchval("SELECT coalesce(max(id), 0) + 1 FROM members"))
            tree = build_tree(first_id, MEMBERS, random.Random(17))  # noqa: S311 (a load, not a secret)
            await connection.execute("SELECT setval('members_id_seq', $1)", first_id + MEMBERS - 1)
            created = day - 30 * _DAY
            agents = tree.agent_level
            await connection.copy_records_to_table(
                "members",
                columns=_MEMBER_COLUMNS,
                records=[
                    (
                        member,
                        merchant_id,
                        f"bench{member}",
                        "!unusable",
                        1 if member in agents else 0,
                        upline,
                        0,
                        "OPERATOR" if upline is None else "AGENT",
                        f"BA{member}" if member in agents else None,
                        created,
                    )
                    for member, upline in sorted(tree.uplines.items())
                ],
            )
            await connection.copy_records_to_table(
                "agent_contracts",
                columns=_CONTRACT_COLUMNS,
                records=[
                    (
                        merchant_id,
                        tree.uplines[agent],
                        agent,
                        kind,
                        "ACTIVE",
                        json.dumps(tiers(level, kind)),
                        cycle,
                        accepted,
                        accepted - _HOUR,
                    )
                    for kind, cycle, accepted in (
                        (DAILY_SALARY, None, day),
                        (DIVIDEND, "DAILY", day),
                        (REALTIME_SALARY, None, window),
                    )
                    for agent, level in sorted(agents.items())
                ],
            )
            accounts: list[tuple[Any, ...]] = [
                (merchant_id, agent, MAIN, "", 0, "PHP", 0, False, created) for agent in agents
            ]
            accounts += [
                (merchant_id, None, PROMOTION_EXPENSE, "", shard, "PHP", 0, True, created)
                for shard in range(HOUSE_SHARDS)
            ]
            await connection.copy_records_to_table(
                "ledger_accounts", columns=_ACCOUNT_COLUMNS, records=accounts
            )
            await connection.execute("SELECT setseed(0.17)")
            await connection.execute(_BETS_SQL, merchant_id, first_id, BETS, day, WIN_SHARE, *MULTIPLIER)
        await connection.execute("VACUUM ANALYZE")
        window_bets = int(
            await connection.fetchval(
                "SELECT count(*) FROM bet_records WHERE settled_at >= $1 AND settled_at < $2",
                window,
                salary.next_window(window),
            )
        )
        day_bets, won, stakes, payouts = await connection.fetchrow(
            "SELECT count(*), count(*) FILTER (WHERE win_amount > 0), sum(bet_amount), sum(win_amount)"
            " FROM bet_records WHERE merchant_id = $1 AND settled_at >= $2 AND settled_at < $3",
            merchant_id,
            day,
            salary.next_day(day),
        )
    finally:
        await connection.close()
    return Load(
        int(merchant_id), day, window, tree, day_bets, window_bets, won / day_bets, 1 - payouts / stakes
    )
