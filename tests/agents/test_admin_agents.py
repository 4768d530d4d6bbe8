"""The console's Agents page: who may read it and who may change the merchant's contracts; the list, one
agent's uplines, members, contracts and pay; the merchant's offer accepted in the agent's portal; nothing of
another merchant's."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from server.admin.models import AuditEntry
from server.agents import salary
from server.agents.models import DAILY_SALARY
from server.db.session import Database
from tests.agents.test_agent_centre import AGENT, add_play, headers, tree
from tests.agents.test_contracts import SALARY, backdate, tier
from tests.support.accounts import member_id, token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
ADMIN = "/wps/admin/agents"


async def staff(db: Database, username: str, merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, username, staff=True)}


async def test_operators_see_the_tree_and_offer_the_merchants_contracts(
    client: httpx.AsyncClient, db: Database
) -> None:
    ids = await tree(client, db)
    operator = await staff(db, "admin1")
    listed = ok(await client.get(ADMIN, headers=operator))
    rows = {r["username"]: r for r in listed["list"]}
    assert set(rows) == {"agent1", "subagent1"}
    assert (rows["agent1"]["directMembers"], rows["agent1"]["upline"]) == (3, None)
    assert [t["rateBps"] for t in rows["agent1"]["contract"]["tiers"]] == [100, 150]
    assert (rows["subagent1"]["upline"], rows["subagent1"]["contract"]) == ("agent1", None)

    detail = ok(await client.get(f"{ADMIN}/{ids['subagent1']}", headers=operator))
    assert detail["uplines"] == ["agent1"]
    assert [m["username"] for m in detail["members"]] == ["deepone1"]
    failed(await client.get(f"{ADMIN}/{ids['player1']}", headers=operator), 404, "NOT_FOUND")  # not an agent
    failed(
        await client.get(f"{ADMIN}/{ids['agent1']}", headers=await staff(db, "admin1", "demo2")),
        404,
        "NOT_FOUND",
    )

    # The merchant offers contracts to first-level agents only; agent1's own offers go to its agents.
    offer = {"kind": "DAILY_SALARY", "tiers": [tier("0.00", 1, 120)]}
    failed(
        await client.post(f"{ADMIN}/{ids['subagent1']}/contracts", json=offer, headers=operator),
        404,
        "AGENT_DOWNLINE_NOT_FOUND",
    )
    made = ok(await client.post(f"{ADMIN}/{ids['agent1']}/contracts", json=offer, headers=operator))
    assert (made["status"], made["upline"]) == ("OFFERED", None)
    agent = await headers(db, "agent1")
    assert ok(await client.post(f"{SALARY}/{made['id']}/accept", headers=agent))["status"] == "ACTIVE"
    again = {r["username"]: r for r in ok(await client.get(ADMIN, headers=operator))["list"]}
    assert [t["rateBps"] for t in again["agent1"]["contract"]["tiers"]] == [120]
    # The contract it made with its own agent is the agent's to end, not the merchant's.
    own = ok(
        await client.post(
            SALARY,
            json={"memberId": ids["subagent1"], "kind": "DAILY_SALARY", "tiers": [tier("0.00", 1, 60)]},
            headers=agent,
        )
    )
    failed(
        await client.post(f"{ADMIN}/contracts/{own['id']}/terminate", headers=operator),
        404,
        "AGENT_CONTRACT_NOT_FOUND",
    )
    ended = ok(await client.post(f"{ADMIN}/contracts/{made['id']}/terminate", headers=operator))
    assert ended["status"] == "TERMINATED"
    async with db.read_session() as session:
        actions = [
            a.action for a in (await session.scalars(select(AuditEntry).order_by(AuditEntry.id))).all()
        ]
    assert [a for a in actions if a.startswith("agents.")] == [
        "agents.contract_offer",
        "agents.contract_terminate",
    ]


async def test_who_may_read_and_change(client: httpx.AsyncClient, db: Database) -> None:
    agent_id = await member_id(db, "agent1")
    offer = {"kind": "DAILY_SALARY", "tiers": [tier("0.00", 1, 120)]}
    for username, read, change in (("support1", 403, 403), ("finance1", 200, 403), ("auditor1", 200, 403)):
        who = await staff(db, username)
        assert (await client.get(ADMIN, headers=who)).status_code == read, username
        assert (
            await client.post(f"{ADMIN}/{agent_id}/contracts", json=offer, headers=who)
        ).status_code == change
    failed(
        await client.get(ADMIN, headers=await headers(db, "agent1")), 401, "UNAUTHORIZED"
    )  # a member's login


async def test_the_agents_settlements_show_in_the_console(client: httpx.AsyncClient, db: Database) -> None:
    await tree(client, db)
    await backdate(db, 2)
    await add_play(db, "player1", staked=20_000, won=0, days_ago=1)
    await salary.settle_salaries(db, DAILY_SALARY)
    agent_id = await member_id(db, "agent1")
    detail = ok(await client.get(f"{ADMIN}/{agent_id}", headers=await staff(db, "finance1")))
    newest = detail["settlements"][0]
    assert (newest["validBet"], newest["rateBps"], newest["amount"]) == ("200.00", 100, "2.00")
    mine = ok(await client.get(f"{AGENT}/income", headers=await headers(db, "agent1")))
    assert mine["list"][0]["amount"] == "2.00"
