"""The hourly salary (each closed hour of the business zone paid once, from the bets settled in it) and the
rate rule of SPEC §4 (an agent accepting a contract below the ones it gave its team confirms first, and
those contracts end with the acceptance)."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import func, select, update

from server.accounts.models import Member
from server.agents import salary
from server.agents.models import DAILY_SALARY, HOURLY_SALARY, AgentContract, AgentSettlement
from server.db.base import utcnow
from server.db.session import Database
from server.wallet.models import LedgerTransfer
from server.wallet.reconcile import check_ledger
from tests.agents.test_admin_agents import ADMIN, staff
from tests.agents.test_agent_centre import AGENT, add_play, headers, tree
from tests.agents.test_contracts import SALARY, tier
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def accepted(
    client: httpx.AsyncClient,
    offer_headers: dict[str, str],
    url: str,
    offer: dict[str, object],
    taker: dict[str, str],
) -> int:
    made = ok(await client.post(url, json=offer, headers=offer_headers))
    ok(await client.post(f"{SALARY}/{made['id']}/accept", headers=taker))
    return int(made["id"])


async def test_the_hourly_salary_pays_each_closed_hour_once_to_the_minor_unit(
    client: httpx.AsyncClient, db: Database
) -> None:
    ids = await tree(client, db)
    operator, agent, sub = (
        await staff(db, "admin1"),
        await headers(db, "agent1"),
        await headers(db, "subagent1"),
    )
    hourly: dict[str, object] = {"kind": HOURLY_SALARY, "tiers": [tier("0.00", 1, 20), tier("500.00", 2, 40)]}
    await accepted(client, operator, f"{ADMIN}/{ids['agent1']}/contracts", hourly, agent)
    # The console's list: the daily contract where it always was, and both kinds in force.
    row = next(r for r in ok(await client.get(ADMIN, headers=operator))["list"] if r["username"] == "agent1")
    assert (row["contract"]["kind"], [c["kind"] for c in row["contracts"]]) == (
        DAILY_SALARY,
        [DAILY_SALARY, HOURLY_SALARY],
    )
    above = {"memberId": ids["subagent1"], "kind": HOURLY_SALARY, "tiers": [tier("0.00", 1, 41)]}
    refused = failed(await client.post(SALARY, json=above, headers=agent), 422, "AGENT_RATE_ABOVE_UPLINE")
    assert refused["uplineRateBps"] == 40  # the hourly contract's, not the daily one's 150
    await accepted(
        client, agent, SALARY, {**above, "tiers": [tier("0.00", 1, 10), tier("300.00", 1, 30)]}, sub
    )

    now = utcnow()
    current = salary.hour_start(now)
    async with db.session() as session:  # both accepted in the hour three hours back
        await session.execute(
            update(AgentContract)
            .where(AgentContract.kind == HOURLY_SALARY)
            .values(accepted_at=current - timedelta(hours=3) + timedelta(minutes=5))
        )
    # The hour before this one: deepone1 (subagent1's team, agent1's level 2) 350.00, player1 200.00;
    # two hours back: player1 100.00; this hour (not closed): player1 999.00; a day's bets at the edge.
    await add_play(
        db, "deepone1", staked=35_000, won=0, at=current - timedelta(minutes=30), round_suffix="h1"
    )
    await add_play(
        db, "player1", staked=20_000, won=5_000, at=current - timedelta(minutes=1), round_suffix="h1"
    )
    await add_play(db, "player1", staked=10_000, won=0, at=current - timedelta(minutes=61), round_suffix="h2")
    await add_play(db, "player1", staked=99_900, won=0, at=now, round_suffix="h0")
    await add_play(db, "player3", staked=500_000, won=0, at=current - timedelta(minutes=30), round_suffix="x")

    # Independently: the hour before, agent1's team staked 550.00 with 2 active → 40 bps → 2.20; subagent1's
    # 350.00 with 1 → 30 bps → 1.05. Two hours back agent1's 100.00 with 1 → 20 bps → 0.20; subagent1 nothing.
    first = await salary.settle_salaries(db, HOURLY_SALARY, now)
    assert (first.settled, first.paid) == (6, 3)  # three hours for each contract, three of them earned
    assert await salary.settle_salaries(db, HOURLY_SALARY, now) == salary.Report(0, 0, 0)
    assert (await salary.settle_salaries(db, DAILY_SALARY, now)).paid == 0  # the daily one is not due today

    async with db.read_session() as session:
        rows = (
            await session.scalars(
                select(AgentSettlement)
                .where(AgentSettlement.kind == HOURLY_SALARY)
                .order_by(AgentSettlement.member_id, AgentSettlement.period_start)
            )
        ).all()
        transfers = await session.scalar(
            select(func.count()).select_from(LedgerTransfer).where(LedgerTransfer.kind == "AGENT_SALARY")
        )
        findings = await check_ledger(session)
    earned = {
        (r.member_id, r.period_start): (r.valid_bet, r.active_members, r.rate_bps, r.amount) for r in rows
    }
    assert earned == {
        (ids["agent1"], current - timedelta(hours=3)): (0, 0, 0, 0),
        (ids["agent1"], current - timedelta(hours=2)): (10_000, 1, 20, 20),
        (ids["agent1"], current - timedelta(hours=1)): (55_000, 2, 40, 220),
        (ids["subagent1"], current - timedelta(hours=3)): (0, 0, 0, 0),
        (ids["subagent1"], current - timedelta(hours=2)): (0, 0, 0, 0),
        (ids["subagent1"], current - timedelta(hours=1)): (35_000, 1, 30, 105),
    }
    assert all(r.period_end - r.period_start == timedelta(hours=1) for r in rows)
    assert transfers == 3
    assert findings.clean, findings
    assert ok(await client.get(f"{AGENT}/income", headers=agent))["totalPaid"] == "2.40"
    assert ok(await client.get(f"{AGENT}/income", headers=sub))["list"][0]["kind"] == HOURLY_SALARY
    held = ok(await client.get("/wps/member/info/funds/consolidated", headers=sub))
    assert (held["contracthoursalinfo"], held["dailysalinfotype"]) == (1, 0)


async def test_accepting_a_lower_rate_ends_the_contracts_below_that_pay_more_once_confirmed(
    client: httpx.AsyncClient, db: Database
) -> None:
    ids = await tree(client, db)
    operator, agent, sub = (
        await staff(db, "admin1"),
        await headers(db, "agent1"),
        await headers(db, "subagent1"),
    )
    below = ok(
        await client.post(
            f"{AGENT}/team/members",
            json={"username": "subagent2", "password": "Sub23456", "type": 1},
            headers=sub,
        )
    )
    async with db.session() as session:  # its first password, set by its upline, changed already
        await session.execute(
            update(Member).where(Member.id == below["id"]).values(must_change_password=False)
        )
    sub2 = await headers(db, "subagent2")
    # agent1 holds the seeded 150 bps; subagent1 takes 120, subagent2 100 from subagent1.
    daily = {"memberId": ids["subagent1"], "kind": DAILY_SALARY}
    at_120 = await accepted(client, agent, SALARY, {**daily, "tiers": [tier("0.00", 1, 120)]}, sub)
    at_100 = await accepted(
        client, sub, SALARY, {**daily, "memberId": below["id"], "tiers": [tier("0.00", 1, 100)]}, sub2
    )
    waiting_130 = ok(
        await client.post(SALARY, json={**daily, "tiers": [tier("0.00", 1, 130)]}, headers=agent)
    )
    lower = ok(
        await client.post(
            f"{ADMIN}/{ids['agent1']}/contracts",
            json={"kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 90), tier("100.00", 1, 110)]},
            headers=operator,
        )
    )

    asked = failed(
        await client.post(f"{SALARY}/{lower['id']}/accept", headers=agent), 409, "AGENT_CONTRACT_CONFIRM"
    )
    assert asked["contracts"] == [
        {"id": at_120, "downline": "subagent1", "status": "ACTIVE", "rateBps": 120},
        {"id": waiting_130["id"], "downline": "subagent1", "status": "OFFERED", "rateBps": 130},
    ]
    statuses = {c["id"]: c["status"] for c in ok(await client.get(SALARY, headers=agent))["offered"]}
    assert statuses[at_120] == "ACTIVE"  # nothing changed without the confirmation
    unconfirmed = await client.post(f"{SALARY}/{lower['id']}/accept", json={"confirm": False}, headers=agent)
    failed(unconfirmed, 409, "AGENT_CONTRACT_CONFIRM")

    done = ok(await client.post(f"{SALARY}/{lower['id']}/accept", json={"confirm": True}, headers=agent))
    assert done["status"] == "ACTIVE"
    mine = {c["id"]: c["status"] for c in ok(await client.get(SALARY, headers=agent))["mine"]}
    assert sorted(mine.values()) == ["ACTIVE", "TERMINATED"]  # the seeded one ended, the new one in force
    offered = {c["id"]: c["status"] for c in ok(await client.get(SALARY, headers=agent))["offered"]}
    assert offered == {at_120: "TERMINATED", waiting_130["id"]: "TERMINATED"}
    # subagent2's 100 bps is within the new 110: it stays.
    assert {c["id"]: c["status"] for c in ok(await client.get(SALARY, headers=sub2))["mine"]} == {
        at_100: "ACTIVE"
    }
    # Without a contract subagent1 may offer nothing more; agent1 may offer up to 110 now.
    again = {**daily, "tiers": [tier("0.00", 1, 111)]}
    assert (
        failed(await client.post(SALARY, json=again, headers=agent), 422, "AGENT_RATE_ABOVE_UPLINE")[
            "uplineRateBps"
        ]
        == 110
    )
    # No confirmation is asked when nothing below pays more.
    plain = ok(
        await client.post(
            f"{ADMIN}/{ids['agent1']}/contracts",
            json={"kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 105)]},
            headers=operator,
        )
    )
    assert ok(await client.post(f"{SALARY}/{plain['id']}/accept", headers=agent))["status"] == "ACTIVE"
