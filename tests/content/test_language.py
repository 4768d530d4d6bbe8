"""The member's language, kept on the server: chosen among the brand's, shown by the info call, and used for
what the product writes to them."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select, update

from server.accounts.models import Member
from server.brands.models import Merchant
from server.db.session import Database
from tests.content.feedback.support import member
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

LANGUAGE = "/wps/member/language"
INFO = "/wps/member/info"


async def test_a_member_chooses_a_language_and_the_info_call_shows_it(
    client: httpx.AsyncClient, db: Database
) -> None:
    player = await member(db)
    assert ok(await client.get(INFO, headers=player))["language"] is None
    assert ok(await client.put(LANGUAGE, json={"language": " vi "}, headers=player)) == {"language": "VI"}
    assert ok(await client.get(INFO, headers=player))["language"] == "VI"
    # Another member, and the same name at another brand, keep theirs.
    assert ok(await client.get(INFO, headers=await member(db, "player2")))["language"] is None
    assert ok(await client.get(INFO, headers=await member(db, "player1", "demo2")))["language"] is None


@pytest.mark.parametrize("code", ["XX", "DE", "EN-GB"])
async def test_a_language_the_brand_does_not_offer_is_refused(
    client: httpx.AsyncClient, db: Database, code: str
) -> None:
    player = await member(db)
    ok(await client.put(LANGUAGE, json={"language": "TH"}, headers=player))
    refused = failed(
        await client.put(LANGUAGE, json={"language": code}, headers=player), 422, "LANGUAGE_UNSUPPORTED"
    )
    assert refused["languages"] == [code]
    assert ok(await client.get(INFO, headers=player))["language"] == "TH"


async def test_a_brand_may_offer_more_than_the_switcher(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        await session.execute(
            update(Merchant).where(Merchant.code == "demo2").values(supported_languages=["EN", "KO"])
        )
    theirs = await member(db, "player1", "demo2")
    assert ok(await client.put(LANGUAGE, json={"language": "KO"}, headers=theirs)) == {"language": "KO"}
    async with db.read_session() as session:
        stored = await session.scalar(
            select(Member.language)
            .join(Merchant)
            .where(Merchant.code == "demo2", Member.username == "player1")
        )
    assert stored == "KO"
    failed(await client.put(LANGUAGE, json={"language": "DE"}, headers=theirs), 422, "LANGUAGE_UNSUPPORTED")


@pytest.mark.parametrize("body", [{}, {"language": ""}, {"language": "X" * 9}, {"language": 7}])
async def test_a_malformed_body_is_a_validation_error(
    client: httpx.AsyncClient, db: Database, body: dict[str, object]
) -> None:
    failed(await client.put(LANGUAGE, json=body, headers=await member(db)), 422, "VALIDATION_ERROR")


async def test_visitors_cannot_set_a_language(client: httpx.AsyncClient) -> None:
    failed(
        await client.put(LANGUAGE, json={"language": "VI"}, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED"
    )
