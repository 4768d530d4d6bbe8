"""Bonus money with a wagering requirement (ARCHITECTURE rule 11), enforced by the wallet.

A bonus is granted into the main wallet beside the member's own money (one balance to play with, as players
expect) together with a lock: the weighted turnover owed, the largest stake allowed and an expiry. While a
lock is OPEN nothing leaves the wallet: a withdrawal or an upline transfer is refused with TURNOVER_REQUIRED
and the turnover still owed. Turnover is counted from the bet records, which the wallet does not know (games
sit above it): the composition root hands it a meter (`use_meter`), the promotions' weighted count. Without
one nothing new is counted, which keeps money locked rather than lets it out.

`settle` brings a member's locks up to date inside the caller's transaction, under row locks: the turnover
counted now, a lock whose turnover is reached is MET, a lock past its expiry is FORFEITED and what is left
of its bonus (never more than the balance) goes back to the promotion account, once (the ledger key is the
lock's)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import ledger
from server.wallet.ledger import Leg, Posted
from server.wallet.models import (
    LOCK_FORFEITED,
    LOCK_MET,
    LOCK_OPEN,
    MAIN,
    PROMOTION_EXPENSE,
    BonusLock,
    LedgerAccount,
)
from server.wallet.service import grant, post_and_notify

# (session, merchant id, member id, since) -> the member's weighted turnover of bets placed since then.
Meter = Callable[[AsyncSession, int, int, datetime], Awaitable[int]]
_meter: Meter | None = None

FORFEIT_KIND = "BONUS_FORFEIT"


def use_meter(meter: Meter | None) -> None:
    """Set at start-up by the composition root (server.app, the task worker)."""
    global _meter
    _meter = meter


@dataclass(frozen=True)
class Granted:
    posted: Posted
    lock: BonusLock


async def grant_bonus(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    amount: int,
    requirement: int,
    max_stake: int | None,
    expires_at: datetime,
    reference: str,
    idempotency_key: str,
    source: str,
    meta: Mapping[str, Any] | None = None,
    now: datetime | None = None,
    kind: str = "BONUS",
) -> Granted:
    """A bonus from the promotion account into the main wallet with its lock, once per idempotency key: a
    retry answers the first grant and its lock. `kind` names the transfer (a mini-game prize: MINIGAME)."""
    posted = await grant(
        session,
        brand,
        member,
        amount=amount,
        kind=kind,
        reference=reference,
        idempotency_key=idempotency_key,
        meta=meta,
    )
    existing = await session.scalar(select(BonusLock).where(BonusLock.transfer_id == posted.transfer_id))
    if existing is not None:
        return Granted(posted, existing)
    lock = BonusLock(
        merchant_id=brand.id,
        member_id=member.id,
        transfer_id=posted.transfer_id,
        amount=amount,
        requirement=max(0, requirement),
        wagered=0,
        max_stake=max_stake,
        counted_from=now or utcnow(),
        expires_at=expires_at,
        status=LOCK_OPEN if requirement > 0 else LOCK_MET,
        source=source[:64],
        closed_at=None if requirement > 0 else (now or utcnow()),
    )
    session.add(lock)
    await session.flush()
    return Granted(posted, lock)


async def _forfeit(session: AsyncSession, brand: Brand, lock: BonusLock, now: datetime) -> None:
    # Columns, not the entity: postings move balances with Core UPDATEs, which a held object would not see.
    main = (
        await session.execute(
            select(LedgerAccount.id, LedgerAccount.balance)
            .where(
                LedgerAccount.member_id == lock.member_id,
                LedgerAccount.kind == MAIN,
                LedgerAccount.vendor_code == "",
            )
            .with_for_update()
        )
    ).first()
    balance = 0 if main is None else int(main.balance)
    taken = min(lock.amount, balance)
    if taken > 0 and main is not None:
        house = await ledger.house_account(
            session,
            merchant_id=brand.id,
            kind=PROMOTION_EXPENSE,
            currency=brand.currency_code,
            shard=ledger.shard_for(lock.member_id),
        )
        await post_and_notify(
            session,
            merchant_id=brand.id,
            kind=FORFEIT_KIND,
            reference=lock.source,
            idempotency_key=f"bonus-forfeit:{lock.id}",
            legs=[Leg(main.id, -taken), Leg(house.id, taken)],
            meta={"lock": lock.id, "bonus": format_amount(lock.amount)},
        )
    lock.status = LOCK_FORFEITED
    lock.forfeited = taken
    lock.closed_at = now


async def settle(
    session: AsyncSession, brand: Brand, member_id: int, *, now: datetime | None = None
) -> list[BonusLock]:
    """The member's locks brought up to date (see the module's text); answers those still OPEN. The rows are
    locked for the caller's transaction, so two settles of one member take turns."""
    now = now or utcnow()
    locks = list(
        await session.scalars(
            select(BonusLock)
            .where(
                BonusLock.merchant_id == brand.id,
                BonusLock.member_id == member_id,
                BonusLock.status == LOCK_OPEN,
            )
            .order_by(BonusLock.id)
            .with_for_update()
        )
    )
    still_open: list[BonusLock] = []
    for lock in locks:
        if _meter is not None:
            counted = await _meter(session, brand.id, member_id, lock.counted_from)
            lock.wagered = max(lock.wagered, counted)
        if lock.wagered >= lock.requirement:
            lock.status = LOCK_MET
            lock.closed_at = now
        elif lock.expires_at <= now:
            await _forfeit(session, brand, lock, now)
        else:
            still_open.append(lock)
    await session.flush()
    return still_open


def owed(locks: list[BonusLock]) -> int:
    """The weighted turnover still owed on these open locks."""
    return sum(max(0, lock.requirement - lock.wagered) for lock in locks)


async def refuse_if_locked(session: AsyncSession, brand: Brand, member_id: int) -> None:
    """Before money leaves the wallet (a withdrawal, an upline transfer): refused while a bonus's turnover is
    owed, with what is owed."""
    open_locks = await settle(session, brand, member_id)
    outstanding = owed(open_locks)
    if outstanding > 0:
        raise AppError(errors.TURNOVER_REQUIRED, value={"outstanding": format_amount(outstanding)})


async def locks_of(
    session: AsyncSession, merchant_id: int, member_id: int, limit: int = 50
) -> list[BonusLock]:
    """The member's locks, newest first (bonusDetails)."""
    return list(
        await session.scalars(
            select(BonusLock)
            .where(BonusLock.merchant_id == merchant_id, BonusLock.member_id == member_id)
            .order_by(BonusLock.id.desc())
            .limit(limit)
        )
    )


async def expire_due(
    session: AsyncSession, brand: Brand, *, now: datetime | None = None, batch: int = 200
) -> int:
    """The job: every open lock of the merchant past its expiry settled (met ones closed, the rest
    forfeited). Safe to run twice and after a crash: settle only acts on OPEN rows, under their locks, and a
    forfeit's ledger key is the lock's."""
    now = now or utcnow()
    members = list(
        await session.scalars(
            select(BonusLock.member_id)
            .where(
                BonusLock.merchant_id == brand.id,
                BonusLock.status == LOCK_OPEN,
                BonusLock.expires_at <= now,
            )
            .distinct()
            .limit(batch)
        )
    )
    for member_id in members:
        await settle(session, brand, member_id, now=now)
    return len(members)
