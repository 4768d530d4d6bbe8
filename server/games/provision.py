"""Putting the house vendor's games into a merchant's catalogue, with the provider secret its wallet calls are
signed with (derived from the house's own secret, see server.house.config)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.games.models import Game, GameProvider, GameVendor
from server.house import config as house
from server.house import merchants as house_merchants
from server.settings import Settings


async def offer_house_games(
    session: AsyncSession, merchant_id: int, merchant_code: str, house_secret: str
) -> None:
    """Adds what the merchant does not have yet: the provider, then each house vendor it lacks (so that a
    merchant provisioned before a vendor existed gains it when provisioned again)."""
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
    offered = set(
        await session.scalars(
            select(GameVendor.code).where(
                GameVendor.merchant_id == merchant_id, GameVendor.provider == house.PROVIDER
            )
        )
    )
    for order, spec in enumerate(house.VENDORS):
        if spec.code in offered:
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
            Game(
                merchant_id=merchant_id,
                vendor_id=vendor.id,
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
            for index, game in enumerate(spec.games)
        )
    await session.flush()
    # The house's own record: it serves this merchant from now on (its tables deal for it, its launches open).
    await house_merchants.serve(session, merchant_id=merchant_id, code=merchant_code)


def default_house_secret() -> str:
    return Settings.model_fields["house_wallet_secret"].default  # type: ignore[no-any-return]
