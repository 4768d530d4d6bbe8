"""Logging in: tenancy, captcha after a failure, lock-out that reveals nothing, portals, forced changes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import select, update

from server.accounts.models import Member
from server.brands import service as brands
from server.db.base import utcnow
from server.db.session import Database
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


@pytest.fixture
def fixed_captcha(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr("server.security.captcha.random_answer", lambda: "K7WP")
    return "K7WP"


async def member(db: Database, username: str, merchant_id: int | None = None) -> Member:
    async with db.read_session() as session:
        stmt = select(Member).where(Member.username == username)
        if merchant_id is not None:
            stmt = stmt.where(Member.merchant_id == merchant_id)
        found = (await session.scalars(stmt)).first()
        assert found is not None
        return found


async def test_login_answers_the_spec_fields_and_the_previous_login(client: httpx.AsyncClient) -> None:
    portal = Portal(client)
    first = ok(await portal.login("player1"))
    assert first["isAgent"] == 0
    assert first["account"] == "player1"
    assert first["firstTimeLogin"] is False
    assert first["passwordExpired"] is False
    assert first["passwordChangeRequired"] is False
    assert first["lastLoginAt"] is None
    assert len(first["token"]) >= 43  # 256 random bits, url-safe
    second = ok(await Portal(client).login("Player1"))  # names are case-insensitive
    assert second["lastLoginAt"] is not None
    info = ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert info["account"] == "player1"
    assert info["clubLabel"] == {"labelName": "Silver", "rankLevel": 2}
    assert info["toUpline"] is True


async def test_the_same_username_in_two_merchants(client: httpx.AsyncClient, db: Database) -> None:
    demo, demo2 = Portal(client, "demo"), Portal(client, "demo2")
    ok(await demo.login("player1"))
    ok(await demo2.login("player1"))
    one = ok(await client.get("/wps/member/info", headers=demo.headers()))
    two = ok(await client.get("/wps/member/info", headers=demo2.headers()))
    assert one["id"] != two["id"]
    assert two["nickname"] == "Brand Two Player"
    # A token belongs to its merchant only.
    stolen = {"Merchant": "demo2", "Authorization": demo.token or ""}
    failed(await client.get("/wps/member/info", headers=stolen), 401, "UNAUTHORIZED")
    # Failures on one merchant do not lock the name on the other.
    for _ in range(5):
        await Portal(client, "demo").login("player1", "wrong-password")
    ok(await Portal(client, "demo2").login("player1"))


async def test_wrong_password_and_unknown_name_look_the_same(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    async with client_at("198.51.100.1") as one, client_at("198.51.100.2") as two:
        wrong = await Portal(one).login("player1", "not-the-password")
        unknown = await Portal(two).login("nobody-here", "not-the-password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["value"] == {"captcha": True}


async def test_captcha_after_a_failure(client: httpx.AsyncClient, fixed_captcha: str) -> None:
    portal = Portal(client)
    failed(await portal.login("player2", "wrong"), 401, "INVALID_CREDENTIALS")
    # Now the right password alone is not enough.
    assert failed(await portal.login("player2"), 422, "CAPTCHA_REQUIRED") == {"captcha": True}
    await portal.captcha()
    failed(await portal.login("player2", captcha="XXXX"), 422, "CAPTCHA_INVALID")
    # That image was used up by the wrong guess; the right answer to it no longer works.
    failed(await portal.login("player2", captcha=fixed_captcha), 422, "CAPTCHA_INVALID")
    await portal.captcha()
    ok(await portal.login("player2", captcha=fixed_captcha.lower()))
    # A success clears the slate: the next login needs no captcha.
    ok(await Portal(client).login("player2"))


async def test_lock_out_by_name_reveals_nothing(
    client_at: Callable[[str], httpx.AsyncClient], fixed_captcha: str
) -> None:
    for n, name in enumerate(("player3", "ghost-user")):
        portal = Portal(client_at(f"198.51.100.{10 + n}"))
        for attempt in range(5):
            if attempt:
                await portal.captcha()
            failed(await portal.login(name, "wrong", captcha=fixed_captcha), 401, "INVALID_CREDENTIALS")
        await portal.captcha()
        # Locked, whether or not the name exists, even with the right password and captcha.
        failed(await portal.login(name, captcha=fixed_captcha), 429, "LOGIN_LOCKED")


async def test_lock_out_by_address(client_at: Callable[[str], httpx.AsyncClient], fixed_captcha: str) -> None:
    async with client_at("203.0.113.50") as attacker, client_at("203.0.113.51") as neighbour:
        portal = Portal(attacker)
        for n in range(20):
            await portal.captcha()
            await portal.login(f"spray{n}", "wrong", captcha=fixed_captcha)
        await portal.captcha()
        failed(await portal.login("player1", captcha=fixed_captcha), 429, "LOGIN_LOCKED")
        ok(await Portal(neighbour).login("player1"))


@pytest.mark.parametrize(
    ("username", "portal_name", "status", "code"),
    [
        ("admin1", "member", 403, "NON_MEMBER_ACCOUNT"),
        ("player1", "agent", 403, "NON_AGENT_ACCOUNT"),
        ("agent1", "agent", 200, None),
        ("agent1", "member", 200, None),
    ],
)
async def test_portals(
    client: httpx.AsyncClient, username: str, portal_name: str, status: int, code: str | None
) -> None:
    answer = await Portal(client).login(username, portal=portal_name)
    if code is None:
        assert ok(answer)["isAgent"] in (0, 1)
    else:
        failed(answer, status, code)


async def test_e_calls_refuse_plain_bodies_and_missing_challenges(client: httpx.AsyncClient) -> None:
    portal = Portal(client)
    plain = await client.post(
        "/wps/session/login", json={"username": "player1", "password": "Demo1234"}, headers=portal.headers()
    )
    failed(plain, 400, "ENCRYPTION_REQUIRED")
    no_challenge = await portal.call(
        "POST", "/wps/session/login", {"username": "player1", "password": "Demo1234"}, encrypted=True
    )
    failed(no_challenge, 422, "CHALLENGE_REQUIRED")
    bad = await portal.call(
        "POST",
        "/wps/session/login",
        {"username": "player1", "password": "Demo1234", "challenge": {"challengeId": "x", "nonce": 1}},
        encrypted=True,
    )
    failed(bad, 422, "CHALLENGE_INVALID")


@pytest.mark.usefixtures("production_hasher")
async def test_password_is_rehashed_when_parameters_change(client: httpx.AsyncClient, db: Database) -> None:
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash("Demo1234")
    async with db.session() as session:
        await session.execute(update(Member).where(Member.username == "player3").values(password_hash=weak))
    ok(await Portal(client).login("player3"))
    rehashed = (await member(db, "player3")).password_hash
    assert rehashed != weak
    assert not PasswordHasher().check_needs_rehash(rehashed)
    ok(await Portal(client).login("player3"))


async def test_the_default_password_forces_a_change(client: httpx.AsyncClient, db: Database) -> None:
    from server.accounts.passwords import hash_password

    async with db.session() as session:
        await session.execute(
            update(Member).where(Member.username == "player2").values(password_hash=hash_password("123456"))
        )
    portal = Portal(client)
    answer = ok(await portal.login("player2", "123456"))
    assert answer["passwordChangeRequired"] is True
    # Member actions wait for the change; "who am I" does not.
    pick = await client.put("/wps/member/avatar", json={"avatar": "3"}, headers=portal.headers())
    failed(pick, 403, "PASSWORD_CHANGE_REQUIRED")
    assert (
        ok(await client.get("/wps/member/info", headers=portal.headers()))["passwordChangeRequired"] is True
    )
    change = {"oldPassword": "123456", "newPassword": "Better123", "confirmNewPassword": "Better123"}
    ok(await portal.call("POST", "/wps/member/password", change, encrypted=True))
    ok(await client.put("/wps/member/avatar", json={"avatar": "3"}, headers=portal.headers()))


async def test_expired_password_and_the_forced_change_switch(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        await session.execute(
            update(Member)
            .where(Member.username == "player1")
            .values(password_changed_at=utcnow() - timedelta(days=120))
        )
        await brands.set_switch(session, "demo", "PWDEXPFORCECHANGE3", enabled=False)
    answer = ok(await Portal(client).login("player1"))
    assert answer["passwordExpired"] is True
    assert answer["passwordChangeRequired"] is False
    async with db.session() as session:
        await brands.set_switch(session, "demo", "PWDEXPFORCECHANGE3", enabled=True)
    assert ok(await Portal(client).login("player1"))["passwordChangeRequired"] is True


async def test_first_login_of_an_account_someone_else_opened(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        await session.execute(update(Member).where(Member.username == "player3").values(created_by="AGENT"))
    first = ok(await Portal(client).login("player3"))
    assert first["firstTimeLogin"] is True
    assert first["passwordChangeRequired"] is True
