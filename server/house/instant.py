"""Instant rounds (slot spin, fish shot, high-card duel, virtual match). The outcome follows from the
committed server seed, the client seed and the nonce; the round is written PENDING before the wallet is
called, so that a crash before its answer leaves something the sweeper finds and rolls back. Stake and win go
in one wallet call (betWin): one transaction on each side of the seamless protocol for the money."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update

from server.db.base import utcnow
from server.db.session import Database
from server.house import plays, remote_bets
from server.house.engine.fair import FairRng, new_server_seed, seed_hash
from server.house.models import PENDING, SETTLED, HouseRound, HouseSession
from server.house.wallet_client import WalletClient
from server.http.core import errors
from server.http.core.errors import AppError

STALE_PENDING = timedelta(seconds=60)


@dataclass(frozen=True)
class Played:
    round: HouseRound
    balance: int
    next_hash: str


def fairness(hs: HouseSession) -> dict[str, Any]:
    return {"serverSeedHash": seed_hash(hs.server_seed), "clientSeed": hs.client_seed, "nonce": hs.nonce}


async def market(db: Database, hs: HouseSession) -> dict[str, Any]:
    """The match on offer: drawn from the committed seed, and kept until a round is played on it."""
    if hs.market is not None and hs.market.get("nonce") == hs.nonce:
        return hs.market
    rng = FairRng(hs.server_seed, f"{hs.client_seed}:market", hs.nonce)
    offered = plays.new_market(hs.game_type, rng) | {"matchId": f"M{hs.id}N{hs.nonce}", "nonce": hs.nonce}
    async with db.session() as session:
        await session.execute(
            update(HouseSession)
            .where(HouseSession.id == hs.id, HouseSession.nonce == hs.nonce)
            .values(market=offered)
        )
    return offered


async def _claim(
    db: Database, hs: HouseSession, stake: int, win: int, outcome: dict[str, Any]
) -> tuple[HouseRound, str]:
    """Consume the commitment (nonce and seed move on, once) and write the round, in one transaction;
    returns the round and the hash of the seed committed for the next one. Core statements on a bare
    connection: the ORM's unit of work cost the round more than these statements (py-spy, `make bench`)."""
    next_seed = new_server_seed()
    row = HouseRound(
        merchant_id=hs.merchant_id,
        session_id=hs.id,
        round_ref=f"H{hs.id}N{hs.nonce}",
        player_id=hs.player_id,
        merchant_code=hs.merchant_code,
        game_code=hs.game_code,
        stake=stake,
        win=win,
        outcome=outcome,
        server_seed=hs.server_seed,
        client_seed=hs.client_seed,
        nonce=hs.nonce,
        status=SETTLED if hs.demo else PENDING,
        settled_at=utcnow() if hs.demo else None,
    )
    columns = {column: getattr(row, column) for column in _ROUND_COLUMNS}
    moves = {"session_id": hs.id, "nonce": hs.nonce, "next_nonce": hs.nonce + 1, "next_seed": next_seed}
    async with db.transaction() as connection:
        if (await connection.execute(_ADVANCE, moves)).rowcount != 1:
            raise AppError(errors.CONFLICT, "another round of this session is in play")
        if hs.demo:
            paid = await connection.execute(
                update(HouseSession)
                .where(HouseSession.id == hs.id, HouseSession.demo_balance >= stake)
                .values(demo_balance=HouseSession.demo_balance - stake + win)
            )
            if paid.rowcount != 1:
                raise AppError(errors.INSUFFICIENT_FUNDS)
        row.id, row.created_at = (await connection.execute(_WRITE, columns)).one()
    # The nonce's compare-and-set above means this seed is the one committed, whoever plays next.
    return row, seed_hash(next_seed)


_ROUND_COLUMNS = (
    "merchant_id",
    "session_id",
    "round_ref",
    "player_id",
    "merchant_code",
    "game_code",
    "stake",
    "win",
    "outcome",
    "server_seed",
    "client_seed",
    "nonce",
    "status",
    "settled_at",
)


_SESSIONS = cast(Table, HouseSession.__table__)
_ROUNDS = cast(Table, HouseRound.__table__)
# Built once, with bound parameters: building them per round cost more than running them.
_ADVANCE = (
    update(_SESSIONS)
    .where(_SESSIONS.c.id == bindparam("session_id"), _SESSIONS.c.nonce == bindparam("nonce"))
    .values(nonce=bindparam("next_nonce"), server_seed=bindparam("next_seed"), market=None)
)
_WRITE = (
    insert(_ROUNDS)
    .values({column: bindparam(column, type_=_ROUNDS.c[column].type) for column in _ROUND_COLUMNS})
    .returning(_ROUNDS.c.id, _ROUNDS.c.created_at)
)


def _remote(row: HouseRound) -> remote_bets.RemoteBet:
    """A round's wallet ids all derive from its reference: one stake, one win, one rollback per round."""
    return remote_bets.RemoteBet(
        row_id=row.id,
        status=row.status,
        merchant=row.merchant_code,
        player_id=row.player_id,
        session_token=None,
        round_id=row.round_ref,
        bet_tx=f"{row.round_ref}:bet",
        key=row.round_ref,
        amount=row.stake,
        game_code=row.game_code,
    )


# The win follows the debit in the same request, so a debited round stays PENDING until it is paid.
BOOK = remote_bets.Book(
    HouseRound,
    HouseRound.id,
    HouseRound.status,
    HouseRound.created_at,
    _remote,
    placed=PENDING,
    stamps_settled_at=True,
    paid_round=SETTLED,
)


async def play(db: Database, wallet: WalletClient, hs: HouseSession, params: dict[str, Any]) -> Played:
    offered = await market(db, hs) if hs.game_type in plays.MATCH_TYPES else None
    stake, win, outcome = plays.resolve(
        hs.game_type, hs.game_code, params, FairRng(hs.server_seed, hs.client_seed, hs.nonce), offered
    )
    row, next_hash = await _claim(db, hs, stake, win, outcome)
    if hs.demo:
        async with db.read_session() as read:
            balance = int(
                await read.scalar(select(HouseSession.demo_balance).where(HouseSession.id == hs.id)) or 0
            )
        return Played(row, balance, next_hash)
    bet = replace(_remote(row), session_token=hs.wallet_session)
    balance = await remote_bets.play_whole(db, wallet, BOOK, bet, remote_bets.Verdict(SETTLED, win))
    return Played(row, balance, next_hash)


async def void_stale_rounds(db: Database, wallet: WalletClient) -> int:
    """Rounds a crash left between bet and win: rolled back (a refund if the bet went through, a tombstone
    if it did not, so that it cannot go through later), or marked SETTLED if the win did go through."""
    return await remote_bets.recover_stale(db, wallet, BOOK, STALE_PENDING)
