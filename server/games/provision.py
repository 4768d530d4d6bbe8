"""Putting the house vendor's games into a merchant's catalogue, with the provider secret its wallet calls are
signed with (derived from the house's own secret, see server.house.config), and keeping that catalogue in
step with what the house offers when the merchant is provisioned again."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.games.models import Game, GameProvider, GameVendor
from server.house import config as house
from server.house import merchants as house_merchants
from server.settings import Settings


def _game_row(merchant_id: int, vendor_id: int, index: int, game: house.HouseGame) -> Game:
    return Game(
        merchant_id=merchant_id,
        vendor_id=vendor_id,
        game_code=game.code,
        name=game.name,
        game_type=game.game_type,
        classification=game.classification,
        thumbnail=f"/house/thumb/{game.code}.svg",
        min_bet=game.min_bet,
        lines=game.lines,
        is_hot=game.hot,
        sort_order=index,
        room_id=game.room_id,
        names=dict(game.names),
    )


async def _sync_games(
    session: AsyncSession, merchant_id: int, vendor_id: int, spec: house.HouseVendor
) -> None:
    """A vendor the merchant already has: games the house added since are added, those it still offers take
    its current name, stakes and order, and those it no longer offers are retired (disabled, not deleted:
    bet records and wallet transactions still name them, so old rounds keep showing in history)."""
    rows = {
        row.game_code: row for row in await session.scalars(select(Game).where(Game.vendor_id == vendor_id))
    }
    offered = {game.code for game in spec.games}
    for index, game in enumerate(spec.games):
        row = rows.get(game.code)
        if row is None:
            session.add(_game_row(merchant_id, vendor_id, index, game))
            continue
        row.name, row.names, row.game_type = game.name, dict(game.names), game.game_type
        row.classification, row.room_id = game.classification, game.room_id
        row.min_bet, row.lines, row.is_hot, row.sort_order = game.min_bet, game.lines, game.hot, index
        row.enabled = True
    for code, row in rows.items():
        if code not in offered:
            row.enabled = False


async def offer_house_games(
    session: AsyncSession, merchant_id: int, merchant_code: str, house_secret: str
) -> None:
    """Adds what the merchant does not have yet: the provider, then each house vendor it lacks (so that a
    merchant provisioned before a vendor existed gains it when provisioned again); the vendors it has are
    brought in step with the house's games (see _sync_games). Idempotent."""
    exists = await session.scalar(
        select(GameProvider.id).where(
            GameProvider.merchant_id == merchant_id, GameProvider.code == house.PROVIDER
        )
    )
    if exists is None:
        session.add(
            GameProvider(
                merchant_id=merchant_id,
                code=house.PROVIDER,
                name="House games",
                api_secret=house.merchant_secret(house_secret, merchant_code),
            )
        )
    offered = {
        vendor.code: vendor.id
        for vendor in await session.scalars(
            select(GameVendor).where(
                GameVendor.merchant_id == merchant_id, GameVendor.provider == house.PROVIDER
            )
        )
    }
    for order, spec in enumerate(house.VENDORS):
        if spec.code in offered:
            await _sync_games(session, merchant_id, offered[spec.code], spec)
            continue
        vendor = GameVendor(
            merchant_id=merchant_id,
            code=spec.code,
            display_name=spec.display_name,
            category=spec.category,
            game_type=spec.game_type,
            is_hot=spec.category in ("LIVE", "RNG"),
            sort_order=order,
            allows_trial=True,
            launch_base=spec.launch_base,
            provider=house.PROVIDER,
            wallet_code=house.PROVIDER,
        )
        session.add(vendor)
        await session.flush()
        session.add_all(
            _game_row(merchant_id, vendor.id, index, game) for index, game in enumerate(spec.games)
        )
    await session.flush()
    # The house's own record: it serves this merchant from now on (its tables deal for it, its launches open).
    await house_merchants.serve(session, merchant_id=merchant_id, code=merchant_code)


def default_house_secret() -> str:
    return Settings.model_fields["house_wallet_secret"].default  # type: ignore[no-any-return]
