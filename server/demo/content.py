"""Demo notices and help centre: the seven footer categories with their articles, a banner, a promotion tile,
a popup draft, a members' notice and two announcements for demo; a help centre and an announcement of its
own for demo2, so that tenancy shows. Every text in the switcher's seven languages (help_texts.py,
notice_texts.py), and every link to a page that exists. Called by seed_demo, which runs on an empty database
only."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from server.content.help.models import HelpArticle, HelpCategory
from server.content.html import sanitise
from server.content.notices.models import Notice
from server.db.base import utcnow
from server.demo import notice_texts as texts
from server.demo.help_texts import HELP, HELP_DEMO2, HelpCentre, Texts


def _texts(by_language: Texts) -> dict[str, dict[str, str]]:
    return {code: {"title": title, "content": sanitise(html)} for code, (title, html) in by_language.items()}


async def _help(session: AsyncSession, merchant_id: int, help_centre: HelpCentre) -> None:
    for place, (code, (titles, articles)) in enumerate(help_centre.items(), start=1):
        category = HelpCategory(
            merchant_id=merchant_id,
            code=code,
            sort_order=place,
            texts={lang: {"title": title} for lang, title in titles.items()},
        )
        session.add(category)
        await session.flush()
        session.add_all(
            HelpArticle(
                merchant_id=merchant_id,
                category_id=category.id,
                sort_order=order,
                texts=_texts(article),
            )
            for order, article in enumerate(articles, start=1)
        )


def _notice(
    merchant_id: int, kind: str, by_language: Texts, *, published: bool = True, **fields: object
) -> Notice:
    return Notice(
        merchant_id=merchant_id, kind=kind, published=published, texts=_texts(by_language), **fields
    )


async def seed_content(session: AsyncSession, demo_id: int, demo2_id: int) -> None:
    await _help(session, demo_id, HELP)
    now = utcnow()
    session.add_all(
        [
            _notice(
                demo_id,
                "BANNER",
                texts.SLOTS_BANNER,
                image_url="/banner-slots.svg",
                link_url="/rng",
                sort_order=1,
            ),
            _notice(
                demo_id,
                "PROMOTION",
                texts.LOTTERY_TILE,
                image_url="/banner-lottery.svg",
                link_url="/lottery",
                sort_order=1,
            ),
            # A draft: a popup covers the page at every first visit, so the operator publishes it from the
            # console (Content, Popup) when they want the demo to show one.
            _notice(demo_id, "POPUP", texts.WELCOME_POPUP, published=False),
            _notice(demo_id, "PLAYER", texts.MEMBERS_RECORDS, audience="MEMBERS"),
            _notice(
                demo_id,
                "ANNOUNCEMENT",
                texts.LIVE_TABLES,
                announcement_type="GENERAL",
                starts_at=now - timedelta(days=2),
            ),
            _notice(
                demo_id,
                "ANNOUNCEMENT",
                texts.TRY_A_SLOT,
                announcement_type="PROMOTION",
                starts_at=now - timedelta(days=1),
            ),
        ]
    )
    # demo2: its own, so that nothing of demo's ever shows there.
    await _help(session, demo2_id, HELP_DEMO2)
    session.add(_notice(demo2_id, "ANNOUNCEMENT", texts.SECOND_BRAND_OPEN, announcement_type="GENERAL"))
    await session.flush()
