"""Instant rounds (slot spin, fish shot, high-card duel, virtual match). The outcome follows from the
committed server seed, the client seed and the nonce; the round is written PENDING before the bet is sent,
so that a crash between bet and win leaves something the dealer finds and rolls back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update

from server.db.base import utcnow
from server.db.session import Database
from server.house import plays
from server.house.engine.fair import FairRng, new_server_seed, seed_hash
from server.house.models import PENDING, SETTLED, VOID, HouseRound, HouseSession
from server.house.wallet_client import WalletClient, WalletError
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount

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


async def _claim(db: Database, hs: HouseSession, stake: int, win: int, outcome: dict[str, Any]) -> HouseRound:
    """Consume the commitment (nonce and seed move on, once) and write the round, in one transaction."""
    ref = f"H{hs.id}N{hs.nonce}"
    async with db.session() as session:
        moved = await session.execute(
            update(HouseSession)
            .where(HouseSession.id == hs.id, HouseSession.nonce == hs.nonce)
            .values(nonce=hs.nonce + 1, server_seed=new_server_seed(), market=None)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            raise AppError(errors.CONFLICT, "another round of this session is in play")
        if hs.demo:
            paid = await session.execute(
                update(HouseSession)
                .where(HouseSession.id == hs.id, HouseSession.demo_balance >= stake)
                .values(demo_balance=HouseSession.demo_balance - stake + win)
            )
            if paid.rowcount != 1:  # type: ignore[attr-defined]
                raise AppError(errors.INSUFFICIENT_FUNDS)
        row = HouseRound(
            merchant_id=hs.merchant_id,
            session_id=hs.id,
            round_ref=ref,
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
        session.add(row)
    return row


async def _finish(db: Database, round_id: int, status: str) -> None:
    async with db.session() as session:
        await session.execute(
            update(HouseRound).where(HouseRound.id == round_id).values(status=status, settled_at=utcnow())
        )


async def play(db: Database, wallet: WalletClient, hs: HouseSession, params: dict[str, Any]) -> Played:
    offered = await market(db, hs) if hs.game_type in plays.MATCH_TYPES else None
    stake, win, outcome = plays.resolve(
        hs.game_type, hs.game_code, params, FairRng(hs.server_seed, hs.client_seed, hs.nonce), offered
    )
    row = await _claim(db, hs, stake, win, outcome)
    if hs.demo:
        async with db.read_session() as read:
            balance = int(
                await read.scalar(select(HouseSession.demo_balance).where(HouseSession.id == hs.id)) or 0
            )
        return Played(row, balance, await _next_hash(db, hs.id))
    try:
        await wallet.call(
            hs.merchant_code,
            "bet",
            {
                "sessionToken": hs.wallet_session,
                "txId": f"{row.round_ref}:bet",
                "roundId": row.round_ref,
                "amount": format_amount(stake),
                "gameCode": hs.game_code,
            },
        )
    except WalletError as exc:
        await _finish(db, row.id, VOID)
        if exc.code == errors.INSUFFICIENT_FUNDS.code:
            raise AppError(errors.INSUFFICIENT_FUNDS, value=exc.value) from exc
        raise AppError(errors.HOUSE_SESSION_INVALID) from exc
    try:
        answer = await wallet.call(
            hs.merchant_code,
            "win",
            {
                "sessionToken": hs.wallet_session,
                "playerId": hs.player_id,
                "txId": f"{row.round_ref}:win",
                "roundId": row.round_ref,
                "amount": format_amount(win),
            },
        )
    except WalletError as exc:
        # The round stays PENDING: the dealer rolls it back, so the stake comes home.
        raise AppError(errors.SERVICE_UNAVAILABLE) from exc
    await _finish(db, row.id, SETTLED)
    return Played(row, parse_amount(answer["balance"], allow_zero=True), await _next_hash(db, hs.id))


async def _next_hash(db: Database, session_id: int) -> str:
    async with db.read_session() as read:
        seed = await read.scalar(select(HouseSession.server_seed).where(HouseSession.id == session_id))
    return seed_hash(seed or "")


async def void_stale_rounds(db: Database, wallet: WalletClient) -> int:
    """Rounds a crash left between bet and win: rolled back (a refund if the bet went through, a tombstone
    if it did not, so that it cannot go through later)."""
    async with db.read_session() as read:
        stale = list(
            await read.scalars(
                select(HouseRound)
                .where(HouseRound.status == PENDING, HouseRound.created_at < utcnow() - STALE_PENDING)
                .limit(100)
            )
        )
    for row in stale:
        try:
            await wallet.call(
                row.merchant_code,
                "rollback",
                {
                    "playerId": row.player_id,
                    "txId": f"{row.round_ref}:rollback",
                    "betTxId": f"{row.round_ref}:bet",
                    "roundId": row.round_ref,
                },
            )
            await _finish(db, row.id, VOID)
        except WalletError as exc:
            if exc.code == errors.ROUND_SETTLED.code:  # the win did go through; only our mark was lost
                await _finish(db, row.id, SETTLED)
            elif exc.code == errors.BET_ROLLED_BACK.code:
                await _finish(db, row.id, VOID)
    return len(stale)
