"""Pictures in a chat: checked by content, stored as our own re-encoding (metadata and text chunks gone, a
phone photo turned upright), fetched back by both sides of the conversation and by nobody else; a refused
upload stores nothing."""

from __future__ import annotations

import io
from typing import Any

import httpx
import pytest
from PIL import Image
from sqlalchemy import func, select

from server.content.feedback.images import MAX_IMAGE_BYTES
from server.db.session import Database
from server.support.models import ChatImage, ChatMessage
from tests.chat.support import CHAT, DESK, at_desk, client_id, member, staff, start, visitor
from tests.content.feedback.pictures import (
    GPS_MARK,
    HTML_PAYLOAD,
    jpeg_with_exif,
    oversized,
    png,
    png_with_text,
)
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def upload(
    client: httpx.AsyncClient, url: str, headers: dict[str, str], name: str, data: bytes, declared: str
) -> httpx.Response:
    return await client.post(
        url, data={"clientId": client_id()}, files={"image": (name, data, declared)}, headers=headers
    )


async def counts(db: Database) -> tuple[int, int]:
    async with db.read_session() as session:
        messages = await session.scalar(select(func.count()).select_from(ChatMessage))
        images = await session.scalar(select(func.count()).select_from(ChatImage))
    return int(messages or 0), int(images or 0)


def opened(answer: httpx.Response, content_type: str) -> Image.Image:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == content_type
    picture = Image.open(io.BytesIO(answer.content))
    picture.load()
    return picture


async def conversation(client: httpx.AsyncClient, db: Database) -> tuple[int, dict[str, str], dict[str, str]]:
    support = await staff(db)
    await at_desk(client, support)
    player = await member(db, "player1")
    cid = (await start(client, player))["conversation"]["id"]
    ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))
    return cid, player, support


async def test_pictures_are_stored_re_encoded_and_seen_by_both_sides(
    client: httpx.AsyncClient, db: Database
) -> None:
    cid, player, support = await conversation(client, db)
    images = f"{CHAT}/conversations/{cid}/images"
    sent_png = png_with_text()
    shot = ok(await upload(client, images, player, "screenshot.png", sent_png, "image/png"))
    assert (shot["kind"], shot["side"], shot["text"], shot["image"]) == (
        "IMAGE",
        "PLAYER",
        "",
        {"width": 20, "height": 20},
    )
    # A phone photo: EXIF says "turn me"; what is stored stands upright and carries no EXIF.
    sent_jpeg = jpeg_with_exif(size=(64, 32), orientation=6)
    photo = ok(await upload(client, images, player, "photo.jpg", sent_jpeg, "image/jpeg"))
    assert photo["image"] == {"width": 32, "height": 64}
    assert photo["seq"] == shot["seq"] + 1

    for headers, base in ((player, CHAT), (support, DESK)):
        got_png = await client.get(f"{base}/conversations/{cid}/images/{shot['seq']}", headers=headers)
        picture = opened(got_png, "image/png")
        assert picture.size == (20, 20)
        assert got_png.content != sent_png
        assert HTML_PAYLOAD not in got_png.content
        assert not picture.info.get("Comment")
        got_jpeg = await client.get(f"{base}/conversations/{cid}/images/{photo['seq']}", headers=headers)
        picture = opened(got_jpeg, "image/jpeg")
        assert picture.size == (32, 64)
        assert GPS_MARK not in got_jpeg.content
        assert not picture.getexif()

    # Both sides see it in the history as a picture with its size, never its bytes.
    listed = ok(await client.get(f"{CHAT}/conversations/{cid}/messages", headers=player))["list"]
    assert [(m["kind"], m["image"]) for m in listed if m["kind"] == "IMAGE"] == [
        ("IMAGE", {"width": 20, "height": 20}),
        ("IMAGE", {"width": 32, "height": 64}),
    ]
    # Staff pictures reach the player too.
    staff_sent = ok(
        await upload(client, f"{DESK}/conversations/{cid}/images", support, "a.png", png(), "image/png")
    )
    assert (staff_sent["side"], staff_sent["staffName"]) == ("STAFF", "Support One")
    opened(await client.get(f"{images}/{staff_sent['seq']}", headers=player), "image/png")


async def test_refused_pictures_store_nothing(client: httpx.AsyncClient, db: Database) -> None:
    cid, player, _ = await conversation(client, db)
    images = f"{CHAT}/conversations/{cid}/images"
    before = await counts(db)
    refusals: list[tuple[str, bytes, str, int, str]] = [
        ("notes.png", b"just some text, not a picture\n" * 20, "image/png", 422, "CHAT_IMAGE_INVALID"),
        ("page.png", HTML_PAYLOAD, "image/png", 422, "CHAT_IMAGE_INVALID"),
        ("huge.png", oversized(MAX_IMAGE_BYTES), "image/png", 413, "CHAT_IMAGE_TOO_LARGE"),
    ]
    for name, data, declared, status, code in refusals:
        failed(await upload(client, images, player, name, data, declared), status, code)
    assert await counts(db) == before
    state: Any = ok(await client.get(f"{CHAT}/conversations/{cid}/messages", headers=player))["conversation"]
    assert state["lastSeq"] == 2  # the first message and the claim


async def test_nobody_else_fetches_a_conversations_picture(client: httpx.AsyncClient, db: Database) -> None:
    cid, player, _ = await conversation(client, db)
    shot = ok(await upload(client, f"{CHAT}/conversations/{cid}/images", player, "a.png", png(), "image/png"))
    path = f"conversations/{cid}/images/{shot['seq']}"
    for headers in (await member(db, "player2"), visitor(), visitor(token="y" * 43)):
        failed(await client.get(f"{CHAT}/{path}", headers=headers), 404, "CHAT_NOT_FOUND")
    failed(
        await client.get(f"{DESK}/{path}", headers=await staff(db, "admin1", "demo2")), 404, "CHAT_NOT_FOUND"
    )
    # A seq that is no picture is no picture.
    failed(await client.get(f"{CHAT}/conversations/{cid}/images/1", headers=player), 404, "CHAT_NOT_FOUND")
