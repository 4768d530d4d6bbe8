"""The agent centre over HTTP: agents only; the team and its levels; registering a downline; who may be read
or paid (the caller's subtree, and nobody else, as a matrix); the team's figures to the minor unit; paying a
downline through the ledger, once per request id, with the withdrawal password."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from server.accounts import passwords
from server.accounts.models import Member
from server.admin.models import AuditEntry
from server.brands.models import Merchant
from server.brands.service import load_brand
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord, GameVendor
from server.wallet import transfers
from server.wallet.reconcile import check_ledger
from tests.support.accounts import member_id, token_for
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, player

pytestmark = pytest.mark.usefixtures("demo")
AGENT = "/wps/agent"


async def headers(db: Database, username: str, merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, username)}


async def ready_to_use(db: Database, username: str) -> None:
    """A member an agent registered must change the password first; for these tests it has."""
    async with db.session() as session:
        await session.execute(
            update(Member).where(Member.username == username).values(must_change_password=False)
        )


async def tree(client: httpx.AsyncClient, db: Database) -> dict[str, int]:
    """agent1 → player1, player2, subagent1 (a sub-agent) → deepone1 (a player); player3 is nobody's."""
    agent = await headers(db, "agent1")
    sub = ok(
        await client.post(
            f"{AGENT}/team/members",
            json={"username": "subagent1", "password": "Sub12345", "type": 1},
            headers=agent,
        )
    )
    assert (sub["level"], sub["upline"], sub["type"]) == (1, "agent1", 1)
    await ready_to_use(db, "subagent1")
    deep = ok(
        await client.post(
            f"{AGENT}/team/members",
            json={"username": "deepone1", "password": "Deep1234"},
            headers=await headers(db, "subagent1"),
        )
    )
    assert (deep["level"], deep["upline"], deep["type"]) == (1, "subagent1", 0)
    return {
        name: await member_id(db, name)
        for name in ("agent1", "player1", "player2", "player3", "subagent1", "deepone1")
    }


async def test_agents_only(client: httpx.AsyncClient, db: Database) -> None:
    player = await headers(db, "player1")
    calls = [
        ("GET", f"{AGENT}/team/overview", None),
        ("GET", f"{AGENT}/team/members", None),
        ("GET", f"{AGENT}/team/members/1", None),
        ("POST", f"{AGENT}/team/members", {"username": "nobody1", "password": "Nobody123"}),
    ]
    for method, path, body in calls:
        failed(await client.request(method, path, json=body, headers=player), 403, "AGENT_ONLY")
        failed(
            await client.request(method, path, json=body, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED"
        )


async def test_the_team_by_level_and_who_may_be_read(client: httpx.AsyncClient, db: Database) -> None:
    ids = await tree(client, db)
    agent = await headers(db, "agent1")
    team = ok(await client.get(f"{AGENT}/team/members", headers=agent))
    assert sorted((m["username"], m["level"], m["upline"]) for m in team["list"]) == [
        ("deepone1", 2, "subagent1"),
        ("player1", 1, "agent1"),
        ("player2", 1, "agent1"),
        ("subagent1", 1, "agent1"),
    ]
    assert team["total"] == 4
    level_two = ok(await client.get(f"{AGENT}/team/members", params={"level": 2}, headers=agent))
    assert [m["username"] for m in level_two["list"]] == ["deepone1"]
    found = ok(await client.get(f"{AGENT}/team/members", params={"search": "PLAYER"}, headers=agent))
    assert sorted(m["username"] for m in found["list"]) == ["player1", "player2"]
    assert ok(await client.get(f"{AGENT}/team/members/{ids['deepone1']}", headers=agent))["level"] == 2

    # Who may read whom: the caller's subtree and nobody else; every refusal the same as a missing id.
    other_merchant = await member_id(db, "player1", "demo2")
    sub = await headers(db, "subagent1")
    refused = [
        (agent, ids["player3"]),  # nobody's
        (agent, ids["agent1"]),  # itself
        (agent, other_merchant),  # another merchant's
        (agent, 10**12),  # nobody at all
        (sub, ids["player1"]),  # a sibling branch
        (sub, ids["agent1"]),  # its upline
    ]
    for who, target in refused:
        failed(
            await client.get(f"{AGENT}/team/members/{target}", headers=who), 404, "AGENT_DOWNLINE_NOT_FOUND"
        )
    assert ok(await client.get(f"{AGENT}/team/members/{ids['deepone1']}", headers=sub))["level"] == 1
    assert ok(await client.get(f"{AGENT}/team/members", headers=sub))["total"] == 1


async def test_registering_follows_the_brands_rules(client: httpx.AsyncClient, db: Database) -> None:
    agent = await headers(db, "agent1")
    failed(
        await client.post(
            f"{AGENT}/team/members", json={"username": "player1", "password": "Pass12345"}, headers=agent
        ),
        409,
        "USERNAME_TAKEN",
    )
    failed(
        await client.post(
            f"{AGENT}/team/members",
            json={"username": "someone1", "password": "Pass12345", "type": 41},
            headers=agent,
        ),
        422,
        "VALIDATION_ERROR",
    )
    failed(
        await client.post(
            f"{AGENT}/team/members", json={"username": "bad name!", "password": "Pass12345"}, headers=agent
        ),
        422,
        "VALIDATION_ERROR",
    )
    made = ok(
        await client.post(
            f"{AGENT}/team/members", json={"username": "Fresh001", "password": "Pass12345"}, headers=agent
        )
    )
    assert (made["username"], made["type"], made["level"]) == ("fresh001", 0, 1)
    # It signs in with the password the agent chose, and must change it first.
    portal = Portal(client)
    login = ok(await portal.login("fresh001", "Pass12345"))
    assert login["passwordChangeRequired"] is True


async def add_play(
    db: Database,
    username: str,
    *,
    staked: int,
    won: int,
    days_ago: int = 0,
    round_suffix: str = "",
    at: datetime | None = None,
) -> None:
    async with db.session() as session:
        member = await session.scalar(
            select(Member)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Member.username == username, Merchant.code == "demo")
        )
        assert member is not None
        vendor = await session.scalar(select(GameVendor).where(GameVendor.merchant_id == member.merchant_id))
        assert vendor is not None
        at = at or utcnow() - timedelta(days=days_ago)
        session.add(
            BetRecord(
                merchant_id=member.merchant_id,
                vendor_id=vendor.id,
                member_id=member.id,
                category=vendor.category,
                round_id=f"r-{username}-{days_ago}-{staked}{round_suffix}",
                bet_amount=staked,
                win_amount=won,
                status="SETTLED",
                trial=False,
                placed_at=at,
                settled_at=at,
            )
        )


async def test_the_teams_figures_by_level_to_the_minor_unit(client: httpx.AsyncClient, db: Database) -> None:
    await tree(client, db)
    await add_play(db, "player1", staked=10_000, won=2_550)
    await add_play(db, "deepone1", staked=1_234, won=5_000)
    await add_play(db, "player3", staked=99_999, won=0)  # not agent1's
    await add_play(db, "player2", staked=7_000, won=0, days_ago=40)  # not this month
    await deposit_bank(client, db, await player(client, "player1"), "500.00", "req-team-dep1")
    await deposit_bank(client, db, await player(client, "player3"), "999.99", "req-team-dep3")
    agent = await headers(db, "agent1")
    month = ok(await client.get(f"{AGENT}/team/overview", params={"period": "THIS_MONTH"}, headers=agent))
    assert month["total"] == {
        "members": 4,
        "newMembers": 4,  # all of them registered this month: the test's database was seeded today
        "activeMembers": 2,
        "deposits": "500.00",
        "withdrawals": "0.00",
        "stakes": "112.34",
        "profitLoss": "-36.84",  # won (25.50 + 50.00) minus staked 112.34: the members lost
    }
    levels = {row["level"]: (row["members"], row["stakes"], row["profitLoss"]) for row in month["levels"]}
    assert levels == {1: (3, "100.00", "-74.50"), 2: (1, "12.34", "37.66")}
    failed(
        await client.get(f"{AGENT}/team/overview", params={"period": "FOREVER"}, headers=agent),
        422,
        "VALIDATION_ERROR",
    )


async def fund_agent(db: Database, amount: int, username: str = "agent1") -> None:
    async with db.session() as session:
        brand = await load_brand(session, "demo")
        assert brand is not None
        agent = await session.scalar(
            select(Member).where(Member.username == username, Member.merchant_id == brand.id)
        )
        assert agent is not None
        agent.payment_password_hash = await passwords.hash_password_async("246810")
        await transfers.deposit(session, brand, agent.id, amount, f"fund-{username}")


async def only_in_demo2(db: Database, username: str) -> None:
    """A member of the second brand whose name no member of the first has."""
    async with db.session() as session:
        merchant = await session.scalar(select(Merchant.id).where(Merchant.code == "demo2"))
        assert merchant is not None
        session.add(Member(merchant_id=merchant, username=username, password_hash="-", nickname=username))


async def sum_balance(client: httpx.AsyncClient, who: dict[str, str]) -> str:
    return str(ok(await client.get("/wps/v2/wallets/balance", headers=who))["sumBalance"])


async def test_paying_a_downline_through_the_ledger(client: httpx.AsyncClient, db: Database) -> None:
    await tree(client, db)
    await fund_agent(db, 100_000)
    portal = Portal(client)
    portal.token = (await headers(db, "agent1"))["Authorization"]
    # The agent names the payee by user name, as the team list shows it (any case, spaces around).
    pay: dict[str, Any] = {
        "username": " DeepOne1 ",
        "amount": "150.25",
        "paymentPassword": "246810",
        "requestId": "req-pay-0001",
    }
    paid = ok(await portal.call("POST", f"{AGENT}/transfers/downline", pay, encrypted=True))
    assert (paid["replayed"], paid["balance"]) == (False, "849.75")
    again = ok(await portal.call("POST", f"{AGENT}/transfers/downline", pay, encrypted=True))
    assert (again["transferId"], again["replayed"]) == (paid["transferId"], True)
    assert await sum_balance(client, await headers(db, "deepone1")) == "150.25"
    assert await sum_balance(client, await headers(db, "agent1")) == "849.75"

    # Outside the subtree, by name: nobody's player, the agent itself, a name only another merchant has,
    # a name nobody has. Each is refused as one that does not exist, and nothing moves.
    await only_in_demo2(db, "elsewhere1")
    for target in ("player3", "agent1", "elsewhere1", "nobody99"):
        outside = {**pay, "username": target, "requestId": f"req-out-{target}"}
        failed(
            await portal.call("POST", f"{AGENT}/transfers/downline", outside, encrypted=True),
            404,
            "AGENT_DOWNLINE_NOT_FOUND",
        )
    too_much = {**pay, "amount": "900.00", "requestId": "req-pay-much"}
    failed(
        await portal.call("POST", f"{AGENT}/transfers/downline", too_much, encrypted=True),
        422,
        "INSUFFICIENT_FUNDS",
    )
    wrong = {**pay, "paymentPassword": "000000", "requestId": "req-pay-wrong"}
    failed(
        await portal.call("POST", f"{AGENT}/transfers/downline", wrong, encrypted=True),
        422,
        "PAYMENT_PASSWORD_WRONG",
    )
    for amount in ("-1.00", "0.001", "abc", "0"):
        bad = {**pay, "amount": amount, "requestId": f"req-bad-{len(amount)}{amount[:1]}"}
        failed(
            await portal.call("POST", f"{AGENT}/transfers/downline", bad, encrypted=True),
            422,
            "VALIDATION_ERROR",
        )
    # A sub-agent pays its own downline, never its upline's other members.
    sub = Portal(client)
    sub.token = (await headers(db, "subagent1"))["Authorization"]
    sideways = {**pay, "username": "player1", "requestId": "req-side-01"}
    failed(
        await sub.call("POST", f"{AGENT}/transfers/downline", sideways, encrypted=True),
        404,
        "AGENT_DOWNLINE_NOT_FOUND",
    )
    assert await sum_balance(client, await headers(db, "agent1")) == "849.75"

    async with db.read_session() as session:
        findings = await check_ledger(session)
        audited = (
            await session.scalars(select(AuditEntry).where(AuditEntry.action == "agent.downline_transfer"))
        ).all()
    assert findings.clean, findings
    assert [(a.target, a.detail["amount"], a.detail["level"], a.detail["agent"]) for a in audited] == [
        ("deepone1", "150.25", 2, "agent1")
    ]
