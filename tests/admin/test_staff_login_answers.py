"""A staff login tells a guesser nothing it did not already know: a wrong password, a right password with a
wrong code, with none (an enrolled account), with a wrong or used recovery code, and an unknown name get one
answer, each after one password hash, and each counts towards the lock-out. The member login does not
open a side door to staff passwords either."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

from server.accounts import passwords
from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.admin.test_two_factor import enrol
from tests.support.accounts import current_code, token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")
CAPTCHA = "K7WP"
WRONG_CODE = "000000"


@pytest.fixture(autouse=True)
def fixed_captcha(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("server.security.captcha.random_answer", lambda: CAPTCHA)


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The password hashes each login verifies against (counted, then verified as usual)."""
    seen: list[str] = []
    verify: Callable[[str, str], Awaitable[bool]] = passwords.verify_password_async

    async def counted(stored: str, password: str) -> bool:
        seen.append(stored)
        return await verify(stored, password)

    # The login calls it through the module, so the module's name is the one to replace.
    monkeypatch.setattr(passwords, "verify_password_async", counted)
    return seen


async def staff_login(client: httpx.AsyncClient, username: str, password: str, **more: str) -> httpx.Response:
    body = {"username": username, "password": password, **more}
    return await client.post("/wps/admin/session/login", json=body, headers={"Merchant": "demo"})


def refusal(answer: httpx.Response) -> tuple[int, dict[str, Any]]:
    return answer.status_code, answer.json()


async def test_every_failure_answers_alike_with_a_code_or_without(
    client_at: Callable[[str], httpx.AsyncClient], db: Database, hashes: list[str]
) -> None:
    # admin1 enrols through the API, so that it has recovery codes; one is used up at once.
    async with client_at("198.51.100.39") as client:
        secret, recovery = await enrol(
            client, as_(await token_for(db, "demo", "admin1", staff=True, enrolled=False))
        )
        ok(await staff_login(client, "admin1", "Demo1234", recoveryCode=recovery[0]))
    tries = {
        "wrong password without a code": ("admin1", "Wrong1234", {}),
        "right password without a code": ("admin1", "Demo1234", {}),
        "wrong password": ("admin1", "Wrong1234", {"otp": current_code(secret)}),
        "wrong code": ("admin1", "Demo1234", {"otp": WRONG_CODE}),
        "wrong recovery code": ("admin1", "Demo1234", {"recoveryCode": "aaaaaa-bbbbbb"}),
        "used recovery code": ("admin1", "Demo1234", {"recoveryCode": recovery[0]}),
        "unknown name": ("nobody-here", "Demo1234", {"otp": WRONG_CODE}),
        "unknown name without a code": ("nobody-here", "Demo1234", {}),
    }
    answers = {}
    for n, (what, (username, password, second)) in enumerate(tries.items()):
        await _forget_failures(db)
        hashes.clear()
        # Each from an address of its own, with no failure behind it, so that none inherits a captcha.
        async with client_at(f"198.51.100.{40 + n}") as client:
            answers[what] = refusal(await staff_login(client, username, password, **second))
        assert len(hashes) == 1, (what, hashes)  # one hash each: none answers sooner than another
    first = answers["wrong password without a code"]
    assert first[0] == 401, first
    assert first[1]["errorCode"] == "INVALID_CREDENTIALS", first
    assert answers == dict.fromkeys(tries, first)


async def _forget_failures(db: Database) -> None:
    from sqlalchemy import delete

    from server.accounts.models import LoginAttempt

    async with db.session() as session:
        await session.execute(delete(LoginAttempt))


@pytest.mark.parametrize("second", [{"otp": WRONG_CODE}, {}], ids=["wrong code", "no code"])
async def test_wrong_and_missing_codes_count_towards_the_lock_out(
    client: httpx.AsyncClient, db: Database, second: dict[str, str]
) -> None:
    await token_for(db, "demo", "admin1", staff=True)
    portal = Portal(client)
    for attempt in range(5):
        if attempt:
            await portal.captcha()
        answer = await staff_login(client, "admin1", "Demo1234", captcha=CAPTCHA, **second)
        failed(answer, 401, "INVALID_CREDENTIALS")
    await portal.captcha()
    locked = await staff_login(client, "admin1", "Demo1234", otp=current_code(), captcha=CAPTCHA)
    failed(locked, 429, "LOGIN_LOCKED")


async def test_the_member_login_is_no_side_door_to_staff_passwords(
    client: httpx.AsyncClient, hashes: list[str]
) -> None:
    portal = Portal(client)
    # One hash for an unknown name, a staff name and a member's name alike: the time tells no staff names.
    for name in ("nobody-here", "support1", "player3"):
        hashes.clear()
        if name != "nobody-here":
            await portal.captcha()
        failed(await portal.login(name, "Wrong1234", captcha=CAPTCHA), 401, "INVALID_CREDENTIALS")
        assert len(hashes) == 1, (name, hashes)
    # The staff member's own password is refused as SPEC words it, and counted like any other failure.
    await portal.captcha()
    failed(await portal.login("support1", captcha=CAPTCHA), 403, "NON_MEMBER_ACCOUNT")


async def test_guesses_through_the_member_login_count_against_the_staff_lock_out(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    async with client_at("198.51.100.60") as member_door, client_at("198.51.100.61") as staff_door:
        portal = Portal(member_door)
        for attempt in range(4):
            if attempt:
                await portal.captcha()
            guess = await portal.login("support1", f"Guess{attempt}x", captcha=CAPTCHA)
            failed(guess, 401, "INVALID_CREDENTIALS")
        staff = Portal(staff_door)
        await staff.captcha()
        guess = await staff_login(staff_door, "support1", "Guess4xx", captcha=CAPTCHA)
        failed(guess, 401, "INVALID_CREDENTIALS")
        # Five wrong passwords for support1 in all: locked at the staff door, the right password too.
        await staff.captcha()
        failed(await staff_login(staff_door, "support1", "Demo1234", captcha=CAPTCHA), 429, "LOGIN_LOCKED")
        # And the member door no longer says whether a password is support1's.
        await portal.captcha()
        failed(await portal.login("support1", captcha=CAPTCHA), 429, "LOGIN_LOCKED")


async def test_the_right_password_and_code_still_sign_in(client: httpx.AsyncClient, db: Database) -> None:
    await token_for(db, "demo", "admin1", staff=True)
    ok(await staff_login(client, "admin1", "Demo1234", otp=current_code()))
    ok(await staff_login(client, "support1", "Demo1234"))
