"""Dividends: a share of the team's net loss per period of the contract's cycle, less what the dividends below
take, with a losing stretch carried forward; settled by the job, paid when the upline approves (once)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from decimal import Decimal

import httpx
import pytest
from sqlalchemy import func, select, update

from server.agents import dividend
from server.agents.models import DIVIDEND, AgentContract, AgentSettlement
from server.agents.salary import PeriodFigures, Report
from server.db.base import utcnow
from server.db.session import Database
from server.wallet.models import LedgerTransfer
from server.wallet.reconcile import check_ledger
from tests.agents.test_admin_agents import ADMIN, staff
from tests.agents.test_agent_centre import AGENT, add_play, headers, sum_balance, tree
from tests.agents.test_contracts import SALARY, tier
from tests.support.portal import failed, ok

DIVIDENDS = f"{AGENT}/dividends"
PgClient = tuple[httpx.AsyncClient, Database]
Settle = Callable[[datetime], Awaitable[list[Report]]]


@pytest.mark.parametrize(
    ("cycle", "at", "start", "end"),
    [
        # Manila is UTC+8: a Manila midnight is 16:00 UTC the day before.
        ("DAILY", "2026-11-25T15:59:00+00:00", "2026-11-24T16:00:00+00:00", "2026-11-25T16:00:00+00:00"),
        # 2026-11-25 is a Wednesday: its week began on Monday the 23rd.
        ("WEEKLY", "2026-11-25T10:00:00+00:00", "2026-11-22T16:00:00+00:00", "2026-11-29T16:00:00+00:00"),
        (
            "SEMIMONTHLY",
            "2026-11-15T15:59:00+00:00",
            "2026-10-31T16:00:00+00:00",
            "2026-11-15T16:00:00+00:00",
        ),
        (
            "SEMIMONTHLY",
            "2026-11-15T16:00:00+00:00",
            "2026-11-15T16:00:00+00:00",
            "2026-11-30T16:00:00+00:00",
        ),
        (
            "SEMIMONTHLY",
            "2027-02-20T00:00:00+00:00",
            "2027-02-15T16:00:00+00:00",
            "2027-02-28T16:00:00+00:00",
        ),
        ("MONTHLY", "2027-01-31T16:30:00+00:00", "2027-01-31T16:00:00+00:00", "2027-02-28T16:00:00+00:00"),
        ("MONTHLY", "2026-12-31T15:00:00+00:00", "2026-11-30T16:00:00+00:00", "2026-12-31T16:00:00+00:00"),
    ],
)
def test_each_cycle_cuts_business_time_into_its_periods(cycle: str, at: str, start: str, end: str) -> None:
    found = dividend.cycle_start(cycle, datetime.fromisoformat(at))
    assert (found.isoformat(), dividend.cycle_after(cycle, found).isoformat()) == (start, end)


def test_the_dividend_formula() -> None:
    tiers = [{"minValidBet": 0, "minActiveMembers": 1, "rateBps": 2000}]
    figures = PeriodFigures(valid_bet=100_000, active_members=1, net_loss=10_001)
    assert dividend.dividend_of(tiers, figures, 0, 0) == (2000, 2000)  # 20 % of 100.01, floored
    assert dividend.dividend_of(tiers, figures, -10_001, 0) == (2000, 0)  # a carried loss eats it all
    assert dividend.dividend_of(tiers, figures, -1, 0) == (2000, 2000)
    assert dividend.dividend_of(tiers, figures, 0, 2_500) == (2000, 0)  # the lower ones took more
    assert dividend.dividend_of(tiers, PeriodFigures(0, 0, 50_000), 0, 0) == (0, 0)  # no tier met


async def dividend_scenario(client: httpx.AsyncClient, db: Database, settle: Settle) -> dict[str, int]:
    """agent1 holds the merchant's weekly dividend (20 %; 30 % from 1,000.00 valid bet and 2 active members)
    and gives subagent1 10 %; both since three weeks back. Returns the ids of the tree."""
    ids = await tree(client, db)
    operator, agent, sub = (
        await staff(db, "admin1"),
        await headers(db, "agent1"),
        await headers(db, "subagent1"),
    )
    terms = {"kind": DIVIDEND, "cycle": "WEEKLY", "tiers": [tier("0.00", 1, 2000), tier("1000.00", 2, 3000)]}
    made = ok(await client.post(f"{ADMIN}/{ids['agent1']}/contracts", json=terms, headers=operator))
    assert made["cycle"] == "WEEKLY"
    ok(await client.post(f"{SALARY}/{made['id']}/accept", headers=agent))

    offer = {"memberId": ids["subagent1"], "kind": DIVIDEND, "tiers": [tier("0.00", 1, 1000)]}
    failed(await client.post(SALARY, json=offer, headers=agent), 422, "VALIDATION_ERROR")  # no cycle
    wrong = failed(
        await client.post(SALARY, json={**offer, "cycle": "DAILY"}, headers=agent),
        422,
        "AGENT_DIVIDEND_CYCLE",
    )
    assert wrong == {"cycle": "WEEKLY"}
    above = {**offer, "cycle": "WEEKLY", "tiers": [tier("0.00", 1, 3001)]}
    failed(await client.post(SALARY, json=above, headers=agent), 422, "AGENT_RATE_ABOVE_UPLINE")
    salary_cycle = {**offer, "kind": "DAILY_SALARY", "cycle": "WEEKLY"}
    failed(await client.post(SALARY, json=salary_cycle, headers=agent), 422, "VALIDATION_ERROR")
    given = ok(await client.post(SALARY, json={**offer, "cycle": "WEEKLY"}, headers=agent))
    ok(await client.post(f"{SALARY}/{given['id']}/accept", headers=sub))
    held = ok(await client.get("/wps/member/info/funds/consolidated", headers=sub))
    assert (held["divtypeinfo"], held["divtypereq"]) == (1, 0)

    now = utcnow()
    this_week = dividend.cycle_start("WEEKLY", now)
    weeks = [this_week - timedelta(weeks=n) for n in (3, 2, 1)]
    async with db.session() as session:
        await session.execute(
            update(AgentContract)
            .where(AgentContract.kind == DIVIDEND)
            .values(accepted_at=weeks[0] + timedelta(minutes=5))
        )
    # Two weeks back the team won: player1 staked 500.00 and won 800.00 (-300.00), deepone1 (subagent1's)
    # lost 100.00: agent1's team -200.00 (carried), subagent1's +100.00.
    await add_play(
        db, "player1", staked=50_000, won=80_000, at=weeks[1] + timedelta(days=1), round_suffix="w2"
    )
    await add_play(db, "deepone1", staked=10_000, won=0, at=weeks[1] + timedelta(days=2), round_suffix="w2")
    # Last week: player1 +1,000.00, player2 +300.00 (500.00 staked), deepone1 +150.00 (200.00 staked):
    # agent1's team lost 1,450.00 on 1,700.00 valid bet with 3 active.
    await add_play(db, "player1", staked=100_000, won=0, at=weeks[2] + timedelta(days=3), round_suffix="w1")
    await add_play(
        db, "player2", staked=50_000, won=20_000, at=weeks[2] + timedelta(days=4), round_suffix="w1"
    )
    await add_play(
        db, "deepone1", staked=20_000, won=5_000, at=weeks[2] + timedelta(days=5), round_suffix="w1"
    )
    # This week is not closed; player3 is nobody's.
    await add_play(db, "player1", staked=900_000, won=0, at=now, round_suffix="w0")
    await add_play(db, "player3", staked=500_000, won=0, at=weeks[2] + timedelta(days=1), round_suffix="x")

    reports = await settle(now)
    assert sum(r.settled for r in reports) == 6  # three weeks for each contract
    assert sum(r.paid for r in reports) == 3  # waiting for approval
    assert await dividend.settle_dividends(db, now) == Report(0, 0, 0)

    async with db.read_session() as session:
        rows = (await session.scalars(select(AgentSettlement).where(AgentSettlement.kind == DIVIDEND))).all()
    found = {
        (r.member_id, r.period_start): (
            r.net_loss,
            r.carry_in,
            r.lower_dividends,
            r.rate_bps,
            r.amount,
            r.status,
        )
        for r in rows
    }
    # Independently, per the rules: two weeks back subagent1 10 % of 100.00 = 10.00; agent1's base -200.00
    # pays nothing and carries. Last week subagent1 10 % of 150.00 = 15.00; agent1 30 % of
    # (1,450.00 - 200.00) = 375.00, less subagent1's 15.00 = 360.00.
    assert found == {
        (ids["agent1"], weeks[0]): (0, 0, 0, 0, 0, "PAID"),
        (ids["agent1"], weeks[1]): (-20_000, 0, 1_000, 2000, 0, "PAID"),
        (ids["agent1"], weeks[2]): (145_000, -20_000, 1_500, 3000, 36_000, "PENDING"),
        (ids["subagent1"], weeks[0]): (0, 0, 0, 0, 0, "PAID"),
        (ids["subagent1"], weeks[1]): (10_000, 0, 0, 1000, 1_000, "PENDING"),
        (ids["subagent1"], weeks[2]): (15_000, 0, 0, 1000, 1_500, "PENDING"),
    }
    return ids


async def _approvals(client: httpx.AsyncClient, db: Database, ids: dict[str, int]) -> None:
    operator, agent, sub = (
        await staff(db, "admin1"),
        await headers(db, "agent1"),
        await headers(db, "subagent1"),
    )
    before_sub, before_agent = await sum_balance(client, sub), await sum_balance(client, agent)

    async def income_totals() -> tuple[str, str]:
        found = ok(await client.get(f"{AGENT}/income", headers=sub))
        return found["totalPaid"], found["totalPending"]

    assert await income_totals() == ("0.00", "25.00")
    waiting = ok(await client.get(DIVIDENDS, headers=agent))
    assert ([(d["member"], d["amount"]) for d in waiting["list"]], waiting["totalPending"]) == (
        [("subagent1", "15.00"), ("subagent1", "10.00")],
        "25.00",
    )
    last_week = waiting["list"][0]
    assert (last_week["netLoss"], last_week["carryIn"], last_week["lowerDividends"]) == (
        "150.00",
        "0.00",
        "0.00",
    )
    # Only the upline approves: subagent1 its own, agent1 its own (the merchant's to approve), a player none.
    mine = ok(await client.get(f"{AGENT}/income", headers=agent))["list"][0]
    failed(
        await client.post(f"{DIVIDENDS}/{last_week['id']}/process", headers=sub),
        404,
        "AGENT_SETTLEMENT_NOT_FOUND",
    )
    failed(
        await client.post(f"{DIVIDENDS}/{mine['id']}/process", headers=agent),
        404,
        "AGENT_SETTLEMENT_NOT_FOUND",
    )
    failed(await client.get(DIVIDENDS, headers=await headers(db, "player1")), 403, "AGENT_ONLY")

    paid = ok(await client.post(f"{DIVIDENDS}/{last_week['id']}/process", headers=agent))
    assert (paid["status"], paid["transferId"] is not None) == ("PAID", True)
    failed(
        await client.post(f"{DIVIDENDS}/{last_week['id']}/process", headers=agent),
        409,
        "AGENT_SETTLEMENT_STATE",
    )
    assert ok(await client.get(DIVIDENDS, headers=agent))["totalPending"] == "10.00"
    assert await income_totals() == ("15.00", "10.00")

    console = ok(await client.get(f"{ADMIN}/dividends", headers=operator))
    assert [(d["member"], d["amount"], d["netLoss"], d["carryIn"]) for d in console["list"]] == [
        ("agent1", "360.00", "1450.00", "-200.00")
    ]
    ok(await client.post(f"{ADMIN}/dividends/{console['list'][0]['id']}/approve", headers=operator))
    failed(
        await client.post(f"{ADMIN}/dividends/{last_week['id']}/approve", headers=operator),
        404,
        "AGENT_SETTLEMENT_NOT_FOUND",  # subagent1's is agent1's to approve
    )
    assert ok(await client.get(f"{ADMIN}/dividends", headers=operator))["list"] == []

    assert Decimal(await sum_balance(client, sub)) == Decimal(before_sub) + Decimal("15.00")
    assert Decimal(await sum_balance(client, agent)) == Decimal(before_agent) + Decimal("360.00")
    async with db.read_session() as session:
        transfers = set(
            (
                await session.scalars(
                    select(LedgerTransfer.id).where(LedgerTransfer.kind == "AGENT_DIVIDEND")
                )
            ).all()
        )
        approved = (
            await session.execute(
                select(AgentSettlement.transfer_id, AgentSettlement.amount).where(
                    AgentSettlement.approved_at.is_not(None)
                )
            )
        ).all()
        findings = await check_ledger(session)
    assert sorted(amount for _, amount in approved) == [1_500, 36_000]
    assert transfers == {transfer for transfer, _ in approved}
    assert findings.clean, findings


@pytest.mark.usefixtures("demo")
async def test_dividends_settle_by_the_rules_and_are_paid_on_approval(
    client: httpx.AsyncClient, db: Database
) -> None:
    async def once(now: datetime) -> list[Report]:
        return [await dividend.settle_dividends(db, now)]

    ids = await dividend_scenario(client, db, once)
    await _approvals(client, db, ids)


async def test_two_runs_and_two_approvals_at_once_settle_and_pay_once(pg_client: PgClient) -> None:
    client, db = pg_client

    async def at_once(now: datetime) -> list[Report]:
        return list(
            await asyncio.gather(dividend.settle_dividends(db, now), dividend.settle_dividends(db, now))
        )

    ids = await dividend_scenario(client, db, at_once)
    agent = [await headers(db, "agent1") for _ in range(3)]  # three tabs
    waiting = ok(await client.get(DIVIDENDS, headers=agent[0]))["list"]
    answers = await asyncio.gather(
        *(client.post(f"{DIVIDENDS}/{waiting[0]['id']}/process", headers=h) for h in agent)
    )
    assert sorted(a.status_code for a in answers) == [200, 409, 409], [a.text for a in answers]
    async with db.read_session() as session:
        paid = await session.scalar(
            select(func.count()).select_from(LedgerTransfer).where(LedgerTransfer.kind == "AGENT_DIVIDEND")
        )
        findings = await check_ledger(session)
    assert paid == 1
    assert findings.clean, findings
    assert ids["subagent1"]
