"""A game vendor's money (ARCHITECTURE rule 7): which wallet a player plays from, its balance, and the
debits, credits and reversals of the seamless-wallet protocol. The protocol's own rules (sessions, the
vendor's transaction ids, replays, tombstones) are server.games.seamless's; this module only moves money,
through service.post_and_notify and service.reverse_and_notify, so the player's balance is pushed after
COMMIT.

Each call raises INSUFFICIENT_FUNDS rather than let a wallet go below zero, and leaves the transaction to be
rolled back then: a caller that carries on afterwards makes the call inside a savepoint."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, and_, bindparam, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands.service import Brand
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import ledger, play_counter
from server.wallet.ledger import Leg, Posted
from server.wallet.models import (
    LOCK_OPEN,
    MAIN,
    TRIAL,
    TRIAL_ISSUE,
    VENDOR,
    VENDOR_CLEARING,
    BonusLock,
    LedgerAccount,
)
from server.wallet.service import balance_of, post_and_notify, reverse_and_notify

BET_KIND, WIN_KIND = "GAME_BET", "GAME_WIN"


@dataclass(frozen=True)
class Moved:
    posted: Posted
    balance: int  # the game wallet's balance once the posting is made (minor units)


def _wallet_kind(brand: Brand, member: Member, wallet_code: str) -> tuple[str, str]:
    """Trial accounts play with play money; a single-wallet merchant's players with their main wallet; the
    others with the vendor's own wallet (`wallet_code`), filled by wallet transfers (transfer-wallet mode)."""
    if member.member_type == TRIAL_MEMBER:
        return TRIAL, ""
    if brand.single_wallet:
        return MAIN, ""
    return VENDOR, wallet_code


def _clearing_kind(member: Member) -> str:
    """The house's side of game money: real stakes sit at the vendor until settled; play money goes back to
    where it was issued."""
    return TRIAL_ISSUE if member.member_type == TRIAL_MEMBER else VENDOR_CLEARING


async def game_wallet(session: AsyncSession, brand: Brand, member: Member, wallet_code: str) -> LedgerAccount:
    kind, vendor_code = _wallet_kind(brand, member, wallet_code)
    return await ledger.member_account(
        session,
        merchant_id=brand.id,
        member_id=member.id,
        kind=kind,
        currency=brand.currency_code,
        vendor_code=vendor_code,
    )


async def game_balance(session: AsyncSession, brand: Brand, member: Member, wallet_code: str) -> int:
    return await balance_of(session, (await game_wallet(session, brand, member, wallet_code)).id)


async def _clearing(session: AsyncSession, brand: Brand, member: Member) -> LedgerAccount:
    return await ledger.house_account(
        session,
        merchant_id=brand.id,
        kind=_clearing_kind(member),
        currency=brand.currency_code,
        shard=ledger.shard_for(member.id),
    )


_ACCOUNTS = cast(Table, LedgerAccount.__table__)
_LOCKS = cast(Table, BonusLock.__table__)
# The largest stake the member's open bonuses allow (None: no limit): the smallest of their maximums.
_STAKE_CAP = (
    select(func.min(_LOCKS.c.max_stake))
    .where(_LOCKS.c.member_id == bindparam("member_id"), _LOCKS.c.status == LOCK_OPEN)
    .scalar_subquery()
)
# Built once, with bound parameters: a round's two accounts and the stake cap in one read.
_ROUND_ACCOUNTS = select(_ACCOUNTS.c.id, _ACCOUNTS.c.member_id, _STAKE_CAP.label("cap")).where(
    _ACCOUNTS.c.merchant_id == bindparam("merchant_id"),
    or_(
        and_(
            _ACCOUNTS.c.member_id == bindparam("member_id"),
            _ACCOUNTS.c.kind == bindparam("wallet_kind"),
            _ACCOUNTS.c.vendor_code == bindparam("vendor_code"),
            _ACCOUNTS.c.shard == 0,
        ),
        and_(
            _ACCOUNTS.c.member_id.is_(None),
            _ACCOUNTS.c.kind == bindparam("clearing_kind"),
            _ACCOUNTS.c.vendor_code == "",
            _ACCOUNTS.c.shard == bindparam("shard"),
        ),
    ),
)


def check_stake(stake: int, cap: int | None) -> None:
    """ARCHITECTURE rule 11: while a bonus is open, no stake above its maximum (BONUS_MAX_STAKE)."""
    if cap is not None and stake > cap:
        raise AppError(errors.BONUS_MAX_STAKE, value={"maxStake": format_amount(cap)})


async def stake_cap(session: AsyncSession, member_id: int) -> int | None:
    cap = await (await session.connection()).scalar(select(_STAKE_CAP), {"member_id": member_id})
    return None if cap is None else int(cap)


async def round_accounts(
    session: AsyncSession, brand: Brand, member: Member, wallet_code: str, *, stake: int | None = None
) -> tuple[int, int]:
    """The ids of game_wallet and of _clearing, in one read: both exist from a player's first round on, and
    two ORM lookups cost a round more than its postings. Either one missing is opened as they open it. With
    `stake`, the same read carries the open bonuses' stake cap, and a stake above it is refused."""
    kind, vendor_code = _wallet_kind(brand, member, wallet_code)
    found = await (await session.connection()).execute(
        _ROUND_ACCOUNTS,
        {
            "merchant_id": brand.id,
            "member_id": member.id,
            "wallet_kind": kind,
            "vendor_code": vendor_code,
            "clearing_kind": _clearing_kind(member),
            "shard": ledger.shard_for(member.id),
        },
    )
    rows = found.all()
    ids = {owner is not None: account_id for account_id, owner, _cap in rows}
    if stake is not None:
        cap = rows[0][2] if rows else await stake_cap(session, member.id)
        check_stake(stake, None if cap is None else int(cap))
    wallet = ids.get(True) or (await game_wallet(session, brand, member, wallet_code)).id
    clearing = ids.get(False) or (await _clearing(session, brand, member)).id
    return wallet, clearing


def _positive(amount: int) -> None:
    if amount <= 0:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "amount", "type": "amount"}]})


def _own(brand: Brand, member: Member) -> None:
    if member.merchant_id != brand.id:
        raise AppError(errors.NOT_FOUND)


async def _game_move(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    stake: bool,
    wallet_code: str,
    amount: int,
    idempotency_key: str,
    reference: str,
    meta: Mapping[str, Any] | None,
) -> Moved:
    _own(brand, member)
    _positive(amount)
    if stake:
        check_stake(amount, await stake_cap(session, member.id))
        await play_counter.staked(session, member, amount)
    wallet = await game_wallet(session, brand, member, wallet_code)
    clearing = await _clearing(session, brand, member)
    source, target = (wallet, clearing) if stake else (clearing, wallet)
    posted = await post_and_notify(
        session,
        merchant_id=brand.id,
        kind=BET_KIND if stake else WIN_KIND,
        reference=reference,
        idempotency_key=idempotency_key,
        legs=[Leg(source.id, -amount), Leg(target.id, amount)],
        meta=meta,
    )
    if stake and posted.replayed:
        await play_counter.unstaked(session, member, amount)
    elif not stake and not posted.replayed:
        await play_counter.won(session, member, amount)
    # A fresh posting knows the balance it left (no extra round trip on the bet path); a replay's is history.
    balance = await balance_of(session, wallet.id) if posted.replayed else posted.balances[wallet.id]
    return Moved(posted, balance)


async def vendor_debit(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    wallet_code: str,
    amount: int,
    idempotency_key: str,
    reference: str,
    meta: Mapping[str, Any] | None = None,
) -> Moved:
    """A stake: from the player's game wallet to the house's clearing account."""
    return await _game_move(
        session,
        brand,
        member,
        stake=True,
        wallet_code=wallet_code,
        amount=amount,
        idempotency_key=idempotency_key,
        reference=reference,
        meta=meta,
    )


async def vendor_credit(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    wallet_code: str,
    amount: int,
    idempotency_key: str,
    reference: str,
    meta: Mapping[str, Any] | None = None,
) -> Moved:
    """A win: from the house's clearing account to the player's game wallet."""
    return await _game_move(
        session,
        brand,
        member,
        stake=False,
        wallet_code=wallet_code,
        amount=amount,
        idempotency_key=idempotency_key,
        reference=reference,
        meta=meta,
    )


async def vendor_reverse(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    wallet_code: str,
    transfer_id: int,
    idempotency_key: str,
    reason: str,
) -> Moved:
    """Undo an earlier debit or credit (a vendor's rollback or refund) with the opposite postings; the
    balance answered is that of the player's game wallet now. A transfer of someone else's money is NOT_FOUND;
    one reversed already cannot be reversed again under another key (the ledger's unique reverses_id)."""
    _own(brand, member)
    wallet = await game_wallet(session, brand, member, wallet_code)
    posted = await reverse_and_notify(
        session,
        merchant_id=brand.id,
        transfer_id=transfer_id,
        idempotency_key=idempotency_key,
        reason=reason,
    )
    if member.id not in posted.member_ids:
        # Raised after posting, so the caller's rollback takes the reversal (and its push) back.
        raise AppError(errors.NOT_FOUND)
    if not posted.replayed:
        await play_counter.reversed_transfer(session, member, transfer_id)
    return Moved(posted, await balance_of(session, wallet.id))
