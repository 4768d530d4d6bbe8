"""Forgot by e-mail, free play and its limits, avatars, the back-office login and outboxes."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import re
import time
from typing import Any

import httpx
import pytest
from PIL import Image
from sqlalchemy import func, select, update

from server.accounts import passwords
from server.accounts.models import Member
from server.brands import service as brands
from server.db import after_commit
from server.db.session import Database
from server.wallet.models import LedgerAccount, LedgerPosting
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def operator_get(client: httpx.AsyncClient, db: Database, path: str, **params: str) -> Any:
    token = await token_for(db, "demo", "admin1", staff=True)
    return ok(await client.get(path, params=params, headers={"Merchant": "demo", "Authorization": token}))


async def forgot(client: httpx.AsyncClient, username: str, email: str) -> httpx.Response:
    challenge = json.dumps(await Portal(client).challenge())
    form = {"username": username, "email": email, "challenge": challenge}
    answer = await client.post("/wps/member/password/email", data=form, headers={"Merchant": "demo"})
    await after_commit.drain()  # the e-mail goes out after the answer
    return answer


async def test_forgot_by_email_sends_a_one_time_temporary_password(
    client: httpx.AsyncClient, db: Database
) -> None:
    async with db.session() as session:
        await session.execute(
            update(Member).where(Member.username == "player3").values(email="p3@example.com")
        )
    ok(await forgot(client, "player3", "P3@Example.com"))
    # Wrong pairs get the same answer, and nothing is sent for them.
    ok(await forgot(client, "player3", "x@example.com"))
    ok(await forgot(client, "ghost", "P3@Example.com"))
    mails = await operator_get(client, db, "/wps/admin/outbox/email")
    assert [m["toAddress"] for m in mails] == ["p3@example.com"]
    temporary = re.search(r"temporary password is (\S+)", mails[0]["body"])
    assert temporary is not None
    # The old password still works; the temporary one works once and asks for a new password.
    ok(await Portal(client).login("player3"))
    first = ok(await Portal(client).login("player3", temporary.group(1)))
    assert first["passwordChangeRequired"] is True


async def test_forgot_by_email_wants_a_form(client: httpx.AsyncClient) -> None:
    answer = await client.post(
        "/wps/member/password/email", json={"username": "x"}, headers={"Merchant": "demo"}
    )
    failed(answer, 422, "VALIDATION_ERROR")


async def test_free_play_gives_play_money_apart_from_real_money(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = Portal(client)
    answer = ok(
        await portal.call("POST", "/wps/session/login/freeplay", {"platform": "W", "gatewayVersion": 3})
    )
    assert answer["isAgent"] == 4
    portal.token = answer["token"]
    balance = ok(await client.get("/wps/v2/wallets/balance", headers=portal.headers()))
    assert balance["sumBalance"] == "10000.00"
    assert [w["kind"] for w in balance["wallets"]] == ["TRIAL"]
    info = ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert info["isTrial"] is True
    # A member action is refused with the warning key.
    failed(
        await client.put("/wps/member/avatar", json={"avatar": "2"}, headers=portal.headers()),
        403,
        "in_need_true_account",
    )
    change = {"oldPassword": "x", "newPassword": "Secret123", "confirmNewPassword": "Secret123"}
    failed(
        await portal.call("POST", "/wps/member/password", change, encrypted=True), 403, "in_need_true_account"
    )
    # The ledger balances: the grant's postings sum to zero and the wallet equals its postings.
    async with db.read_session() as session:
        assert await session.scalar(select(func.sum(LedgerPosting.amount))) == 0
        wallet = await session.scalar(select(LedgerAccount).where(LedgerAccount.kind == "TRIAL"))
        assert wallet is not None
        posted = await session.scalar(
            select(func.sum(LedgerPosting.amount)).where(LedgerPosting.account_id == wallet.id)
        )
        assert posted == wallet.balance == 1_000_000


async def test_free_play_needs_its_switch(client: httpx.AsyncClient) -> None:
    answer = await Portal(client, "demo2").call("POST", "/wps/session/login/freeplay", {"platform": "W"})
    failed(answer, 403, "MODULE_DISABLED")


async def test_a_trial_account_cannot_log_in_with_a_password(client: httpx.AsyncClient, db: Database) -> None:
    ok(await Portal(client).call("POST", "/wps/session/login/freeplay", {}))
    async with db.read_session() as session:
        trial = await session.scalar(select(Member.username).where(Member.member_type == 4))
    assert trial is not None
    failed(await Portal(client).login(trial, "anything"), 401, "INVALID_CREDENTIALS")


def picture(fmt: str, size: tuple[int, int] = (300, 200)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 60)).save(out, format=fmt)
    return out.getvalue()


async def test_avatars(client: httpx.AsyncClient) -> None:
    portal = Portal(client)
    ok(await portal.login("player1"))
    assert ok(await client.get("/wps/member/info/icon", headers=portal.headers())) == {
        "avatar": "1",
        "avatarType": "STATIC",
    }
    ok(await client.put("/wps/member/avatar", json={"avatar": "5"}, headers=portal.headers()))
    assert ok(await client.get("/wps/relay/MCSFE_getPlayerAvatar", headers=portal.headers()))["avatar"] == "5"
    failed(
        await client.put("/wps/member/avatar", json={"avatar": "99"}, headers=portal.headers()),
        422,
        "VALIDATION_ERROR",
    )
    files = {"file": ("me.jpg", picture("JPEG"), "image/jpeg")}
    uploaded = ok(await client.post("/wps/member/avatar/upload", files=files, headers=portal.headers()))
    assert uploaded["avatarType"] == "CUSTOM"
    data = base64.b64decode(uploaded["avatar"].removeprefix("data:image/png;base64,"))
    with Image.open(io.BytesIO(data)) as stored:
        assert (stored.format, stored.size) == ("PNG", (256, 256))


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("evil.png", b"<?php system($_GET['c']); ?>"),
        ("pic.png", b"GIF89a" + b"\x00" * 20),
        ("pic.png", b""),
    ],
)
async def test_uploads_are_checked_by_content(client: httpx.AsyncClient, name: str, content: bytes) -> None:
    portal = Portal(client)
    ok(await portal.login("player1"))
    files = {"file": (name, content, "image/png")}
    failed(
        await client.post("/wps/member/avatar/upload", files=files, headers=portal.headers()),
        422,
        "UPLOAD_INVALID",
    )


async def test_a_gif_named_png_is_refused(client: httpx.AsyncClient) -> None:
    portal = Portal(client)
    ok(await portal.login("player1"))
    files = {"file": ("fake.png", picture("GIF"), "image/png")}
    failed(
        await client.post("/wps/member/avatar/upload", files=files, headers=portal.headers()),
        422,
        "UPLOAD_INVALID",
    )


async def test_forgot_by_email_needs_the_human_check_and_answers_before_the_slow_part(
    client: httpx.AsyncClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with db.session() as session:
        await session.execute(
            update(Member).where(Member.username == "player3").values(email="p3@example.com")
        )
    form = {"username": "player3", "email": "p3@example.com"}
    refused = await client.post("/wps/member/password/email", data=form, headers={"Merchant": "demo"})
    failed(refused, 422, "CHALLENGE_REQUIRED")
    bad = await client.post(
        "/wps/member/password/email", data=form | {"challenge": "[1]"}, headers={"Merchant": "demo"}
    )
    failed(bad, 422, "VALIDATION_ERROR")

    # Hashing the temporary password is what took a matching pair ~250 ms against ~10 ms for a wrong one.
    # Made far slower here, it still must not hold the answer back.
    hashing = asyncio.Event()
    original = passwords.hash_password_async

    async def slow_hash(secret: str) -> str:
        await asyncio.sleep(2)
        hashing.set()
        return await original(secret)

    monkeypatch.setattr(passwords, "hash_password_async", slow_hash)
    challenge = json.dumps(await Portal(client).challenge())
    started = time.monotonic()
    answer = await client.post(
        "/wps/member/password/email", data=form | {"challenge": challenge}, headers={"Merchant": "demo"}
    )
    ok(answer)
    assert time.monotonic() - started < 1.5
    assert not hashing.is_set()
    await after_commit.drain()
    assert hashing.is_set()
    assert len(await operator_get(client, db, "/wps/admin/outbox/email")) == 1


async def test_back_office_login(client: httpx.AsyncClient, db: Database) -> None:
    answer = await client.post(
        "/wps/admin/session/login",
        json={"username": "admin1", "password": "Demo1234"},
        headers={"Merchant": "demo"},
    )
    value = ok(answer)
    assert value["role"] == "OPERATOR"
    # The demo operator has not enrolled a second factor yet: its login opens the enrolment only.
    assert value["otpEnrolmentRequired"] is True
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "admin1", staff=True)}
    ok(await client.get("/wps/admin/outbox/sms", headers=headers))
    # A member's token is not a back-office token, and player names are not staff names.
    portal = Portal(client)
    ok(await portal.login("player1"))
    failed(await client.get("/wps/admin/outbox/sms", headers=portal.headers()), 401, "UNAUTHORIZED")
    # Customer service is staff, but the outboxes hold login codes and temporary passwords: operators only.
    support = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "support1", staff=True)}
    for box in ("sms", "email"):
        failed(await client.get(f"/wps/admin/outbox/{box}", headers=support), 403, "FORBIDDEN")
    wrong = await client.post(
        "/wps/admin/session/login",
        json={"username": "player1", "password": "Demo1234"},
        headers={"Merchant": "demo"},
    )
    failed(wrong, 401, "INVALID_CREDENTIALS")


async def test_staff_see_only_their_merchant(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        await brands.set_switch(session, "demo2", "REGMOBVERF3", enabled=True)
        await brands.set_switch(session, "demo2", "MOBILENUMREG3", enabled=True)
    portal = Portal(client, "demo2")
    body = {"countryDialingCode": "+63", "mobileNo": "9171230000", "challenge": await portal.challenge()}
    ok(await portal.call("POST", "/wps/verification/sms/register", body))
    assert await operator_get(client, db, "/wps/admin/outbox/sms") == []
