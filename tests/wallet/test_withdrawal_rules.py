"""What the withdrawal form needs to know before a member submits (issue 10): the withdrawable balance, the
brand's limits and today's count; and the well-known default 123456 is never a withdrawal password."""

from __future__ import annotations

import httpx
import pytest

from server.db.session import Database
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, operator, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")
LIMITS = "/wps/cashier/withdrawal/limits"


def pin(login: str, new: str, confirm: str | None = None) -> dict[str, str]:
    return {"loginPassword": login, "paymentPassword": new, "confirmPaymentPassword": confirm or new}


async def test_the_well_known_default_is_refused(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    answer = failed(
        await portal.call("POST", "/wps/member/paymentPassword", pin("Demo1234", "123456"), encrypted=True),
        422,
        "PAYMENT_PASSWORD_DEFAULT",
    )
    assert answer == {"fields": [{"field": "paymentPassword", "type": "default"}]}
    info = ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert info["hasPaymentPassword"] is False

    # Set a good one, then try to change it to the default: refused, and the good one still works.
    ok(await portal.call("POST", "/wps/member/paymentPassword", pin("Demo1234", "246810"), encrypted=True))
    failed(
        await portal.call("POST", "/wps/member/paymentPassword", pin("Demo1234", "123456"), encrypted=True),
        422,
        "PAYMENT_PASSWORD_DEFAULT",
    )
    await deposit_bank(client, db, portal, "500.00", "req-default-fund")
    bank = {"bankName": "Demo Bank", "accountName": "Player One", "accountNumber": "11112222"}
    bank_id = ok(await portal.call("POST", "/wps/member/bankAccounts", bank))["id"]
    ask = {"bankAccountId": bank_id, "amount": "100.00", "requestId": "req-default-wd01"}
    failed(
        await portal.call(
            "POST", "/wps/cashier/withdrawals", {**ask, "paymentPassword": "123456"}, encrypted=True
        ),
        422,
        "PAYMENT_PASSWORD_WRONG",
    )
    done = ok(
        await portal.call(
            "POST",
            "/wps/cashier/withdrawals",
            {**ask, "requestId": "req-default-wd02", "paymentPassword": "246810"},
            encrypted=True,
        )
    )
    assert (done["amount"], done["status"]) == ("100.00", "PENDING")
    assert await sum_balance(client, portal) == "400.00"
    await ledger_is_clean(db)


async def funded(client: httpx.AsyncClient, db: Database, portal: Portal) -> int:
    await deposit_bank(client, db, portal, "3000.00", "req-limits-fund")
    ok(await portal.call("POST", "/wps/member/paymentPassword", pin("Demo1234", "246810"), encrypted=True))
    bank = {"bankName": "Demo Bank", "accountName": "Player One", "accountNumber": "33334444"}
    return int(ok(await portal.call("POST", "/wps/member/bankAccounts", bank))["id"])


async def test_limits_tell_the_form_what_it_may_ask(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    assert ok(await client.get(LIMITS, headers=portal.headers())) == {
        "available": "0.00",
        "minAmount": "100.00",
        "maxAmount": "50000.00",
        "dailyCount": 5,
        "usedToday": 0,
        "paymentPasswordSet": False,
    }
    bank_id = await funded(client, db, portal)
    ask = {
        "bankAccountId": bank_id,
        "amount": "1000.00",
        "paymentPassword": "246810",
        "requestId": "req-lim-1",
    }
    ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))
    limits = ok(await client.get(LIMITS, headers=portal.headers()))
    assert (limits["available"], limits["usedToday"], limits["paymentPasswordSet"]) == ("2000.00", 1, True)
    await ledger_is_clean(db)


async def test_only_the_main_wallet_is_withdrawable(client: httpx.AsyncClient, db: Database) -> None:
    """...where money moves between wallets by hand; with automatic transfer (demo2's seeded setting) a
    withdrawal brings the game wallets' money home first, so it counts (tests/games/test_auto_transfer.py)."""
    two = await player(client, "player1", "demo2")
    staff = await operator(client, db, "demo2")
    ok(await client.put("/wps/admin/brand/wallet", json={"autoTransfer": False}, headers=staff))
    bonus = {"amount": "250.00", "reason": "welcome", "requestId": "req-two-bonus-03"}
    ok(await client.post("/wps/admin/members/player1/bonus", json=bonus, headers=staff))
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "100.00", "requestId": "req-two-move-03"}
    ok(await two.call("POST", "/wps/relay/GCS_walletTransfer", move))
    limits = ok(await client.get(LIMITS, headers=two.headers()))
    assert (limits["available"], limits["minAmount"]) == ("150.00", "100.00")
    assert await sum_balance(client, two) == "250.00"
    ok(await client.put("/wps/admin/brand/wallet", json={"autoTransfer": True}, headers=staff))
    assert ok(await client.get(LIMITS, headers=two.headers()))["available"] == "250.00"
    await ledger_is_clean(db)


async def test_limits_are_for_members_only(client: httpx.AsyncClient) -> None:
    failed(await client.get(LIMITS, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")
