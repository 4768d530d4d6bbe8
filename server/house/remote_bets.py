"""One remote bet, from the house's books to the portal's wallet and back: the flow every house game (instant
rounds, table bets, lottery slips) moves money with (ARCHITECTURE rule 7).

- `place`: the row is already committed PENDING, so a crash during the debit leaves something to recover;
  the wallet's refusal closes it VOID, an answer we never got rolls it back at once, a debit turns it into
  the book's placed status (or leaves it PENDING where the win follows in the same request).
- `settle`: the win (zero closes a lost round) under the bet's own win id, then the row is closed; a replay
  after a crash credits nothing twice, as the wallet answers a transaction id once.
- `roll_back`: refunds a bet whose fate is unknown, or refuses it for good should it still arrive.
- `settle_all` and `recover_stale`: the batch forms a dealer, a draw or a sweeper runs, row by row, a failure
  leaving that row for the next run and not the others.

Every status change is a compare-and-set from the status the flow expects, so two workers on the same row,
or a late request and a sweeper, cannot both close it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Generic, TypeVar, cast

import httpx
import structlog
from sqlalchemy import Table, Update, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from server.db.base import Base, utcnow
from server.db.session import Database
from server.house.wallet_client import NO_ENVELOPE, WalletClient, WalletError
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.seamless import protocol

log = structlog.get_logger(__name__)

PENDING, OPEN, VOID = "PENDING", "OPEN", "VOID"

Row = TypeVar("Row", bound=Base)
InTransaction = Callable[[AsyncSession], Awaitable[None]]


class StillOpen(Exception):
    """The wallet did not settle this call (no answer, or a refusal that settles nothing): the row is left as
    it was, for a later run to try again under the same transaction ids."""


@dataclass(frozen=True)
class RemoteBet:
    """One row as the wallet knows it. The ids are the game's own formats, kept as they always were: rows
    written before, and the wallet's records of them, must keep matching."""

    row_id: int
    status: str
    merchant: str
    player_id: str | None  # None: the house's play money (a visitor's demo), nothing goes to the wallet
    session_token: str | None
    round_id: str
    bet_tx: str
    key: str  # the stem of the ids of the bet's win ("{key}:win") and rollback ("{key}:rollback")
    amount: int
    game_code: str

    @property
    def win_tx(self) -> str:
        return f"{self.key}:win"

    @property
    def rollback_tx(self) -> str:
        return f"{self.key}:rollback"


@dataclass(frozen=True)
class Book(Generic[Row]):
    """A table of remote bets and how its rows read and close."""

    table: type[Row]
    id: InstrumentedAttribute[int]
    status: InstrumentedAttribute[str]
    created_at: InstrumentedAttribute[datetime]
    view: Callable[[Row], RemoteBet]
    # The status a debited bet takes; PENDING where the win follows in the same request (instant rounds).
    placed: str = OPEN
    # Whether the table stamps settled_at when a row closes.
    stamps_settled_at: bool = False
    # A rollback refused because the round was already paid means the win went through and only our mark
    # was lost, where the round is the row's alone (instant): the status that row takes, else None (a table
    # round is shared by a player's bets, so it says nothing about this one).
    paid_round: str | None = None


@dataclass(frozen=True)
class Verdict:
    """What an open row comes to: its status, the amount returned, columns of its own (a slip's hits), and
    writes that belong in the same transaction (play money credited to a demo session)."""

    status: str
    win: int
    values: dict[str, Any] = field(default_factory=dict)
    also: InTransaction | None = None


@dataclass
class Tally:
    closed: int = 0  # rows this run closed
    done: int = 0  # rows nothing is left to do for (closed now or by someone else)
    failed: int = 0  # rows left for the next run


def _refused(exc: WalletError) -> bool:
    """The wallet's own answer that it did nothing. Anything else (no answer, someone else's error page, the
    wallet's own server error) may have come after the money moved: the outcome is unknown."""
    return exc.code != NO_ENVELOPE and exc.status < 500


# Refusals the player is told as the wallet said them: the funds, a bonus's maximum stake, and the limits of
# player protection (issue 34).
_PASSED_ON = frozenset(
    code.code
    for code in (
        errors.INSUFFICIENT_FUNDS,
        errors.BONUS_MAX_STAKE,
        errors.LIMIT_LOSS,
        errors.LIMIT_WAGER,
        errors.SESSION_LIMIT,
        errors.SELF_EXCLUDED,
    )
)
# The protection limits a seamless answer names as INSUFFICIENT_FUNDS's `reason` (a vendor knows only that
# code): the house, the portal's own vendor, tells its player the limit itself.
_REASONS = frozenset(
    code.code for code in (errors.LIMIT_LOSS, errors.LIMIT_WAGER, errors.SESSION_LIMIT, errors.SELF_EXCLUDED)
)


def _refusal(exc: WalletError) -> AppError:
    """What the player is told of a debit the wallet refused: the wallet's own code where it is the player's
    to know (for INSUFFICIENT_FUNDS, the protection limit in its `reason` when it names one, as
    server.games.seamless.insufficient writes it), with the wallet's value; BET_ROLLED_BACK (a settler found
    the bet PENDING and refused it in advance) as BETTING_CLOSED; anything else as a session to open again."""
    code, value = exc.code, exc.value
    if code == errors.INSUFFICIENT_FUNDS.code and isinstance(value, dict) and value.get("reason") in _REASONS:
        # {balance, reason, detail: the limit's own value}: told as the limit's refusal with its value, and
        # the balance the game shows.
        detail = value.get("detail")
        code = str(value["reason"])
        value = {**(detail if isinstance(detail, dict) else {}), "balance": value.get("balance")}
    if code in _PASSED_ON:
        return AppError(errors.CATALOGUE[code], value=value)
    if code == errors.BET_ROLLED_BACK.code:
        return AppError(errors.BETTING_CLOSED)
    return AppError(errors.HOUSE_SESSION_INVALID)


_CLOSING: dict[tuple[type[Base], tuple[str, ...]], Update] = {}


def _closing(book: Book[Row], columns: tuple[str, ...]) -> Update:
    """The compare-and-set that closes a row of `book`, writing `columns`: built once per table and set of
    columns (a handful), with bound parameters; building it per round cost more than running it."""
    key = (book.table, columns)
    statement = _CLOSING.get(key)
    if statement is None:
        table = cast(Table, book.table.__table__)
        statement = (
            update(table)
            .where(table.c[book.id.key] == bindparam("row_id"), table.c[book.status.key] == bindparam("was"))
            .values({name: bindparam(f"to_{name}", type_=table.c[name].type) for name in columns})
        )
        _CLOSING[key] = statement
    return statement


async def _close(
    db: Database,
    book: Book[Row],
    bet: RemoteBet,
    was: str,
    status: str,
    *,
    win: int | None = None,
    values: dict[str, Any] | None = None,
    also: InTransaction | None = None,
) -> bool:
    """Moves the row from `was` to `status`; `also` is written only if this call moved it."""
    changes: dict[str, Any] = {"status": status, **(values or {})}
    if win is not None:
        changes["win"] = win
    if book.stamps_settled_at and status not in (PENDING, OPEN):
        changes["settled_at"] = utcnow()
    statement = _closing(book, tuple(changes))
    params = {"row_id": bet.row_id, "was": was} | {f"to_{name}": value for name, value in changes.items()}
    if also is None:  # the common case: one statement, no ORM unit of work to pay for
        async with db.one_statement() as connection:
            return bool((await connection.execute(statement, params)).rowcount)
    async with db.session() as session:
        moved = await session.execute(statement, params)
        if not moved.rowcount:  # type: ignore[attr-defined]
            return False
        await also(session)
    return True


async def place(db: Database, wallet: WalletClient, book: Book[Row], bet: RemoteBet) -> str:
    """Debits the stake of a row committed PENDING; returns the status the row now has."""
    try:
        await wallet.call(
            bet.merchant,
            protocol.BET,
            {
                "sessionToken": bet.session_token,
                "txId": bet.bet_tx,
                "roundId": bet.round_id,
                "amount": format_amount(bet.amount),
                "gameCode": bet.game_code,
            },
        )
    except WalletError as exc:
        if not _refused(exc):
            raise await _unknown_debit(db, wallet, book, bet) from exc
        await _close(db, book, bet, PENDING, VOID, win=0)
        raise _refusal(exc) from exc
    except httpx.HTTPError as exc:
        raise await _unknown_debit(db, wallet, book, bet) from exc
    if book.placed != PENDING and not await _close(db, book, bet, PENDING, book.placed):
        # Settled while the wallet answered: the settler found it PENDING and rolled it back.
        raise AppError(errors.BETTING_CLOSED)
    return book.placed


async def _unknown_debit(db: Database, wallet: WalletClient, book: Book[Row], bet: RemoteBet) -> AppError:
    """A debit we got no answer to: rolled back now if the wallet lets us, else by the next recovery run."""
    try:
        await roll_back(db, wallet, book, bet)
    except StillOpen:
        log.warning("house_bet_left_pending", tx=bet.bet_tx, exc_info=True)
    return AppError(errors.SERVICE_UNAVAILABLE)


async def play_whole(
    db: Database, wallet: WalletClient, book: Book[Row], bet: RemoteBet, verdict: Verdict
) -> int:
    """An instant round's stake and win in ONE wallet call (betWin, under the bet's id), then the row closed
    with the verdict; returns the player's balance. Refusals and unknown answers are handled as `place`
    handles them: a refusal closes the row VOID, no answer rolls it back (ROUND_SETTLED then means the call
    went through: the row takes the book's paid status)."""
    try:
        answer = await wallet.call(
            bet.merchant,
            protocol.BET_WIN,
            {
                "sessionToken": bet.session_token,
                "txId": bet.bet_tx,
                "roundId": bet.round_id,
                "amount": format_amount(bet.amount),
                "win": format_amount(verdict.win),
            },
        )
    except WalletError as exc:
        if not _refused(exc):
            raise await _unknown_debit(db, wallet, book, bet) from exc
        await _close(db, book, bet, PENDING, VOID, win=0)
        raise _refusal(exc) from exc
    except httpx.HTTPError as exc:
        raise await _unknown_debit(db, wallet, book, bet) from exc
    await _close(db, book, bet, PENDING, verdict.status, win=verdict.win, values=verdict.values)
    return parse_amount(answer["balance"], allow_zero=True)


@dataclass(frozen=True)
class Settled:
    status: str | None  # what this call wrote, None when someone else had closed the row meanwhile
    balance: int | None  # the player's balance as the wallet answered the win (None for play money)


async def settle(
    db: Database, wallet: WalletClient, book: Book[Row], bet: RemoteBet, verdict: Verdict
) -> Settled:
    """Credits what the bet returns, then closes the row. Raises StillOpen when the wallet did not answer or
    refused (the row stays as it was); a bet the wallet says was rolled back is closed VOID."""
    balance = None
    if bet.player_id is not None:
        body: dict[str, Any] = {"sessionToken": bet.session_token} if bet.session_token else {}
        body |= {
            "playerId": bet.player_id,
            "txId": bet.win_tx,
            "roundId": bet.round_id,
            "amount": format_amount(verdict.win),
        }
        try:
            answer = await wallet.call(bet.merchant, protocol.WIN, body)
        except WalletError as exc:
            if exc.code != errors.BET_ROLLED_BACK.code:
                raise StillOpen(str(exc)) from exc
            # Its stake went home (a sweeper rolled it back): there is nothing to pay.
            closed = await _close(db, book, bet, bet.status, VOID, win=0)
            return Settled(VOID if closed else None, None)
        except httpx.HTTPError as exc:
            raise StillOpen(repr(exc)) from exc
        balance = parse_amount(answer["balance"], allow_zero=True)
    closed = await _close(
        db, book, bet, bet.status, verdict.status, win=verdict.win, values=verdict.values, also=verdict.also
    )
    return Settled(verdict.status if closed else None, balance)


async def roll_back(db: Database, wallet: WalletClient, book: Book[Row], bet: RemoteBet) -> str | None:
    """Refunds a PENDING bet whose debit may or may not have gone through, which also refuses it should it
    arrive later, and closes the row; returns the status written (None if someone else closed it).
    Already rolled back counts as done. Raises StillOpen when the wallet did not do it."""
    status = VOID
    if bet.player_id is not None:
        try:
            await wallet.call(
                bet.merchant,
                protocol.ROLLBACK,
                {
                    "playerId": bet.player_id,
                    "txId": bet.rollback_tx,
                    "betTxId": bet.bet_tx,
                    "roundId": bet.round_id,
                },
            )
        except WalletError as exc:
            if exc.code == errors.ROUND_SETTLED.code and book.paid_round is not None:
                status = book.paid_round
            elif exc.code != errors.BET_ROLLED_BACK.code:
                raise StillOpen(str(exc)) from exc
        except httpx.HTTPError as exc:
            raise StillOpen(repr(exc)) from exc
    if status == VOID:
        closed = await _close(db, book, bet, PENDING, VOID, win=0)
    else:
        closed = await _close(db, book, bet, PENDING, status)
    return status if closed else None


async def settle_all(
    db: Database,
    wallet: WalletClient,
    book: Book[Row],
    rows: Iterable[Row],
    verdict: Callable[[Row], Verdict],
) -> Tally:
    """Closes a round's or an issue's open rows: the PENDING ones rolled back, the placed ones paid. The
    rollbacks go first, as the wallet refuses to roll back a bet in a round that already has a win."""
    bets = [(row, book.view(row)) for row in rows]
    bets.sort(key=lambda pair: pair[1].status != PENDING)
    tally = Tally()
    for row, bet in bets:
        try:
            if bet.status == PENDING:
                written = await roll_back(db, wallet, book, bet)
            else:
                written = (await settle(db, wallet, book, bet, verdict(row))).status
        except StillOpen:
            tally.failed += 1
            log.warning("house_bet_not_settled", tx=bet.bet_tx, exc_info=True)
            continue
        tally.done += 1
        tally.closed += written is not None
    return tally


async def recover_stale(
    db: Database, wallet: WalletClient, book: Book[Row], older_than: timedelta, limit: int = 100
) -> int:
    """Rows a crash left PENDING (between the debit and what follows it): rolled back, a refund if the debit
    went through, a refusal in advance if it did not. Returns how many were found."""
    async with db.read_session() as read:
        stale = list(
            await read.scalars(
                select(book.table)
                .where(book.status == PENDING, book.created_at < utcnow() - older_than)
                .order_by(book.id)
                .limit(limit)
            )
        )
    for row in stale:
        bet = book.view(row)
        try:
            await roll_back(db, wallet, book, bet)
        except StillOpen:
            log.warning("house_bet_not_recovered", tx=bet.bet_tx, exc_info=True)
    return len(stale)
