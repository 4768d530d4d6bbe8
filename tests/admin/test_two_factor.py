"""Two-factor sign-in for staff: an operator or a finance login opens nothing but the enrolment until a
code from the app is confirmed; then every login asks for a fresh code or an unused recovery code, a code
is good once, a wrong one counts against the login like a wrong password, and a reset starts over."""

from __future__ import annotations

import time

import httpx
import pyotp
import pytest

from server.db.session import Database
from tests.admin.test_staff_api import as_, staff_login
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")
CAPTCHA = "K7WP"


@pytest.fixture(autouse=True)
def fixed_captcha(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("server.security.captcha.random_answer", lambda: CAPTCHA)


async def login(client: httpx.AsyncClient, username: str, **second: str) -> httpx.Response:
    body = {"username": username, "password": "Demo1234", **second}
    return await client.post("/wps/admin/session/login", json=body, headers={"Merchant": "demo"})


def code_at(secret: str, steps_ahead: int = 0) -> str:
    return pyotp.TOTP(secret).at(time.time() + 30 * steps_ahead)


async def enrol(client: httpx.AsyncClient, headers: dict[str, str]) -> tuple[str, list[str]]:
    started = ok(await client.post("/wps/admin/session/2fa/enrol", headers=headers))
    assert started["uri"].startswith("otpauth://totp/")
    assert f"secret={started['secret']}" in started["uri"]
    assert started["qrSvg"].startswith("data:image/svg+xml")
    confirmed = ok(
        await client.post(
            "/wps/admin/session/2fa/confirm", json={"code": code_at(started["secret"])}, headers=headers
        )
    )
    return started["secret"], confirmed["recoveryCodes"]


async def test_an_operator_enrols_then_signs_in_with_codes(client: httpx.AsyncClient) -> None:
    first = ok(await login(client, "admin1"))
    assert first["otpEnrolmentRequired"] is True
    admin = as_(first["token"])
    failed(await client.get("/wps/admin/withdrawals", headers=admin), 403, "OTP_ENROLMENT_REQUIRED")
    me = ok(await client.get("/wps/admin/session/me", headers=admin))
    assert (me["role"], me["otpEnabled"], me["otpEnrolmentRequired"]) == ("OPERATOR", False, True)
    assert "cashier.act" in me["permissions"]

    started = ok(await client.post("/wps/admin/session/2fa/enrol", headers=admin))
    wrong = str((int(code_at(started["secret"])) + 1) % 1_000_000).zfill(6)
    failed(
        await client.post("/wps/admin/session/2fa/confirm", json={"code": wrong}, headers=admin),
        401,
        "OTP_INVALID",
    )
    first_code = code_at(started["secret"])
    confirmed = ok(
        await client.post("/wps/admin/session/2fa/confirm", json={"code": first_code}, headers=admin)
    )
    recovery = confirmed["recoveryCodes"]
    assert len(recovery) == 10
    assert len(set(recovery)) == 10
    ok(await client.get("/wps/admin/withdrawals", headers=admin))  # the same login, now enrolled
    failed(await client.post("/wps/admin/session/2fa/enrol", headers=admin), 409, "CONFLICT")

    # The code just confirmed is spent (the same string, even when the clock has moved on a step since).
    # A wrong code at login is answered as a wrong password is: nothing tells a right password.
    failed(await login(client, "admin1", otp=first_code), 401, "INVALID_CREDENTIALS")
    # The right password alone, too: there is no "now the code" step that a guesser could read.
    await Portal(client).captcha()
    failed(await login(client, "admin1", captcha=CAPTCHA), 401, "INVALID_CREDENTIALS")


async def test_codes_are_good_once_and_recovery_codes_too(client: httpx.AsyncClient, db: Database) -> None:
    admin = as_(await token_for(db, "demo", "finance1", staff=True, enrolled=False))
    secret, recovery = await enrol(client, admin)
    next_code = code_at(secret, 1)  # the next step's: phones' clocks drift, so it is good now, once
    signed = ok(await login(client, "finance1", otp=next_code))
    assert signed["otpEnrolmentRequired"] is False
    ok(await client.get("/wps/admin/withdrawals", headers=as_(signed["token"])))
    ok(await login(client, "finance1", recoveryCode=recovery[0].upper()))
    # Both spent now: each fails as a wrong code, and a wrong code counts as a failed login, so the
    # next try needs a captcha like after a wrong password.
    failed(await login(client, "finance1", otp=next_code), 401, "INVALID_CREDENTIALS")
    failed(await login(client, "finance1", recoveryCode=recovery[0]), 422, "CAPTCHA_REQUIRED")


async def test_support_and_auditors_need_no_second_factor(client: httpx.AsyncClient) -> None:
    for username, call in (("support1", "/wps/admin/session/me"), ("auditor1", "/wps/admin/audit")):
        signed = ok(await login(client, username))
        assert signed["otpEnrolmentRequired"] is False
        ok(await client.get(call, headers=as_(signed["token"])))


async def test_an_operator_resets_a_lost_phone(client: httpx.AsyncClient, db: Database) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    finance = as_(await token_for(db, "demo", "finance1", staff=True))
    listed = ok(await client.get("/wps/admin/staff", headers=admin))
    target = next(s for s in listed if s["username"] == "finance1")
    assert target["otpEnabled"] is True
    reset = ok(await client.post(f"/wps/admin/staff/{target['id']}/2fa/reset", headers=admin))
    assert reset["otpEnabled"] is False
    failed(await client.get("/wps/admin/withdrawals", headers=finance), 401, "UNAUTHORIZED")
    again = ok(await login(client, "finance1"))
    assert again["otpEnrolmentRequired"] is True
    auditor = as_(await token_for(db, "demo", "auditor1", staff=True))
    trail = ok(await client.get("/wps/admin/audit", params={"action": "staff.2fa"}, headers=auditor))
    assert (trail[0]["action"], trail[0]["target"]) == ("staff.2fa.reset", "finance1")


@pytest.mark.parametrize("body", [{"code": "12345"}, {"code": "abcdef"}, {"code": 123456}, {}])
async def test_a_malformed_code_is_a_validation_error(
    client: httpx.AsyncClient, db: Database, body: dict[str, object]
) -> None:
    headers = as_(await token_for(db, "demo", "admin1", staff=True, enrolled=False))
    failed(
        await client.post("/wps/admin/session/2fa/confirm", json=body, headers=headers),
        422,
        "VALIDATION_ERROR",
    )


async def test_staff_login_is_refused_to_members_and_the_reverse(
    client: httpx.AsyncClient, db: Database
) -> None:
    member = as_(await token_for(db, "demo", "player1"))
    failed(await client.get("/wps/admin/session/me", headers=member), 401, "UNAUTHORIZED")
    staff = as_(await token_for(db, "demo", "support1", staff=True))
    failed(await client.get("/wps/member/info", headers=staff), 403, "NON_MEMBER_ACCOUNT")
    failed(await staff_login(client, "player1", "Demo1234"), 401, "INVALID_CREDENTIALS")
