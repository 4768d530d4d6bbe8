"""Who must solve a captcha after failed logins: the account name that failed, and an address only once
its failures across names look like credential stuffing, so that members sharing a connection do not
pay for a stranger's typo."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from server.accounts.throttle import DEFAULT_POLICY
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")

ANSWER = "K7WP"


@pytest.fixture(autouse=True)
def fixed_captcha(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("server.security.captcha.random_answer", lambda: ANSWER)


async def test_a_strangers_wrong_password_asks_no_captcha_of_others_at_the_address(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    async with client_at("203.0.113.70") as cafe:
        assert failed(await Portal(cafe).login("player1", "not-mine"), 401, "INVALID_CREDENTIALS") == {
            "captcha": True
        }
        # Another member behind the same connection signs in as usual.
        ok(await Portal(cafe).login("player2"))
        # The name that failed still needs one, from any address.
        failed(await Portal(cafe).login("player1"), 422, "CAPTCHA_REQUIRED")
    async with client_at("203.0.113.71") as home:
        failed(await Portal(home).login("player1"), 422, "CAPTCHA_REQUIRED")
        portal = Portal(home)
        await portal.captcha()
        ok(await portal.login("player1", captcha=ANSWER))


async def test_failures_across_names_ask_everyone_at_the_address(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    threshold = DEFAULT_POLICY.captcha_ip_after
    assert 1 < threshold < DEFAULT_POLICY.lock_ip_after
    async with client_at("203.0.113.80") as stuffing, client_at("203.0.113.81") as elsewhere:
        for n in range(threshold):
            # Each name is new, so none of these needed a captcha; the answer says the name now does.
            answer = await Portal(stuffing).login(f"stuffed{n}", "guess")
            assert failed(answer, 401, "INVALID_CREDENTIALS") == {"captcha": True}
        assert failed(await Portal(stuffing).login("player2"), 422, "CAPTCHA_REQUIRED") == {"captcha": True}
        portal = Portal(stuffing)
        await portal.captcha()
        ok(await portal.login("player2", captcha=ANSWER))
        # One success of an account of one's own does not wave the next guesses through.
        failed(await Portal(stuffing).login("player3", "guess"), 422, "CAPTCHA_REQUIRED")
        # Other addresses are not concerned.
        ok(await Portal(elsewhere).login("player3"))


async def test_below_the_address_threshold_new_names_need_no_captcha(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    async with client_at("203.0.113.90") as family:
        for n in range(DEFAULT_POLICY.captcha_ip_after - 1):
            failed(await Portal(family).login(f"typo{n}", "wrong"), 401, "INVALID_CREDENTIALS")
        ok(await Portal(family).login("player1"))


async def test_a_wrong_sms_code_does_not_claim_a_captcha_is_needed(client: httpx.AsyncClient) -> None:
    # Login by code checks no captcha, so the answer must not make the client show one.
    login = {
        "type": "sms",
        "countryDialingCode": "+63",
        "mobileNum": "9171234567",
        "verificationCode": "000000",
    }
    answer = await Portal(client).call("POST", "/wps/session/login", login, encrypted=True)
    assert failed(answer, 422, "SMS_CODE_INVALID") == {"captcha": False}
