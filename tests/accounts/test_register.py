"""Registration: every rule enforced on the server, the switches honoured, links recorded, a cap per IP."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from server.accounts.models import Member
from server.brands import service as brands
from server.brands.models import Merchant, RegisterFieldRule
from server.db.session import Database
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


def payload(**fields: Any) -> dict[str, Any]:
    base = {
        "username": "newplayer1",
        "password": "Secret123",
        "confirmPassword": "Secret123",
        "agreement": True,
        "login": True,
    }
    base.update(fields)
    return {k: v for k, v in base.items() if v is not None}


async def register(portal: Portal, body: dict[str, Any], *, mobile: bool = False) -> httpx.Response:
    body = {**body, "challenge": await portal.challenge()}
    path = "/wps/member/register/mobile" if mobile else "/wps/member/register"
    return await portal.call("PUT", path, body, encrypted=True)


async def stored(db: Database, username: str, merchant: str = "demo") -> Member | None:
    async with db.read_session() as session:
        found: Member | None = await session.scalar(
            select(Member)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Merchant.code == merchant, Member.username == username)
        )
        return found


async def test_register_and_be_logged_in(client: httpx.AsyncClient, db: Database) -> None:
    portal = Portal(client)
    value = ok(await register(portal, payload(email="new@example.com", affiliateCode="agent1")))
    assert value["account"] == "newplayer1"
    session = value["session"]
    assert session["isAgent"] == 0
    portal.token = session["token"]
    info = ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert info["uplineName"] == "agent1"  # the invitation code is case-insensitive
    assert info["email"] == "ne***@example.com"
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.created_by == "SELF"
    assert member.registered_ip == "127.0.0.1"
    assert member.referral_code is not None
    assert len(member.referral_code) == 8


async def test_without_login_no_session(client: httpx.AsyncClient) -> None:
    value = ok(await register(Portal(client), payload(login=False)))
    assert value == {"account": "newplayer1", "session": None}


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("fields", "field", "kind"),
    [
        ({"username": None}, "username", "required"),
        ({"username": "abc"}, "username", "length"),
        ({"username": "1player"}, "username", "pattern"),
        ({"username": "player_one"}, "username", "pattern"),
        ({"password": "onlyletters", "confirmPassword": "onlyletters"}, "password", "pattern"),
        ({"password": "Ab1", "confirmPassword": "Ab1"}, "password", "length"),
        ({"confirmPassword": "Secret124"}, "confirmPassword", "mismatch"),
        ({"email": "not-an-email"}, "email", "pattern"),
        ({"mobileNum": "91712ab"}, "mobileNum", "pattern"),
    ],
)
async def test_rules_are_enforced_on_the_server(
    client: httpx.AsyncClient, fields: dict[str, Any], field: str, kind: str
) -> None:
    value = failed(await register(Portal(client), payload(**fields)), 422, "VALIDATION_ERROR")
    problems = {p["field"]: p for p in value["fields"]}
    assert problems[field]["type"] == kind
    if kind != "mismatch":
        assert problems[field]["messageKey"].startswith("reg_pattern_")


async def test_a_field_the_merchant_requires(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        await session.execute(
            update(RegisterFieldRule)
            .where(RegisterFieldRule.merchant_id == merchant_id, RegisterFieldRule.field == "payeeName")
            .values(enabled=True, required=True)
        )
    value = failed(await register(Portal(client), payload()), 422, "VALIDATION_ERROR")
    assert [p["field"] for p in value["fields"]] == ["payeeName"]
    ok(await register(Portal(client), payload(payeeName="Juan Dela Cruz")))
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.payee_name == "Juan Dela Cruz"


async def test_disabled_fields_are_ignored(client: httpx.AsyncClient, db: Database) -> None:
    ok(await register(Portal(client), payload(qqNum="12345", payeeName="Ignored Name")))
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.qq_num is None
    assert member.payee_name is None


async def test_agreement_taken_names_and_codes(client: httpx.AsyncClient) -> None:
    failed(await register(Portal(client), payload(agreement=False)), 422, "AGREEMENT_REQUIRED")
    failed(await register(Portal(client), payload(username="Player1")), 409, "USERNAME_TAKEN")
    failed(await register(Portal(client), payload(affiliateCode="NOPE99")), 422, "invitation_code_error")
    failed(
        await client.get("/wps/agent/affiliate", params={"code": "NOPE99"}, headers={"Merchant": "demo"}),
        422,
        "invitation_code_error",
    )
    assert ok(
        await client.get("/wps/agent/affiliate", params={"code": "AGENT1"}, headers={"Merchant": "demo"})
    )


async def test_the_same_name_is_free_on_another_merchant(client: httpx.AsyncClient, db: Database) -> None:
    ok(await register(Portal(client, "demo2"), payload(username="player2")))
    member = await stored(db, "player2", "demo2")
    assert member is not None


async def test_referral_code_credits_the_inviting_player(client: httpx.AsyncClient, db: Database) -> None:
    inviter = Portal(client)
    ok(await register(inviter, payload(username="inviter1")))
    code = await stored(db, "inviter1")
    assert code is not None
    ok(await register(Portal(client), payload(username="invited1", referralCode=code.referral_code)))
    invited = await stored(db, "invited1")
    assert invited is not None
    assert invited.referred_by_id == code.id
    # A stale code does not stop anyone from signing up.
    ok(await register(Portal(client), payload(username="invited2", referralCode="ZZZZZZZZ")))


async def test_switches(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        await brands.set_switch(session, "demo2", "DIRECTREG3", enabled=False)
    failed(await register(Portal(client, "demo2"), payload()), 403, "MODULE_DISABLED")
    # demo2 keeps mobile registration off.
    async with db.session() as session:
        await brands.set_switch(session, "demo2", "DIRECTREG3", enabled=True)
    failed(
        await register(
            Portal(client, "demo2"), payload(mobileNum="9171234567", countryDialingCode="+63"), mobile=True
        ),
        403,
        "MODULE_DISABLED",
    )


async def test_registrations_per_address_per_day(
    client_at: Callable[[str], httpx.AsyncClient], db: Database
) -> None:
    async with db.session() as session:
        await session.execute(
            update(Merchant).where(Merchant.code == "demo").values(registrations_per_ip_per_day=2)
        )
    async with client_at("198.51.100.77") as client:
        for n in range(2):
            ok(await register(Portal(client), payload(username=f"capped{n}x")))
        failed(await register(Portal(client), payload(username="capped9x")), 429, "TOO_MANY_REQUEST")
    async with client_at("198.51.100.78") as other:
        ok(await register(Portal(other), payload(username="capped9x")))


async def test_captcha_when_the_merchant_enables_it(
    client: httpx.AsyncClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.security.captcha.random_answer", lambda: "Q4RT")
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        await session.execute(
            update(RegisterFieldRule)
            .where(RegisterFieldRule.merchant_id == merchant_id, RegisterFieldRule.field == "captcha")
            .values(enabled=True, required=True)
        )
    portal = Portal(client)
    failed(await register(portal, payload(captcha="Q4RT")), 422, "CAPTCHA_REQUIRED")  # no image fetched
    await portal.captcha()
    ok(await register(portal, payload(captcha="q4rt")))
