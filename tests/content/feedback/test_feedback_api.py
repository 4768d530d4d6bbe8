"""A member's feedback through the API: pictures checked and re-encoded, nothing stored on any refusal, five
an hour, the pictures only for their owner and the desk, and the staff answer arriving as a message."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import httpx
import pytest
from PIL import Image
from sqlalchemy import select, update

from server.accounts.models import Member
from server.admin.models import AuditEntry
from server.brands.models import Merchant
from server.content.feedback.images import MAX_IMAGE_BYTES
from server.content.feedback.models import Feedback
from server.content.messages.models import MessageRecipient, PlatformMessage
from server.db.base import utcnow
from server.db.session import Database
from tests.content.feedback import pictures
from tests.content.feedback.support import DESK, FEEDBACK, member, pictures_of, send, staff, stored
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

PNG = ("screen.png", pictures.png((40, 30)), "image/png")
PHOTO = ("photo.jpg", pictures.jpeg_with_exif((64, 32)), "image/jpeg")
TOO_BIG = pictures.oversized(MAX_IMAGE_BYTES)
Emitted = list[tuple[str, str | None, Any]]


async def member_id(db: Database, username: str = "player1", merchant: str = "demo") -> int:
    async with db.read_session() as session:
        found = await session.scalar(
            select(Member.id).join(Merchant).where(Member.username == username, Merchant.code == merchant)
        )
    assert found is not None
    return found


async def test_feedback_with_pictures_is_stored_re_encoded_and_the_desk_hears_of_it(
    client: httpx.AsyncClient, db: Database, emitted: Emitted
) -> None:
    player = await member(db)
    sent = ok(await send(client, player, category="GAME", content="  Roulette froze  ", files=[PNG, PHOTO]))
    kept = await pictures_of(db, sent["id"])
    assert [(p.position, p.content_type, p.width, p.height) for p in kept] == [
        (0, "image/png", 40, 30),
        (1, "image/jpeg", 32, 64),  # the photo's orientation applied, then its EXIF dropped
    ]
    assert pictures.GPS_MARK not in kept[1].data
    assert b"Exif" not in kept[1].data
    with Image.open(io.BytesIO(kept[1].data)) as photo:
        assert not photo.getexif()
    assert ("console:feedback", "console:demo:feedback", {"id": sent["id"]}) in emitted

    mine = ok(await client.get(FEEDBACK, headers=player))["list"]
    assert [(f["id"], f["category"], f["content"], f["images"], f["status"], f["answer"]) for f in mine] == [
        (sent["id"], "GAME", "Roulette froze", 2, "OPEN", None)
    ]
    assert isinstance(mine[0]["createdAt"], int)
    for n, picture in enumerate(kept):
        answer = await client.get(f"{FEEDBACK}/{sent['id']}/images/{n}", headers=player)
        assert answer.status_code == 200
        assert answer.headers["content-type"] == picture.content_type
        assert answer.content == picture.data
    failed(await client.get(f"{FEEDBACK}/{sent['id']}/images/2", headers=player), 404, "FEEDBACK_NOT_FOUND")


async def test_a_polyglot_upload_is_stored_without_its_payload(
    client: httpx.AsyncClient, db: Database
) -> None:
    hostile = [
        ("a.png", pictures.png() + pictures.ZIP_PAYLOAD, "image/png"),
        ("b.jpg", pictures.jpeg() + pictures.HTML_PAYLOAD, "image/jpeg"),
        ("c.png", pictures.png_with_text(), "image/png"),
    ]
    sent = ok(await send(client, await member(db), files=hostile))
    kept = await pictures_of(db, sent["id"])
    assert len(kept) == 3
    for picture in kept:
        for payload in (pictures.ZIP_PAYLOAD, pictures.HTML_PAYLOAD, b"<script", b"PK\x03\x04"):
            assert payload not in picture.data


BAD_SENDS: list[Any] = [
    pytest.param({"files": [("big.png", TOO_BIG, "image/png")]}, 413, "FEEDBACK_IMAGE_TOO_LARGE", id="6MB"),
    pytest.param(
        {"files": [PNG, ("big.jpg", TOO_BIG, "image/jpeg")]},
        413,
        "FEEDBACK_IMAGE_TOO_LARGE",
        id="good-then-6MB",
    ),
    pytest.param(
        {"files": [("a.gif", pictures.gif(), "image/gif")]}, 422, "FEEDBACK_IMAGE_INVALID", id="gif"
    ),
    pytest.param(
        {"files": [("photo.png", b"not a picture", "image/png")]},
        422,
        "FEEDBACK_IMAGE_INVALID",
        id="text-as-png",
    ),
    pytest.param(
        {"files": [PNG, ("cut.jpg", pictures.jpeg()[:-200], "image/jpeg")]},
        422,
        "FEEDBACK_IMAGE_INVALID",
        id="good-then-truncated",
    ),
    pytest.param(
        {"files": [("huge.png", pictures.huge_png_header(), "image/png")]},
        422,
        "FEEDBACK_IMAGE_INVALID",
        id="30-megapixels",
    ),
    pytest.param({"files": [PNG] * 4}, 422, "FEEDBACK_TOO_MANY_IMAGES", id="4-pictures"),
    pytest.param({"category": "PRAISE"}, 422, "VALIDATION_ERROR", id="unknown-category"),
    pytest.param({"content": ""}, 422, "VALIDATION_ERROR", id="no-content"),
    pytest.param({"content": "   "}, 422, "VALIDATION_ERROR", id="blank-content"),
    pytest.param({"content": "x" * 2001}, 422, "VALIDATION_ERROR", id="2001-characters"),
]


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(("fields", "status", "code"), BAD_SENDS)
async def test_a_refused_feedback_stores_nothing(
    client: httpx.AsyncClient, db: Database, emitted: Emitted, fields: dict[str, Any], status: int, code: str
) -> None:
    failed(await send(client, await member(db), **fields), status, code)
    assert await stored(db) == (0, 0)
    assert [e for e in emitted if e[0] == "console:feedback"] == []


async def test_five_an_hour_per_member(client: httpx.AsyncClient, db: Database) -> None:
    player = await member(db)
    for n in range(5):
        ok(await send(client, player, content=f"number {n}"))
    failed(await send(client, player, content="number 6"), 429, "TOO_MANY_REQUEST")
    assert await stored(db) == (5, 0)
    # Another member's hour is their own; an hour later the member may write again.
    ok(await send(client, await member(db, "player2")))
    player1 = await member_id(db)
    async with db.session() as session:
        await session.execute(
            update(Feedback)
            .where(Feedback.member_id == player1)
            .values(created_at=utcnow() - timedelta(minutes=61))
        )
    ok(await send(client, player, content="an hour later"))


async def test_trial_accounts_and_visitors_cannot_send(client: httpx.AsyncClient, db: Database) -> None:
    failed(await send(client, {"Merchant": "demo"}), 401, "UNAUTHORIZED")
    player3 = await member_id(db, "player3")
    async with db.session() as session:
        await session.execute(update(Member).where(Member.id == player3).values(member_type=4))
    failed(await send(client, await member(db, "player3")), 403, "in_need_true_account")
    assert await stored(db) == (0, 0)


async def test_only_the_owner_and_the_desk_see_the_pictures(client: httpx.AsyncClient, db: Database) -> None:
    sent = ok(await send(client, await member(db), files=[PNG]))
    picture = f"{FEEDBACK}/{sent['id']}/images/0"
    for stranger in (await member(db, "player2"), await member(db, "player1", "demo2")):
        failed(await client.get(picture, headers=stranger), 404, "FEEDBACK_NOT_FOUND")
        assert ok(await client.get(FEEDBACK, headers=stranger))["list"] == []
    failed(await client.get(picture, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")
    on_desk = f"{DESK}/{sent['id']}/images/0"
    for reader in ("support1", "auditor1", "admin1"):
        answer = await client.get(on_desk, headers=await staff(db, reader))
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "image/png"
    failed(await client.get(on_desk, headers=await staff(db, "finance1")), 403, "FORBIDDEN")
    failed(await client.get(on_desk, headers=await staff(db, "admin1", "demo2")), 404, "FEEDBACK_NOT_FOUND")


async def answer(client: httpx.AsyncClient, feedback_id: int, text: str, headers: dict[str, str]) -> Any:
    return await client.post(f"{DESK}/{feedback_id}/answer", json={"answer": text}, headers=headers)


async def test_the_staff_answer_reaches_the_member_once(
    client: httpx.AsyncClient, db: Database, emitted: Emitted
) -> None:
    player, player1 = await member(db), await member_id(db)
    async with db.session() as session:
        await session.execute(update(Member).where(Member.id == player1).values(language="VI"))
    sent = ok(await send(client, player, content="Where is my deposit?", category="PAYMENT"))
    ok(await send(client, await member(db, "player2"), content="Nice site", category="SUGGESTION"))
    support = await staff(db, "support1")
    page = ok(await client.get(DESK, params={"status": "OPEN"}, headers=support))
    assert [(f["username"], f["category"]) for f in page["list"]] == [
        ("player2", "SUGGESTION"),
        ("player1", "PAYMENT"),
    ]
    assert (page["pageNum"], page["totalPages"], page["total"]) == (1, 1, 2)
    listed = page["list"][1]
    assert (listed["memberId"], listed["answeredBy"]) == (player1, None)

    failed(await answer(client, sent["id"], "x", await staff(db, "finance1")), 403, "FORBIDDEN")
    failed(await answer(client, sent["id"], "x", await staff(db, "auditor1")), 403, "FORBIDDEN")
    elsewhere = await staff(db, "admin1", "demo2")
    failed(await answer(client, sent["id"], "x", elsewhere), 404, "FEEDBACK_NOT_FOUND")
    failed(await answer(client, sent["id"], "  ", support), 422, "VALIDATION_ERROR")
    failed(await answer(client, sent["id"], "y" * 2001, support), 422, "VALIDATION_ERROR")

    text = "It arrived <b>now</b>.\nSorry for the wait & thanks"
    answered = ok(await answer(client, sent["id"], text, support))
    assert (answered["status"], answered["answer"], answered["answeredBy"]) == ("ANSWERED", text, "support1")
    assert isinstance(answered["answeredAt"], int)
    failed(await answer(client, sent["id"], "again", await staff(db, "admin1")), 409, "FEEDBACK_ANSWERED")
    failed(await answer(client, 999_999, "x", support), 404, "FEEDBACK_NOT_FOUND")

    async with db.read_session() as session:
        messages = list(
            await session.scalars(
                select(PlatformMessage)
                .join(MessageRecipient, MessageRecipient.message_id == PlatformMessage.id)
                .where(MessageRecipient.member_id == player1)
            )
        )
        trail = list(await session.scalars(select(AuditEntry).where(AuditEntry.action == "feedback.answer")))
    assert [(m.kind, m.sent_by_staff_id is not None) for m in messages] == [("FEEDBACK_ANSWER", True)]
    [shown] = messages[0].texts.values()
    assert shown["title"] == "Phản hồi góp ý của bạn"  # player1 chose Vietnamese
    assert shown["content"] == "<p>It arrived &lt;b&gt;now&lt;/b&gt;.<br>Sorry for the wait &amp; thanks</p>"
    assert [(e.target, e.detail["feedback"]) for e in trail] == [("player1", sent["id"])]

    now_mine = ok(await client.get(FEEDBACK, headers=player))["list"][0]
    assert (now_mine["status"], now_mine["answer"]) == ("ANSWERED", text)
    assert ok(await client.get(DESK, params={"status": "OPEN"}, headers=support))["total"] == 1
    done = ok(await client.get(DESK, params={"status": "ANSWERED"}, headers=support))["list"]
    assert [f["id"] for f in done] == [sent["id"]]
    assert ("console:feedback", "console:demo:feedback", {"id": sent["id"], "status": "ANSWERED"}) in emitted


async def test_the_answer_title_follows_the_members_language_else_the_merchants(
    client: httpx.AsyncClient, db: Database
) -> None:
    support = await staff(db, "admin1")
    titles = {}
    for username, language in (("player2", None), ("player3", "JA")):
        account = await member_id(db, username)
        async with db.session() as session:
            await session.execute(update(Member).where(Member.id == account).values(language=language))
        sent = ok(await send(client, await member(db, username)))
        ok(await answer(client, sent["id"], "Thanks", support))
        async with db.read_session() as session:
            texts = await session.scalar(
                select(PlatformMessage.texts)
                .join(MessageRecipient, MessageRecipient.message_id == PlatformMessage.id)
                .where(MessageRecipient.member_id == account)
            )
        assert texts is not None
        titles[username] = next(iter(texts.values()))["title"]
    assert titles == {"player2": "Re: your feedback", "player3": "ご意見への回答"}
