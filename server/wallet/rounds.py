"""A game round's stake and win moved together (the seamless protocol's combined bet-and-win, which instant
games use): two ledger transfers in the caller's transaction and ONE balance push for both, after COMMIT.

The stake and the win stay two transfers, kinds GAME_BET and GAME_WIN as the two-call path posts them, so
that reports and reconciliation read them alike; the stake is posted first so the funds check is the stake's
alone (a win never pays for its own stake). The win's idempotency key is the stake's with "#win" after it
('#' is outside the vendors' transaction-id alphabet, so no call of theirs can take it).

Like server.wallet.vendor, INSUFFICIENT_FUNDS leaves the transaction to be rolled back; unlike it, a replay
of the stake's key is answered (`replayed`) without posting the win, so that the caller decides on what the
first call wrote (a replay, or a conflict)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import Brand
from server.wallet import ledger, play_counter
from server.wallet.ledger import Leg
from server.wallet.service import publish_balances
from server.wallet.vendor import BET_KIND, WIN_KIND, _own, _positive, round_accounts


@dataclass(frozen=True)
class RoundMoved:
    replayed: bool  # the stake's key was taken already: nothing moved now
    stake_transfer_id: int
    win_transfer_id: int | None  # None when the round paid nothing back
    balance: int  # the game wallet's balance after the round (meaningless when replayed)


async def stake_and_win(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    wallet_code: str,
    stake: int,
    win: int,
    idempotency_key: str,
    reference: str,
    meta: Mapping[str, Any] | None = None,
) -> RoundMoved:
    """The stake from the player's game wallet to the house's clearing account, then the win (if any) back;
    the player's new balance pushed once, after COMMIT."""
    _own(brand, member)
    _positive(stake)
    if win < 0:
        raise ValueError("a win is never negative")
    wallet, clearing = await round_accounts(session, brand, member, wallet_code, stake=stake)
    await play_counter.staked(session, member, stake, win)
    staked = await ledger.post(
        session,
        merchant_id=brand.id,
        kind=BET_KIND,
        reference=reference,
        idempotency_key=idempotency_key,
        legs=[Leg(wallet, -stake), Leg(clearing, stake)],
        meta=meta,
    )
    if staked.replayed:
        await play_counter.unstaked(session, member, stake, win)
        return RoundMoved(True, staked.transfer_id, None, 0)
    balance = staked.balances[wallet]
    win_id = None
    if win > 0:
        paid = await ledger.post(
            session,
            merchant_id=brand.id,
            kind=WIN_KIND,
            reference=reference,
            idempotency_key=f"{idempotency_key}#win",
            legs=[Leg(clearing, -win), Leg(wallet, win)],
            meta=meta,
        )
        # A fresh stake key means a fresh win key (they are only ever posted together, in one transaction).
        win_id, balance = paid.transfer_id, paid.balances[wallet]
    await publish_balances(session, staked.member_ids)
    return RoundMoved(False, staked.transfer_id, win_id, balance)
