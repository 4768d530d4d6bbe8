"""The house vendor end to end over HTTP: its game API calls the portal's seamless-wallet API (in process,
through the whole HTTP stack), and every cent moves through the ledger."""

from __future__ import annotations

import asyncio
import hashlib
import time
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from realtime import events
from server.db import after_commit
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord
from server.house import instant, tables
from server.house.app import House
from server.house.models import HouseRound, HouseSession
from tests.games.support import fund, game_id, launch_token, ledger_is_clean
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]


async def open_game(
    client: httpx.AsyncClient,
    db: Database,
    code: str,
    username: str | None = "player1",
    merchant: str = "demo",
) -> dict[str, Any]:
    headers = {"Merchant": merchant}
    if username is not None:
        headers["Authorization"] = await token_for(db, merchant, username)
    body = {"gameId": await game_id(db, merchant, code)}
    url = ok(await client.post("/wps/game/launchGame", json=body, headers=headers))["game_url"]
    assert url.startswith("/house/play?")
    opened: dict[str, Any] = ok(
        await client.post("/house/api/session", json={"token": launch_token(url), "merchant": merchant})
    )
    return opened


def house_headers(opened: dict[str, Any]) -> dict[str, str]:
    return {"X-House-Session": opened["sessionId"]}


async def test_slot_spin_moves_money_through_the_wallet(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-slot")
    opened = await open_game(client, db, "slot-golden-dragon")
    assert opened["game"]["type"] == "SLOT"
    assert opened["balance"] == "100.00"
    assert len(opened["config"]["paylines"]) == 20
    assert opened["config"]["volatility"] == "MEDIUM"
    assert opened["config"]["freeSpins"] == {"spins": 15, "multiplier": 4, "retrigger": True, "trigger": 3}
    committed = opened["fairness"]["serverSeedHash"]
    spin = ok(await client.post("/house/api/round", json={"lineBet": "0.10"}, headers=house_headers(opened)))
    assert spin["bet"] == "2.00"
    win = int(spin["win"].replace(".", ""))
    assert spin["balance"] == f"{(100_00 - 2_00 + win) // 100}.{(100_00 - 2_00 + win) % 100:02d}"
    # Provably fair: the revealed seed is the one whose hash was shown before the spin.
    assert hashlib.sha256(spin["fairness"]["serverSeed"].encode()).hexdigest() == committed
    assert spin["fairness"]["nextServerSeedHash"] != committed
    assert len(spin["outcome"]["grid"]) == 5
    assert all(len(col) == 3 for col in spin["outcome"]["grid"])
    assert isinstance(spin["outcome"]["freeSpins"], list)  # one stake, one win: free spins are in the round
    # The round is in the member's betting record with its stake and win.
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    record = ok(await client.get("/wps/relay/personalHistoryCopy", headers=headers))
    assert record["total"] == 1
    assert record["list"][0]["betAmount"] == "2.00"
    assert record["list"][0]["winAmount"] == spin["win"]
    assert record["list"][0]["status"] == "SETTLED"
    assert record["list"][0]["gameName"] == "Golden Dragon"
    # In the reader's language: the game's own name there, not its code nor the English one.
    in_chinese = ok(await client.get("/wps/relay/personalHistoryCopy", headers={**headers, "Language": "CN"}))
    assert in_chinese["list"][0]["gameName"] == "金龙"
    pnl = ok(await client.get("/wps/relay/personalProfit", headers=headers))
    assert [r["category"] for r in pnl["rows"]] == ["RNG"]
    assert pnl["total"]["betAmount"] == "2.00"
    await after_commit.drain()
    pushes = [p for e, r, p in emitted if e == events.BALANCE]
    assert pushes
    assert pushes[-1] == {"sumBalance": spin["balance"]}
    await ledger_is_clean(db)


async def test_spin_without_money_is_refused_and_voided(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player2", 1_00, "dep-poor")
    opened = await open_game(client, db, "slot-golden-dragon", "player2")
    value = failed(
        await client.post("/house/api/round", json={"lineBet": "0.10"}, headers=house_headers(opened)),
        422,
        "INSUFFICIENT_FUNDS",
    )
    assert value == {"balance": "1.00"}
    failed(
        await client.post("/house/api/round", json={"lineBet": "0.07"}, headers=house_headers(opened)),
        422,
        "VALIDATION_ERROR",
    )
    failed(
        await client.post("/house/api/round", json={"lineBet": "0.10"}, headers={"X-House-Session": "nope"}),
        401,
        "HOUSE_SESSION_INVALID",
    )
    async with db.read_session() as session:
        statuses = list(await session.scalars(select(HouseRound.status)))
    assert statuses == ["VOID"]
    await ledger_is_clean(db)


@pytest.mark.parametrize(
    ("code", "params"),
    [
        ("fish-ocean-hunt", {"kind": None, "stake": "1.00"}),
        ("highcard-1", {"stake": "5.00"}),
        ("virtual-football", {"stake": "5.00"}),
        ("virtual-arena", {"stake": "5.00"}),
    ],
)
async def test_every_quick_game_settles_through_the_wallet(
    client: httpx.AsyncClient, db: Database, code: str, params: dict[str, Any]
) -> None:
    await fund(db, "demo", "player1", 100_00, f"dep-{code}")
    opened = await open_game(client, db, code)
    body = dict(params)
    if "kind" in body:
        body["kind"] = opened["config"]["kinds"][0]["kind"]
    if opened["game"]["type"] in ("FOOTBALL", "ESPORTS"):
        market = ok(await client.get("/house/api/market", headers=house_headers(opened)))
        assert ok(await client.get("/house/api/market", headers=house_headers(opened))) == market  # kept
        body |= {"matchId": market["matchId"], "selection": market["selections"][0]["code"]}
    played = ok(await client.post("/house/api/round", json=body, headers=house_headers(opened)))
    stake = int(played["bet"].replace(".", ""))
    won = int(played["win"].replace(".", ""))
    assert played["balance"] == f"{(100_00 - stake + won) / 100:.2f}"
    await ledger_is_clean(db)


async def test_visitor_demo_plays_with_house_money_only(client: httpx.AsyncClient, db: Database) -> None:
    opened = await open_game(client, db, "slot-fruit-fiesta", username=None)
    assert opened["player"]["demo"] is True
    assert opened["balance"] == "2000.00"
    spin = ok(await client.post("/house/api/round", json={"lineBet": "1.00"}, headers=house_headers(opened)))
    assert spin["bet"] == "15.00"
    async with db.read_session() as session:
        assert await session.scalar(select(BetRecord.id)) is None  # nothing reached the portal's books


async def test_a_round_left_between_bet_and_win_is_rolled_back(
    client: httpx.AsyncClient, db: Database, app: FastAPI
) -> None:
    await fund(db, "demo", "player1", 10_00, "dep-crash")
    opened = await open_game(client, db, "slot-golden-dragon")
    house: House = app.state.house
    async with db.read_session() as session:
        hs = await session.scalar(select(HouseSession))
    assert hs is not None
    # As if the process died right after a bet of the two-call flow (a round in flight when the house moved
    # to betWin): claimed, bet sent, no win.
    row, _ = await instant._claim(db, hs, 2_00, 0, {})
    await house.wallet.call(
        "demo",
        "bet",
        {
            "sessionToken": hs.wallet_session,
            "txId": f"{row.round_ref}:bet",
            "roundId": row.round_ref,
            "amount": "2.00",
        },
    )
    # And one that died before its bet left: the rollback must refuse that bet if it ever arrives.
    hs2 = await instant_session(db, hs.id)
    row2, _ = await instant._claim(db, hs2, 2_00, 0, {})
    async with db.session() as session:
        await session.execute(update(HouseRound).values(created_at=utcnow() - timedelta(minutes=5)))
    assert await instant.void_stale_rounds(db, house.wallet) == 2
    balance = ok(await client.get("/house/api/balance", headers=house_headers(opened)))
    assert balance["balance"] == "10.00"
    late = {
        "sessionToken": hs.wallet_session,
        "txId": f"{row2.round_ref}:bet",
        "roundId": row2.round_ref,
        "amount": "2.00",
    }
    with pytest.raises(Exception, match="BET_ROLLED_BACK"):
        await house.wallet.call("demo", "bet", late)
    async with db.read_session() as session:
        assert set(await session.scalars(select(HouseRound.status))) == {"VOID"}
    await ledger_is_clean(db)


async def instant_session(db: Database, session_id: int) -> HouseSession:
    async with db.read_session() as session:
        found = await session.get(HouseSession, session_id)
    assert found is not None
    return found


async def wait_for_betting(client: httpx.AsyncClient, opened: dict[str, Any]) -> dict[str, Any]:
    for _ in range(20):
        state: dict[str, Any] = ok(
            await client.get("/house/api/baccarat/state", headers=house_headers(opened))
        )
        if state["phase"] == "BETTING" and time.time() % 30 < 22:
            return state
        await asyncio.sleep(0.5)
    raise AssertionError("betting never opened")


async def test_baccarat_round_is_shared_settled_once_and_pushed(
    client: httpx.AsyncClient, db: Database, app: FastAPI, emitted: Sent
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-bac1")
    await fund(db, "demo", "player2", 100_00, "dep-bac2")
    one = await open_game(client, db, "baccarat-a", "player1")
    two = await open_game(client, db, "baccarat-a", "player2")
    state = await wait_for_betting(client, one)
    assert (
        state["serverSeedHash"]
        == ok(await client.get("/house/api/baccarat/state", headers=house_headers(two)))["serverSeedHash"]
    )
    round_no = state["roundNo"]
    for opened, bet_on in ((one, "PLAYER"), (two, "BANKER")):
        placed = ok(
            await client.post(
                "/house/api/baccarat/bet",
                json={"roundNo": round_no, "betOn": bet_on, "stake": "10.00"},
                headers=house_headers(opened),
            )
        )
        assert placed["balance"] == "90.00"
    failed(
        await client.post(
            "/house/api/baccarat/bet",
            json={"roundNo": round_no - 1, "betOn": "TIE", "stake": "1.00"},
            headers=house_headers(one),
        ),
        409,
        "BETTING_CLOSED",
    )
    house: House = app.state.house
    closes = house.clock.closes(round_no)
    secret = house.settings.house_table_secret
    dealt = await tables.deal_due_rounds(db, house.wallet, house.clock, secret, closes + 0.5)
    assert dealt >= 1
    # A second dealer (another process) finds nothing left to do.
    assert await tables.deal_due_rounds(db, house.wallet, house.clock, secret, closes + 1.0) == 0
    result = ok(await client.get(f"/house/api/baccarat/round/{round_no}", headers=house_headers(one)))
    assert hashlib.sha256(result["serverSeed"].encode()).hexdigest() == state["serverSeedHash"]
    outcome = result["outcome"]
    expect = {
        "PLAYER": {"PLAYER": 110_00, "BANKER": 90_00, "TIE": 100_00},
        "BANKER": {"PLAYER": 90_00, "BANKER": 109_50, "TIE": 100_00},
    }
    for opened, bet_on in ((one, "PLAYER"), (two, "BANKER")):
        balance = ok(await client.get("/house/api/balance", headers=house_headers(opened)))["balance"]
        assert balance == f"{expect[bet_on][outcome] / 100:.2f}", (bet_on, outcome)
    await after_commit.drain()
    room = "house:baccarat:demo:baccarat-a"
    results = [
        (r, p) for e, r, p in emitted if e == tables.RESULT_EVENT and p["roundNo"] == round_no and r == room
    ]
    assert len(results) == 1
    assert results[0][1]["outcome"] == outcome
    assert results[0][1]["next"]["roundNo"] == round_no + 1
    await ledger_is_clean(db)


async def test_each_slot_plays_its_own_lines(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-25")
    opened = await open_game(client, db, "slot-lucky-koi")
    assert len(opened["config"]["paylines"]) == 10
    assert opened["config"]["wild"] == "KOI"
    wide = await open_game(client, db, "slot-pharaohs-fortune")
    assert len(wide["config"]["paylines"]) == 25
    assert wide["config"]["volatility"] == "HIGH"
    spin = ok(await client.post("/house/api/round", json={"lineBet": "0.05"}, headers=house_headers(wide)))
    assert spin["bet"] == "1.25"
    await ledger_is_clean(db)
