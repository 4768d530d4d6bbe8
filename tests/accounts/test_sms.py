"""SMS codes: mobile registration, login by code, reset by phone; single use, tries, caps; the outbox."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import delete, select, update

from server.accounts.models import LoginAttempt, Member, VerificationCode
from server.brands import service as brands
from server.db.base import utcnow
from server.db.session import Database
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")

PHONE = ("+63", "9171234567")
E164 = "+639171234567"


async def send(
    portal: Portal, purpose: str, dialing: str = PHONE[0], number: str = PHONE[1]
) -> httpx.Response:
    key = "mobileNo" if purpose == "register" else "mobileNum"
    body = {"countryDialingCode": dialing, key: number, "challenge": await portal.challenge()}
    return await portal.call("POST", f"/wps/verification/sms/{purpose}", body)


async def outbox(client: httpx.AsyncClient, db: Database, phone: str = E164) -> list[dict[str, Any]]:
    token = await token_for(db, "demo", "admin1", staff=True)
    answer = await client.get(
        "/wps/admin/outbox/sms", params={"phone": phone}, headers={"Merchant": "demo", "Authorization": token}
    )
    value: list[dict[str, Any]] = ok(answer)
    return value


def code_in(text: str) -> str:
    found = re.search(r"\b(\d{6})\b", text)
    assert found is not None, text
    return found.group(1)


async def give_phone(db: Database, username: str) -> None:
    async with db.session() as session:
        await session.execute(
            update(Member)
            .where(Member.username == username)
            .values(country_dialing_code="+63", mobile_num=PHONE[1])
        )


async def test_mobile_registration_with_a_code(client: httpx.AsyncClient, db: Database) -> None:
    portal = Portal(client)
    assert ok(await send(portal, "register")) == {"expiredMinutes": 5}
    sms = await outbox(client, db)
    assert len(sms) == 1
    assert sms[0]["purpose"] == "REGISTER"
    body = {
        "countryDialingCode": "+63",
        "mobileNum": "09171234567",  # the trunk 0 is the same number
        "verificationCode": code_in(sms[0]["text"]),
        "password": "Secret123",
        "confirmPassword": "Secret123",
        "agreement": True,
        "login": True,
        "challenge": await portal.challenge(),
    }
    value = ok(await portal.call("PUT", "/wps/member/register/mobile", body, encrypted=True))
    assert value["account"] == "m9171234567"
    # The code is used up, and the number is now taken.
    failed(await send(Portal(client), "register"), 409, "MOBILE_TAKEN")


async def test_a_username_registration_with_a_number_verifies_it_when_the_switch_is_on(
    client: httpx.AsyncClient, db: Database
) -> None:
    """REGMOBVERF3 switched on for a merchant that registers by username (demo2's mobile tab is off): the
    number given on the form is verified by SMS too, the username variant of SPEC §7; without the switch
    the number is taken as typed."""
    async with db.session() as session:
        await brands.set_switch(session, "demo2", "REGMOBVERF3", enabled=True)
    portal = Portal(client, "demo2")
    form = {
        "username": "phoneuser1",
        "password": "Secret123",
        "confirmPassword": "Secret123",
        "countryDialingCode": "+63",
        "mobileNum": PHONE[1],
        "agreement": True,
    }

    async def register(**extra: str) -> httpx.Response:
        body = {**form, **extra, "challenge": await portal.challenge()}
        return await portal.call("PUT", "/wps/member/register", body, encrypted=True)

    value = failed(await register(), 422, "VALIDATION_ERROR")
    assert [(f["field"], f["messageKey"]) for f in value["fields"]] == [
        ("verificationCode", "sms_code_required")
    ]
    failed(await register(verificationCode="000000"), 422, "SMS_CODE_INVALID")
    ok(await send(portal, "register"))
    token = await token_for(db, "demo2", "admin1", staff=True)
    sent = ok(
        await client.get(
            "/wps/admin/outbox/sms",
            params={"phone": E164},
            headers={"Merchant": "demo2", "Authorization": token},
        )
    )
    assert ok(await register(verificationCode=code_in(sent[0]["text"])))["account"] == "phoneuser1"
    # Without a number there is nothing to verify; with the switch off a number is not verified.
    del form["mobileNum"]
    form["username"] = "nophone1"
    ok(await register())
    async with db.session() as session:
        await brands.set_switch(session, "demo2", "REGMOBVERF3", enabled=False)
    form |= {"username": "phoneuser2", "mobileNum": "9171230001"}
    ok(await register())


async def test_wrong_codes_use_up_tries_and_five_kill_it(client: httpx.AsyncClient, db: Database) -> None:
    await give_phone(db, "player1")
    portal = Portal(client)
    login = {"type": "sms", "countryDialingCode": "+63", "mobileNum": PHONE[1]}

    async def attempt(code: str) -> httpx.Response:
        return await portal.call(
            "POST", "/wps/session/login", {**login, "verificationCode": code}, encrypted=True
        )

    ok(await send(portal, "noLogin"))
    code = code_in((await outbox(client, db))[0]["text"])
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(4):
        failed(await attempt(wrong), 422, "SMS_CODE_INVALID")
    ok(await attempt(code))  # four wrong tries leave the code alive

    async with db.session() as session:  # a fresh code, and a clean slate for the number's lock
        await session.execute(delete(LoginAttempt))
        await session.execute(update(VerificationCode).values(created_at=utcnow() - timedelta(minutes=2)))
    ok(await send(portal, "noLogin"))
    code = code_in((await outbox(client, db))[0]["text"])
    for _ in range(5):
        failed(await attempt(wrong), 422, "SMS_CODE_INVALID")
    async with db.read_session() as session:
        newest = await session.scalar(select(VerificationCode).order_by(VerificationCode.id.desc()).limit(1))
    assert newest is not None
    assert newest.attempts == 5
    assert newest.used_at is not None  # dead: the right code no longer opens anything
    # The number itself is locked now too (five failures), whatever code comes next.
    failed(await attempt(code), 429, "LOGIN_LOCKED")


async def test_login_by_code_once(client: httpx.AsyncClient, db: Database) -> None:
    await give_phone(db, "player1")
    portal = Portal(client)
    ok(await send(portal, "noLogin"))
    code = code_in((await outbox(client, db))[0]["text"])
    login = {"type": "sms", "countryDialingCode": "+63", "mobileNum": PHONE[1], "verificationCode": code}
    value = ok(await portal.call("POST", "/wps/session/login", login, encrypted=True))
    assert value["account"] == "player1"
    failed(await portal.call("POST", "/wps/session/login", login, encrypted=True), 422, "SMS_CODE_INVALID")


async def test_no_code_goes_to_a_number_without_an_account(client: httpx.AsyncClient, db: Database) -> None:
    # The answer is the same, so the call cannot tell who has an account; nothing is sent.
    assert ok(await send(Portal(client), "noLogin")) == {"expiredMinutes": 5}
    assert ok(await send(Portal(client), "forgot", number="9181234567")) == {"expiredMinutes": 5}
    assert await outbox(client, db) == []


async def test_caps_per_phone_and_per_address(
    client_at: Callable[[str], httpx.AsyncClient], db: Database
) -> None:
    async with client_at("198.51.100.30") as one:
        ok(await send(Portal(one), "register"))
        failed(await send(Portal(one), "register"), 429, "TOO_MANY_REQUEST")  # one a minute per phone
    async with client_at("198.51.100.31") as two:
        failed(await send(Portal(two), "register"), 429, "TOO_MANY_REQUEST")  # the phone's cap, any address
        for n in range(20):  # twenty an hour from one address
            ok(await send(Portal(two), "register", number=f"9170000{n:03d}"))
        failed(await send(Portal(two), "register", number="9179999999"), 429, "TOO_MANY_REQUEST")


@pytest.mark.parametrize(
    ("dialing", "number"), [("+63", "12"), ("+63", "abcdefg"), ("", "9171234567"), ("+999", "9171234567")]
)
async def test_bad_numbers(client: httpx.AsyncClient, dialing: str, number: str) -> None:
    failed(await send(Portal(client), "register", dialing, number), 422, "MOBILE_INVALID")


async def test_reset_by_phone_then_log_in(
    client: httpx.AsyncClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.security.captcha.random_answer", lambda: "H3MZ")
    await give_phone(db, "player2")
    portal = Portal(client)
    old = Portal(client)
    ok(await old.login("player2"))
    ok(await send(portal, "forgot"))
    code = code_in((await outbox(client, db))[0]["text"])
    body = {
        "countryDialingCode": "+63",
        "mobileNum": PHONE[1],
        "verificationCode": code,
        "newPassword": "Fresh123",
    }
    assert ok(await portal.call("POST", "/wps/member/password/verification", body, encrypted=True))[
        "account"
    ] == ("player2")
    failed(
        await client.get("/wps/member/info", headers=old.headers()), 401, "UNAUTHORIZED"
    )  # every session ended
    failed(await Portal(client).login("player2"), 401, "INVALID_CREDENTIALS")
    fresh = Portal(client)
    await fresh.captcha()  # after that failure, this address needs a captcha
    ok(await fresh.login("player2", "Fresh123", captcha="H3MZ"))
