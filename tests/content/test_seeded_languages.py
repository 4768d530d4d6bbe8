"""The demo's own content (notices, the marquee's announcements, promotions, the help centre) is written in
every language the portal's switcher offers: a Chinese or Thai visitor reads Chinese or Thai, not English."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from server.brands.defaults import SWITCHER_LANGUAGES
from server.content.help.models import HelpArticle, HelpCategory
from server.content.notices.models import Notice
from server.db.session import Database
from tests.content.notices.helpers import visitor
from tests.support.portal import ok

pytestmark = pytest.mark.usefixtures("demo")


async def test_every_seeded_text_is_in_all_seven_languages(db: Database) -> None:
    async with db.read_session() as session:
        rows = [
            *(await session.scalars(select(Notice))),
            *(await session.scalars(select(HelpCategory))),
            *(await session.scalars(select(HelpArticle))),
        ]
    assert len(rows) > 20
    assert {(type(row).__name__, row.id): set(row.texts) for row in rows} == {
        (type(row).__name__, row.id): set(SWITCHER_LANGUAGES) for row in rows
    }


@pytest.mark.parametrize(
    ("language", "announcement", "help_title"),
    [("CN", "注册前先试玩老虎机", "关于我们"), ("TH", "ลองเล่นสล็อตก่อนสมัคร", "เกี่ยวกับเรา")],
)
async def test_a_visitor_reads_the_demo_in_their_language(
    client: httpx.AsyncClient, language: str, announcement: str, help_title: str
) -> None:
    english = ok(await client.get("/wps/system/announcements", headers=visitor()))["list"]
    theirs = ok(await client.get("/wps/system/announcements", headers=visitor(language=language)))["list"]
    assert [a["id"] for a in theirs] == [a["id"] for a in english]
    assert theirs[0]["title"] == announcement
    assert not {a["title"] for a in theirs} & {a["title"] for a in english}
    categories = ok(await client.get("/wps/system/helpCenter", headers=visitor(language=language)))[
        "categories"
    ]
    assert categories[0]["title"] == help_title
    english_help = ok(await client.get("/wps/system/helpCenter", headers=visitor()))["categories"]
    assert not {a["title"] for c in categories for a in c["articles"]} & {
        a["title"] for c in english_help for a in c["articles"]
    }
