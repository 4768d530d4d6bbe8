"""Transfer wallets at launch (issue 29): on demo2 (a wallet per vendor, automatic transfer) a launch moves
the whole main balance into the game's wallet and leaving the game moves it back; the next launch of another
vendor sweeps the last one's wallet; a job returns wallets nobody plays from; without automatic transfer the
launch offers the transfer first. Every test checks the ledger: postings sum to zero, balances equal them."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import func, select, update

from server.brands import service as brands
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import Game, GameLaunch, GameVendor
from server.wallet import game_money
from server.wallet.models import LedgerTransfer
from tests.games.auto_transfer import (
    MERCHANT,
    OTHER_WALLET,
    add_second_vendor,
    authenticate,
    headers,
    launch,
    leave,
    set_auto_transfer,
    wallets,
)
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.support.accounts import token_for
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import player

pytestmark = pytest.mark.usefixtures("demo")


async def test_a_launch_moves_the_whole_main_balance_in_and_leaving_moves_it_back(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, MERCHANT, "player1", 500_00, "auto-1")
    who = await headers(db)
    launched = ok(await launch(client, db))
    assert launched["autoTransfer"] is True
    assert launched["movedIn"] == "500.00"
    assert launched["transferOffer"] is None
    assert await wallets(db) == {"": 0, "HOUSE": 500_00}
    # The game sees the deposit with no transfer by hand, and plays from it.
    player = await authenticate(client, launched)
    assert player["balance"] == "500.00"
    bet = {"sessionToken": player["sessionToken"], "txId": "a-b1", "roundId": "a-r1", "amount": "5.00"}
    assert ok(await vendor_call(client, "bet", bet, merchant=MERCHANT))["balance"] == "495.00"
    win = {"sessionToken": player["sessionToken"], "txId": "a-w1", "roundId": "a-r1", "amount": "12.00"}
    assert ok(await vendor_call(client, "win", win, merchant=MERCHANT))["balance"] == "507.00"
    # The header's sum is the same while the money is in the game.
    balance = ok(await client.get("/wps/v2/wallets/balance", headers=who))
    assert balance["sumBalance"] == "507.00"

    left = ok(await leave(client, who))
    assert left == {"returned": "507.00", "sumBalance": "507.00"}
    assert await wallets(db) == {"": 507_00, "HOUSE": 0}
    # Leaving twice (the route change and the page going) moves nothing the second time.
    assert ok(await leave(client, who))["returned"] == "0.00"
    # Both moves are in the member's records as wallet transfers (a row per wallet), named as by hand.
    records = ok(await client.get("/wps/member/transactions", params={"type": "TRANSFER"}, headers=who))
    references = sorted(r["reference"] for r in records["list"])
    assert references == ["wallet:HOUSE>MAIN", "wallet:HOUSE>MAIN", "wallet:MAIN>HOUSE", "wallet:MAIN>HOUSE"]
    await ledger_is_clean(db)


async def test_a_second_launch_finds_the_money_in_the_game_and_moves_nothing_more(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, MERCHANT, "player1", 80_00, "auto-2")
    assert ok(await launch(client, db))["movedIn"] == "80.00"
    again = ok(await launch(client, db))
    assert again["movedIn"] == "0.00"
    assert again["autoTransfer"] is True
    assert await wallets(db) == {"": 0, "HOUSE": 80_00}
    # A deposit made while playing joins the game at the next launch.
    await fund(db, MERCHANT, "player1", 20_00, "auto-2b")
    assert ok(await launch(client, db))["movedIn"] == "20.00"
    assert await wallets(db) == {"": 0, "HOUSE": 100_00}
    await ledger_is_clean(db)


async def test_launching_another_vendor_sweeps_the_last_ones_wallet_first(
    client: httpx.AsyncClient, db: Database
) -> None:
    await add_second_vendor(db)
    await fund(db, MERCHANT, "player1", 60_00, "auto-3")
    assert ok(await launch(client, db))["movedIn"] == "60.00"
    assert ok(await launch(client, db, code="other-slot"))["movedIn"] == "60.00"
    assert await wallets(db) == {"": 0, "HOUSE": 0, OTHER_WALLET: 60_00}
    assert ok(await leave(client, await headers(db)))["returned"] == "60.00"
    assert await wallets(db) == {"": 60_00, "HOUSE": 0, OTHER_WALLET: 0}
    await ledger_is_clean(db)


async def test_without_automatic_transfer_the_launch_offers_the_transfer_first(
    client: httpx.AsyncClient, db: Database
) -> None:
    await set_auto_transfer(db, False)
    await fund(db, MERCHANT, "player1", 90_00, "auto-4")
    who = await headers(db)
    async with db.read_session() as session:
        launches_before = await session.scalar(select(func.count()).select_from(GameLaunch))
    offered = ok(await launch(client, db))
    assert offered["game_url"] == ""
    assert offered["game_url2"] == ""
    assert offered["autoTransfer"] is False
    assert offered["transferOffer"] == {
        "walletCode": "HOUSE",
        "walletName": "House games",
        "walletBalance": "0.00",
        "mainBalance": "90.00",
    }
    async with db.read_session() as session:
        # No launch token was issued for an offer.
        assert await session.scalar(select(func.count()).select_from(GameLaunch)) == launches_before
    # The player moves what they choose, then launches with the offer confirmed.
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "30.00", "requestId": "offer-move-1"}
    ok(await client.post("/wps/relay/GCS_walletTransfer", json=move, headers=who))
    launched = ok(await launch(client, db, confirm=1))
    assert launched["transferOffer"] is None
    assert launched["movedIn"] == "0.00"
    assert (await authenticate(client, launched))["balance"] == "30.00"
    # Nothing moves by itself on such a merchant.
    assert ok(await leave(client, who))["returned"] == "0.00"
    assert await wallets(db) == {"": 60_00, "HOUSE": 30_00}
    await ledger_is_clean(db)


async def test_single_wallet_and_trial_players_move_nothing(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 40_00, "auto-5")
    demo = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    body = {"gameId": await _game_on_demo(db), "launchMode": "GLS"}
    launched = ok(await client.post("/wps/game/launchGame", json=body, headers=demo))
    assert launched["autoTransfer"] is False
    assert launched["movedIn"] == "0.00"
    assert ok(await leave(client, demo)) == {"returned": "0.00", "sumBalance": "40.00"}

    async with db.session() as session:
        await brands.set_switch(session, MERCHANT, "FREEPLAY3", enabled=True)
    free = ok(
        await client.post(
            "/wps/session/login/freeplay",
            json={"os": "test", "platform": "W"},
            headers={"Merchant": MERCHANT},
        )
    )
    trial = {"Merchant": MERCHANT, "Authorization": free["token"]}
    launched = ok(await launch(client, db, who=trial))
    assert launched["autoTransfer"] is False
    assert launched["transferOffer"] is None
    assert (await authenticate(client, launched))["balance"] == "10000.00"  # play money
    assert ok(await leave(client, trial)) == {"returned": "0.00", "sumBalance": "10000.00"}
    # Play money never reaches the cashier or a game wallet: the header hides those entries, the server
    # refuses them with the code the portal explains (in_need_true_account).
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "1.00", "requestId": "trial-move-1"}
    failed(
        await client.post("/wps/relay/GCS_walletTransfer", json=move, headers=trial),
        403,
        "in_need_true_account",
    )
    for path in (
        "/wps/cashier/withdrawal/limits",
        "/wps/cashier/withdrawals",
        "/wps/cashier/deposit/channels",
    ):
        failed(await client.get(path, headers=trial), 403, "in_need_true_account")
    await ledger_is_clean(db)


async def test_free_play_is_refused_where_the_vendor_offers_none(
    client: httpx.AsyncClient, db: Database
) -> None:
    async with db.session() as session:
        await brands.set_switch(session, MERCHANT, "FREEPLAY3", enabled=True)
        await session.execute(update(GameVendor).values(allows_trial=False))
    free = ok(
        await client.post(
            "/wps/session/login/freeplay",
            json={"os": "test", "platform": "W"},
            headers={"Merchant": MERCHANT},
        )
    )
    trial = {"Merchant": MERCHANT, "Authorization": free["token"]}
    failed(await launch(client, db, who=trial), 403, "in_need_true_account")
    # A real member still launches, and a visitor is asked to log in.
    ok(await launch(client, db))
    failed(await launch(client, db, who={"Merchant": MERCHANT}), 401, "UNAUTHORIZED")


async def _game_on_demo(db: Database) -> int:
    from tests.games.support import game_id

    return await game_id(db, "demo", "slot-golden-dragon")


async def test_the_job_returns_wallets_nobody_plays_from_once(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, MERCHANT, "player1", 70_00, "auto-6")
    launched = ok(await launch(client, db))
    player = await authenticate(client, launched)
    bet = {"sessionToken": player["sessionToken"], "txId": "j-b1", "roundId": "j-r1", "amount": "10.00"}
    ok(await vendor_call(client, "bet", bet, merchant=MERCHANT))
    async with db.session() as session:
        # Played from just now: not idle.
        assert await game_money.return_idle_game_money(session) == {"members": 0, "returned": 0}
    later = utcnow() + timedelta(minutes=game_money.IDLE_MINUTES + 1)
    async with db.session() as session:
        assert await game_money.return_idle_game_money(session, now=later) == {
            "members": 1,
            "returned": 60_00,
        }
    async with db.session() as session:
        # A second run (a retry after a crash, two schedulers) finds nothing left to move.
        assert await game_money.return_idle_game_money(session, now=later) == {"members": 0, "returned": 0}
    assert await wallets(db) == {"": 60_00, "HOUSE": 0}
    # The round settles into the game's wallet afterwards; the next launch or leave takes it back too.
    win = {"playerId": player["playerId"], "txId": "j-w1", "roundId": "j-r1", "amount": "15.00"}
    ok(await vendor_call(client, "win", win, merchant=MERCHANT))
    assert ok(await leave(client, await headers(db)))["returned"] == "15.00"
    assert await wallets(db) == {"": 75_00, "HOUSE": 0}
    await ledger_is_clean(db)


async def test_the_job_leaves_merchants_without_automatic_transfer_alone(
    client: httpx.AsyncClient, db: Database
) -> None:
    await set_auto_transfer(db, False)
    await fund(db, MERCHANT, "player1", 25_00, "auto-7")
    who = await headers(db)
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "25.00", "requestId": "job-move-1"}
    ok(await client.post("/wps/relay/GCS_walletTransfer", json=move, headers=who))
    later = utcnow() + timedelta(minutes=game_money.IDLE_MINUTES + 1)
    async with db.session() as session:
        assert await game_money.return_idle_game_money(session, now=later) == {"members": 0, "returned": 0}
    assert await wallets(db) == {"": 0, "HOUSE": 25_00}


async def test_each_move_is_keyed_by_the_state_it_moved(client: httpx.AsyncClient, db: Database) -> None:
    """The idempotency key names the source account and its last posting: a retry of the same state could
    only replay the first move."""
    await fund(db, MERCHANT, "player1", 10_00, "auto-8")
    ok(await launch(client, db))
    ok(await leave(client, await headers(db)))
    async with db.read_session() as session:
        keys = list(
            await session.scalars(
                select(LedgerTransfer.idempotency_key)
                .where(LedgerTransfer.idempotency_key.like("game-money:%"))
                .order_by(LedgerTransfer.id)
            )
        )
    assert len(keys) == 2
    assert len(set(keys)) == 2
    assert all(key.count(":") == 2 for key in keys)


async def test_an_unknown_session_cannot_leave(client: httpx.AsyncClient) -> None:
    failed(await client.post("/wps/game/leaveGame", headers={"Merchant": MERCHANT}), 401, "UNAUTHORIZED")


async def test_the_lottery_pages_are_never_offered_the_transfer_step(
    client: httpx.AsyncClient, db: Database
) -> None:
    """They launch by themselves at a bet, with no dialog to show an offer in."""
    await set_auto_transfer(db, False)
    async with db.read_session() as session:
        lottery = await session.scalar(
            select(Game.id)
            .join(GameVendor, GameVendor.id == Game.vendor_id)
            .join(Merchant, Merchant.id == Game.merchant_id)
            .where(Merchant.code == MERCHANT, GameVendor.category == "LOTT")
            .order_by(Game.id)
        )
    assert lottery is not None
    body = {"gameId": lottery, "launchMode": "GLS"}
    launched = ok(await client.post("/wps/game/launchGame", json=body, headers=await headers(db)))
    assert launched["transferOffer"] is None
    assert "token=" in launched["game_url"]


async def test_a_withdrawal_brings_the_game_money_home_first(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client, "player1", MERCHANT)
    await fund(db, MERCHANT, "player1", 300_00, "auto-wd")
    ok(await launch(client, db, who=portal.headers()))
    assert await wallets(db) == {"": 0, "HOUSE": 300_00}
    # The form may offer all of it: the request moves it back before holding it.
    limits = ok(await client.get("/wps/cashier/withdrawal/limits", headers=portal.headers()))
    assert limits["available"] == "300.00"
    pin = {"loginPassword": "Demo1234", "paymentPassword": "246810", "confirmPaymentPassword": "246810"}
    ok(await portal.call("POST", "/wps/member/paymentPassword", pin, encrypted=True))
    bank = {"bankName": "Second Bank", "accountName": "Brand Two Player", "accountNumber": "55556666"}
    bank_id = ok(await portal.call("POST", "/wps/member/bankAccounts", bank))["id"]
    ask = {
        "bankAccountId": bank_id,
        "amount": "250.00",
        "requestId": "auto-wd-0001",
        "paymentPassword": "246810",
    }
    done = ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))
    assert (done["amount"], done["status"]) == ("250.00", "PENDING")
    assert await wallets(db) == {"": 50_00, "HOUSE": 0}
    await ledger_is_clean(db)
