"""The winner board: the merchant's recent big wins, read from the bet records and pushed live as
`winners`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.accounts.models import Member
from server.brands.service import Brand
from server.games.bets import Settled
from server.games.models import BetRecord, Game, GameVendor
from server.games.schemas import WinnerOut
from server.http.core.money import format_amount
from server.minigames.prizes.board import big_prizes

MINIGAME = "MINIGAME"  # the board's `vassalage` of a lucky wheel's or golden egg's prize

BOARD_SIZE = 20
BIG_WIN = 20_00  # minor units: a win this large, and larger than its stake, makes the board


@dataclass(frozen=True)
class Winner:
    account: str
    game_name: str
    vassalage: str
    amount: int
    time: datetime


def mask(username: str) -> str:
    if len(username) <= 3:
        return username[:1] + "***"
    return f"{username[:2]}***{username[-1]}"


def _is_big(record: Settled) -> bool:
    return not record.trial and record.win_amount >= BIG_WIN and record.win_amount > record.bet_amount


def _wire(winner: Winner) -> dict[str, str]:
    """The push carries exactly what the board call answers."""
    row = WinnerOut(
        account=winner.account,
        game_name=winner.game_name,
        vassalage=winner.vassalage,
        amount=format_amount(winner.amount),
        time=winner.time,
    )
    return row.model_dump(mode="json", by_alias=True)


async def board(session: AsyncSession, merchant_id: int) -> list[Winner]:
    rows = await session.execute(
        select(Member.username, Game.name, GameVendor.code, BetRecord.win_amount, BetRecord.settled_at)
        .join(Member, Member.id == BetRecord.member_id)
        .join(GameVendor, GameVendor.id == BetRecord.vendor_id)
        .outerjoin(Game, Game.id == BetRecord.game_id)
        .where(
            BetRecord.merchant_id == merchant_id,
            BetRecord.settled_at.is_not(None),
            BetRecord.trial.is_(False),
            BetRecord.win_amount >= BIG_WIN,
            BetRecord.win_amount > BetRecord.bet_amount,
        )
        .order_by(BetRecord.settled_at.desc(), BetRecord.id.desc())
        .limit(BOARD_SIZE)
    )
    found = [
        Winner(mask(username), name or code, code, int(amount), settled)
        for username, name, code, amount, settled in rows
        if settled is not None
    ]
    # Big mini-game prizes share the board, newest first with the bets' wins.
    prizes = await big_prizes(session, merchant_id, BIG_WIN, BOARD_SIZE)
    found += [Winner(mask(p.username), p.game_name, MINIGAME, p.amount, p.at) for p in prizes]
    found.sort(key=lambda w: w.time, reverse=True)
    return found[:BOARD_SIZE]


async def announce_if_big(
    session: AsyncSession, brand: Brand, member: Member, vendor: GameVendor, record: Settled
) -> None:
    if not _is_big(record) or record.settled_at is None:
        return
    game = await session.get(Game, record.game_id) if record.game_id is not None else None
    winner = Winner(
        mask(member.username),
        game.name if game else vendor.display_name,
        vendor.code,
        record.win_amount,
        record.settled_at,
    )
    await publish(
        events.WINNERS, events.merchant_room(brand.code), {"list": [_wire(winner)]}, session=session
    )


async def announce_prize(
    session: AsyncSession, brand: Brand, member: Member, game_name: str, amount: int, at: datetime
) -> None:
    """A mini-game's money prize of BIG_WIN or more, pushed after COMMIT like a big win."""
    if amount < BIG_WIN:
        return
    winner = Winner(mask(member.username), game_name, MINIGAME, amount, at)
    await publish(
        events.WINNERS, events.merchant_room(brand.code), {"list": [_wire(winner)]}, session=session
    )
