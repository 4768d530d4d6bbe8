"""Provisioning a merchant again keeps its house catalogue in step with what the house offers: games the
house added appear, those it still offers take its current details, those it retired are disabled (no
longer listed or launched) but kept, so that the rounds played on them still show in history."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord, Game, GameVendor
from server.games.provision import default_house_secret, offer_house_games
from server.house import config as house
from tests.games.support import fund
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
DEMO = {"Merchant": "demo"}


async def _slots(db: Database) -> dict[str, Game]:
    async with db.read_session() as session:
        rows = await session.scalars(
            select(Game)
            .join(GameVendor, GameVendor.id == Game.vendor_id)
            .join(Merchant, Merchant.id == Game.merchant_id)
            .where(Merchant.code == "demo", GameVendor.code == "HOUSE_RNG")
        )
        return {row.game_code: row for row in rows}


async def test_provisioning_again_retires_old_codes_and_keeps_their_history(
    client: httpx.AsyncClient, db: Database
) -> None:
    member_id = await fund(db, "demo", "player1", 10_00, "dep-provision")
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
        vendor = await session.scalar(
            select(GameVendor).where(GameVendor.merchant_id == merchant_id, GameVendor.code == "HOUSE_RNG")
        )
        assert vendor is not None
        # As a catalogue provisioned before the six titles: an old theme with a round played on it, a title
        # under an old name and stake, and one title missing.
        old = Game(
            merchant_id=merchant_id,
            vendor_id=vendor.id,
            game_code="slot-lucky-sevens",
            name="Lucky Sevens",
            game_type="SLOT",
            thumbnail="/house/thumb/slot-lucky-sevens.svg",
            min_bet=1_00,
            lines=20,
        )
        session.add(old)
        await session.flush()
        now = utcnow()
        session.add(
            BetRecord(
                merchant_id=merchant_id,
                vendor_id=vendor.id,
                member_id=member_id,
                game_id=old.id,
                category="RNG",
                round_id="H1N0",
                bet_amount=1_00,
                win_amount=0,
                status="SETTLED",
                placed_at=now,
                settled_at=now,
            )
        )
        koi = await session.scalar(
            select(Game).where(Game.vendor_id == vendor.id, Game.game_code == "slot-lucky-koi")
        )
        assert koi is not None
        koi.name, koi.min_bet, koi.lines = "Koi (old)", 1_00, 20
        viking = await session.scalar(
            select(Game).where(Game.vendor_id == vendor.id, Game.game_code == "slot-viking-raid")
        )
        await session.delete(viking)
        old_id = old.id

    for _ in range(2):  # provisioning is idempotent
        async with db.session() as session:
            await offer_house_games(session, merchant_id, "demo", default_house_secret())

    games = await _slots(db)
    offered = {g.code: g for g in house.SLOT_GAMES}
    assert set(games) == set(offered) | {"slot-lucky-sevens"}
    assert not games["slot-lucky-sevens"].enabled
    assert games["slot-lucky-sevens"].id == old_id  # kept, not deleted
    for code, game in offered.items():
        row = games[code]
        assert row.enabled
        assert (row.name, row.min_bet, row.lines, row.names) == (
            game.name,
            game.min_bet,
            game.lines,
            game.names,
        )

    listed = ok(
        await client.get(
            "/wps/relay/GCS_gameList", params={"vassalage": "HOUSE_RNG", "pageSize": 100}, headers=DEMO
        )
    )
    assert sorted(g["name"] for g in listed["games"]) == sorted(g.name for g in house.SLOT_GAMES)
    member = DEMO | {"Authorization": await token_for(db, "demo", "player1")}
    failed(
        await client.post("/wps/game/launchGame", json={"gameId": old_id}, headers=member),
        403,
        "GAME_DISABLED",
    )
    history = ok(await client.get("/wps/relay/personalHistoryCopy", headers=member))
    assert [row["gameName"] for row in history["list"]] == ["Lucky Sevens"]
