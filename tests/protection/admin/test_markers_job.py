"""The nightly job `protection.risk_markers`: each kind of marker from deposits, bets and cancelled
withdrawals written at chosen business times; members whose play is ordinary (or just under a threshold)
not marked; two runs make one marker each; a withdrawal whose 24 hours span two days marked once, on the
day its stakes reached it; another brand's play marked for that brand; and the runner's second run of a
business day doing nothing."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from server.brands.business_day import business_day
from server.db.base import utcnow
from server.db.session import Database
from server.protection import markers as job
from server.protection.limits import apply_due
from tasks import jobs
from tasks.jobs import Job
from tasks.runner import run_job
from tests.protection.admin.support import (
    add_members,
    at,
    bet,
    deposit,
    markers,
    member_id,
    merchant_id,
    withdrawal,
)

pytestmark = pytest.mark.usefixtures("demo")


def yesterday() -> date:
    return business_day(utcnow()) - timedelta(days=1)


async def mark(db: Database, day: date, merchant: str = "demo") -> dict[str, int]:
    owner = await merchant_id(db, merchant)
    async with db.session() as session:
        return dict(await job.mark_day(session, owner, day, utcnow()))


async def members(db: Database, prefix: str, count: int) -> list[int]:
    return await add_members(db, "demo", prefix, count)


async def test_deposits_rising(db: Database) -> None:
    day = yesterday()
    rising, steady, small, fresh, pending = await members(db, "dep", 5)
    # 200.00 over the 28 days before (a weekly average of 50.00), then 1,500.00 in the last 7 days.
    await deposit(db, rising, 100_00, at(day - timedelta(days=30), 12))
    await deposit(db, rising, 100_00, at(day - timedelta(days=20), 12))
    for n in (0, 2, 6):
        await deposit(db, rising, 500_00, at(day - timedelta(days=n), 9))
    await deposit(db, rising, 900_00, at(day + timedelta(days=1), 0, 30))  # after the day: not counted
    await deposit(db, rising, 900_00, at(day - timedelta(days=2), 9), status="REJECTED")
    # 1,000.00 a week for four weeks, then 2,999.99: under three times the average.
    for week in range(4):
        await deposit(db, steady, 1_000_00, at(day - timedelta(days=8 + 7 * week), 15))
    await deposit(db, steady, 2_999_99, at(day - timedelta(days=1), 15))
    # No history, but under the floor.
    await deposit(db, small, 999_99, at(day, 10))
    # No history, at the floor: three times nothing is nothing.
    await deposit(db, fresh, 1_000_00, at(day, 23, 59))
    # Asked for, never completed.
    await deposit(db, pending, 5_000_00, at(day, 10), status="PENDING")

    assert await mark(db, day) == {"DEPOSITS_RISING": 2, "NIGHT_PLAY": 0, "WITHDRAWAL_REVERSED": 0}
    iso = day.isoformat()
    assert await markers(db) == [
        (rising, "DEPOSITS_RISING", iso, {"last7": "1500.00", "weeklyAverage": "50.00"}),
        (fresh, "DEPOSITS_RISING", iso, {"last7": "1000.00", "weeklyAverage": "0.00"}),
    ]
    # Exactly three times the average passes too.
    await deposit(db, steady, 1, at(day, 8))
    assert (await mark(db, day))["DEPOSITS_RISING"] == 1
    assert (
        steady,
        "DEPOSITS_RISING",
        iso,
        {"last7": "3000.00", "weeklyAverage": "1000.00"},
    ) in await markers(db)


async def test_night_play(db: Database) -> None:
    day = yesterday()
    owl, two_nights, few_bets, evening, edges = await members(db, "night", 5)
    for n in (0, 2, 4):  # three nights, 7 bets each at 02:00 business time
        await bet(db, owl, 1_00, at(day - timedelta(days=n), 2), count=7)
    for n in (0, 1):  # many bets, two nights only
        await bet(db, two_nights, 1_00, at(day - timedelta(days=n), 3), count=15)
    for n in (0, 1, 2):  # three nights, 18 bets
        await bet(db, few_bets, 1_00, at(day - timedelta(days=n), 1), count=6)
    for n in range(7):  # every evening, never at night
        await bet(db, evening, 1_00, at(day - timedelta(days=n), 21), count=10)
    # Outside the hours or the nights: 06:00 sharp, 23:59 the day before a night, the night after the day,
    # the eighth night back, a cancelled bet and play money.
    await bet(db, edges, 1_00, at(day, 6), count=10)
    await bet(db, edges, 1_00, at(day - timedelta(days=1), 23, 59), count=10)
    await bet(db, edges, 1_00, at(day + timedelta(days=1), 1), count=10)
    await bet(db, edges, 1_00, at(day - timedelta(days=7), 1), count=10)
    await bet(db, edges, 1_00, at(day - timedelta(days=2), 1), count=10, status="CANCELLED")
    await bet(db, edges, 1_00, at(day - timedelta(days=3), 1), count=10, trial=True)
    await bet(db, edges, 1_00, at(day - timedelta(days=4), 5, 59), count=1)

    assert await mark(db, day) == {"DEPOSITS_RISING": 0, "NIGHT_PLAY": 1, "WITHDRAWAL_REVERSED": 0}
    assert await markers(db) == [(owl, "NIGHT_PLAY", day.isoformat(), {"nights": 3, "bets": 21})]
    # Two more bets on a night: 20 bets over three nights.
    await bet(db, few_bets, 1_00, at(day - timedelta(days=2), 4), count=2)
    assert (await mark(db, day))["NIGHT_PLAY"] == 1
    assert (few_bets, "NIGHT_PLAY", day.isoformat(), {"nights": 3, "bets": 20}) in await markers(db)


async def test_withdrawal_reversed(db: Database) -> None:
    day = yesterday()
    gambler, modest, rejected, late, spanning = await members(db, "wd", 5)
    # Cancelled at 10:00, then 300.00 + 250.00 staked the same day.
    order = await withdrawal(db, gambler, 500_00, at(day, 9), at(day, 10))
    await bet(db, gambler, 300_00, at(day, 11))
    await bet(db, gambler, 250_00, at(day, 15))
    await bet(db, gambler, 999_00, at(day, 9, 30))  # before the cancel: not counted
    # A smaller one of the same member that day: the larger is named.
    await withdrawal(db, gambler, 100_00, at(day, 12), at(day, 12, 5))
    # Cancelled, then a little play.
    await withdrawal(db, modest, 500_00, at(day, 9), at(day, 10))
    await bet(db, modest, 100_00, at(day, 11))
    # Rejected by staff (not the member's cancel), then heavy play.
    await withdrawal(db, rejected, 500_00, at(day, 9), at(day, 10), status="REJECTED")
    await bet(db, rejected, 900_00, at(day, 11))
    # Cancelled two days before: its 24 hours were over before the stakes.
    await withdrawal(db, late, 500_00, at(day - timedelta(days=2), 9), at(day - timedelta(days=2), 10))
    await bet(db, late, 900_00, at(day, 11))
    # Cancelled the evening before; 200.00 staked that evening, 300.00 the next morning: reached on the day.
    spanning_order = await withdrawal(
        db, spanning, 500_00, at(day - timedelta(days=1), 19), at(day - timedelta(days=1), 20)
    )
    await bet(db, spanning, 200_00, at(day - timedelta(days=1), 21))
    await bet(db, spanning, 300_00, at(day, 8))
    await bet(db, spanning, 300_00, at(day, 21))  # past its 24 hours

    before = await mark(db, day - timedelta(days=1))
    assert before == {"DEPOSITS_RISING": 0, "NIGHT_PLAY": 0, "WITHDRAWAL_REVERSED": 0}
    assert await mark(db, day) == {"DEPOSITS_RISING": 0, "NIGHT_PLAY": 0, "WITHDRAWAL_REVERSED": 2}
    iso = day.isoformat()
    assert await markers(db) == [
        (
            gambler,
            "WITHDRAWAL_REVERSED",
            iso,
            {"orderNo": order, "amount": "500.00", "stakedAfter": "550.00"},
        ),
        (
            spanning,
            "WITHDRAWAL_REVERSED",
            iso,
            {"orderNo": spanning_order, "amount": "500.00", "stakedAfter": "500.00"},
        ),
    ]
    # The day after: nothing new (each withdrawal is marked on the day its stakes reached it).
    assert (await mark(db, day + timedelta(days=1)))["WITHDRAWAL_REVERSED"] == 0


async def crafted(db: Database, day: date) -> dict[str, int]:
    """One member of each kind, and one ordinary member; their ids by kind."""
    rising, owl, gambler, ordinary = await members(db, "all", 4)
    for n in (0, 1, 2):
        await deposit(db, rising, 400_00, at(day - timedelta(days=n), 12))
        await bet(db, owl, 1_00, at(day - timedelta(days=n), 0, 30), count=7)
    await withdrawal(db, gambler, 100_00, at(day, 9), at(day, 9, 30))
    await bet(db, gambler, 100_00, at(day, 10))
    # An ordinary member: steady deposits, evening play, a withdrawal paid out, then a little play.
    for n in range(35):
        await deposit(db, ordinary, 200_00, at(day - timedelta(days=n), 19))
        await bet(db, ordinary, 5_00, at(day - timedelta(days=n), 20), count=5)
    await withdrawal(db, ordinary, 100_00, at(day, 9), at(day, 9, 30), status="REJECTED")
    await bet(db, ordinary, 100_00, at(day, 10))
    return {
        "DEPOSITS_RISING": rising,
        "NIGHT_PLAY": owl,
        "WITHDRAWAL_REVERSED": gambler,
        "ordinary": ordinary,
    }


async def test_two_runs_make_one_marker_each(db: Database) -> None:
    day = yesterday()
    who = await crafted(db, day)
    async with db.session() as session:
        first = await job.risk_markers(session)
    async with db.session() as session:
        second = await job.risk_markers(session)
    assert first == {"DEPOSITS_RISING": 1, "NIGHT_PLAY": 1, "WITHDRAWAL_REVERSED": 1}
    assert second == {"DEPOSITS_RISING": 0, "NIGHT_PLAY": 0, "WITHDRAWAL_REVERSED": 0}
    found = await markers(db)
    assert sorted((m, k, d) for m, k, d, _ in found) == sorted(
        (who[kind], kind, day.isoformat()) for kind in job.KINDS
    )
    assert who["ordinary"] not in {m for m, *_ in found}
    # The other brand's staff see none of them: the markers are the demo brand's.
    assert await markers(db, await merchant_id(db, "demo2")) == []


async def test_the_runner_runs_it_once_a_business_day(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, run, every in (
        ("protection.risk_markers", job.risk_markers, timedelta(hours=1)),
        ("protection.apply_pending", apply_due, timedelta(minutes=1)),
    ):
        monkeypatch.setitem(jobs.JOBS, name, Job(name, run, every))
    day = yesterday()
    await crafted(db, day)
    assert await run_job(db, "protection.risk_markers", runner="test") == {
        "DEPOSITS_RISING": 1,
        "NIGHT_PLAY": 1,
        "WITHDRAWAL_REVERSED": 1,
    }
    assert await run_job(db, "protection.risk_markers", runner="test") == {"skipped": 1}
    assert len(await markers(db)) == 3
    assert await run_job(db, "protection.apply_pending", runner="test") == 0


async def test_another_brand_marked_for_itself(db: Database) -> None:
    day = yesterday()
    theirs = await member_id(db, "player1", "demo2")
    for n in (0, 1, 2):
        await bet(db, theirs, 1_00, at(day - timedelta(days=n), 4), count=7)
    assert (await mark(db, day))["NIGHT_PLAY"] == 0
    assert (await mark(db, day, "demo2"))["NIGHT_PLAY"] == 1
    assert await markers(db, await merchant_id(db, "demo2")) == [
        (theirs, "NIGHT_PLAY", day.isoformat(), {"nights": 3, "bets": 21})
    ]
