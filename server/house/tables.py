"""Shared tables of every table game (table_games.py defines baccarat, dragon tiger, roulette and sic bo).
Rounds follow the clock (round n opens at n x period and closes for bets a few seconds before the next
opens), so every process agrees on them without talking; each round's outcome follows from a seed derived
from a secret, whose hash anyone can see before the round. The first dealer to insert the round's row deals
it and pays its bets through the wallet API; the result is pushed to the table's room."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import publish
from server.db.base import utcnow
from server.db.session import Database
from server.house import merchants, remote_bets
from server.house.config import GAMES_BY_CODE, LIVE_TABLES
from server.house.engine.fair import FairRng, round_seed, seed_hash
from server.house.models import HouseSession, HouseTableBet, HouseTableRound
from server.house.table_games import BACCARAT, TABLE_GAMES, TableGame
from server.house.wallet_client import WalletClient
from server.http.core import errors
from server.http.core.errors import AppError

CLOSED_SECONDS = 6  # the end of each round: cards dealt, result shown, no bets
RESULT_EVENT = BACCARAT.result_event  # each game's own: TableGame.result_event
MAX_STAKE = 10_000_00
PENDING, OPEN, VOID = "PENDING", "OPEN", "VOID"
STUCK_AFTER = timedelta(seconds=20)


def game_of(table: str) -> TableGame:
    """The game a table plays; KeyError for a code that is no table."""
    return TABLE_GAMES[GAMES_BY_CODE[table].game_type]


def is_table(table: str) -> bool:
    return table in LIVE_TABLES


def room(merchant: str, table: str) -> str:
    return game_of(table).room(merchant, table)


@dataclass(frozen=True)
class Clock:
    period: int

    def round_at(self, ts: float) -> int:
        return int(ts // self.period)

    def opens(self, round_no: int) -> float:
        return float(round_no * self.period)

    def closes(self, round_no: int) -> float:
        return self.opens(round_no) + self.period - CLOSED_SECONDS


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


def seed_of(secret: str, merchant: str, table: str, round_no: int) -> str:
    return round_seed(secret.encode(), f"{merchant}:{table}", round_no)


def deal(secret: str, merchant: str, table: str, round_no: int) -> dict[str, Any]:
    seed = seed_of(secret, merchant, table, round_no)
    outcome = game_of(table).deal(FairRng(seed, table, round_no))
    revealed = {"table": table, "roundNo": round_no, "serverSeed": seed, "serverSeedHash": seed_hash(seed)}
    return outcome | revealed


def view(clock: Clock, secret: str, merchant: str, table: str, now: float) -> dict[str, Any]:
    current = clock.round_at(now)
    return {
        "table": table,
        "roundNo": current,
        "phase": "BETTING" if now < clock.closes(current) else "CLOSED",
        "opensAt": _iso(clock.opens(current)),
        "closesAt": _iso(clock.closes(current)),
        "settlesAt": _iso(clock.closes(current)),
        "serverSeedHash": seed_hash(seed_of(secret, merchant, table, current)),
        "now": _iso(now),
    }


async def result(db: Database, merchant_id: int, table: str, round_no: int) -> dict[str, Any]:
    async with db.read_session() as read:
        row = await read.scalar(
            select(HouseTableRound).where(
                HouseTableRound.merchant_id == merchant_id,
                HouseTableRound.table_code == table,
                HouseTableRound.round_no == round_no,
                HouseTableRound.settled_at.is_not(None),
            )
        )
    if row is None:
        raise AppError(errors.ROUND_NOT_SETTLED)
    return dict(row.result)


def _remote(bet: HouseTableBet) -> remote_bets.RemoteBet:
    return remote_bets.RemoteBet(
        row_id=bet.id,
        status=bet.status,
        merchant=_merchant_code(bet),
        player_id=bet.player_id,
        session_token=bet.wallet_session,
        # The player's bets on one round are one wallet round.
        round_id=f"T{bet.merchant_id}.{bet.table_code}.{bet.round_no}",
        bet_tx=bet.tx_id,
        key=bet.tx_id,
        amount=bet.stake,
        game_code=bet.table_code,
    )


def _merchant_code(bet: HouseTableBet) -> str:
    return bet.tx_id[1:].split(".", 1)[0]


BOOK = remote_bets.Book(
    HouseTableBet, HouseTableBet.id, HouseTableBet.status, HouseTableBet.created_at, _remote
)


def new_bet(hs: HouseSession, round_no: int, bet_on: str, stake: int) -> HouseTableBet:
    """A table bet's row as it is written, PENDING, before its debit is sent."""
    return HouseTableBet(
        merchant_id=hs.merchant_id,
        table_code=hs.game_code,
        round_no=round_no,
        session_id=hs.id,
        player_id=hs.player_id,
        wallet_session=hs.wallet_session,
        bet_on=bet_on,
        stake=stake,
        tx_id=f"B{hs.merchant_code}.{hs.game_code}.{round_no}.{secrets.token_hex(6)}",
        status=PENDING,
    )


async def place_bet(
    db: Database,
    wallet: WalletClient,
    clock: Clock,
    hs: HouseSession,
    round_no: int,
    bet_on: str,
    stake: int,
    now: float,
) -> HouseTableBet:
    if not is_table(hs.game_code):
        raise AppError(errors.NOT_FOUND)
    if not game_of(hs.game_code).takes(bet_on) or stake <= 0 or stake > MAX_STAKE:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "betOn", "type": "choice"}]})
    if round_no != clock.round_at(now) or now >= clock.closes(round_no) - 0.5:
        raise AppError(errors.BETTING_CLOSED)
    bet = new_bet(hs, round_no, bet_on, stake)
    async with db.session() as session:
        if hs.demo:
            paid = await session.execute(
                update(HouseSession)
                .where(HouseSession.id == hs.id, HouseSession.demo_balance >= stake)
                .values(demo_balance=HouseSession.demo_balance - stake)
            )
            if paid.rowcount != 1:  # type: ignore[attr-defined]
                raise AppError(errors.INSUFFICIENT_FUNDS)
            bet.status = OPEN
        session.add(bet)
    if not hs.demo:
        bet.status = await remote_bets.place(db, wallet, BOOK, _remote(bet))
    return bet


def _verdict(game: TableGame, dealt: dict[str, Any]) -> Callable[[HouseTableBet], remote_bets.Verdict]:
    def verdict(bet: HouseTableBet) -> remote_bets.Verdict:
        returned = game.returned(bet.bet_on, bet.stake, dealt)
        # Dragon tiger's half stake back on a tie is a loss that returns something.
        status = "WON" if returned > bet.stake else "PUSH" if returned == bet.stake else "LOST"
        if bet.player_id is not None:
            return remote_bets.Verdict(status, returned)

        async def credit_play_money(session: AsyncSession) -> None:
            await session.execute(
                update(HouseSession)
                .where(HouseSession.id == bet.session_id)
                .values(demo_balance=HouseSession.demo_balance + returned)
            )

        return remote_bets.Verdict(status, returned, also=credit_play_money)

    return verdict


async def _claim(db: Database, merchant_id: int, table: str, round_no: int, dealt: dict[str, Any]) -> bool:
    try:
        async with db.session() as session:
            session.add(
                HouseTableRound(merchant_id=merchant_id, table_code=table, round_no=round_no, result=dealt)
            )
        return True
    except IntegrityError:
        return False


async def settle_round(
    db: Database,
    wallet: WalletClient,
    secret: str,
    merchant_id: int,
    merchant: str,
    table: str,
    round_no: int,
    next_round: dict[str, Any],
    *,
    resume: bool = False,
) -> bool:
    dealt = deal(secret, merchant, table, round_no)
    if not resume and not await _claim(db, merchant_id, table, round_no, dealt):
        return False  # another dealer has it
    async with db.read_session() as read:
        open_bets = list(
            await read.scalars(
                select(HouseTableBet).where(
                    HouseTableBet.merchant_id == merchant_id,
                    HouseTableBet.table_code == table,
                    HouseTableBet.round_no == round_no,
                    HouseTableBet.status.in_((PENDING, OPEN)),
                )
            )
        )
    game = game_of(table)
    tally = await remote_bets.settle_all(db, wallet, BOOK, open_bets, _verdict(game, dealt))
    if tally.failed:
        return False  # its claim stays unsettled: a later run resumes it
    async with db.session() as session:
        closed = await session.execute(
            update(HouseTableRound)
            .where(
                HouseTableRound.merchant_id == merchant_id,
                HouseTableRound.table_code == table,
                HouseTableRound.round_no == round_no,
                HouseTableRound.settled_at.is_(None),
            )
            .values(settled_at=utcnow())
        )
        if not closed.rowcount:  # type: ignore[attr-defined]
            return False  # another dealer finished it and announced it
        pushed = dealt | {"next": next_round}
        await publish(game.result_event, game.room(merchant, table), pushed, session=session)
    return True


async def deal_due_rounds(db: Database, wallet: WalletClient, clock: Clock, secret: str, now: float) -> int:
    """Every table (of every table game) of every merchant offering the house's live games: the round that
    just closed (and one before it, in case no dealer ran then), and rounds a crashed dealer claimed but did
    not finish."""
    current = clock.round_at(now)
    due = [r for r in (current - 1, current) if clock.closes(r) <= now]
    served = await merchants.with_live_tables(db)
    async with db.read_session() as read:
        dealt = set(
            await read.execute(
                select(
                    HouseTableRound.merchant_id, HouseTableRound.table_code, HouseTableRound.round_no
                ).where(HouseTableRound.round_no.in_(due))
            )
        )
        stuck = list(
            await read.execute(
                select(
                    HouseTableRound.merchant_id, HouseTableRound.table_code, HouseTableRound.round_no
                ).where(
                    HouseTableRound.settled_at.is_(None),
                    HouseTableRound.created_at < utcnow() - STUCK_AFTER,
                )
            )
        )
    done = 0
    for merchant_id, merchant in served:
        for table in LIVE_TABLES:
            for round_no in due:
                if (merchant_id, table, round_no) not in dealt:
                    done += await _settle(db, wallet, clock, secret, (merchant_id, merchant), table, round_no)
    codes = dict(served)
    for merchant_id, table, round_no in stuck:
        if merchant_id in codes and is_table(table):
            done += await _settle(
                db, wallet, clock, secret, (merchant_id, codes[merchant_id]), table, round_no, resume=True
            )
    return done


async def settle_left_behind(
    db: Database, wallet: WalletClient, clock: Clock, secret: str, now: float
) -> int:
    """Older rounds that still hold open bets: no dealer ran in their window, or a bet's row was written
    after its round was dealt. The sweeper runs this now and then (it reads the bets by status)."""
    async with db.read_session() as read:
        owed = set(
            await read.execute(
                select(HouseTableBet.merchant_id, HouseTableBet.table_code, HouseTableBet.round_no)
                .where(
                    HouseTableBet.status.in_((PENDING, OPEN)),
                    HouseTableBet.round_no < clock.round_at(now) - 1,
                )
                .distinct()
            )
        )
        if not owed:
            return 0
        claims = await read.execute(
            select(
                HouseTableRound.merchant_id,
                HouseTableRound.table_code,
                HouseTableRound.round_no,
                HouseTableRound.settled_at,
            ).where(HouseTableRound.round_no.in_({r for _, _, r in owed}))
        )
        settled = {(m, t, r): at is not None for m, t, r, at in claims}
    codes = dict(await merchants.with_live_tables(db))
    done = 0
    for merchant_id, table, round_no in owed:
        # A claim still being dealt is the stuck rounds' to resume once it is old enough.
        if merchant_id in codes and is_table(table) and settled.get((merchant_id, table, round_no), True):
            served = (merchant_id, codes[merchant_id])
            resume = (merchant_id, table, round_no) in settled
            done += await _settle(db, wallet, clock, secret, served, table, round_no, resume=resume)
    return done


async def _settle(
    db: Database,
    wallet: WalletClient,
    clock: Clock,
    secret: str,
    served: tuple[int, str],
    table: str,
    round_no: int,
    *,
    resume: bool = False,
) -> bool:
    merchant_id, merchant = served
    following = _next(view(clock, secret, merchant, table, clock.opens(round_no + 1)))
    return await settle_round(
        db, wallet, secret, merchant_id, merchant, table, round_no, following, resume=resume
    )


def _next(state: dict[str, Any]) -> dict[str, Any]:
    return {k: state[k] for k in ("roundNo", "serverSeedHash", "closesAt", "settlesAt")}
