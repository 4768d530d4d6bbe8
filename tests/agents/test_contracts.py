"""Contracts and the daily salary: the rate rule, offers accepted once, and settlements that pay each
(contract, day) exactly once however the job runs (twice, at once, after a crash midway, late), each
amount computed here independently from the bets the test placed, and the ledger balanced."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import httpx
import pytest
from sqlalchemy import func, select, update

from server.agents import salary
from server.agents.models import DAILY_SALARY, AgentContract, AgentSettlement
from server.db.base import utcnow
from server.db.session import Database
from server.wallet.models import LedgerTransfer
from server.wallet.reconcile import check_ledger
from tests.agents.test_agent_centre import AGENT, add_play, headers, tree
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
SALARY = "/wps/agent/contracts"


def tier(min_valid_bet: str, members: int, rate: int) -> dict[str, object]:
    return {"minValidBet": min_valid_bet, "minActiveMembers": members, "rateBps": rate}


async def backdate(db: Database, days: int) -> None:
    async with db.session() as session:
        await session.execute(update(AgentContract).values(accepted_at=utcnow() - timedelta(days=days)))


def yesterday_noon() -> datetime:
    return salary.day_start(utcnow()) - timedelta(hours=12)


async def test_offers_follow_the_rate_rule_and_are_accepted_once(
    client: httpx.AsyncClient, db: Database
) -> None:
    ids = await tree(client, db)
    agent, sub = await headers(db, "agent1"), await headers(db, "subagent1")
    offer = {"memberId": ids["subagent1"], "kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 50)]}
    # subagent1 has no contract of its own yet: it may offer its own sub-agent nothing.
    below = ok(
        await client.post(
            f"{AGENT}/team/members",
            json={"username": "subagent2", "password": "Sub23456", "type": 1},
            headers=sub,
        )
    )
    nothing = {**offer, "memberId": below["id"]}
    refused = failed(await client.post(SALARY, json=nothing, headers=sub), 422, "AGENT_RATE_ABOVE_UPLINE")
    assert refused["uplineRateBps"] == 0
    # agent1's own (the demo merchant's, seeded) pays at best 150 bps.
    above = {**offer, "tiers": [tier("0.00", 1, 50), tier("100.00", 2, 151)]}
    refused = failed(await client.post(SALARY, json=above, headers=agent), 422, "AGENT_RATE_ABOVE_UPLINE")
    assert refused["uplineRateBps"] == 150
    for target in (ids["player1"], ids["deepone1"]):
        refused = await client.post(SALARY, json={**offer, "memberId": target}, headers=agent)
        failed(refused, 422, "AGENT_CONTRACT_NOT_AGENT")
    failed(
        await client.post(SALARY, json={**offer, "memberId": ids["player3"]}, headers=agent),
        404,
        "AGENT_DOWNLINE_NOT_FOUND",
    )
    for bad in (
        [tier("0.00", 1, 0)],
        [tier("-1.00", 1, 10)],
        [tier("0.00", 1, 60), tier("10.00", 1, 50)],
        [],
    ):
        failed(
            await client.post(SALARY, json={**offer, "tiers": bad}, headers=agent), 422, "VALIDATION_ERROR"
        )

    made = ok(await client.post(SALARY, json=offer, headers=agent))
    assert (made["status"], made["upline"], made["downline"]) == ("OFFERED", "agent1", "subagent1")
    failed(await client.post(SALARY, json=offer, headers=agent), 409, "AGENT_CONTRACT_PENDING")
    cid = made["id"]
    failed(
        await client.post(f"{SALARY}/{cid}/accept", headers=agent), 404, "AGENT_CONTRACT_NOT_FOUND"
    )  # not its own
    failed(
        await client.post(f"{SALARY}/{cid}/accept", headers=await headers(db, "player1")), 403, "AGENT_ONLY"
    )
    assert ok(await client.post(f"{SALARY}/{cid}/accept", headers=sub))["status"] == "ACTIVE"
    failed(await client.post(f"{SALARY}/{cid}/accept", headers=sub), 409, "AGENT_CONTRACT_STATE")
    listed = ok(await client.get(SALARY, headers=sub))
    assert [(c["id"], c["status"]) for c in listed["mine"]] == [(cid, "ACTIVE")]
    assert [c["id"] for c in ok(await client.get(SALARY, headers=agent))["offered"]] == [cid]
    # A change is a new contract: accepted, it ends the one in force.
    again = ok(await client.post(SALARY, json={**offer, "tiers": [tier("0.00", 1, 80)]}, headers=agent))
    ok(await client.post(f"{SALARY}/{again['id']}/accept", headers=sub))
    statuses = {c["id"]: c["status"] for c in ok(await client.get(SALARY, headers=sub))["mine"]}
    assert statuses == {cid: "TERMINATED", again["id"]: "ACTIVE"}
    ok(await client.post(f"{SALARY}/{again['id']}/termination-request", headers=sub))
    failed(
        await client.post(f"{SALARY}/{again['id']}/terminate", headers=sub), 404, "AGENT_CONTRACT_NOT_FOUND"
    )
    assert ok(await client.post(f"{SALARY}/{again['id']}/terminate", headers=agent))["status"] == "TERMINATED"


async def test_the_daily_salary_pays_each_day_once_to_the_minor_unit(
    client: httpx.AsyncClient, db: Database
) -> None:
    async def twice() -> list[salary.Report]:
        return [
            await salary.settle_salaries(db, DAILY_SALARY),
            await salary.settle_salaries(db, DAILY_SALARY),
        ]

    await salary_scenario(client, db, twice)


async def salary_scenario(
    client: httpx.AsyncClient, db: Database, runs: Callable[[], Awaitable[list[salary.Report]]]
) -> None:
    """Two contracts (the merchant's with agent1, seeded; agent1's with subagent1) accepted three days
    ago, bets yesterday and today; `runs` runs the job (twice: one after the other, or at once)."""
    ids = await tree(client, db)
    agent, sub = await headers(db, "agent1"), await headers(db, "subagent1")
    offer = {
        "memberId": ids["subagent1"],
        "kind": DAILY_SALARY,
        "tiers": [tier("0.00", 1, 50), tier("500.00", 2, 100)],
    }
    made = ok(await client.post(SALARY, json=offer, headers=agent))
    ok(await client.post(f"{SALARY}/{made['id']}/accept", headers=sub))
    await backdate(db, 3)
    yesterday = salary.day_start(utcnow()) - timedelta(days=1)
    # Yesterday: deepone1 (subagent1's team, agent1's level 2) staked 600.00 in two bets; player1 400.00.
    await add_play(db, "deepone1", staked=45_000, won=0, days_ago=1)
    await add_play(db, "deepone1", staked=15_000, won=90_000, days_ago=1, round_suffix="b")
    await add_play(db, "player1", staked=40_000, won=0, days_ago=1)
    await add_play(db, "player3", staked=1_000_000, won=0, days_ago=1)  # nobody's team
    await add_play(db, "player1", staked=77_700, won=0, days_ago=0)  # today: not closed yet

    # Independently: agent1's team staked 1,000.00 with 2 active members → the 150 bps tier → 15.00;
    # subagent1's team 600.00 with 1 active member → the 50 bps tier → 3.00.
    expected = {ids["agent1"]: 1_500, ids["subagent1"]: 300}
    # A crash midway: one day of one contract settled, then the run catches up the rest.
    first_contract = await first_contract_id(db)
    assert await salary.settle_period(db, first_contract, yesterday) is True
    reports = await runs()
    assert sum(r.paid for r in reports) == 1  # the other contract's yesterday; the first was paid above
    assert (await salary.settle_salaries(db, DAILY_SALARY)) == salary.Report(
        0, 0, 0
    )  # nothing left, nothing tried

    async with db.read_session() as session:
        rows = (
            await session.scalars(
                select(AgentSettlement).order_by(AgentSettlement.member_id, AgentSettlement.period_start)
            )
        ).all()
        paid = {r.member_id: r.amount for r in rows if r.amount}
        transfers = await session.scalar(
            select(func.count()).select_from(LedgerTransfer).where(LedgerTransfer.kind == "AGENT_SALARY")
        )
        findings = await check_ledger(session)
    assert paid == expected
    assert transfers == 2
    assert len(rows) == 2 * 3  # three days each (accepted three days ago), the quiet ones settled at 0
    yesterday_rows = {
        r.member_id: (r.valid_bet, r.active_members, r.rate_bps) for r in rows if r.period_start == yesterday
    }
    assert yesterday_rows == {ids["agent1"]: (100_000, 2, 150), ids["subagent1"]: (60_000, 1, 50)}
    assert findings.clean, findings

    income = ok(await client.get(f"{AGENT}/income", headers=sub))
    assert income["totalPaid"] == "3.00"
    newest = income["list"][0]
    assert (newest["amount"], newest["validBet"], newest["rateBps"]) == ("3.00", "600.00", 50)
    assert ok(await client.get("/wps/v2/wallets/balance", headers=sub))["sumBalance"] == "3.00"
    assert ok(await client.get(f"{AGENT}/income", headers=agent))["totalPaid"] == "15.00"


async def first_contract_id(db: Database) -> int:
    async with db.read_session() as session:
        found = await session.scalar(select(func.min(AgentContract.id)))
    assert found is not None
    return int(found)


async def test_the_consolidated_call_counts_offers_waiting_and_contracts_held(
    client: httpx.AsyncClient, db: Database
) -> None:
    ids = await tree(client, db)
    agent, sub = await headers(db, "agent1"), await headers(db, "subagent1")
    consolidated = "/wps/member/info/funds/consolidated"
    assert ok(await client.get(consolidated, headers=sub))["dailysalreqtype"] == 0
    assert ok(await client.get(consolidated, headers=agent))["dailysalinfotype"] == 1  # the seeded one
    made = ok(
        await client.post(
            SALARY,
            json={"memberId": ids["subagent1"], "kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 50)]},
            headers=agent,
        )
    )
    waiting = ok(await client.get(consolidated, headers=sub))
    assert (waiting["dailysalreqtype"], waiting["dailysalinfotype"]) == (1, 0)
    ok(await client.post(f"{SALARY}/{made['id']}/accept", headers=sub))
    held = ok(await client.get(consolidated, headers=sub))
    assert (held["dailysalreqtype"], held["dailysalinfotype"]) == (0, 1)
    player = ok(await client.get(consolidated, headers=await headers(db, "player1")))
    assert set(player.values()) == {0}
    other = await headers(db, "player1", "demo2")  # demo2 keeps the agent policy off
    failed(await client.get(consolidated, headers=other), 403, "MODULE_DISABLED")
