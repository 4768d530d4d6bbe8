"""On Postgres with real concurrent transactions: a category deleted while an article is being added to it
never leaves an article without its category, and two staff saving the same code get one category."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import func, select

from server.content.help.models import HelpArticle, HelpCategory
from server.db.session import Database
from tests.content.help.test_help import ADMIN, article, category
from tests.content.notices.helpers import staff
from tests.support.portal import ok

pytestmark = pytest.mark.slow


async def test_deleting_a_category_while_an_article_arrives(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    one, other = await staff(db), await staff(db)  # a login per parallel request
    for n in range(8):
        created = ok(
            await client.post(f"{ADMIN}/categories", json=category(f"RACE_{'X' * (n + 1)}"), headers=one)
        )
        deleted, added = await asyncio.gather(
            client.delete(f"{ADMIN}/categories/{created['id']}", headers=one),
            client.post(f"{ADMIN}/articles", json=article(created["id"]), headers=other),
        )
        pair = (deleted.status_code, added.status_code)
        # Exactly one wins: deleted (the article finds no category) or added (the category is not empty).
        assert pair in ((200, 404), (409, 200)), (deleted.text, added.text)
        async with db.read_session() as session:
            exists = await session.get(HelpCategory, created["id"]) is not None
            articles = await session.scalar(
                select(func.count()).select_from(HelpArticle).where(HelpArticle.category_id == created["id"])
            )
        assert (exists, articles) == ((False, 0) if pair == (200, 404) else (True, 1))


async def test_the_same_code_saved_twice_at_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    one, other = await staff(db), await staff(db)
    answers = await asyncio.gather(
        client.post(f"{ADMIN}/categories", json=category("TWICE"), headers=one),
        client.post(f"{ADMIN}/categories", json=category("TWICE"), headers=other),
    )
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    assert {a.json()["errorCode"] for a in answers if a.status_code == 409} == {"HELP_CATEGORY_CODE_TAKEN"}
