"""The seamless-wallet API over HTTP, as a vendor calls it: signatures, the launch token, replays, conflicting
amounts, insufficient funds, late bets after a rollback, expired sessions, transfer-wallet mode, and the
balance push each money call makes."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from realtime import events
from server.brands.models import Merchant
from server.db import after_commit
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import VendorSession, VendorTransaction
from tests.games.support import fund, game_id, launch_token, ledger_is_clean, vendor_call
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]


async def launched(
    client: httpx.AsyncClient,
    db: Database,
    username: str = "player1",
    merchant: str = "demo",
    code: str = "slot-golden-dragon",
    confirm: int = 0,
) -> dict[str, Any]:
    """Launch a game as the player and authenticate its token as the vendor: the vendor's player session."""
    headers = {"Merchant": merchant, "Authorization": await token_for(db, merchant, username)}
    body = {"gameId": await game_id(db, merchant, code), "launchMode": "GLS", "confirmTrans": confirm}
    url = ok(await client.post("/wps/game/launchGame", json=body, headers=headers))["game_url"]
    player: dict[str, Any] = ok(
        await vendor_call(client, "authenticate", {"launchToken": launch_token(url)}, merchant=merchant)
    )
    return player


async def bet(
    client: httpx.AsyncClient,
    player: dict[str, Any],
    tx: str,
    amount: str,
    rnd: str = "r1",
    merchant: str = "demo",
) -> httpx.Response:
    body = {"sessionToken": player["sessionToken"], "txId": tx, "roundId": rnd, "amount": amount}
    return await vendor_call(client, "bet", body, merchant=merchant)


async def test_signature_timestamp_and_unknown_callers_are_refused(
    client: httpx.AsyncClient, db: Database
) -> None:
    body = {"launchToken": "x" * 20}
    failed(await vendor_call(client, "authenticate", body, secret="not-the-secret"), 401, "VENDOR_SIGNATURE")
    stale = int(time.time()) - 301
    failed(await vendor_call(client, "authenticate", body, timestamp=stale), 401, "VENDOR_SIGNATURE")
    failed(await vendor_call(client, "authenticate", body, provider="NOBODY"), 401, "VENDOR_SIGNATURE")
    failed(await vendor_call(client, "authenticate", body, merchant="nowhere"), 401, "VENDOR_SIGNATURE")
    # demo's secret does not sign for demo2.
    from server.games.provision import default_house_secret
    from server.house.config import merchant_secret

    demo_key = merchant_secret(default_house_secret(), "demo")
    failed(
        await vendor_call(client, "authenticate", body, merchant="demo2", secret=demo_key),
        401,
        "VENDOR_SIGNATURE",
    )
    # Signed and fresh, but a made-up token.
    failed(await vendor_call(client, "authenticate", body), 401, "LAUNCH_TOKEN_INVALID")


async def test_launch_token_is_single_use(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-launch")
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    launch = ok(await client.post("/wps/game/launchGame", json=body, headers=headers))
    assert launch["game_url"].startswith("/house/play?token=")
    assert launch["trial"] is False
    token = launch_token(launch["game_url"])
    player = ok(await vendor_call(client, "authenticate", {"launchToken": token}))
    assert player["balance"] == "100.00"
    assert player["demo"] is False
    assert player["gameType"] == "SLOT"
    failed(await vendor_call(client, "authenticate", {"launchToken": token}), 401, "LAUNCH_TOKEN_INVALID")
    # The launch is in the member's recent games.
    recent = ok(await client.get("/wps/relay/GCS_recentGames", headers=headers))["list"]
    assert [g["name"] for g in recent] == ["Golden Dragon"]


async def test_bet_win_replay_and_conflict(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-1")
    player = await launched(client, db)
    first = ok(await bet(client, player, "tx-1", "10.00"))
    assert first["balance"] == "90.00"
    won = ok(
        await vendor_call(
            client,
            "win",
            {"sessionToken": player["sessionToken"], "txId": "tx-1w", "roundId": "r1", "amount": "25.00"},
        )
    )
    assert won["balance"] == "115.00"
    # A replay answers as the first call did and moves nothing.
    assert ok(await bet(client, player, "tx-1", "10.00")) == first
    balance = ok(await vendor_call(client, "balance", {"sessionToken": player["sessionToken"]}))
    assert balance["balance"] == "115.00"
    # The same id asking for another amount is refused and flagged for review (the flag is kept).
    failed(await bet(client, player, "tx-1", "11.00"), 409, "VENDOR_TX_CONFLICT")
    async with db.read_session() as session:
        flagged = await session.scalar(
            select(VendorTransaction.flagged).where(VendorTransaction.tx_id == "tx-1")
        )
    assert flagged is True
    # A win for a round we never saw a bet of is refused.
    failed(
        await vendor_call(
            client,
            "win",
            {"sessionToken": player["sessionToken"], "txId": "w-x", "roundId": "nope", "amount": "5.00"},
        ),
        404,
        "BET_NOT_FOUND",
    )
    await ledger_is_clean(db)


async def test_insufficient_funds_answers_the_balance_and_moves_nothing(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 20_00, "dep-2")
    player = await launched(client, db)
    value = failed(await bet(client, player, "tx-big", "20.01"), 422, "INSUFFICIENT_FUNDS")
    assert value == {"balance": "20.00"}
    # Nothing was recorded: the same id may be used again for an affordable bet.
    assert ok(await bet(client, player, "tx-big", "20.00"))["balance"] == "0.00"
    failed(await bet(client, player, "tx-more", "0.01"), 422, "INSUFFICIENT_FUNDS")
    failed(await bet(client, player, "tx-neg", "-1.00"), 422, "VALIDATION_ERROR")
    failed(await bet(client, player, "tx-float", "1.005"), 422, "VALIDATION_ERROR")
    await ledger_is_clean(db)


async def test_rollback_of_an_unknown_bet_refuses_it_later(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 50_00, "dep-3")
    player = await launched(client, db)
    body = {"playerId": player["playerId"], "txId": "rb-1", "betTxId": "late-bet", "roundId": "r9"}
    assert ok(await vendor_call(client, "rollback", body))["balance"] == "50.00"
    failed(await bet(client, player, "late-bet", "10.00", rnd="r9"), 409, "BET_ROLLED_BACK")
    # The rollback replays; the balance never moved.
    assert ok(await vendor_call(client, "rollback", body))["balance"] == "50.00"
    assert (
        ok(await vendor_call(client, "balance", {"sessionToken": player["sessionToken"]}))["balance"]
        == "50.00"
    )
    await ledger_is_clean(db)


async def test_rollback_refunds_once_and_not_after_a_win(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 50_00, "dep-4")
    player = await launched(client, db)
    ok(await bet(client, player, "b-1", "10.00", rnd="ra"))
    refund = {"playerId": player["playerId"], "txId": "rb-a", "betTxId": "b-1", "roundId": "ra"}
    assert ok(await vendor_call(client, "rollback", refund))["balance"] == "50.00"
    again = refund | {"txId": "rb-a2"}
    failed(await vendor_call(client, "rollback", again), 409, "BET_ROLLED_BACK")
    failed(
        await vendor_call(
            client, "win", {"playerId": player["playerId"], "txId": "w-a", "roundId": "ra", "amount": "5.00"}
        ),
        409,
        "BET_ROLLED_BACK",
    )
    ok(await bet(client, player, "b-2", "10.00", rnd="rb"))
    ok(
        await vendor_call(
            client, "win", {"playerId": player["playerId"], "txId": "w-b", "roundId": "rb", "amount": "0"}
        )
    )
    failed(
        await vendor_call(
            client,
            "rollback",
            {"playerId": player["playerId"], "txId": "rb-b", "betTxId": "b-2", "roundId": "rb"},
        ),
        409,
        "ROUND_SETTLED",
    )
    assert (
        ok(await vendor_call(client, "balance", {"sessionToken": player["sessionToken"]}))["balance"]
        == "40.00"
    )
    await ledger_is_clean(db)


async def test_expired_session_refuses_bets_but_takes_wins(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 30_00, "dep-5")
    player = await launched(client, db)
    ok(await bet(client, player, "e-1", "10.00", rnd="re"))
    async with db.session() as session:
        await session.execute(update(VendorSession).values(expires_at=utcnow() - timedelta(seconds=1)))
    failed(await bet(client, player, "e-2", "1.00", rnd="re2"), 401, "VENDOR_SESSION_INVALID")
    late_win = {
        "sessionToken": player["sessionToken"],
        "playerId": player["playerId"],
        "txId": "e-1w",
        "roundId": "re",
        "amount": "12.50",
    }
    assert ok(await vendor_call(client, "win", late_win))["balance"] == "32.50"
    # Another merchant's player id is nobody here.
    failed(
        await vendor_call(
            client, "win", late_win | {"playerId": "999999", "sessionToken": None, "txId": "x"}
        ),
        401,
        "VENDOR_SESSION_INVALID",
    )
    await ledger_is_clean(db)


async def test_transfer_wallet_merchant_bets_from_the_vendor_wallet(
    client: httpx.AsyncClient, db: Database
) -> None:
    # Without automatic transfer (demo2's is on: tests/games/test_auto_transfer.py), money moves by hand.
    async with db.session() as session:
        await session.execute(update(Merchant).where(Merchant.code == "demo2").values(auto_transfer=False))
    await fund(db, "demo2", "player1", 80_00, "dep-6")
    player = await launched(client, db, merchant="demo2", confirm=1)
    assert player["balance"] == "0.00"  # the HOUSE wallet is empty until the player moves money in
    failed(await bet(client, player, "t-1", "5.00", merchant="demo2"), 422, "INSUFFICIENT_FUNDS")
    headers = {"Merchant": "demo2", "Authorization": await token_for(db, "demo2", "player1")}
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "30.00", "requestId": "move-into-house-1"}
    ok(await client.post("/wps/relay/GCS_walletTransfer", json=move, headers=headers))
    assert ok(await bet(client, player, "t-1", "5.00", merchant="demo2"))["balance"] == "25.00"
    wallets = ok(await client.get("/wps/v2/wallets/balance", headers=headers))
    assert wallets["sumBalance"] == "75.00"
    await ledger_is_clean(db)


async def test_trial_account_plays_with_play_money(client: httpx.AsyncClient, db: Database) -> None:
    free = ok(
        await client.post(
            "/wps/session/login/freeplay", json={"os": "test", "platform": "W"}, headers={"Merchant": "demo"}
        )
    )
    headers = {"Merchant": "demo", "Authorization": free["token"]}
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    url = ok(await client.post("/wps/game/launchGame", json=body, headers=headers))["game_url"]
    player = ok(await vendor_call(client, "authenticate", {"launchToken": launch_token(url)}))
    assert player["balance"] == "10000.00"
    assert ok(await bet(client, player, "trial-1", "100.00"))["balance"] == "9900.00"
    # Trial accounts have no betting record (a member feature, SPEC §1).
    failed(await client.get("/wps/relay/personalHistoryCopy", headers=headers), 403, "in_need_true_account")
    await ledger_is_clean(db)


async def test_visitor_launch_is_a_demo_without_wallet(client: httpx.AsyncClient, db: Database) -> None:
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    launch = ok(await client.post("/wps/game/launchGame", json=body, headers={"Merchant": "demo"}))
    assert launch["trial"] is True
    player = ok(await vendor_call(client, "authenticate", {"launchToken": launch_token(launch["game_url"])}))
    assert player["demo"] is True
    assert player["sessionToken"] is None


async def test_each_money_call_pushes_the_balance_once_and_a_refused_one_none(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    await fund(db, "demo", "player1", 50_00, "dep-push")
    player = await launched(client, db)
    await after_commit.drain()
    emitted.clear()

    async def pushes() -> list[Any]:
        await after_commit.drain()
        sent = [(room, payload) for event, room, payload in emitted if event == events.BALANCE]
        emitted.clear()
        return sent

    room = events.user_room(int(player["playerId"]))
    ok(await bet(client, player, "p-1", "10.00", rnd="rp"))
    assert await pushes() == [(room, {"sumBalance": "40.00"})]
    ok(await bet(client, player, "p-1", "10.00", rnd="rp"))  # a replay
    failed(await bet(client, player, "p-2", "40.01", rnd="rp2"), 422, "INSUFFICIENT_FUNDS")
    assert await pushes() == []
    win = {"playerId": player["playerId"], "txId": "p-1w", "roundId": "rp", "amount": "4.00"}
    ok(await vendor_call(client, "win", win))
    assert await pushes() == [(room, {"sumBalance": "44.00"})]
    ok(await bet(client, player, "p-3", "4.00", rnd="rq"))
    assert await pushes() == [(room, {"sumBalance": "40.00"})]
    refund = {"playerId": player["playerId"], "txId": "p-3r", "betTxId": "p-3", "roundId": "rq"}
    ok(await vendor_call(client, "rollback", refund))
    assert await pushes() == [(room, {"sumBalance": "44.00"})]
    # Nothing moves for a lost round's zero win or a tombstone.
    ok(await bet(client, player, "p-4", "1.00", rnd="rz"))
    await pushes()
    ok(await vendor_call(client, "win", win | {"txId": "p-4w", "roundId": "rz", "amount": "0"}))
    tombstone = {"playerId": player["playerId"], "txId": "p-5r", "betTxId": "p-5", "roundId": "rt"}
    ok(await vendor_call(client, "rollback", tombstone))
    assert await pushes() == []
    await ledger_is_clean(db)
