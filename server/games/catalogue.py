"""What a merchant offers: vendors by category, the game list with its filters, hot, favourite and recent
games, game types and PVP rooms."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Select, delete, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.games.models import (
    CATEGORIES,
    FavouriteGame,
    Game,
    GameProvider,
    GameVendor,
    RecentGame,
    VendorSession,
)
from server.http.core import errors
from server.http.core.errors import AppError

RECENT_LIMIT = 20
HOT_LIMIT = 24
ROOM_ACTIVITY = timedelta(minutes=10)


@dataclass(frozen=True)
class GameView:
    game: Game
    vendor: GameVendor
    favourite: bool


@dataclass(frozen=True)
class GameFilter:
    category: str | None = None
    vassalage: str | None = None
    game_type: str | None = None
    name: str | None = None
    max_min_bet: int | None = None  # "minimum bet 1": games playable with that stake
    min_lines: int | None = None


async def vendors(session: AsyncSession, merchant_id: int) -> list[tuple[GameVendor, int | None]]:
    """Enabled vendors in display order, each with its only game when it has exactly one."""
    rows = (
        await session.scalars(
            select(GameVendor)
            .where(GameVendor.merchant_id == merchant_id, GameVendor.enabled)
            .order_by(GameVendor.sort_order, GameVendor.id)
        )
    ).all()
    found = await session.execute(
        select(Game.vendor_id, func.min(Game.id))
        .where(Game.merchant_id == merchant_id, Game.enabled)
        .group_by(Game.vendor_id)
        .having(func.count(Game.id) == 1)
    )
    singles = {vendor_id: only for vendor_id, only in found}
    return [(vendor, singles.get(vendor.id)) for vendor in rows]


def category_order(present: set[str]) -> list[str]:
    return [category for category in CATEGORIES if category in present]


def _filtered(merchant_id: int, flt: GameFilter) -> Select[Game, GameVendor]:
    stmt = (
        select(Game, GameVendor)
        .join(GameVendor, GameVendor.id == Game.vendor_id)
        .where(Game.merchant_id == merchant_id, Game.enabled, GameVendor.enabled)
    )
    if flt.category:
        stmt = stmt.where(GameVendor.category == flt.category)
    if flt.vassalage:
        stmt = stmt.where(GameVendor.code == flt.vassalage)
    if flt.game_type:
        stmt = stmt.where(Game.game_type == flt.game_type)
    if flt.name:
        # Escape LIKE's wildcards: a player's search for "100%" means those characters.
        pattern = flt.name.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        stmt = stmt.where(func.lower(Game.name).like(f"%{pattern}%", escape="\\"))
    if flt.max_min_bet is not None:
        stmt = stmt.where(Game.min_bet <= flt.max_min_bet)
    if flt.min_lines is not None:
        stmt = stmt.where(Game.lines >= flt.min_lines)
    return stmt


async def offered_counts(session: AsyncSession, merchant_id: int) -> dict[str, int]:
    """How many games the merchant offers in each category, counted as the lobbies list them (an enabled
    game of an enabled vendor): the figures the brand's home page states (server/brands/home.py)."""
    rows = await session.execute(
        select(GameVendor.category, func.count(Game.id))
        .join(GameVendor, GameVendor.id == Game.vendor_id)
        .where(Game.merchant_id == merchant_id, Game.enabled, GameVendor.enabled)
        .group_by(GameVendor.category)
    )
    return {category: count for category, count in rows.all()}


async def _favourite_ids(session: AsyncSession, member_id: int | None, game_ids: Sequence[int]) -> set[int]:
    if member_id is None or not game_ids:
        return set()
    return set(
        (
            await session.scalars(
                select(FavouriteGame.game_id).where(
                    FavouriteGame.member_id == member_id, FavouriteGame.game_id.in_(game_ids)
                )
            )
        ).all()
    )


async def _views(
    session: AsyncSession, member_id: int | None, rows: Sequence[tuple[Game, GameVendor]]
) -> list[GameView]:
    favourites = await _favourite_ids(session, member_id, [game.id for game, _ in rows])
    return [GameView(game, vendor, game.id in favourites) for game, vendor in rows]


async def game_page(
    session: AsyncSession,
    merchant_id: int,
    member_id: int | None,
    flt: GameFilter,
    *,
    page: int,
    page_size: int,
) -> tuple[list[GameView], int]:
    base = _filtered(merchant_id, flt)
    total = await session.scalar(select(func.count()).select_from(base.subquery())) or 0
    rows = await session.execute(
        base.order_by(Game.is_hot.desc(), Game.sort_order, Game.id)
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return await _views(session, member_id, [(g, v) for g, v in rows]), total


async def hot_games(
    session: AsyncSession, merchant_id: int, member_id: int | None, vassalage: str | None
) -> list[GameView]:
    stmt = _filtered(merchant_id, GameFilter(vassalage=vassalage)).where(Game.is_hot)
    rows = await session.execute(stmt.order_by(Game.sort_order, Game.id).limit(HOT_LIMIT))
    return await _views(session, member_id, [(g, v) for g, v in rows])


async def game_types(session: AsyncSession, merchant_id: int, vassalage: str | None) -> list[tuple[str, int]]:
    stmt = _filtered(merchant_id, GameFilter(vassalage=vassalage)).subquery()
    rows = await session.execute(
        select(stmt.c.game_type, func.count()).group_by(stmt.c.game_type).order_by(stmt.c.game_type)
    )
    return [(game_type, count) for game_type, count in rows]


async def playable_game(
    session: AsyncSession, merchant_id: int, game_id: int | None, *, lottery_code: str | None = None
) -> tuple[Game, GameVendor]:
    """A game by id, or a lottery game by its code (the lobby payload names lottoGameCode, not an id)."""
    query = select(Game, GameVendor).join(GameVendor, GameVendor.id == Game.vendor_id)
    if lottery_code is not None:
        query = query.where(GameVendor.category.in_(("LOTT", "ELOTT")), Game.game_code == lottery_code)
    else:
        query = query.where(Game.id == game_id)
    row = (await session.execute(query.where(Game.merchant_id == merchant_id))).first()
    if row is None:
        raise AppError(errors.GAME_NOT_FOUND)
    game, vendor = row
    if not (game.enabled and vendor.enabled):
        raise AppError(errors.GAME_DISABLED)
    return game, vendor


async def set_favourite(
    session: AsyncSession, merchant_id: int, member_id: int, game_id: int, favourite: bool
) -> bool:
    await playable_game(session, merchant_id, game_id)
    existing = await session.scalar(
        select(FavouriteGame).where(FavouriteGame.member_id == member_id, FavouriteGame.game_id == game_id)
    )
    if favourite and existing is None:
        session.add(FavouriteGame(member_id=member_id, game_id=game_id))
        await session.flush()
    elif not favourite and existing is not None:
        await session.delete(existing)
        await session.flush()
    return favourite


async def favourites(session: AsyncSession, merchant_id: int, member_id: int) -> list[GameView]:
    rows = await session.execute(
        _filtered(merchant_id, GameFilter())
        .join(FavouriteGame, FavouriteGame.game_id == Game.id)
        .where(FavouriteGame.member_id == member_id)
        .order_by(FavouriteGame.created_at.desc(), FavouriteGame.id.desc())
    )
    return [GameView(game, vendor, True) for game, vendor in rows]


async def touch_recent(session: AsyncSession, member_id: int, game_id: int, at: datetime) -> None:
    # One statement, not a look and then an insert: two launches of one game at once (two tabs, a double
    # tap) both found no row and the second insert failed on the unique (member, game).
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(
        insert_for(RecentGame)
        .values(member_id=member_id, game_id=game_id, played_at=at)
        .on_conflict_do_update(index_elements=["member_id", "game_id"], set_={"played_at": at})
    )
    # Only the newest few are kept: the list is a shortcut, not a history (that is the betting record).
    keep = select(RecentGame.id).where(RecentGame.member_id == member_id)
    keep = keep.order_by(RecentGame.played_at.desc(), RecentGame.id.desc()).limit(RECENT_LIMIT)
    await session.execute(
        delete(RecentGame).where(
            RecentGame.member_id == member_id, RecentGame.id.not_in(keep.scalar_subquery())
        )
    )


async def recent(session: AsyncSession, merchant_id: int, member_id: int) -> list[GameView]:
    rows = await session.execute(
        _filtered(merchant_id, GameFilter())
        .join(RecentGame, RecentGame.game_id == Game.id)
        .where(RecentGame.member_id == member_id)
        .order_by(RecentGame.played_at.desc(), RecentGame.id.desc())
        .limit(RECENT_LIMIT)
    )
    return await _views(session, member_id, [(g, v) for g, v in rows])


async def rooms(
    session: AsyncSession, merchant_id: int, vassalage: str | None
) -> list[tuple[Game, GameVendor, int]]:
    flt = GameFilter(category="PVP", vassalage=vassalage)
    found = await session.execute(
        _filtered(merchant_id, flt).where(Game.room_id.is_not(None)).order_by(Game.id)
    )
    rows = [(g, v) for g, v in found]
    since = utcnow() - ROOM_ACTIVITY
    counts: dict[int, int] = defaultdict(int)
    if rows:
        activity = await session.execute(
            select(VendorSession.game_id, func.count(func.distinct(VendorSession.member_id)))
            .where(VendorSession.game_id.in_([g.id for g, _ in rows]), VendorSession.created_at >= since)
            .group_by(VendorSession.game_id)
        )
        counts.update(dict(activity.all()))
    return [(game, vendor, counts[game.id]) for game, vendor in rows]


async def wallet_names(session: AsyncSession, merchant_id: int, codes: Iterable[str]) -> dict[str, str]:
    """A vendor wallet is the wallet of a game provider (GameVendor.wallet_code): its name is the provider's,
    else that of a vendor betting from it, else, for a wallet no catalogue row names, its code."""
    wanted = set(codes)
    if not wanted:
        return {}
    names: dict[str, str] = {}
    vendors = await session.execute(
        select(GameVendor.wallet_code, GameVendor.display_name)
        .where(GameVendor.merchant_id == merchant_id, GameVendor.wallet_code.in_(wanted))
        .order_by(GameVendor.sort_order.desc(), GameVendor.id.desc())
    )
    names.update({code: name for code, name in vendors})  # the first in the catalogue's order wins
    providers = await session.execute(
        select(GameProvider.code, GameProvider.name).where(
            GameProvider.merchant_id == merchant_id, GameProvider.code.in_(wanted)
        )
    )
    names.update({code: name for code, name in providers})
    return {code: names.get(code, code) for code in wanted}
