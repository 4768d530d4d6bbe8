"""The cashier over HTTP: deposits (bank and gateway), withdrawals with receipt, transfers, records."""

from __future__ import annotations

import io
import json
import time
from typing import Any

import httpx
import pytest
from PIL import Image

from server.db import after_commit
from server.db.session import Database
from server.wallet.gateway import PaymentNotice, SandboxGateway
from server.wallet.reconcile import check_ledger
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")
SANDBOX = SandboxGateway("sandbox-development-secret")
Sent = list[tuple[str, str | None, Any]]


async def ledger_is_clean(db: Database) -> None:
    async with db.read_session() as session:
        findings = await check_ledger(session)
    assert findings.clean, findings


async def operator(client: httpx.AsyncClient, db: Database, merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, "admin1", staff=True)}


async def player(client: httpx.AsyncClient, name: str = "player1", merchant: str = "demo") -> Portal:
    portal = Portal(client, merchant)
    ok(await portal.login(name))
    return portal


async def deposit_bank(
    client: httpx.AsyncClient, db: Database, portal: Portal, amount: str, request_id: str
) -> str:
    body = {
        "channel": "BANK",
        "amount": amount,
        "requestId": request_id,
        "payerReference": "ref from my bank",
    }
    order = ok(await portal.call("POST", "/wps/cashier/deposits", body))
    assert order["status"] == "PENDING"
    assert order["paymentUrl"] is None
    done = await client.post(
        f"/wps/admin/deposits/{order['orderNo']}/confirm", json={}, headers=await operator(client, db)
    )
    assert ok(done)["status"] == "COMPLETED"
    return str(order["orderNo"])


async def sum_balance(client: httpx.AsyncClient, portal: Portal) -> str:
    return str(ok(await client.get("/wps/v2/wallets/balance", headers=portal.headers()))["sumBalance"])


async def test_bank_deposit_confirmed_by_an_operator(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    portal = await player(client)
    channels = ok(await client.get("/wps/cashier/deposit/channels", headers=portal.headers()))
    assert [c["code"] for c in channels] == ["BANK", "SANDBOX"]
    assert channels[0]["accountNumber"] == "0012345678"
    order_no = await deposit_bank(client, db, portal, "1500.50", "req-deposit-0001")
    assert await sum_balance(client, portal) == "1500.50"
    await after_commit.drain()
    assert ("balance", None) not in [(e, r) for e, r, _ in emitted]
    pushes = [p for e, r, p in emitted if e == "balance"]
    assert pushes[-1] == {"sumBalance": "1500.50"}
    # A second confirmation pays nothing more.
    again = await client.post(
        f"/wps/admin/deposits/{order_no}/confirm", json={}, headers=await operator(client, db)
    )
    assert ok(again)["status"] == "COMPLETED"
    assert await sum_balance(client, portal) == "1500.50"
    records = ok(
        await client.get("/wps/member/transactions", params={"type": "DEPOSIT"}, headers=portal.headers())
    )
    assert [(r["type"], r["amount"], r["balanceAfter"]) for r in records["list"]] == [
        ("DEPOSIT", "1500.50", "1500.50")
    ]
    await ledger_is_clean(db)


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize("amount", ["49.99", "100000.01", "1e3", "-5", "0.001", "12.", "abc", 100])
async def test_deposit_amounts_are_checked(client: httpx.AsyncClient, amount: Any) -> None:
    portal = await player(client)
    body = {"channel": "BANK", "amount": amount, "requestId": "req-bad-amount"}
    answer = await portal.call("POST", "/wps/cashier/deposits", body)
    assert answer.status_code == 422
    assert answer.json()["errorCode"] in ("VALIDATION_ERROR", "DEPOSIT_LIMIT")


async def test_the_same_request_id_is_one_order(client: httpx.AsyncClient) -> None:
    portal = await player(client)
    body = {"channel": "BANK", "amount": "200.00", "requestId": "req-once-0001"}
    first = ok(await portal.call("POST", "/wps/cashier/deposits", body))
    second = ok(await portal.call("POST", "/wps/cashier/deposits", body))
    assert first["orderNo"] == second["orderNo"]
    failed(
        await portal.call("POST", "/wps/cashier/deposits", {**body, "amount": "300.00"}),
        409,
        "IDEMPOTENCY_CONFLICT",
    )


async def gateway_order(portal: Portal, amount: str = "250.00") -> dict[str, Any]:
    body = {"channel": "SANDBOX", "amount": amount, "requestId": f"req-gw-{time.time_ns()}"}
    order: dict[str, Any] = ok(await portal.call("POST", "/wps/cashier/deposits", body))
    assert order["paymentUrl"].startswith(f"/sandbox-gateway/pay/{order['orderNo']}?")
    return order


async def notify(client: httpx.AsyncClient, notice: PaymentNotice, **kwargs: Any) -> httpx.Response:
    headers, body = SANDBOX.signed_callback(notice, **kwargs)
    return await client.post("/wps/payment/callback/sandbox", content=body, headers=headers)


async def test_gateway_callback_credits_once(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    order = await gateway_order(portal)
    notice = PaymentNotice(order["orderNo"], "250.00", "PAID", "nonce-aaaaaaaa-1", "SBX1")
    assert ok(await notify(client, notice)) == {"outcome": "completed"}
    assert ok(await notify(client, notice)) == {"outcome": "duplicate"}  # a replay
    fresh_nonce = PaymentNotice(order["orderNo"], "250.00", "PAID", "nonce-aaaaaaaa-2", "SBX1")
    assert ok(await notify(client, fresh_nonce)) == {"outcome": "completed"}  # the order pays once anyway
    assert await sum_balance(client, portal) == "250.00"
    await ledger_is_clean(db)


async def test_gateway_callbacks_that_are_not_ours(client: httpx.AsyncClient) -> None:
    portal = await player(client)
    order = await gateway_order(portal)
    notice = PaymentNotice(order["orderNo"], "250.00", "PAID", "nonce-bbbbbbbb-1", "SBX2")
    headers, body = SANDBOX.signed_callback(notice)
    forged = json.loads(body)
    forged["amount"] = "25000.00"
    answer = await client.post("/wps/payment/callback/sandbox", content=json.dumps(forged), headers=headers)
    failed(answer, 401, "GATEWAY_SIGNATURE")
    failed(await notify(client, notice, timestamp=int(time.time()) - 600), 401, "GATEWAY_SIGNATURE")
    other_key = SandboxGateway("someone-else")
    headers, body = other_key.signed_callback(notice)
    failed(
        await client.post("/wps/payment/callback/sandbox", content=body, headers=headers),
        401,
        "GATEWAY_SIGNATURE",
    )
    failed(await client.post("/wps/payment/callback/sandbox", content=b"{}"), 401, "GATEWAY_SIGNATURE")
    mismatch = PaymentNotice(order["orderNo"], "999.00", "PAID", "nonce-bbbbbbbb-2", "SBX2")
    assert ok(await notify(client, mismatch)) == {"outcome": "amount_mismatch"}
    declined = PaymentNotice(order["orderNo"], "250.00", "FAILED", "nonce-bbbbbbbb-3", "SBX2")
    assert ok(await notify(client, declined)) == {"outcome": "failed"}
    assert await sum_balance(client, portal) == "0.00"


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 40), (0, 120, 0)).save(out, format="PNG")
    return out.getvalue()


async def prepare_withdrawals(client: httpx.AsyncClient, db: Database, portal: Portal) -> int:
    await deposit_bank(client, db, portal, "3000.00", "req-fund-0001")
    body = {"loginPassword": "Demo1234", "paymentPassword": "246810", "confirmPaymentPassword": "246810"}
    ok(await portal.call("POST", "/wps/member/paymentPassword", body, encrypted=True))
    mismatch = {"bankName": "Demo Bank", "accountName": "Someone Else", "accountNumber": "55556666"}
    ok(await portal.call("POST", "/wps/member/bankAccounts", {**mismatch, "accountName": "Player  One"}))
    failed(await portal.call("POST", "/wps/member/bankAccounts", mismatch), 422, "PAYEE_NAME_MISMATCH")
    banks = ok(await client.get("/wps/member/bankAccounts", headers=portal.headers()))
    assert banks[0]["accountNumber"] == "****6666"
    return int(banks[0]["id"])


async def test_withdrawal_paid_partly_then_refunded(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)
    ask = {
        "bankAccountId": bank,
        "amount": "1000.00",
        "paymentPassword": "246810",
        "requestId": "req-wd-0001",
    }
    withdrawal = ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))
    assert withdrawal["status"] == "PENDING"
    assert await sum_balance(client, portal) == "2000.00"
    staff = await operator(client, db)
    order = withdrawal["orderNo"]
    failed(
        await client.post(f"/wps/admin/withdrawals/{order}/disburse", json={}, headers=staff),
        409,
        "WITHDRAWAL_STATE",
    )
    ok(await client.post(f"/wps/admin/withdrawals/{order}/approve", json={}, headers=staff))
    ok(await client.post(f"/wps/admin/withdrawals/{order}/disburse", json={"note": "sent"}, headers=staff))
    form = {"outcome": "partial", "receivedAmount": "700.00", "remainingAmount": "300.00"}
    confirm = await client.post(
        f"/wps/cashier/withdrawals/{order}/confirm", data=form, headers=portal.headers()
    )
    assert ok(confirm)["status"] == "PARTIAL"
    ok(await client.post(f"/wps/admin/withdrawals/{order}/refund", json={}, headers=staff))
    assert await sum_balance(client, portal) == "2300.00"
    await ledger_is_clean(db)


async def test_not_received_with_proof(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)
    ask = {"bankAccountId": bank, "amount": "500.00", "paymentPassword": "246810", "requestId": "req-wd-0002"}
    order = ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))["orderNo"]
    staff = await operator(client, db)
    for action in ("approve", "disburse"):
        ok(await client.post(f"/wps/admin/withdrawals/{order}/{action}", json={}, headers=staff))
    path = f"/wps/cashier/withdrawals/{order}/confirm"
    failed(
        await client.post(path, data={"outcome": "not_received"}, headers=portal.headers()),
        422,
        "VALIDATION_ERROR",
    )
    fake = {"proof": ("proof.png", b"not an image", "image/png")}
    failed(
        await client.post(path, data={"outcome": "not_received"}, files=fake, headers=portal.headers()),
        422,
        "UPLOAD_INVALID",
    )
    real = {"proof": ("proof.png", png(), "image/png")}
    answer = await client.post(
        path, data={"outcome": "not_received", "note": "nothing came"}, files=real, headers=portal.headers()
    )
    assert ok(answer)["status"] == "NOT_RECEIVED"
    ok(await client.post(f"/wps/admin/withdrawals/{order}/refund", json={}, headers=staff))
    assert await sum_balance(client, portal) == "3000.00"
    await ledger_is_clean(db)


async def test_withdrawal_guards(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)
    base = {"bankAccountId": bank, "amount": "100.00", "paymentPassword": "246810"}
    failed(
        await portal.call(
            "POST",
            "/wps/cashier/withdrawals",
            {**base, "amount": "99.99", "requestId": "req-g-limit1"},
            encrypted=True,
        ),
        422,
        "WITHDRAW_LIMIT",
    )
    failed(
        await portal.call(
            "POST",
            "/wps/cashier/withdrawals",
            {**base, "amount": "2999.00", "requestId": "req-g-nobank", "bankAccountId": 999999},
            encrypted=True,
        ),
        404,
        "NOT_FOUND",
    )
    for n in range(5):
        wrong = {**base, "paymentPassword": "000000", "requestId": f"req-g-wrong{n}"}
        failed(
            await portal.call("POST", "/wps/cashier/withdrawals", wrong, encrypted=True),
            422,
            "PAYMENT_PASSWORD_WRONG",
        )
    locked = {**base, "requestId": "req-g-locked"}
    failed(await portal.call("POST", "/wps/cashier/withdrawals", locked, encrypted=True), 429, "LOGIN_LOCKED")
    assert await sum_balance(client, portal) == "3000.00"


async def test_transfers_to_the_upline_and_between_wallets(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    await prepare_withdrawals(client, db, portal)
    pay = {"amount": "120.00", "paymentPassword": "246810", "requestId": "req-upline-01"}
    assert (
        ok(await portal.call("POST", "/wps/member/transferUpline", pay, encrypted=True))["sumBalance"]
        == "2880.00"
    )
    agent = await player(client, "agent1")
    assert await sum_balance(client, agent) == "120.00"
    lone = await player(client, "player3")
    failed(await lone.call("POST", "/wps/member/transferUpline", pay, encrypted=True), 409, "CONFLICT")
    # demo runs a single wallet; demo2 a wallet per vendor.
    move = {"fromVendor": "", "toVendor": "HOUSE", "amount": "50.00", "requestId": "req-wallet-01"}
    failed(await portal.call("POST", "/wps/relay/GCS_walletTransfer", move), 409, "CONFLICT")
    two = await player(client, "player1", "demo2")
    staff = await operator(client, db, "demo2")
    ok(
        await client.post(
            "/wps/admin/members/player1/bonus",
            json={"amount": "80.00", "reason": "welcome", "requestId": "req-bonus-01"},
            headers=staff,
        )
    )
    first = ok(await two.call("POST", "/wps/relay/GCS_walletTransfer", move))
    again = ok(await two.call("POST", "/wps/relay/GCS_walletTransfer", move))
    assert first["transferId"] == again["transferId"]
    assert again["replayed"] is True
    wallets = ok(await client.get("/wps/v2/wallets/balance", headers=two.headers()))
    assert {(w["kind"], w["vendorCode"], w["balance"]) for w in wallets["wallets"]} == {
        ("MAIN", None, "30.00"),
        ("VENDOR", "HOUSE", "50.00"),
    }
    assert wallets["sumBalance"] == "80.00"
    back = {"fromVendor": "HOUSE", "toVendor": "", "amount": "60.00", "requestId": "req-wallet-02"}
    failed(await two.call("POST", "/wps/relay/GCS_walletTransfer", back), 422, "INSUFFICIENT_FUNDS")
    bonuses = ok(await client.get("/wps/member/bonus", headers=two.headers()))
    assert [(r["type"], r["amount"]) for r in bonuses["list"]] == [("BONUS", "80.00")]
    await ledger_is_clean(db)


async def test_records_filter_and_page(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    for n in range(5):
        await deposit_bank(client, db, portal, f"{100 + n}.00", f"req-rec-{n:04d}")
    page = ok(
        await client.get(
            "/wps/member/transactions", params={"pageSize": 2, "page": 2}, headers=portal.headers()
        )
    )
    assert (page["total"], page["totalPages"], page["pageNum"]) == (5, 3, 2)
    assert [r["amount"] for r in page["list"]] == ["102.00", "101.00"]
    none = ok(
        await client.get(
            "/wps/member/transactions", params={"from": "2099-01-01T00:00:00Z"}, headers=portal.headers()
        )
    )
    assert none["total"] == 0
    failed(
        await client.get("/wps/member/transactions", params={"pageSize": 1000}, headers=portal.headers()),
        422,
        "VALIDATION_ERROR",
    )


async def test_trial_accounts_stay_out_of_the_cashier(client: httpx.AsyncClient) -> None:
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    failed(
        await client.get("/wps/cashier/deposit/channels", headers=trial.headers()),
        403,
        "in_need_true_account",
    )
    body = {"channel": "BANK", "amount": "200.00", "requestId": "req-trial-01"}
    failed(await trial.call("POST", "/wps/cashier/deposits", body), 403, "in_need_true_account")
