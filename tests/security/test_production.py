"""ENVIRONMENT=production: no development secret, no sandbox gateway, no outboxes, no /docs."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator

import httpx
import pytest
from pydantic import ValidationError

from server.app import create_app
from server.db.session import Database
from server.wallet.gateway import PaymentNotice, SandboxGateway
from tests.conftest import TEST_CLIENT_ADDRESS, make_settings
from tests.games.support import ledger_is_clean
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed

pytestmark = pytest.mark.usefixtures("demo")

SECRETS = {"house_wallet_secret": "w" * 40, "house_table_secret": "t" * 40, "staff_otp_key": "k" * 40}
NAMES = ("HOUSE_WALLET_SECRET", "HOUSE_TABLE_SECRET", "STAFF_OTP_KEY")


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({}, list(NAMES)),
        ({"house_wallet_secret": "w" * 40, "staff_otp_key": "k" * 40}, ["HOUSE_TABLE_SECRET"]),
        (SECRETS | {"staff_otp_key": "staff-otp-development-key"}, ["STAFF_OTP_KEY"]),
        (SECRETS | {"house_table_secret": "short-but-not-default"}, ["HOUSE_TABLE_SECRET"]),
    ],
)
def test_production_refuses_development_or_short_secrets(overrides: dict[str, str], named: list[str]) -> None:
    with pytest.raises(ValidationError) as refused:
        make_settings("sqlite://", environment="production", **overrides)
    message = str(refused.value)
    for name in NAMES:
        assert (name in message) == (name in named), message
    make_settings("sqlite://", environment="production", **SECRETS)  # long, own secrets start


def test_the_command_line_says_which_variable_to_set(tmp_path: object) -> None:
    env = {
        "ENVIRONMENT": "production",
        "HOUSE_WALLET_SECRET": "x" * 40,
        "STAFF_OTP_KEY": "k" * 40,
        "PATH": "/usr/bin:/bin",
    }
    run = subprocess.run(
        [sys.executable, "-m", "server", "migrate"], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    assert "HOUSE_TABLE_SECRET" in run.stderr
    assert "HOUSE_WALLET_SECRET" not in run.stderr
    assert "Traceback" not in run.stderr


@pytest.fixture
async def production(database_url: str, db: Database) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(make_settings(database_url, environment="production", **SECRETS), db=db)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            yield client


async def test_production_routes_no_development_tools(production: httpx.AsyncClient, db: Database) -> None:
    for path in ("/docs", "/openapi.json", "/sandbox-gateway/pay/D1?amount=1&merchant=demo&sig=x"):
        assert (await production.get(path)).status_code == 404, path
    operator = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "admin1", staff=True)}
    for box in ("sms", "email"):
        failed(await production.get(f"/wps/admin/outbox/{box}", headers=operator), 404, "NOT_FOUND")


async def test_a_callback_signed_with_the_public_sandbox_secret_credits_nothing(
    production: httpx.AsyncClient, db: Database
) -> None:
    portal = Portal(production)
    assert (await portal.login("player1")).status_code == 200
    body = {"channel": "SANDBOX", "amount": "5000.00", "requestId": "prod-dep-1"}
    # No gateway order is opened at all where the sandbox is not routed.
    refused = await portal.call("POST", "/wps/cashier/deposits", body)
    failed(refused, 503, "SERVICE_UNAVAILABLE")
    notice = PaymentNotice("D0000000001", "5000.00", "PAID", "nonce-prod-0001", "forged")
    headers, raw = SandboxGateway("sandbox-development-secret").signed_callback(notice)
    forged = await production.post("/wps/payment/callback/sandbox", content=raw, headers=headers)
    failed(forged, 404, "NOT_FOUND")
    balance = await portal.call("GET", "/wps/v2/wallets/balance")
    assert balance.json()["value"]["sumBalance"] == "0.00"
    await ledger_is_clean(db)
