"""What the winner board and the reward centre read of the mini-games (models only: server.games.winners
imports this module, so it must not import back up into the play)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.content.texts import pick_text
from server.minigames.prizes.models import MONEY, NOTHING, PrizeGame, PrizePlay


@dataclass(frozen=True)
class BigPrize:
    username: str
    game_name: str
    amount: int
    at: datetime


async def big_prizes(session: AsyncSession, merchant_id: int, at_least: int, limit: int) -> list[BigPrize]:
    """The merchant's newest money prizes of `at_least` minor units or more."""
    rows = await session.execute(
        select(Member.username, PrizeGame.names, PrizeGame.kind, PrizePlay.amount, PrizePlay.created_at)
        .join(Member, Member.id == PrizePlay.member_id)
        .join(PrizeGame, PrizeGame.id == PrizePlay.game_id)
        .where(
            PrizePlay.merchant_id == merchant_id,
            PrizePlay.prize_kind == MONEY,
            PrizePlay.amount >= at_least,
        )
        .order_by(PrizePlay.created_at.desc(), PrizePlay.id.desc())
        .limit(limit)
    )
    return [
        BigPrize(username, str(pick_text(names or {}, "EN", "EN") or kind), int(amount or 0), at)
        for username, names, kind, amount, at in rows
    ]


@dataclass(frozen=True)
class PrizeRecord:
    """A mini-game prize as the reward centre lists it."""

    id: int
    game: str  # RAIN, WHEEL, EGG
    kind: str  # MONEY, POINTS, TICKETS
    amount: int | None
    value: int | None
    wager_multiple: int
    won_at: datetime


async def plays_won(session: AsyncSession, merchant_id: int, member_id: int, limit: int) -> list[PrizeRecord]:
    rows = await session.scalars(
        select(PrizePlay)
        .where(
            PrizePlay.merchant_id == merchant_id,
            PrizePlay.member_id == member_id,
            PrizePlay.prize_kind != NOTHING,
        )
        .order_by(PrizePlay.id.desc())
        .limit(limit)
    )
    return [
        PrizeRecord(p.id, p.game_kind, p.prize_kind, p.amount, p.value, p.wager_multiple, p.created_at)
        for p in rows
    ]
