"""The second brand's cashier (issue 10): its players can deposit, "My wallet" lists every wallet by the
vendor's name, and a transfer needs two different wallets."""

from __future__ import annotations

import httpx
import pytest
from starlette.datastructures import URL

from server.db.session import Database
from server.wallet.gateway import PaymentNotice
from server.wallet.sandbox_gateway import callback_target
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import ledger_is_clean, notify, operator, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")


async def wallets(client: httpx.AsyncClient, portal: Portal) -> list[tuple[str, str | None, str, str | None]]:
    answer = ok(await client.get("/wps/v2/wallets/balance", headers=portal.headers()))
    return [(w["kind"], w["vendorCode"], w["balance"], w["name"]) for w in answer["wallets"]]


async def test_second_brand_players_can_deposit(client: httpx.AsyncClient, db: Database) -> None:
    two = await player(client, "player1", "demo2")
    channels = ok(await client.get("/wps/cashier/deposit/channels", headers=two.headers()))
    assert [(c["code"], c["kind"]) for c in channels] == [("BANK", "BANK"), ("SANDBOX", "GATEWAY")]
    assert all(c["minAmount"] and c["maxAmount"] for c in channels)

    # A bank transfer, confirmed by the second brand's own operator.
    body = {"channel": "BANK", "amount": "300.00", "requestId": "req-two-bank-01"}
    order = ok(await two.call("POST", "/wps/cashier/deposits", body))
    confirmed = await client.post(
        f"/wps/admin/deposits/{order['orderNo']}/confirm",
        json={},
        headers=await operator(client, db, "demo2"),
    )
    assert ok(confirmed)["status"] == "COMPLETED"
    # A gateway payment, credited by the signed callback.
    body = {"channel": "SANDBOX", "amount": "200.50", "requestId": "req-two-gateway-01"}
    order = ok(await two.call("POST", "/wps/cashier/deposits", body))
    assert "merchant=demo2" in order["paymentUrl"]
    notice = PaymentNotice(order["orderNo"], "200.50", "PAID", "nonce-demo2-0001", "SBXD2")
    assert ok(await notify(client, notice)) == {"outcome": "completed"}

    assert await sum_balance(client, two) == "500.50"
    assert (await wallets(client, two))[0] == ("MAIN", None, "500.50", None)
    await ledger_is_clean(db)


def test_the_sandbox_gateway_notifies_a_localhost_brand_on_the_loopback() -> None:
    # The browser reaches demo2.localhost by itself; the server's resolver need not, so the gateway's
    # server-to-server notice goes to 127.0.0.1 with the brand's Host (before, it could not be delivered).
    assert callback_target(URL("http://demo2.localhost:8000/sandbox-gateway/")) == (
        "http://127.0.0.1:8000/wps/payment/callback/sandbox",
        {"Host": "demo2.localhost:8000"},
    )
    assert callback_target(URL("https://casino.example/sandbox-gateway")) == (
        "https://casino.example/wps/payment/callback/sandbox",
        {},
    )


async def test_my_wallet_lists_every_wallet_by_its_name(client: httpx.AsyncClient, db: Database) -> None:
    two = await player(client, "player1", "demo2")
    # Before any money moved: the main wallet and the game wallet, both empty, the game wallet named.
    assert await wallets(client, two) == [
        ("MAIN", None, "0.00", None),
        ("VENDOR", "HOUSE", "0.00", "House games"),
    ]
    merchant = ok(await client.get("/wps/v2/wallets/merchant", headers=two.headers()))
    assert merchant["isSingle"] is False
    assert merchant["wallets"] == [{"code": "HOUSE", "name": "House games"}]

    staff = await operator(client, db, "demo2")
    bonus = {"amount": "80.00", "reason": "welcome", "requestId": "req-two-bonus-01"}
    ok(await client.post("/wps/admin/members/player1/bonus", json=bonus, headers=staff))
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "30.00", "requestId": "req-two-move-01"}
    ok(await two.call("POST", "/wps/relay/GCS_walletTransfer", move))
    assert await wallets(client, two) == [
        ("MAIN", None, "50.00", None),
        ("VENDOR", "HOUSE", "30.00", "House games"),
    ]
    assert await sum_balance(client, two) == "80.00"

    # A single-wallet brand lists its one wallet, even before the first deposit.
    one = await player(client, "player3")
    assert await wallets(client, one) == [("MAIN", None, "0.00", None)]
    assert ok(await client.get("/wps/v2/wallets/merchant", headers=one.headers()))["wallets"] == []
    await ledger_is_clean(db)


async def test_a_transfer_needs_two_different_wallets(client: httpx.AsyncClient, db: Database) -> None:
    two = await player(client, "player1", "demo2")
    staff = await operator(client, db, "demo2")
    bonus = {"amount": "40.00", "reason": "welcome", "requestId": "req-two-bonus-02"}
    ok(await client.post("/wps/admin/members/player1/bonus", json=bonus, headers=staff))
    for vendor in ("", "HOUSE"):
        same = {
            "fromVendor": vendor,
            "toVendor": vendor,
            "amount": "10.00",
            "requestId": f"req-same-{vendor}x",
        }
        failed(await two.call("POST", "/wps/relay/GCS_walletTransfer", same), 422, "TRANSFER_SAME_WALLET")
    assert await wallets(client, two) == [
        ("MAIN", None, "40.00", None),
        ("VENDOR", "HOUSE", "0.00", "House games"),
    ]
    await ledger_is_clean(db)
