"""The lucky wheel's and golden egg's rules beside the play (play.py): what a member or visitor sees of each
game, the day's check-in, the console's changes to a game, and the member's mini-game prizes for the reward
centre (the rain's envelopes included, read from the rain's own tables)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.content.texts import pick_text
from server.house.engine.fair import seed_hash
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.loyalty.points.settings import rules_of
from server.minigames.prizes import board, earn, schemas, table
from server.minigames.prizes.models import CheckIn, PrizeGame
from server.minigames.prizes.play import seed_of
from server.minigames.rain.models import RainEnvelope, RainSession

REWARD_CENTRE_SIZE = 50


def ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


async def games_of(session: AsyncSession, merchant_id: int, *, enabled_only: bool) -> list[PrizeGame]:
    query = select(PrizeGame).where(PrizeGame.merchant_id == merchant_id)
    if enabled_only:
        query = query.where(PrizeGame.enabled.is_(True))
    return list(await session.scalars(query.order_by(PrizeGame.id)))


def _money(minor: int | None) -> str | None:
    return format_amount(minor) if minor is not None else None


def earn_out(game: PrizeGame) -> schemas.EarnIO:
    return schemas.EarnIO(
        per_deposit=_money(game.per_deposit),
        per_turnover=_money(game.per_turnover),
        per_checkin=game.per_checkin,
    )


def prize_out(index: int, prize: Mapping[str, Any], language: str, fallback: str) -> schemas.PrizeOut:
    return schemas.PrizeOut(
        index=index,
        kind=prize["kind"],
        amount=_money(prize.get("amount")),
        value=prize.get("value"),
        wager_multiple=int(prize.get("wagerMultiple") or 0),
        label=str(pick_text(prize.get("labels") or {}, language, fallback) or ""),
        probability=table.percent_text(int(prize["ppm"])),
    )


async def portal_games(
    session: AsyncSession,
    merchant_id: int,
    member_id: int | None,
    language: str,
    fallback: str,
    now: datetime,
) -> list[schemas.PrizeGameOut]:
    """The merchant's enabled games; a member's with their plays today and their seed's hash (made on first
    sight, so the commitment is shown before the first play)."""
    games = await games_of(session, merchant_id, enabled_only=True)
    ratio = (await rules_of(session, merchant_id)).ratio
    today = await earn.today_of(session, merchant_id, member_id, now) if member_id is not None else None
    used = await earn.used_today(session, member_id, today.day) if member_id and today else {}
    shown = []
    for game in games:
        seed = await seed_of(session, game, member_id) if member_id is not None else None
        earned = earn.earned(game, today) if today is not None else None
        taken = used.get(game.id, 0) if today is not None else None
        shown.append(
            schemas.PrizeGameOut(
                id=game.id,
                kind=cast(schemas.GameKind, game.kind),
                name=str(pick_text(game.names, language, fallback) or ""),
                prizes=[prize_out(i, p, language, fallback) for i, p in enumerate(game.prizes)],
                expected_cost=format_amount(table.expected_cost(game.prizes, ratio)),
                earn=earn_out(game),
                plays_earned=earned,
                plays_used=taken,
                plays_left=max(0, earned - taken) if earned is not None and taken is not None else None,
                checked_in_today=today.checked_in if today is not None else None,
                seed_hash=seed_hash(seed.server_seed) if seed is not None else None,
                client_seed=seed.client_seed if seed is not None else None,
                nonce=seed.nonce if seed is not None else None,
            )
        )
    return shown


async def check_in(session: AsyncSession, merchant_id: int, member_id: int, now: datetime) -> str:
    """Today's business day, once per member (the unique row decides between two parallel calls)."""
    day = earn.day_of(now)
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    made = await session.scalar(
        insert_for(CheckIn)
        .values(merchant_id=merchant_id, member_id=member_id, day=day, created_at=now)
        .on_conflict_do_nothing(index_elements=["member_id", "day"])
        .returning(CheckIn.id)
    )
    if made is None:
        raise AppError(errors.CHECKED_IN_ALREADY)
    return day


# --- the console --------------------------------------------------------------------------------------------


async def admin_game(session: AsyncSession, merchant_id: int, game_id: int) -> PrizeGame:
    game = await session.get(PrizeGame, game_id)
    if game is None or game.merchant_id != merchant_id:
        raise AppError(errors.NOT_FOUND)
    return game


def _per(text: str | None, field: str) -> int | None:
    return parse_amount(text, field=field) if text is not None else None


async def apply(
    session: AsyncSession, merchant_id: int, game: PrizeGame, body: schemas.PrizeGameIn
) -> PrizeGame:
    if not (body.name.get("EN") or "").strip():
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "name.EN", "type": "missing"}]})
    prizes = table.validate(
        [
            table.PrizeAsk(p.kind, p.amount, p.value, p.wager_multiple, dict(p.label), p.probability)
            for p in body.prizes
        ]
    )
    game.merchant_id = merchant_id
    game.kind = body.kind
    game.names = {str(k): v.strip() for k, v in body.name.items() if v.strip()}
    game.enabled = body.enabled
    game.per_deposit = _per(body.earn.per_deposit, "earn.perDeposit")
    game.per_turnover = _per(body.earn.per_turnover, "earn.perTurnover")
    game.per_checkin = body.earn.per_checkin
    game.prizes = prizes
    session.add(game)  # a no-op for a game already stored
    await session.flush()
    return game


async def admin_out(session: AsyncSession, game: PrizeGame) -> schemas.PrizeGameAdminOut:
    ratio = (await rules_of(session, game.merchant_id)).ratio
    return schemas.PrizeGameAdminOut(
        id=game.id,
        kind=cast(schemas.GameKind, game.kind),
        name={str(k): str(v) for k, v in game.names.items()},
        enabled=game.enabled,
        earn=earn_out(game),
        prizes=[
            schemas.PrizeAdminOut(
                kind=p["kind"],
                amount=_money(p.get("amount")),
                value=p.get("value"),
                wager_multiple=int(p.get("wagerMultiple") or 0),
                label={str(k): str(v) for k, v in (p.get("labels") or {}).items()},
                probability=table.percent_text(int(p["ppm"])),
            )
            for p in game.prizes
        ],
        expected_cost=format_amount(table.expected_cost(game.prizes, ratio)),
    )


# --- the reward centre --------------------------------------------------------------------------------------


async def prizes_of(
    session: AsyncSession, merchant_id: int, member_id: int, limit: int = REWARD_CENTRE_SIZE
) -> list[schemas.MiniGamePrizeOut]:
    """The member's last `limit` mini-game prizes, newest first: wheel and egg plays that won something and
    the rain's envelopes the member grabbed."""
    found = [
        schemas.MiniGamePrizeOut(
            id=p.id,
            game=cast(schemas.PrizeGameName, p.game),
            kind=cast(schemas.WonKind, p.kind),
            amount=_money(p.amount),
            value=p.value,
            wager_multiple=p.wager_multiple,
            won_at=ms(p.won_at),
        )
        for p in await board.plays_won(session, merchant_id, member_id, limit)
    ]
    grabs = await session.execute(
        select(RainEnvelope.id, RainEnvelope.amount, RainEnvelope.taken_at, RainSession.wager_multiple)
        .join(RainSession, RainSession.id == RainEnvelope.session_id)
        .where(RainEnvelope.member_id == member_id, RainSession.merchant_id == merchant_id)
        .order_by(RainEnvelope.taken_at.desc(), RainEnvelope.id.desc())
        .limit(limit)
    )
    found += [
        schemas.MiniGamePrizeOut(
            id=int(envelope),
            game="RAIN",
            kind="MONEY",
            amount=format_amount(int(amount)),
            value=None,
            wager_multiple=int(wager or 0),
            won_at=ms(at),
        )
        for envelope, amount, at, wager in grabs
        if at is not None
    ]
    found.sort(key=lambda p: (p.won_at, p.id), reverse=True)
    return found[:limit]
