"""Staff sending messages from the console: who may, what they may send (checked, sanitised, nothing stored on
a refusal), one member at once and the others left to the fan-out job, each send audited, the sent list."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.messages.models import PlatformMessage
from server.db.session import Database
from tests.content.messages.support import CONSOLE, Sent, inbox, member, pushes, recipients_of, staff
from tests.support.accounts import member_id
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


def texts(title: str = "Hello", content: str = "<p>Hi</p>", language: str = "EN") -> dict[str, Any]:
    return {language: {"title": title, "content": content}}


async def stored(db: Database) -> int:
    async with db.read_session() as session:
        return int(await session.scalar(select(func.count()).select_from(PlatformMessage)) or 0)


async def test_one_member_gets_it_at_once_with_a_push(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    admin = await staff(db)
    to = await member_id(db, "player1")
    body = {
        "audience": "MEMBER",
        "memberId": to,
        "texts": texts("Welcome", '<p onclick="x()">Hi <b>you</b></p>'),
    }
    sent = ok(await client.post(CONSOLE, json=body, headers=admin))
    assert (sent["audience"], sent["status"], sent["recipients"]) == ("MEMBER", "SENT", 1)
    assert isinstance(sent["createdAt"], int)
    assert pushes(emitted, f"user:{to}") == [{"count": 1}]
    assert await recipients_of(db, sent["id"]) == [to]
    (message,) = (await inbox(client, await member(db, "player1")))["list"]
    assert (message["id"], message["title"], message["content"], message["kind"]) == (
        sent["id"],
        "Welcome",
        "<p>Hi <b>you</b></p>",  # sanitised when staff saved it
        "STAFF",
    )
    async with db.read_session() as session:
        audited = (await session.scalars(select(AuditEntry).where(AuditEntry.action == "message.send"))).all()
    assert [(a.target, a.detail) for a in audited] == [
        (f"MEMBER:{to}", {"message": sent["id"], "languages": ["EN"]})
    ]

    listed = ok(await client.get(CONSOLE, headers=admin))
    assert listed["total"] == 1
    row = listed["list"][0]
    assert (
        row["id"],
        row["audience"],
        row["target"],
        row["title"],
        row["recipients"],
        row["read"],
        row["sentBy"],
    ) == (
        sent["id"],
        "MEMBER",
        str(to),
        "Welcome",
        1,
        0,
        "admin1",
    )


async def test_label_rank_and_everyone_wait_for_the_job(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    for body, target in (
        ({"audience": "LABEL", "label": " Silver "}, "Silver"),
        ({"audience": "RANK", "rank": 0}, "0"),
        ({"audience": "ALL"}, None),
    ):
        sent = ok(await client.post(CONSOLE, json={**body, "texts": texts()}, headers=admin))
        assert (sent["status"], sent["recipients"]) == ("PENDING", 0)
        assert await recipients_of(db, sent["id"]) == []
        row = ok(await client.get(CONSOLE, headers=admin))["list"][0]
        assert (row["id"], row["target"], row["status"]) == (sent["id"], target, "PENDING")


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"audience": "MEMBER", "texts": texts()}, 422, "VALIDATION_ERROR"),
        ({"audience": "LABEL", "texts": texts()}, 422, "VALIDATION_ERROR"),
        ({"audience": "LABEL", "label": "  ", "texts": texts()}, 422, "VALIDATION_ERROR"),
        ({"audience": "RANK", "texts": texts()}, 422, "VALIDATION_ERROR"),
        ({"audience": "RANK", "rank": -1, "texts": texts()}, 422, "VALIDATION_ERROR"),
        ({"audience": "EVERYONE", "texts": texts()}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL", "texts": {}}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL"}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL", "texts": texts(title="x" * 10_000)}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL", "texts": texts(title="x" * 121)}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL", "texts": texts(title="")}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL", "texts": texts(content="x" * 20_001)}, 422, "VALIDATION_ERROR"),
        ({"audience": "ALL", "texts": texts(language="XX")}, 422, "LANGUAGE_UNSUPPORTED"),
        ({"audience": "ALL", "texts": {**texts(), **texts(language="KO")}}, 422, "LANGUAGE_UNSUPPORTED"),
        ({"audience": "MEMBER", "memberId": 999_999, "texts": texts()}, 404, "NOT_FOUND"),
    ],
)
async def test_bad_input_is_refused_and_nothing_stored(
    client: httpx.AsyncClient, db: Database, body: dict[str, Any], status: int, code: str
) -> None:
    failed(await client.post(CONSOLE, json=body, headers=await staff(db)), status, code)
    assert await stored(db) == 0


async def test_a_member_of_another_merchant_is_not_found(client: httpx.AsyncClient, db: Database) -> None:
    elsewhere = await member_id(db, "player1", "demo2")
    body = {"audience": "MEMBER", "memberId": elsewhere, "texts": texts()}
    failed(await client.post(CONSOLE, json=body, headers=await staff(db)), 404, "NOT_FOUND")
    assert await stored(db) == 0
    # Nor does one merchant's staff see what another's sent.
    ok(await client.post(CONSOLE, json={"audience": "ALL", "texts": texts()}, headers=await staff(db)))
    assert ok(await client.get(CONSOLE, headers=await staff(db, "admin1", "demo2")))["list"] == []


async def test_only_message_senders_send_or_read(client: httpx.AsyncClient, db: Database) -> None:
    body = {"audience": "ALL", "texts": texts()}
    for name in ("support1", "finance1", "auditor1"):
        headers = await staff(db, name)
        failed(await client.post(CONSOLE, json=body, headers=headers), 403, "FORBIDDEN")
        failed(await client.get(CONSOLE, headers=headers), 403, "FORBIDDEN")
    failed(await client.post(CONSOLE, json=body, headers=await member(db, "player1")), 401, "UNAUTHORIZED")
    assert await stored(db) == 0
    ok(await client.post(CONSOLE, json=body, headers=await staff(db, "admin1")))
    assert await stored(db) == 1
