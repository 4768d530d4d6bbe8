"""What the portal reads: the home notice and the announcements, showing only what is published, in its
window, for this caller's audience and platform, in their language (else the merchant's, else English), and
never another merchant's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from server.brands.models import Merchant
from server.db.session import Database
from tests.content.notices.helpers import member, publish, staff, visitor
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

NOTICE = "/wps/system/notice"
ANNOUNCEMENTS = "/wps/system/announcements"


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def titles(items: list[dict[str, Any]]) -> list[str]:
    return [item["title"] for item in items]


async def home(client: httpx.AsyncClient, headers: dict[str, str], **params: str) -> dict[str, Any]:
    found: dict[str, Any] = ok(await client.get(NOTICE, headers=headers, params=params))
    return found


async def test_the_seeded_home_notice_in_the_readers_language(
    client: httpx.AsyncClient, db: Database
) -> None:
    shown = await home(client, visitor())
    assert titles(shown["banners"]) == ["Spin our slot machines"]
    # Each leads to a page that exists: the slots lobby, the lottery.
    assert (shown["banners"][0]["imageUrl"], shown["banners"][0]["linkUrl"]) == ("/banner-slots.svg", "/rng")
    assert titles(shown["promotion"]) == ["A lottery draw every minute"]
    assert shown["promotion"][0]["linkUrl"] == "/lottery"
    assert shown["popup"] == []  # the demo's popup is a draft until an operator publishes it
    assert shown["player"] == []  # members only

    chinese = await home(client, visitor(language="CN"))
    assert (titles(chinese["banners"]), titles(chinese["promotion"])) == (["来转老虎机"], ["彩票每分钟开奖"])
    thai = await home(client, visitor(language="TH"))
    assert titles(thai["banners"]) == ["มาหมุนสล็อตกัน"]

    as_member = await home(client, await member(db, "player1"))
    assert titles(as_member["player"]) == ["Your records, all in one place"]


async def test_the_schedule_window_decides(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    now = datetime.now(UTC)
    await publish(
        client,
        admin,
        title="Ended",
        startsAt=iso(now - timedelta(days=2)),
        endsAt=iso(now - timedelta(days=1)),
    )
    await publish(client, admin, title="Future", startsAt=iso(now + timedelta(hours=1)))
    await publish(client, admin, title="Ends soon", endsAt=iso(now + timedelta(hours=1)))
    running = await publish(client, admin, title="Running", startsAt=iso(now - timedelta(hours=1)))
    await publish(client, admin, title="Draft", published=False)

    shown = await home(client, visitor())
    assert set(titles(shown["popup"])) == {"Ends soon", "Running"}
    item = next(p for p in shown["popup"] if p["id"] == running["id"])
    # Published after its schedule began: dated at its publication, when players could first read it.
    assert item["date"] == int(datetime.fromisoformat(running["publishedAt"]).timestamp() * 1000)


async def test_the_audience_decides(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    for audience in ("ALL", "VISITORS", "MEMBERS", "AGENTS"):
        await publish(client, admin, kind="PLAYER", title=audience, audience=audience)
    # player1 has rank 2, player2 rank 1, player3 rank 6; agent1 is an agent of rank 5.
    await publish(client, admin, kind="PLAYER", title="RANKS 2 and 6", audience="RANKS", ranks=[6, 2])

    async def seen(headers: dict[str, str]) -> set[str]:
        return set(titles((await home(client, headers))["player"])) - {"Your records, all in one place"}

    assert await seen(visitor()) == {"ALL", "VISITORS"}
    assert await seen(await member(db, "player1")) == {"ALL", "MEMBERS", "RANKS 2 and 6"}
    assert await seen(await member(db, "player2")) == {"ALL", "MEMBERS"}
    assert await seen(await member(db, "player3")) == {"ALL", "MEMBERS", "RANKS 2 and 6"}
    assert await seen(await member(db, "agent1")) == {"ALL", "MEMBERS", "AGENTS"}


async def test_the_platform_filter(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    for platform in ("W", "M", "A"):
        await publish(client, admin, kind="ANNOUNCEMENT", title=f"On {platform}", platform=platform)

    async def listed(**params: str) -> set[str]:
        page = ok(await client.get(ANNOUNCEMENTS, headers=visitor(), params=params))
        return {t for t in titles(page["list"]) if t.startswith("On ")}

    assert await listed(platform="W") == {"On W", "On A"}
    assert await listed(platform="M") == {"On M", "On A"}
    assert await listed() == {"On W", "On M", "On A"}
    failed(
        await client.get(ANNOUNCEMENTS, headers=visitor(), params={"platform": "X"}), 422, "VALIDATION_ERROR"
    )


async def test_announcements_nine_a_page_with_the_right_total(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db)
    for n in range(20):
        await publish(client, admin, kind="ANNOUNCEMENT", title=f"News {n:02}", announcementType="GENERAL")
    # Counted for members only: a visitor's pages must not count them (the audience is filtered in SQL).
    for n in range(4):
        await publish(client, admin, kind="ANNOUNCEMENT", title=f"Members {n}", audience="MEMBERS")
    await publish(client, admin, kind="ANNOUNCEMENT", title="Hidden", published=False)

    pages = [
        ok(await client.get(ANNOUNCEMENTS, headers=visitor(), params={"pageNo": n})) for n in (1, 2, 3, 4)
    ]
    assert [len(p["list"]) for p in pages] == [9, 9, 4, 0]  # 20 + the 2 seeded
    assert {(p["total"], p["totalPages"]) for p in pages} == {(22, 3)}
    assert [p["pageNum"] for p in pages] == [1, 2, 3, 4]
    every = [item for p in pages for item in p["list"]]
    assert len({item["id"] for item in every}) == 22
    # Newest first: the last published leads, the seeded ones (started days ago) close the list.
    assert every[0]["title"] == "News 19"
    assert titles(every[-2:]) == ["Try a slot before you sign up", "The live tables are open"]

    as_member = ok(await client.get(ANNOUNCEMENTS, headers=await member(db, "player1")))
    assert (as_member["total"], as_member["totalPages"]) == (26, 3)

    promotions = ok(await client.get(ANNOUNCEMENTS, headers=visitor(), params={"types": "PROMOTION"}))
    assert titles(promotions["list"]) == ["Try a slot before you sign up"]
    assert promotions["list"][0]["type"] == "PROMOTION"
    both = ok(await client.get(ANNOUNCEMENTS, headers=visitor(), params={"types": "GENERAL,PROMOTION"}))
    assert both["total"] == 22
    failed(
        await client.get(ANNOUNCEMENTS, headers=visitor(), params={"types": "a;b"}), 422, "VALIDATION_ERROR"
    )
    failed(
        await client.get(ANNOUNCEMENTS, headers=visitor(), params={"pageSize": 51}), 422, "VALIDATION_ERROR"
    )


async def test_sort_order_first_then_newest(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    now = datetime.now(UTC)
    await publish(
        client, admin, kind="BANNER", title="Old", startsAt=iso(now - timedelta(days=3)), sortOrder=5
    )
    await publish(
        client, admin, kind="BANNER", title="New", startsAt=iso(now - timedelta(days=1)), sortOrder=5
    )
    await publish(client, admin, kind="BANNER", title="First", sortOrder=0)
    assert titles((await home(client, visitor()))["banners"]) == [
        "First",
        "Spin our slot machines",
        "New",
        "Old",
    ]


async def test_one_merchant_never_sees_another_merchants_notices(
    client: httpx.AsyncClient, db: Database
) -> None:
    await publish(client, await staff(db), kind="POPUP", title="Only for demo")
    shown = await home(client, visitor("demo2"))
    assert shown == {"player": [], "banners": [], "popup": [], "promotion": []}
    listed = ok(await client.get(ANNOUNCEMENTS, headers=visitor("demo2")))
    assert titles(listed["list"]) == ["Welcome to Second Brand"]
    assert listed["total"] == 1
    # A demo member's token is no member of demo2.
    player = await member(db, "player1")
    failed(await client.get(NOTICE, headers={**player, "Merchant": "demo2"}), 401, "UNAUTHORIZED")


async def test_the_language_falls_back_to_the_merchants_then_english(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db)
    english_only = await publish(client, admin, title="English only")
    both = {"EN": {"title": "In English", "content": ""}, "JA": {"title": "日本語で", "content": ""}}
    await publish(client, admin, title="x", texts=both)
    thai_only = {"TH": {"title": "ภาษาไทย", "content": "<p>ไทย</p>"}}
    await publish(client, admin, title="x", texts=thai_only)

    async def popup_titles(language: str) -> list[str]:
        shown = (await home(client, visitor(language=language)))["popup"]
        return [
            p["title"] for p in shown if p["title"] != "Welcome to Demo Casino" and "Demo" not in p["title"]
        ]

    # VI asked, only EN stored: English; EN and JA stored, the merchant's default (EN) before the first one.
    assert set(await popup_titles("VI")) == {"English only", "In English", "ภาษาไทย"}
    async with db.session() as session:
        await session.execute(update(Merchant).where(Merchant.code == "demo").values(default_language="JA"))
    # The merchant's default comes before English.
    assert set(await popup_titles("VI")) == {"English only", "日本語で", "ภาษาไทย"}
    assert set(await popup_titles("EN")) == {"English only", "In English", "ภาษาไทย"}
    assert english_only["texts"] == {"EN": {"title": "English only", "content": "<p>English only</p>"}}
