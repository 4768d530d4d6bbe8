"""The points job (issue 32): whole points from settled valid bets at the category rates, rounded DOWN with
the fraction carried per member across runs; each window accrued once however many runs; trial accounts and
agents earn nothing; every balance equals the sum of its postings."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from server.db.base import utcnow
from server.db.session import Database
from server.loyalty.points.accrual import accrue_points
from server.loyalty.points.models import PointsBalance, PointsPosting
from tests.loyalty.test_points_support import member_of, points_are_clean, settle
from tests.support.portal import Portal, ok

pytestmark = pytest.mark.usefixtures("demo")


async def accrue(db: Database, now: object = None) -> dict[str, int]:
    async with db.session() as session:
        return await accrue_points(session, now=now)  # type: ignore[arg-type]


async def balance_row(db: Database, member_id: int) -> tuple[int, int] | None:
    async with db.read_session() as session:
        row = await session.get(PointsBalance, member_id)
        return None if row is None else (row.current, row.carry)


async def test_points_round_down_and_the_fraction_is_carried(db: Database) -> None:
    merchant, player = await member_of(db, "player1")
    start = utcnow()
    # 1.23 on LIVE (0.70 points per 1.00) is 0.861 of a point: nothing whole yet, the fraction carried.
    await settle(db, merchant, player, "LIVE", 1_23, settled_at=start - timedelta(minutes=3))
    await settle(db, merchant, player, "LOTT", 500_00, settled_at=start - timedelta(minutes=3))  # no rate
    first = await accrue(db, start)
    assert first["points"] == 0
    assert await balance_row(db, player) == (0, 8610)
    # A second 1.23 on LIVE in the next window: 1.722 points, 1 whole and 0.722 carried.
    await settle(db, merchant, player, "LIVE", 1_23, settled_at=start - timedelta(seconds=30))
    second = await accrue(db, start + timedelta(minutes=1))
    assert second["points"] == 1
    assert await balance_row(db, player) == (1, 7220)
    # 10.00 on slots (1.20): 12 points, added to the carry (12.722 -> 12 more, 0.722 still carried).
    await settle(db, merchant, player, "RNG", 10_00, settled_at=start + timedelta(seconds=30))
    third = await accrue(db, start + timedelta(minutes=2))
    assert third["points"] == 12
    assert await balance_row(db, player) == (13, 7220)
    async with db.read_session() as session:
        postings = list(
            await session.scalars(
                select(PointsPosting).where(PointsPosting.member_id == player).order_by(PointsPosting.id)
            )
        )
    assert [(p.change, p.balance_after, p.reason) for p in postings] == [(1, 1, "EARNED"), (12, 13, "EARNED")]
    await points_are_clean(db)


async def test_the_job_run_twice_accrues_once(db: Database) -> None:
    merchant, player = await member_of(db, "player1")
    now = utcnow()
    await settle(db, merchant, player, "SPORTS", 50_00)
    assert (await accrue(db, now))["points"] == 50
    assert (await accrue(db, now)) == {"merchants": 0, "members": 0, "points": 0}
    # A later run sees only what settled since: nothing new, nothing twice.
    assert (await accrue(db, now + timedelta(minutes=1)))["points"] == 0
    assert await balance_row(db, player) == (50, 0)
    await points_are_clean(db)


async def test_trial_accounts_and_agents_earn_nothing(client: httpx.AsyncClient, db: Database) -> None:
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    info = ok(await client.get("/wps/member/info", headers=trial.headers()))
    merchant, _ = await member_of(db, "player1")
    _, trial_id = await member_of(db, str(info["userName"]))
    _, agent_id = await member_of(db, "agent1")
    await settle(db, merchant, trial_id, "RNG", 1_000_00, trial=True)
    await settle(db, merchant, agent_id, "RNG", 1_000_00)
    await accrue(db)
    assert await balance_row(db, trial_id) is None
    assert await balance_row(db, agent_id) is None
    answer = ok(await client.get("/wps/points/balance", headers=trial.headers()))
    assert answer["current"] == 0
    await points_are_clean(db)


@pytest.mark.slow
async def test_parallel_runs_accrue_a_window_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    _, db = pg_client
    merchant, player = await member_of(db, "player1")
    _, other = await member_of(db, "player2")
    await settle(db, merchant, player, "FISH", 25_00)  # 30 points
    await settle(db, merchant, other, "PVP", 7_77)  # 7.77 points: 7
    now = utcnow()
    reports = await asyncio.gather(*(accrue(db, now) for _ in range(5)))
    assert sorted(r["points"] for r in reports) == [0, 0, 0, 0, 37]
    assert await balance_row(db, player) == (30, 0)
    assert await balance_row(db, other) == (7, 7700)
    await points_are_clean(db)
