"""The real-time salary: every five minutes (a minute after they close), each agent with a real-time contract
is paid its rates on the stakes of its team's settled bets, on what members lost on the bets they lost and on
what they won on the bets they won; once per (contract, five minutes), however many runs."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import httpx
import pytest
from sqlalchemy import func, select, update

from server.agents import salary
from server.agents.models import REALTIME_SALARY, AgentContract, AgentSettlement
from server.db.base import utcnow
from server.db.session import Database
from server.wallet.models import LedgerTransfer
from server.wallet.reconcile import check_ledger
from tests.agents.test_admin_agents import ADMIN, staff
from tests.agents.test_agent_centre import AGENT, add_play, headers, tree
from tests.agents.test_contracts import SALARY, tier
from tests.support.portal import failed, ok

PgClient = tuple[httpx.AsyncClient, Database]
Settle = Callable[[datetime], Awaitable[list[salary.Report]]]


def rates(rate: int, loss: int, profit: int) -> dict[str, object]:
    return {**tier("0.00", 0, rate), "lossRateBps": loss, "profitRateBps": profit}


async def realtime_scenario(client: httpx.AsyncClient, db: Database, settle: Settle) -> dict[str, int]:
    ids = await tree(client, db)
    operator, agent, sub = (
        await staff(db, "admin1"),
        await headers(db, "agent1"),
        await headers(db, "subagent1"),
    )
    terms = {"kind": REALTIME_SALARY, "tiers": [rates(50, 100, 20)]}
    made = ok(await client.post(f"{ADMIN}/{ids['agent1']}/contracts", json=terms, headers=operator))
    assert [(t["rateBps"], t["lossRateBps"], t["profitRateBps"]) for t in made["tiers"]] == [(50, 100, 20)]
    ok(await client.post(f"{SALARY}/{made['id']}/accept", headers=agent))

    offer = {"memberId": ids["subagent1"], "kind": REALTIME_SALARY}
    above = failed(
        await client.post(SALARY, json={**offer, "tiers": [rates(30, 101, 0)]}, headers=agent),
        422,
        "AGENT_RATE_ABOVE_UPLINE",
    )
    assert above == {"uplineRateBps": 50, "uplineLossRateBps": 100, "uplineProfitRateBps": 20}
    two = {**offer, "tiers": [rates(10, 0, 0), {**rates(20, 0, 0), "minValidBet": "10.00"}]}
    assert failed(await client.post(SALARY, json=two, headers=agent), 422, "VALIDATION_ERROR") == {
        "fields": [{"field": "tiers", "type": "count"}]
    }
    daily_with_loss = {**offer, "kind": "DAILY_SALARY", "tiers": [rates(10, 5, 0)]}
    failed(await client.post(SALARY, json=daily_with_loss, headers=agent), 422, "VALIDATION_ERROR")
    given = ok(await client.post(SALARY, json={**offer, "tiers": [rates(30, 100, 0)]}, headers=agent))
    ok(await client.post(f"{SALARY}/{given['id']}/accept", headers=sub))
    held = ok(await client.get("/wps/member/info/funds/consolidated", headers=sub))
    assert (held["realtimesalinfotype"], held["realtimesalreqtype"]) == (1, 0)

    now = salary.window_start(utcnow()) + timedelta(minutes=2)  # the current five minutes, past their grace
    w3, w2, w1 = (salary.window_start(now) - salary.WINDOW * n for n in (3, 2, 1))
    async with db.session() as session:
        await session.execute(
            update(AgentContract)
            .where(AgentContract.kind == REALTIME_SALARY)
            .values(accepted_at=w3 + timedelta(minutes=1))
        )
    # Two windows back: player1 lost 100.00; deepone1 (subagent1's) staked 50.00 and won 80.00 (won 30.00).
    await add_play(db, "player1", staked=10_000, won=0, at=w2 + timedelta(seconds=10), round_suffix="r2")
    await add_play(db, "deepone1", staked=5_000, won=8_000, at=w2 + timedelta(minutes=4), round_suffix="r2")
    # The last window: player2 won 5.00 on one bet (20.00 staked) and lost 10.00 on another.
    await add_play(db, "player2", staked=2_000, won=2_500, at=w1, round_suffix="r1a")
    await add_play(
        db, "player2", staked=1_000, won=0, at=w1 + timedelta(minutes=4, seconds=59), round_suffix="r1b"
    )
    # The current five minutes are not closed; player3 is nobody's.
    await add_play(db, "player1", staked=99_900, won=0, at=now - timedelta(seconds=30), round_suffix="r0")
    await add_play(db, "player3", staked=50_000, won=0, at=w2, round_suffix="x")

    reports = await settle(now)
    assert (sum(r.settled for r in reports), sum(r.paid for r in reports)) == (6, 3)
    assert await salary.settle_salaries(db, REALTIME_SALARY, now) == salary.Report(0, 0, 0)

    async with db.read_session() as session:
        rows = (
            await session.scalars(select(AgentSettlement).where(AgentSettlement.kind == REALTIME_SALARY))
        ).all()
        transfers = await session.scalar(
            select(func.count()).select_from(LedgerTransfer).where(LedgerTransfer.kind == "AGENT_SALARY")
        )
        findings = await check_ledger(session)
    found = {
        (r.member_id, r.period_start): (r.valid_bet, r.lost, r.won, r.rate_bps, r.loss_rate_bps, r.amount)
        for r in rows
    }
    # Independently: agent1 two windows back (150.00 * 0.5 % + 100.00 * 1 % + 30.00 * 0.2 %) = 1.81, the
    # last window (30.00 * 0.5 % + 10.00 * 1 % + 5.00 * 0.2 %) = 0.26; subagent1 50.00 * 0.3 % = 0.15.
    assert found == {
        # A window with no play meets the one tier (no minimum), and pays 0.
        (ids["agent1"], w3): (0, 0, 0, 50, 100, 0),
        (ids["agent1"], w2): (15_000, 10_000, 3_000, 50, 100, 181),
        (ids["agent1"], w1): (3_000, 1_000, 500, 50, 100, 26),
        (ids["subagent1"], w3): (0, 0, 0, 30, 100, 0),
        (ids["subagent1"], w2): (5_000, 0, 3_000, 30, 100, 15),
        (ids["subagent1"], w1): (0, 0, 0, 30, 100, 0),
    }
    assert all(r.period_end - r.period_start == salary.WINDOW for r in rows)
    assert transfers == 3
    assert findings.clean, findings
    return ids


@pytest.mark.usefixtures("demo")
async def test_the_real_time_salary_pays_each_five_minutes_once(
    client: httpx.AsyncClient, db: Database
) -> None:
    async def once(now: datetime) -> list[salary.Report]:
        return [await salary.settle_salaries(db, REALTIME_SALARY, now)]

    ids = await realtime_scenario(client, db, once)
    agent, sub = await headers(db, "agent1"), await headers(db, "subagent1")
    income = ok(await client.get(f"{AGENT}/income", headers=agent))
    assert income["totalPaid"] == "2.07"
    latest = income["list"][0]
    assert (latest["kind"], latest["lost"], latest["won"], latest["lossRateBps"]) == (
        REALTIME_SALARY,
        "10.00",
        "5.00",
        100,
    )

    # Line by line: the bets the five minutes two back were worked out from, and their figures.
    earlier = next(r for r in income["list"] if r["amount"] == "1.81")
    explained = ok(await client.get(f"{AGENT}/income/{earlier['id']}/bets", headers=agent))
    assert sorted((b["username"], b["level"], b["betAmount"], b["winAmount"]) for b in explained["list"]) == [
        ("deepone1", 2, "50.00", "80.00"),
        ("player1", 1, "100.00", "0.00"),
    ]
    assert (explained["validBet"], explained["lost"], explained["won"], explained["activeMembers"]) == (
        "150.00",
        "100.00",
        "30.00",
        2,
    )
    assert explained["totals"]["betAmount"] == explained["validBet"]
    assert explained["settlement"]["amount"] == "1.81"
    # subagent1's own, read by it and by agent1 (whose contract it is; levels below the agent it paid), not
    # agent1's by subagent1.
    theirs = ok(await client.get(f"{AGENT}/income", headers=sub))["list"]
    paid = next(r for r in theirs if r["amount"] == "0.15")
    for reader in (sub, agent):
        shown = ok(await client.get(f"{AGENT}/income/{paid['id']}/bets", headers=reader))
        assert [(b["username"], b["level"]) for b in shown["list"]] == [("deepone1", 1)]
    failed(
        await client.get(f"{AGENT}/income/{earlier['id']}/bets", headers=sub),
        404,
        "AGENT_SETTLEMENT_NOT_FOUND",
    )
    failed(
        await client.get(f"{AGENT}/income/{earlier['id']}/bets", headers=await headers(db, "player1")),
        403,
        "AGENT_ONLY",
    )
    operator = await staff(db, "admin1")
    console = ok(await client.get(f"{ADMIN}/settlements/{earlier['id']}/bets", headers=operator))
    assert (console["total"], console["validBet"]) == (2, "150.00")
    assert ids["agent1"]


async def test_two_real_time_runs_at_once_pay_each_five_minutes_once(pg_client: PgClient) -> None:
    client, db = pg_client

    async def at_once(now: datetime) -> list[salary.Report]:
        return list(
            await asyncio.gather(
                salary.settle_salaries(db, REALTIME_SALARY, now),
                salary.settle_salaries(db, REALTIME_SALARY, now),
            )
        )

    await realtime_scenario(client, db, at_once)


def test_five_minutes_fall_on_the_clock() -> None:
    at = datetime.fromisoformat("2026-11-26T10:14:59.999+08:00")
    assert salary.window_start(at).isoformat() == "2026-11-26T02:10:00+00:00"
    assert salary.next_window(salary.window_start(at)).isoformat() == "2026-11-26T02:15:00+00:00"
