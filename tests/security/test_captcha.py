"""The image captcha, over HTTP and as the functions login and registration call, on SQLite and Postgres:
one guess per image, bound to the merchant and the address, two minutes, and a per-address issue limit."""

from __future__ import annotations

import base64
import hashlib
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import Request

from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.http.core.errors import AppError
from server.http.edge.human import captcha_token_of
from server.security import captcha
from server.security.models import Captcha

pytestmark = pytest.mark.usefixtures("demo")

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
IP = "127.0.0.1"


async def merchant_id(session: AsyncSession, code: str = "demo") -> int:
    found = await session.scalar(select(Merchant.id).where(Merchant.code == code))
    assert found is not None
    return found


async def issue(session: AsyncSession, answer: str = "AB3K", **overrides: Any) -> tuple[int, str]:
    merchant = await merchant_id(session)
    values: dict[str, Any] = {"merchant_id": merchant, "ip": IP, "answer": answer, **overrides}
    token, _ = await captcha.issue_captcha(session, **values)
    return merchant, token


async def check(
    session: AsyncSession, merchant: int, token: str | None, answer: str | None, **kw: Any
) -> bool:
    values: dict[str, Any] = {"merchant_id": merchant, "token": token, "answer": answer, "ip": IP, **kw}
    return await captcha.check_captcha(session, **values)


def failure(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["success"] is False
    assert body["errorCode"] == code
    assert body["message"]


async def test_captcha_over_http(client: httpx.AsyncClient, db: Database) -> None:
    answer = await client.get("/wps/captcha", headers={"Merchant": "demo"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["success"] is True
    assert not body["value"].startswith("data:")
    assert base64.b64decode(body["value"], validate=True).startswith(PNG_SIGNATURE)
    assert answer.headers["cache-control"] == "no-store"

    cookie = answer.headers["set-cookie"]
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "path", "max-age", "samesite"} <= attributes
    assert "Max-Age=120" in cookie
    assert "Path=/" in cookie
    assert "samesite=lax" in cookie.lower()
    token = answer.cookies["captcha_token"]

    async with db.session() as session:
        row = await session.scalar(
            select(Captcha).where(Captcha.token_hash == hashlib.sha256(token.encode()).hexdigest())
        )
        assert row is not None
        assert row.merchant_id == await merchant_id(session)
        assert row.ip == IP
        assert row.used_at is None
        assert timedelta(seconds=100) < row.expires_at - utcnow() <= timedelta(minutes=2)


async def test_captcha_needs_a_known_merchant(client: httpx.AsyncClient) -> None:
    failure(await client.get("/wps/captcha", headers={"Merchant": "nope"}), 404, "MERCHANT_NOT_FOUND")


def test_token_is_read_from_the_cookie() -> None:
    def request(cookie: str | None) -> Request:
        headers = [(b"cookie", cookie.encode())] if cookie else []
        return Request({"type": "http", "method": "POST", "path": "/", "headers": headers})

    assert captcha_token_of(request("captcha_token=abc; other=1")) == "abc"
    assert captcha_token_of(request("other=1")) is None
    assert captcha_token_of(request("captcha_token=")) is None
    assert captcha_token_of(request(None)) is None


# Characters a distorted image makes people read as one another. The worst pairs are not drawn at all
# (a reader who sees either types either); of the other groups at most one member is drawn.
NEVER_DRAWN = ("S5", "NW", "O0", "I1L", "B8", "Z2")
ONE_AT_MOST = ("0OQD", "G6C", "UVY", "EF")


def test_answers_avoid_look_alike_characters() -> None:
    drawn = set(captcha.ALPHABET)
    for pair in NEVER_DRAWN:
        assert not set(pair) & drawn, pair
    for group in ONE_AT_MOST:
        assert len(set(group) & drawn) <= 1, group
    assert drawn <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    # Four characters from this set are still far more than one guess per image can cover. (The rules
    # above leave at most 13 free characters plus one per group: 17**4 = 83,521.)
    assert len(drawn) ** captcha.LENGTH > 80_000
    for _ in range(200):
        text = captcha.random_answer()
        assert len(text) == 4
        assert set(text) <= drawn


async def test_the_image_is_large_enough_to_read(client: httpx.AsyncClient) -> None:
    answer = await client.get("/wps/captcha", headers={"Merchant": "demo"})
    png = base64.b64decode(answer.json()["value"])
    # The PNG header (IHDR) holds the width and height as big-endian 32-bit integers.
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (captcha.WIDTH, captcha.HEIGHT)
    assert width >= 160
    assert height >= 60


async def test_right_answer_passes_once(session: AsyncSession) -> None:
    merchant, token = await issue(session)
    assert await check(session, merchant, token, "AB3K")
    assert not await check(session, merchant, token, "AB3K")


async def test_answer_is_case_insensitive_and_trimmed(session: AsyncSession) -> None:
    merchant, token = await issue(session)
    assert await check(session, merchant, token, "  ab3k \n")


async def test_a_wrong_answer_uses_the_captcha_up(session: AsyncSession) -> None:
    merchant, token = await issue(session)
    assert not await check(session, merchant, token, "ZZZZ")
    assert not await check(session, merchant, token, "AB3K")


async def test_bound_to_the_address_and_the_merchant(session: AsyncSession) -> None:
    merchant, token = await issue(session)
    assert not await check(session, merchant, token, "AB3K", ip="203.0.113.9")
    merchant, token = await issue(session)
    other = await merchant_id(session, "demo2")
    assert not await check(session, other, token, "AB3K")


async def test_an_expired_captcha_fails(session: AsyncSession) -> None:
    merchant, token = await issue(session)
    await session.execute(
        update(Captcha)
        .where(Captcha.token_hash == hashlib.sha256(token.encode()).hexdigest())
        .values(expires_at=utcnow() - timedelta(seconds=1))
    )
    assert not await check(session, merchant, token, "AB3K")


@pytest.mark.parametrize(
    ("token", "answer"),
    [
        (None, "AB3K"),
        ("", "AB3K"),
        ("not-a-token", "AB3K"),
        ("x" * 100_000, "AB3K"),
        ("<real>", None),
        ("<real>", ""),
        ("<real>", "A" * 100_000),
        ("<real>", "AB3K\x00"),
    ],
)
async def test_garbage_fails_quietly(session: AsyncSession, token: str | None, answer: str | None) -> None:
    merchant, real = await issue(session)
    assert not await check(session, merchant, real if token == "<real>" else token, answer)


async def test_require_captcha_keeps_the_used_guess(db: Database) -> None:
    async with db.session() as session:
        merchant, token = await issue(session)
    for token_given, answer, code in ((None, "AB3K", "CAPTCHA_REQUIRED"), (token, " ", "CAPTCHA_REQUIRED")):
        with pytest.raises(AppError) as raised:
            async with db.session() as session:
                await captcha.require_captcha(
                    session, merchant_id=merchant, token=token_given, answer=answer, ip=IP
                )
        assert raised.value.code == code
    # The route raises after the wrong guess; the guess must still count, or a bot could retry forever.
    with pytest.raises(AppError) as raised:
        async with db.session() as session:
            await captcha.require_captcha(session, merchant_id=merchant, token=token, answer="ZZZZ", ip=IP)
    assert raised.value.code == "CAPTCHA_INVALID"
    async with db.session() as session:
        assert not await check(session, merchant, token, "AB3K")
        merchant, token = await issue(session)
        await captcha.require_captcha(session, merchant_id=merchant, token=token, answer="ab3k", ip=IP)


async def test_issue_limit_per_address(client: httpx.AsyncClient) -> None:
    crowd = {"Merchant": "demo", "X-Forwarded-For": "198.51.100.7"}
    for _ in range(captcha.ISSUES_PER_IP_PER_MINUTE):
        assert (await client.get("/wps/captcha", headers=crowd)).status_code == 200
    failure(await client.get("/wps/captcha", headers=crowd), 429, "TOO_MANY_REQUEST")
    # Another merchant does not reset it; another address is not affected.
    failure(await client.get("/wps/captcha", headers={**crowd, "Merchant": "demo2"}), 429, "TOO_MANY_REQUEST")
    other = {"Merchant": "demo", "X-Forwarded-For": "198.51.100.8"}
    assert (await client.get("/wps/captcha", headers=other)).status_code == 200


async def test_purge_removes_only_expired(session: AsyncSession) -> None:
    merchant, live = await issue(session)
    _, old = await issue(session)
    await session.execute(
        update(Captcha)
        .where(Captcha.token_hash == hashlib.sha256(old.encode()).hexdigest())
        .values(expires_at=utcnow() - timedelta(minutes=1))
    )
    assert await captcha.purge_expired_captchas(session) >= 1
    hashes = set(await session.scalars(select(Captcha.token_hash)))
    assert hashlib.sha256(live.encode()).hexdigest() in hashes
    assert hashlib.sha256(old.encode()).hexdigest() not in hashes
    assert await check(session, merchant, live, "AB3K")


def test_a_fixed_test_answer_is_refused_in_production() -> None:
    """Browser tests may fix the captcha's answer; production never honours that setting."""
    from tests.conftest import make_settings

    assert make_settings("sqlite://", captcha_test_answer="ABCD").fixed_captcha_answer == "ABCD"
    # Production starts only with secrets of its own (long, not the development defaults).
    production = make_settings(
        "sqlite://",
        captcha_test_answer="ABCD",
        environment="production",
        house_wallet_secret="w" * 48,
        house_table_secret="t" * 48,
        staff_otp_key="k" * 48,
    )
    assert production.fixed_captcha_answer is None
