"""Staff publish, change and remove notices: bad input is a clear 422 with nothing stored, rich text is
sanitised, every change is audited with what it replaced, roles are honoured and merchants kept apart."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.notices.models import Notice, NoticeRank
from server.db.session import Database
from tests.content.notices.helpers import NOTICES, body, publish, staff
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def stored(db: Database) -> tuple[int, int]:
    async with db.read_session() as session:
        notices = await session.scalar(select(func.count()).select_from(Notice))
        ranks = await session.scalar(select(func.count()).select_from(NoticeRank))
        return notices or 0, ranks or 0


async def trail(db: Database) -> list[AuditEntry]:
    async with db.read_session() as session:
        found = await session.scalars(
            select(AuditEntry).where(AuditEntry.action.startswith("content.notice")).order_by(AuditEntry.id)
        )
        return list(found)


def fields(answer: Any) -> set[str]:
    return {f["field"] for f in answer["fields"]}


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"texts": {"EN": {"title": "x" * 10_000, "content": ""}}}, "texts.EN.title"),
        ({"texts": {"EN": {"title": "x" * 121, "content": ""}}}, "texts.EN.title"),
        ({"texts": {"EN": {"title": "  ", "content": ""}}}, "texts.EN.title"),
        ({"texts": {"EN": {"title": "<b></b>", "content": ""}}}, "texts.EN.title"),
        ({"texts": {"EN": {"title": "t", "content": "x" * 20_001}}}, "texts.EN.content"),
        ({"texts": {}}, "texts"),
        ({"kind": "BANNER", "imageUrl": None}, ""),
        ({"imageUrl": "javascript:alert(1)"}, "imageUrl"),
        ({"linkUrl": "http://plain.example.com/"}, "linkUrl"),
        ({"linkUrl": "//other.example.com/"}, "linkUrl"),
        ({"linkUrl": "https://x.example.com/" + "a" * 500}, "linkUrl"),
        ({"startsAt": "2026-12-02T00:00:00Z", "endsAt": "2026-12-01T00:00:00Z"}, ""),
        ({"audience": "RANKS", "ranks": []}, ""),
        ({"ranks": [1000]}, "ranks.0"),  # the rank out of range, by its place in the list
        ({"audience": "EVERYONE"}, "audience"),
        ({"platform": "X"}, "platform"),
        ({"kind": "ANNOUNCEMENT", "announcementType": "general news"}, "announcementType"),
    ],
)
async def test_bad_input_is_refused_and_nothing_stored(
    client: httpx.AsyncClient, db: Database, change: dict[str, Any], field: str
) -> None:
    admin = await staff(db)
    before = await stored(db)
    answer = failed(
        await client.post(NOTICES, json={**body(), **change}, headers=admin), 422, "VALIDATION_ERROR"
    )
    assert field in fields(answer) if field else answer["fields"]
    assert await stored(db) == before
    assert await trail(db) == []


async def test_an_unknown_language_is_refused(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    before = await stored(db)
    texts = {"EN": {"title": "ok", "content": ""}, "xx": {"title": "?", "content": ""}}
    answer = failed(
        await client.post(NOTICES, json=body(texts=texts), headers=admin), 422, "LANGUAGE_UNSUPPORTED"
    )
    assert answer["languages"] == ["XX"]
    assert await stored(db) == before
    # A change is held to the same rule, and leaves the notice as it was.
    notice = await publish(client, admin, title="Kept")
    failed(
        await client.put(
            f"{NOTICES}/{notice['id']}", json=body(texts={"Klingon": texts["EN"]}), headers=admin
        ),
        422,
        "LANGUAGE_UNSUPPORTED",
    )
    listed = ok(await client.get(NOTICES, headers=admin, params={"kind": "POPUP"}))["list"]
    assert next(n for n in listed if n["id"] == notice["id"])["texts"]["EN"]["title"] == "Kept"


async def test_rich_text_is_sanitised_and_titles_are_plain(client: httpx.AsyncClient, db: Database) -> None:
    texts = {
        "en": {
            "title": "  Big <script>alert(1)</script>news &amp; more ",
            "content": '<p onclick="x()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>'
            '<a href="javascript:alert(1)">bad</a><iframe src="https://evil.test"></iframe>',
        }
    }
    notice = await publish(client, await staff(db), texts=texts)
    assert notice["texts"] == {
        "EN": {
            "title": "Big news & more",
            "content": '<p>Hi</p><img src="x"><a rel="noopener noreferrer">bad</a>',
        }
    }
    shown = ok(await client.get("/wps/system/notice", headers={"Merchant": "demo"}))["popup"]
    mine = next(p for p in shown if p["id"] == notice["id"])
    assert "script" not in mine["content"]
    assert "onerror" not in mine["content"]


async def test_create_change_delete_with_audit(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    created = await publish(
        client,
        admin,
        kind="ANNOUNCEMENT",
        title="First",
        audience="RANKS",
        ranks=[3, 1, 3],
        startsAt="2026-01-01T00:00:00+00:00",
        linkUrl="/promotions",
    )
    assert created["announcementType"] == "GENERAL"  # the default type
    assert created["ranks"] == [1, 3]
    assert created["platform"] == "A"
    assert created["startsAt"].startswith("2026-01-01T00:00:00")
    _, ranks = await stored(db)
    assert ranks == 2

    change = body(
        kind="ANNOUNCEMENT", title="Second", announcementType="MAINTENANCE", audience="ALL", ranks=[7]
    )
    changed = ok(await client.put(f"{NOTICES}/{created['id']}", json=change, headers=admin))
    assert changed["texts"]["EN"]["title"] == "Second"
    assert (changed["announcementType"], changed["audience"], changed["ranks"]) == ("MAINTENANCE", "ALL", [])
    assert (changed["startsAt"], changed["linkUrl"]) == (None, None)
    assert changed["updatedAt"] >= created["updatedAt"]
    assert (await stored(db))[1] == 0  # the ranks went with the RANKS audience

    ok(await client.delete(f"{NOTICES}/{created['id']}", headers=admin))
    assert all(n["id"] != created["id"] for n in ok(await client.get(NOTICES, headers=admin))["list"])
    failed(await client.delete(f"{NOTICES}/{created['id']}", headers=admin), 404, "NOTICE_NOT_FOUND")

    entries = await trail(db)
    assert [e.action for e in entries] == [
        "content.notice.create",
        "content.notice.change",
        "content.notice.delete",
    ]
    assert {e.target for e in entries} == {str(created["id"])}
    assert all(e.staff_id is not None for e in entries)
    create, change_entry, delete = (e.detail for e in entries)
    assert create["after"]["ranks"] == [1, 3]
    assert change_entry["before"]["texts"]["EN"]["title"] == "First"
    assert change_entry["before"]["audience"] == "RANKS"
    assert change_entry["after"]["texts"]["EN"]["title"] == "Second"
    assert delete["before"]["announcementType"] == "MAINTENANCE"


async def test_listing_by_kind(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    every = ok(await client.get(NOTICES, headers=admin))["list"]
    assert sorted(n["kind"] for n in every) == [
        "ANNOUNCEMENT",
        "ANNOUNCEMENT",
        "BANNER",
        "PLAYER",
        "POPUP",
        "PROMOTION",
    ]
    banners = ok(await client.get(NOTICES, headers=admin, params={"kind": "BANNER"}))["list"]
    assert [(b["kind"], b["imageUrl"], b["texts"]["VI"]["title"]) for b in banners] == [
        ("BANNER", "/banner-slots.svg", "Quay máy slot của chúng tôi")
    ]
    failed(await client.get(NOTICES, headers=admin, params={"kind": "OTHER"}), 422, "VALIDATION_ERROR")


async def test_staff_of_one_merchant_never_reach_anothers_notices(
    client: httpx.AsyncClient, db: Database
) -> None:
    mine = await publish(client, await staff(db), title="demo's")
    other = await staff(db, merchant="demo2")
    assert all(n["id"] != mine["id"] for n in ok(await client.get(NOTICES, headers=other))["list"])
    failed(await client.put(f"{NOTICES}/{mine['id']}", json=body(), headers=other), 404, "NOTICE_NOT_FOUND")
    failed(await client.delete(f"{NOTICES}/{mine['id']}", headers=other), 404, "NOTICE_NOT_FOUND")
    async with db.read_session() as session:
        assert await session.get(Notice, mine["id"]) is not None


async def test_roles(client: httpx.AsyncClient, db: Database) -> None:
    support, auditor, finance = [await staff(db, name) for name in ("support1", "auditor1", "finance1")]
    for reader in (support, auditor):
        ok(await client.get(NOTICES, headers=reader))
        failed(await client.post(NOTICES, json=body(), headers=reader), 403, "FORBIDDEN")
        failed(await client.put(f"{NOTICES}/1", json=body(), headers=reader), 403, "FORBIDDEN")
        failed(await client.delete(f"{NOTICES}/1", headers=reader), 403, "FORBIDDEN")
    failed(await client.get(NOTICES, headers=finance), 403, "FORBIDDEN")
    assert await trail(db) == []


async def test_a_deleted_notice_takes_its_ranks_along(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    before = await stored(db)
    notice = await publish(client, admin, kind="PLAYER", audience="RANKS", ranks=[1, 2, 5])
    assert await stored(db) == (before[0] + 1, before[1] + 3)
    ok(await client.delete(f"{NOTICES}/{notice['id']}", headers=admin))
    assert await stored(db) == before
