"""Agent races on Postgres, each request and each run on connections of its own: an offer accepted by three
clicks at once becomes one contract in force; two settlement runs at once pay each (contract, day) once,
in one-period batches too, and daily and hourly runs at once (other rows, the same house accounts) neither
deadlock nor pay twice."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from server.agents import salary
from server.agents.models import DAILY_SALARY, HOURLY_SALARY
from server.db.session import Database
from server.wallet.reconcile import check_ledger
from tests.agents.test_agent_centre import AGENT, fund_agent, headers, tree
from tests.agents.test_contracts import SALARY, salary_scenario, tier
from tests.agents.test_salary_batches import assert_paid_once, many_agents
from tests.support.accounts import token_for
from tests.support.portal import Portal, ok

PgClient = tuple[httpx.AsyncClient, Database]


async def test_three_accepts_at_once_make_one_contract_in_force(pg_client: PgClient) -> None:
    client, db = pg_client
    ids = await tree(client, db)
    offer = {"memberId": ids["subagent1"], "kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 50)]}
    made = ok(await client.post(SALARY, json=offer, headers=await headers(db, "agent1")))
    clicks = [await headers(db, "subagent1") for _ in range(3)]  # three tabs, three logins
    answers = await asyncio.gather(*(client.post(f"{SALARY}/{made['id']}/accept", headers=h) for h in clicks))
    assert sorted(a.status_code for a in answers) == [200, 409, 409], [a.text for a in answers]
    assert {a.json()["errorCode"] for a in answers if a.status_code == 409} == {"AGENT_CONTRACT_STATE"}


async def test_two_settlement_runs_at_once_pay_each_day_once(pg_client: PgClient) -> None:
    client, db = pg_client

    async def at_once() -> list[salary.Report]:
        return list(
            await asyncio.gather(
                salary.settle_salaries(db, DAILY_SALARY), salary.settle_salaries(db, DAILY_SALARY)
            )
        )

    await salary_scenario(client, db, at_once)


async def test_two_runs_at_once_in_batches_of_one_pay_each_day_once(
    pg_client: PgClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(salary, "BATCH", 1)
    await test_two_settlement_runs_at_once_pay_each_day_once(pg_client)


async def test_daily_and_hourly_runs_at_once_pay_each_period_once(
    pg_client: PgClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs of each kind at once, in batches of three: the same kind's runs meet the same rows (one
    waits for the other's batch, then skips its rows), the other kind's share the merchant's promotion
    expense shards (each batch locks its accounts in one order)."""
    _, db = pg_client
    monkeypatch.setattr(salary, "BATCH", 3)
    daily, hourly = await many_agents(db, 8, DAILY_SALARY), await many_agents(db, 8, HOURLY_SALARY)
    reports = await asyncio.gather(
        salary.settle_salaries(db, DAILY_SALARY, daily.now, agents=daily.ids),
        salary.settle_salaries(db, HOURLY_SALARY, hourly.now, agents=hourly.ids),
        salary.settle_salaries(db, DAILY_SALARY, daily.now, agents=daily.ids),
        salary.settle_salaries(db, HOURLY_SALARY, hourly.now, agents=hourly.ids),
    )
    for runs, agents in ((reports[0::2], daily), (reports[1::2], hourly)):
        assert sum(r.settled for r in runs) == len(agents.earned)
        assert sum(r.paid for r in runs) == sum(1 for amount in agents.earned.values() if amount)
    await assert_paid_once(db, daily, DAILY_SALARY)
    await assert_paid_once(db, hourly, HOURLY_SALARY)


async def test_payments_at_once_beyond_the_balance_pay_what_the_wallet_holds(pg_client: PgClient) -> None:
    """Five payments of 300.00 at once from 1,000.00: three are paid, two refused, the ledger balanced."""
    client, db = pg_client
    await tree(client, db)
    await fund_agent(db, 100_000)
    portals = []
    for _ in range(5):  # one login per request, as five tabs would
        portal = Portal(client)
        portal.token = (await headers(db, "agent1"))["Authorization"]
        portals.append(portal)
    answers = await asyncio.gather(
        *(
            p.call(
                "POST",
                f"{AGENT}/transfers/downline",
                {
                    "username": "deepone1",
                    "amount": "300.00",
                    "paymentPassword": "246810",
                    "requestId": f"req-race-{n}",
                },
                encrypted=True,
            )
            for n, p in enumerate(portals)
        )
    )
    assert sorted(a.status_code for a in answers) == [200, 200, 200, 422, 422], [a.text for a in answers]
    assert {a.json()["errorCode"] for a in answers if a.status_code == 422} == {"INSUFFICIENT_FUNDS"}
    async with db.read_session() as session:
        findings = await check_ledger(session)
    assert findings.clean, findings


async def test_an_offer_made_while_its_maker_accepts_a_lower_rate_never_stays_above_it(
    pg_client: PgClient,
) -> None:
    """agent1 confirms a merchant contract at 110 bps while, in another tab, it offers subagent1 140 (under
    its old 150): whichever goes first, no contract below agent1 is left open above 110."""
    client, db = pg_client
    ids = await tree(client, db)
    operator = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "admin1", staff=True)}
    lower = ok(
        await client.post(
            f"/wps/admin/agents/{ids['agent1']}/contracts",
            json={"kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 110)]},
            headers=operator,
        )
    )
    tabs = [await headers(db, "agent1") for _ in range(2)]
    offer = {"memberId": ids["subagent1"], "kind": DAILY_SALARY, "tiers": [tier("0.00", 1, 140)]}
    accepting, offering = await asyncio.gather(
        client.post(f"{SALARY}/{lower['id']}/accept", json={"confirm": True}, headers=tabs[0]),
        client.post(SALARY, json=offer, headers=tabs[1]),
    )
    assert accepting.status_code == 200, accepting.text
    # Offered first: the acceptance ended it. Offered after: refused against the new rate.
    if offering.status_code == 200:
        offered = ok(await client.get(SALARY, headers=tabs[0]))["offered"]
        assert [c["status"] for c in offered] == ["TERMINATED"]
    else:
        assert offering.json()["errorCode"] == "AGENT_RATE_ABOVE_UPLINE", offering.text
        assert offering.json()["value"]["uplineRateBps"] == 110
