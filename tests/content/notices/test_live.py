"""Notices reach open pages (notices:changed to the merchant's room, after COMMIT only) and are dated at
their publication, not their draft's creation (issue 29)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from realtime import events
from server.accounts.models import Staff
from server.brands import service as brands
from server.content.notices import service
from server.content.notices.models import Notice
from server.content.notices.schemas import NoticeIn
from server.db import after_commit
from server.db.session import Database
from tests.content.notices.helpers import NOTICES, body, staff, visitor
from tests.support.portal import ok

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]


async def changes(emitted: Sent) -> list[tuple[str | None, Any]]:
    await after_commit.drain()
    found = [(room, payload) for event, room, payload in emitted if event == events.NOTICES_CHANGED]
    emitted.clear()
    return found


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def player_notices(client: httpx.AsyncClient) -> dict[str, int]:
    """The home page's player notices: title -> date (ms)."""
    home = ok(await client.get("/wps/system/notice", headers=visitor()))
    return {item["title"]: item["date"] for item in home["player"]}


async def test_publishing_tells_open_pages_and_dates_the_notice(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    admin = await staff(db)
    draft = ok(await client.post(NOTICES, json=body("PLAYER", "Draft", published=False), headers=admin))
    assert draft["publishedAt"] is None
    ok(
        await client.put(
            f"{NOTICES}/{draft['id']}", json=body("PLAYER", "Draft", published=False), headers=admin
        )
    )
    assert await changes(emitted) == []  # a draft's edits tell nobody
    assert "Draft" not in await player_notices(client)

    await asyncio.sleep(0.01)  # the publication comes after the creation
    before = datetime.now(UTC)
    live = ok(await client.put(f"{NOTICES}/{draft['id']}", json=body("PLAYER", "Draft"), headers=admin))
    assert await changes(emitted) == [("merchant:demo", {"kinds": ["PLAYER"]})]
    published = moment(live["publishedAt"])
    assert published >= before - timedelta(milliseconds=1)
    async with db.read_session() as session:
        created = await session.scalar(select(Notice.created_at).where(Notice.id == draft["id"]))
    assert created is not None
    assert created < published
    assert (await player_notices(client))["Draft"] == int(published.timestamp() * 1000)

    # An edit of what is showing: readers hear of it, the date stays.
    changed = body("PLAYER", "Draft", texts={"EN": {"title": "Draft", "content": "<p>fixed</p>"}})
    again = ok(await client.put(f"{NOTICES}/{draft['id']}", json=changed, headers=admin))
    assert again["publishedAt"] == live["publishedAt"]
    assert await changes(emitted) == [("merchant:demo", {"kinds": ["PLAYER"]})]

    # Withdrawn: readers hear of it; the date is kept for the console. Published again: dated anew.
    withdrawn = ok(
        await client.put(
            f"{NOTICES}/{draft['id']}", json=body("PLAYER", "Draft", published=False), headers=admin
        )
    )
    assert withdrawn["publishedAt"] == live["publishedAt"]
    assert await changes(emitted) == [("merchant:demo", {"kinds": ["PLAYER"]})]
    assert "Draft" not in await player_notices(client)
    await asyncio.sleep(0.01)
    republished = ok(
        await client.put(f"{NOTICES}/{draft['id']}", json=body("PLAYER", "Draft"), headers=admin)
    )
    assert moment(republished["publishedAt"]) > published

    # A kind changed while showing: pages showing either kind read again.
    banner = body("BANNER", "Draft")
    ok(await client.put(f"{NOTICES}/{draft['id']}", json=banner, headers=admin))
    assert await changes(emitted) == [
        ("merchant:demo", {"kinds": ["PLAYER"]}),
        ("merchant:demo", {"kinds": ["BANNER", "PLAYER"]}),
    ]
    ok(await client.delete(f"{NOTICES}/{draft['id']}", headers=admin))
    assert await changes(emitted) == [("merchant:demo", {"kinds": ["BANNER"]})]


async def test_created_published_tells_and_a_removed_draft_does_not(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    admin = await staff(db)
    ok(await client.post(NOTICES, json=body("ANNOUNCEMENT", "News"), headers=admin))
    assert await changes(emitted) == [("merchant:demo", {"kinds": ["ANNOUNCEMENT"]})]
    draft = ok(await client.post(NOTICES, json=body("POPUP", "Later", published=False), headers=admin))
    ok(await client.delete(f"{NOTICES}/{draft['id']}", headers=admin))
    assert await changes(emitted) == []
    demo2 = await staff(db, merchant="demo2")
    ok(await client.post(NOTICES, json=body("POPUP", "Elsewhere"), headers=demo2))
    assert await changes(emitted) == [("merchant:demo2", {"kinds": ["POPUP"]})]


async def test_a_change_rolled_back_tells_nobody(db: Database, emitted: Sent) -> None:
    async def publish_then_fail() -> None:
        async with db.session() as session:
            brand = await brands.load_brand(session, "demo")
            assert brand is not None
            admin = await session.scalar(
                select(Staff.id).where(Staff.merchant_id == brand.id, Staff.username == "admin1")
            )
            assert admin is not None
            data = NoticeIn.model_validate(body("PLAYER", "Never"))
            await service.create_notice(session, brand, data, staff_id=admin, ip=None)
            raise RuntimeError("the request failed after the change")

    with pytest.raises(RuntimeError):
        await publish_then_fail()
    assert await changes(emitted) == []
    async with db.read_session() as session:
        assert (
            await session.scalar(select(Notice.id).where(Notice.texts["EN"]["title"].as_string() == "Never"))
            is None
        )


async def test_newest_publication_first(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    early = ok(
        await client.post(NOTICES, json=body("PLAYER", "Drafted first", published=False), headers=admin)
    )
    await asyncio.sleep(0.01)
    ok(await client.post(NOTICES, json=body("PLAYER", "Published at once"), headers=admin))
    await asyncio.sleep(0.01)
    ok(await client.put(f"{NOTICES}/{early['id']}", json=body("PLAYER", "Drafted first"), headers=admin))
    home = ok(await client.get("/wps/system/notice", headers=visitor()))
    titles = [item["title"] for item in home["player"]]
    assert titles.index("Drafted first") < titles.index("Published at once")
    # A schedule that starts after the publication dates it at its start.
    later = datetime.now(UTC) + timedelta(days=2)
    scheduled = ok(
        await client.post(
            NOTICES, json=body("PLAYER", "Next week", startsAt=later.isoformat()), headers=admin
        )
    )
    async with db.read_session() as session:
        notice = await session.get(Notice, scheduled["id"])
        assert notice is not None
        assert service.notice_date(notice) == notice.starts_at
