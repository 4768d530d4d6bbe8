"""The brand's home-page words: served with the status call in every language, their figures filled from the
live catalogue (so a chip stays true when a game is retired); edited in the console with content.write,
validated as plain text with known placeholders, audited, and kept to the merchant that wrote them."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select, update

from server.admin.models import AuditEntry
from server.brands import service as brands
from server.brands.defaults import SWITCHER_LANGUAGES
from server.brands.home import parse_stored
from server.brands.models import Merchant
from server.db.session import Database
from server.games.catalogue import offered_counts
from server.games.models import Game, GameVendor
from tests.content.notices.helpers import staff, visitor
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

HOME = "/wps/admin/content/home"
STATUS = "/wps/system/status"


async def served(client: httpx.AsyncClient, merchant: str = "demo") -> dict[str, Any]:
    info: dict[str, Any] = ok(await client.get(STATUS, headers=visitor(merchant)))["info"]
    return dict(info["homeContent"])


async def offered(db: Database, merchant: str, *categories: str) -> int:
    """What the lobbies list: enabled games of enabled vendors, counted here independently of the server."""
    async with db.read_session() as session:
        count = await session.scalar(
            select(func.count(Game.id))
            .join(GameVendor, GameVendor.id == Game.vendor_id)
            .join(Merchant, Merchant.id == Game.merchant_id)
            .where(Merchant.code == merchant, Game.enabled, GameVendor.enabled)
            .where(GameVendor.category.in_(categories))
        )
        return count or 0


async def trail(db: Database) -> list[AuditEntry]:
    async with db.read_session() as session:
        found = await session.scalars(
            select(AuditEntry).where(AuditEntry.action == "content.home.change").order_by(AuditEntry.id)
        )
        return list(found)


def words(title: str = "Hello from {brand}", **more: Any) -> dict[str, Any]:
    return {"heroTitle": title, **more}


async def test_each_demo_brand_states_the_catalogues_figures_in_every_language(
    client: httpx.AsyncClient, db: Database
) -> None:
    slots, live = await offered(db, "demo", "RNG"), await offered(db, "demo", "LIVE")
    lotteries = await offered(db, "demo", "LOTT", "ELOTT")
    assert min(slots, live, lotteries) > 0
    demo = await served(client)
    assert set(demo) == set(SWITCHER_LANGUAGES)
    assert demo["EN"]["heroTitle"] == "Welcome to Demo Casino"
    assert demo["EN"]["chips"] == [
        f"{slots} slot machines",
        f"{live} live tables",
        f"{lotteries} lotteries, the fastest drawn every minute",
    ]
    assert demo["CN"]["chips"][0] == f"{slots} 款老虎机"
    assert demo["TH"]["heroTitle"] == "ยินดีต้อนรับสู่ Demo Casino"
    # No placeholder reaches a visitor, and no brand carries the other's words.
    assert not re.search(r"\{[a-z]+\}", json.dumps(demo, ensure_ascii=False))
    everything = await offered(
        db, "demo2", "ELOTT", "LOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS"
    )
    demo2 = await served(client, "demo2")
    assert demo2["EN"]["chips"][0] == f"{everything} games"
    assert demo2["EN"]["footerAbout"] != demo["EN"]["footerAbout"]
    assert "Demo Casino" not in str(demo2)


async def test_a_retired_game_changes_the_figure(client: httpx.AsyncClient, db: Database) -> None:
    slots = await offered(db, "demo", "RNG")
    async with db.session() as session:
        one = await session.scalar(
            select(Game.id)
            .join(GameVendor, GameVendor.id == Game.vendor_id)
            .join(Merchant, Merchant.id == Game.merchant_id)
            .where(Merchant.code == "demo", GameVendor.category == "RNG")
            .limit(1)
        )
        await session.execute(update(Game).where(Game.id == one).values(enabled=False))
    assert (await served(client))["EN"]["chips"][0] == f"{slots - 1} slot machines"
    # demo2 offers its own games: its figure has not moved.
    assert (await served(client, "demo2"))["EN"]["chips"][1] == f"{await offered(db, 'demo2', 'RNG')} slots"
    # A vendor switched off takes all its games out of the count, as it takes them out of the lobby.
    async with db.session() as session:
        await session.execute(
            update(GameVendor)
            .where(GameVendor.category == "RNG")
            .where(
                GameVendor.merchant_id == select(Merchant.id).where(Merchant.code == "demo").scalar_subquery()
            )
            .values(enabled=False)
        )
    assert (await served(client))["EN"]["chips"][0] == "0 slot machines"


async def test_staff_edit_the_words_and_the_portal_serves_them(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db, merchant="demo2")
    before = ok(await client.get(HOME, headers=admin))
    assert before["texts"]["EN"]["chips"] == ["{games} games", "{slots} slots", "{live} live tables"]
    assert before["figures"]["brand"] == "Second Brand"
    assert before["figures"]["slots"] == await offered(db, "demo2", "RNG")

    texts = {
        "en": words(
            "Play at {brand}",
            heroSubtitle="  Tables   and slots ",
            chips=["{slots} slots", "<b>bold</b> is only text"],
            footerAbout="About us.",
        ),
        "TH": words("เล่นที่ {brand}"),
    }
    changed = ok(await client.put(HOME, json={"texts": texts}, headers=admin))
    # Language codes upper-cased, white space collapsed; markup is kept as the text it is.
    assert changed["texts"] == {
        "EN": {
            "heroTitle": "Play at {brand}",
            "heroSubtitle": "Tables and slots",
            "chips": ["{slots} slots", "<b>bold</b> is only text"],
            "footerAbout": "About us.",
        },
        "TH": {"heroTitle": "เล่นที่ {brand}", "heroSubtitle": "", "chips": [], "footerAbout": ""},
    }
    portal = await served(client, "demo2")
    assert set(portal) == {"EN", "TH"}  # a language left out is removed
    assert portal["EN"] == {
        "heroTitle": "Play at Second Brand",
        "heroSubtitle": "Tables and slots",
        "chips": [f"{await offered(db, 'demo2', 'RNG')} slots", "<b>bold</b> is only text"],
        "footerAbout": "About us.",
    }
    # Audited with what it replaced; demo's words are untouched.
    [entry] = await trail(db)
    assert (entry.action, entry.target) == ("content.home.change", "demo2")
    assert entry.detail["before"]["EN"]["chips"] == ["{games} games", "{slots} slots", "{live} live tables"]
    assert entry.detail["after"]["TH"]["heroTitle"] == "เล่นที่ {brand}"
    assert (await served(client))["EN"]["heroTitle"] == "Welcome to Demo Casino"

    # Nothing at all: the portal falls back to its neutral title.
    ok(await client.put(HOME, json={"texts": {}}, headers=admin))
    assert await served(client, "demo2") == {}
    async with db.read_session() as session:
        assert await session.scalar(select(Merchant.home_content).where(Merchant.code == "demo2")) is None


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("texts", "field"),
    [
        ({"EN": words("")}, "heroTitle"),
        ({"EN": words("   ")}, "heroTitle"),
        ({"EN": words("x" * 81)}, "heroTitle"),
        ({"EN": words("{jackpot} waiting")}, "heroTitle"),
        ({"EN": words("{ slots }")}, "heroTitle"),
        ({"EN": words("Right\u202eto left")}, "heroTitle"),
        ({"EN": words(heroSubtitle="y" * 201)}, "heroSubtitle"),
        ({"EN": words(chips=["a", "b", "c", "d", "e"])}, "chips"),
        ({"EN": words(chips=["ok", " "])}, "chips"),
        ({"EN": words(chips=["{slotz} slots"])}, "chips"),
        ({"EN": words(footerAbout="z" * 501)}, "footerAbout"),
        ({"EN": words(), "en": words()}, "texts"),
        ({"EN": {"heroSubtitle": "no title"}}, "heroTitle"),
    ],
)
async def test_bad_words_are_refused_and_nothing_stored(
    client: httpx.AsyncClient, db: Database, texts: dict[str, Any], field: str
) -> None:
    admin = await staff(db)
    answer = failed(await client.put(HOME, json={"texts": texts}, headers=admin), 422, "VALIDATION_ERROR")
    assert field in str(answer)
    assert (await served(client))["EN"]["heroTitle"] == "Welcome to Demo Casino"
    assert await trail(db) == []


async def test_a_language_the_brand_does_not_offer_is_refused(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db, merchant="demo2")
    answer = failed(
        await client.put(HOME, json={"texts": {"XX": words()}}, headers=admin), 422, "LANGUAGE_UNSUPPORTED"
    )
    assert answer["languages"] == ["XX"]
    assert await trail(db) == []


async def test_roles(client: httpx.AsyncClient, db: Database) -> None:
    support, auditor, finance = [await staff(db, name) for name in ("support1", "auditor1", "finance1")]
    for reader in (support, auditor):
        ok(await client.get(HOME, headers=reader))
        failed(await client.put(HOME, json={"texts": {"EN": words()}}, headers=reader), 403, "FORBIDDEN")
    failed(await client.get(HOME, headers=finance), 403, "FORBIDDEN")
    failed(await client.put(HOME, json={"texts": {"EN": words()}}), 401, "UNAUTHORIZED")
    assert await trail(db) == []
    assert (await served(client))["EN"]["heroTitle"] == "Welcome to Demo Casino"


def test_stored_words_that_no_longer_pass_are_left_out() -> None:
    stored = {"EN": {"heroTitle": "Fine"}, "CN": {"heroTitle": "{unknown}"}, "TH": "not an object"}
    assert list(parse_stored(stored)) == ["EN"]
    assert parse_stored(None) == {}


async def test_a_snapshot_read_without_the_catalogue_carries_no_words(db: Database) -> None:
    """Every domain reads brand snapshots; only the portal's brand cache is handed the catalogue's counts, and
    a placeholder must never be served unfilled."""
    async with db.read_session() as session:
        plain = await brands.load_brand(session, "demo")
        counted = await brands.load_brand(session, "demo", offered=offered_counts)
    assert plain is not None
    assert counted is not None
    assert plain.home_content == {}
    assert counted.home_content["EN"].chips[0] == f"{await offered(db, 'demo', 'RNG')} slot machines"
