"""The team's betting and the members' profit and loss: the agent's subtree only (a name outside it is not
found), filtered, with totals that add up to the rows."""

from __future__ import annotations

import httpx
import pytest

from server.db.session import Database
from tests.agents.test_agent_centre import AGENT, add_play, fund_agent, headers, tree
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, player

pytestmark = pytest.mark.usefixtures("demo")


async def test_the_teams_rounds_and_each_members_result(client: httpx.AsyncClient, db: Database) -> None:
    await tree(client, db)
    await add_play(db, "player1", staked=10_000, won=2_550)
    await add_play(db, "player1", staked=5_000, won=20_000, round_suffix="b")
    await add_play(db, "deepone1", staked=1_234, won=0)
    await add_play(db, "player3", staked=99_999, won=0)  # nobody's
    agent, sub = await headers(db, "agent1"), await headers(db, "subagent1")

    rounds = ok(await client.get(f"{AGENT}/team/bets", headers=agent))
    assert sorted((r["username"], r["level"], r["betAmount"]) for r in rounds["list"]) == [
        ("deepone1", 2, "12.34"),
        ("player1", 1, "100.00"),
        ("player1", 1, "50.00"),
    ]
    assert rounds["totals"] == {"betAmount": "162.34", "winAmount": "225.50", "profit": "63.16", "count": 3}
    one = ok(await client.get(f"{AGENT}/team/bets", params={"username": "DeepOne1"}, headers=agent))
    assert [r["username"] for r in one["list"]] == ["deepone1"]
    paged = ok(await client.get(f"{AGENT}/team/bets", params={"pageSize": 2, "pageNo": 2}, headers=agent))
    assert (len(paged["list"]), paged["total"], paged["totalPages"]) == (1, 3, 2)
    for outside in ("player3", "agent1", "nobody99"):
        failed(
            await client.get(f"{AGENT}/team/bets", params={"username": outside}, headers=agent),
            404,
            "AGENT_DOWNLINE_NOT_FOUND",
        )
    failed(
        await client.get(f"{AGENT}/team/bets", params={"username": "player1"}, headers=sub),
        404,
        "AGENT_DOWNLINE_NOT_FOUND",
    )

    profit = ok(await client.get(f"{AGENT}/team/profit", headers=agent))
    assert [(r["username"], r["level"], r["profit"], r["count"]) for r in profit["rows"]] == [
        ("deepone1", 2, "-12.34", 1),
        ("player1", 1, "75.50", 2),
    ]
    assert (profit["total"]["betAmount"], profit["total"]["profit"]) == ("162.34", "63.16")
    assert [r["username"] for r in ok(await client.get(f"{AGENT}/team/profit", headers=sub))["rows"]] == [
        "deepone1"
    ]
    failed(await client.get(f"{AGENT}/team/profit", headers=await headers(db, "player1")), 403, "AGENT_ONLY")


async def test_downline_transaction_details(client: httpx.AsyncClient, db: Database) -> None:
    await tree(client, db)
    await fund_agent(db, 50_000)
    portal = Portal(client)
    portal.token = (await headers(db, "agent1"))["Authorization"]
    pay = {
        "username": "deepone1",
        "amount": "20.00",
        "paymentPassword": "246810",
        "requestId": "req-team-tx1",
    }
    ok(await portal.call("POST", f"{AGENT}/transfers/downline", pay, encrypted=True))
    await deposit_bank(client, db, await player(client, "player1"), "300.00", "req-team-tx2")
    await deposit_bank(client, db, await player(client, "player3"), "300.00", "req-team-tx3")  # nobody's

    agent = await headers(db, "agent1")
    moves = ok(await client.get(f"{AGENT}/team/transactions", headers=agent))
    assert sorted((r["username"], r["level"], r["type"], r["amount"]) for r in moves["list"]) == [
        ("deepone1", 2, "TRANSFER", "20.00"),
        ("player1", 1, "DEPOSIT", "300.00"),
    ]
    deposits = ok(await client.get(f"{AGENT}/team/transactions", params={"type": "DEPOSIT"}, headers=agent))
    assert [r["username"] for r in deposits["list"]] == ["player1"]
    sub = await headers(db, "subagent1")
    assert [
        r["username"] for r in ok(await client.get(f"{AGENT}/team/transactions", headers=sub))["list"]
    ] == ["deepone1"]
    failed(
        await client.get(f"{AGENT}/team/transactions", params={"username": "player3"}, headers=agent),
        404,
        "AGENT_DOWNLINE_NOT_FOUND",
    )
