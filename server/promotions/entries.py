"""What a member does with a promotion, and what a deposit does: join, claim, check in, and the deposit hook.

Every check-then-act is one statement the database decides: an entry is INSERTed with ON CONFLICT DO NOTHING
on (promotion, member, period), or moved by a conditional UPDATE from the status it must have; only the one
call that wins goes on to pay, and the payment's ledger key is (promotion, member, period) too, so a second
payment cannot happen even after a crash between the two. Two tabs or twenty parallel claims pay once."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any, cast

import structlog
from sqlalchemy import Table, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL, Member
from server.brands.service import Brand
from server.content.messages.devices import network_of
from server.db.base import utcnow
from server.db.locks import take_turns
from server.http.core import errors
from server.http.core.errors import AppError
from server.promotions import kinds, periods
from server.promotions.models import (
    CHECKIN,
    CLAIMABLE,
    CLAIMED,
    FIRST_DEPOSIT,
    ISSUED,
    JOINED,
    PERIODIC,
    RAFFLE,
    RELOAD,
    SIGNUP,
    Promotion,
    PromotionEntry,
)
from server.promotions.service import (
    completed_deposits,
    is_running,
    next_streak,
    period_key,
    signed_up_within,
)
from server.wallet import bonus_locks
from server.wallet.cashier_models import DepositOrder

log = structlog.get_logger(__name__)
_ENTRIES = cast(Table, PromotionEntry.__table__)


def real_member(member: Member) -> None:
    if member.member_type == TRIAL:
        raise AppError(errors.TRIAL_ACCOUNT)


def running(promotion: Promotion, now: datetime) -> None:
    if not is_running(promotion, now):
        raise AppError(errors.PROMOTION_CLOSED)


async def insert_entry(session: AsyncSession, **values: Any) -> int | None:
    """The entry's row, unless (promotion, member, period) has one (None then)."""
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    found = await session.scalar(
        insert_for(_ENTRIES)
        .values(created_at=utcnow(), **values)
        .on_conflict_do_nothing(index_elements=["promotion_id", "member_id", "period_key"])
        .returning(_ENTRIES.c.id)
    )
    return None if found is None else int(found)


def device_of(user_agent: str | None, ip: str | None) -> str | None:
    """A device as the new-device notice tells one (server/content/messages/devices.py): the same browser from
    the same network (IPv4 /24, IPv6 /64), kept as a SHA-256."""
    if not user_agent:
        return None
    return hashlib.sha256(f"{user_agent[:255]}|{network_of(ip) or ''}".encode()).hexdigest()


async def one_per_client(
    session: AsyncSession, promotion: Promotion, member: Member, *, ip: str | None, device: str | None
) -> None:
    """A promotion that says so is taken once per network address and/or once per device: the address's (the
    device's) turn is taken first (on Postgres an advisory lock until COMMIT), so two members at one address
    cannot both pass the check."""
    for wanted, column, value, refusal in (
        ("onePerAddress", PromotionEntry.ip, ip, errors.PROMOTION_ADDRESS_USED),
        ("onePerDevice", PromotionEntry.device, device, errors.PROMOTION_DEVICE_USED),
    ):
        if not promotion.params.get(wanted) or not value:
            continue
        await take_turns(session, f"promotion-{wanted}:{promotion.id}:{value}")
        other = await session.scalar(
            select(PromotionEntry.id).where(
                PromotionEntry.promotion_id == promotion.id,
                column == value,
                PromotionEntry.member_id != member.id,
            )
        )
        if other is not None:
            raise AppError(refusal)


async def pay(
    session: AsyncSession, brand: Brand, member: Member, promotion: Promotion, entry_id: int, now: datetime
) -> PromotionEntry:
    """The entry's reward into the member's wallet with its wagering lock, once (key: promotion, member,
    period); the entry records the transfer."""
    entry = await session.get(PromotionEntry, entry_id, populate_existing=True)
    assert entry is not None
    params = promotion.params
    granted = await bonus_locks.grant_bonus(
        session,
        brand,
        member,
        amount=entry.amount,
        requirement=kinds.requirement(params, entry.amount, entry.deposit_amount or 0),
        max_stake=params.get("maxStake"),
        expires_at=kinds.expiry(params, now),
        reference=f"promotion:{promotion.id}",
        idempotency_key=f"promo:{promotion.id}:{member.id}:{entry.period_key}",
        source=f"promotion:{promotion.id}",
        meta={"promotion": promotion.id, "kind": promotion.kind, "period": entry.period_key},
        now=now,
    )
    entry.transfer_id = granted.posted.transfer_id
    entry.paid_at = now
    await session.flush()
    return entry


# Until the helpers' code moves to the public names (removed at integration).
_real, _open, _insert, _pay = real_member, running, insert_entry, pay


async def join(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    promotion: Promotion,
    *,
    ip: str | None,
    device: str | None = None,
) -> PromotionEntry:
    """A deposit bonus joined before depositing: the entry waits, JOINED, for the deposit that pays it."""
    now = utcnow()
    real_member(member)
    running(promotion, now)
    if promotion.kind not in (FIRST_DEPOSIT, RELOAD) or promotion.params.get("claimMode") != "BEFORE":
        raise AppError(errors.PROMOTION_WRONG_ACTION)
    if promotion.kind == FIRST_DEPOSIT and await completed_deposits(session, member.id) > 0:
        raise AppError(errors.PROMOTION_NOT_ELIGIBLE)
    await one_per_client(session, promotion, member, ip=ip, device=device)
    entry_id = await insert_entry(
        session,
        merchant_id=brand.id,
        promotion_id=promotion.id,
        member_id=member.id,
        period_key=period_key(promotion, now),
        status=JOINED,
        amount=0,
        streak=0,
        ip=ip,
        device=device,
    )
    if entry_id is None:
        raise AppError(errors.PROMOTION_ALREADY)
    entry = await session.get(PromotionEntry, entry_id)
    assert entry is not None
    return entry


async def check_in(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    promotion: Promotion,
    *,
    ip: str | None,
    device: str | None = None,
) -> PromotionEntry:
    """Today's check-in, paid at once: the streak goes on from yesterday's, or starts again."""
    now = utcnow()
    real_member(member)
    running(promotion, now)
    if promotion.kind != CHECKIN:
        raise AppError(errors.PROMOTION_WRONG_ACTION)
    streak = await next_streak(session, member.id, promotion, now)
    entry_id = await insert_entry(
        session,
        merchant_id=brand.id,
        promotion_id=promotion.id,
        member_id=member.id,
        period_key=periods.day_key(now),
        status=ISSUED,
        amount=kinds.checkin_reward(promotion.params, streak),
        streak=streak,
        ip=ip,
        device=device,
    )
    if entry_id is None:
        raise AppError(errors.PROMOTION_ALREADY)
    return await pay(session, brand, member, promotion, entry_id, now)


async def claim(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    promotion: Promotion,
    *,
    ip: str | None,
    device: str | None = None,
) -> PromotionEntry:
    """Claim what the promotion owes: a sign-up bonus (its entry made now), or the newest claimable entry."""
    now = utcnow()
    real_member(member)
    if promotion.kind == SIGNUP:
        running(promotion, now)
        if not signed_up_within(promotion, member):
            raise AppError(errors.PROMOTION_NOT_ELIGIBLE)
        await one_per_client(session, promotion, member, ip=ip, device=device)
        entry_id = await insert_entry(
            session,
            merchant_id=brand.id,
            promotion_id=promotion.id,
            member_id=member.id,
            period_key=periods.ONCE,
            status=CLAIMED,
            amount=int(promotion.params["amount"]),
            streak=0,
            ip=ip,
            device=device,
        )
        if entry_id is None:
            raise AppError(errors.PROMOTION_ALREADY)
        return await pay(session, brand, member, promotion, entry_id, now)
    if promotion.kind not in (FIRST_DEPOSIT, RELOAD, RAFFLE, *PERIODIC):
        raise AppError(errors.PROMOTION_WRONG_ACTION)
    newest = await session.scalar(
        select(PromotionEntry.id)
        .where(
            PromotionEntry.promotion_id == promotion.id,
            PromotionEntry.member_id == member.id,
            PromotionEntry.status == CLAIMABLE,
        )
        .order_by(PromotionEntry.id.desc())
        .limit(1)
    )
    if newest is None:
        raise AppError(errors.PROMOTION_NOT_CLAIMABLE)
    return await claim_entry(session, brand, member, int(newest))


async def claim_entry(session: AsyncSession, brand: Brand, member: Member, entry_id: int) -> PromotionEntry:
    """Claim one reward by its id: one conditional UPDATE from CLAIMABLE, before its claim-by time, and only
    the member's own (another member's id is not found)."""
    now = utcnow()
    real_member(member)
    moved = await session.scalar(
        update(PromotionEntry)
        .where(
            PromotionEntry.id == entry_id,
            PromotionEntry.member_id == member.id,
            PromotionEntry.merchant_id == brand.id,
            PromotionEntry.status == CLAIMABLE,
            PromotionEntry.claim_by > now,
        )
        .values(status=CLAIMED)
        .returning(PromotionEntry.promotion_id)
        .execution_options(synchronize_session=False)
    )
    if moved is None:
        owned = await session.scalar(
            select(PromotionEntry.id).where(
                PromotionEntry.id == entry_id,
                PromotionEntry.member_id == member.id,
                PromotionEntry.merchant_id == brand.id,
            )
        )
        raise AppError(errors.PROMOTION_NOT_CLAIMABLE if owned is not None else errors.NOT_FOUND)
    promotion = await session.get(Promotion, int(moved))
    assert promotion is not None
    return await pay(session, brand, member, promotion, entry_id, now)


async def deposit_credited(session: AsyncSession, brand: Brand, order: DepositOrder) -> None:
    """The wallet's hook after a deposit is credited (in its transaction): every running deposit bonus the
    deposit qualifies for is paid now (joined before) or offered to claim (claimed after)."""
    now = utcnow()
    member = await session.get(Member, order.member_id)
    if member is None or member.member_type == TRIAL:
        return
    running = [
        p
        for p in await session.scalars(
            select(Promotion).where(
                Promotion.merchant_id == brand.id, Promotion.kind.in_((FIRST_DEPOSIT, RELOAD))
            )
        )
        if is_running(p, now)
    ]
    if not running:
        return
    first = await completed_deposits(session, member.id) == 1
    for promotion in running:
        if promotion.kind == FIRST_DEPOSIT and not first:
            continue
        bonus = kinds.deposit_bonus(promotion.params, order.amount)
        if bonus <= 0:
            continue
        key = period_key(promotion, now)
        if promotion.params.get("claimMode") == "BEFORE":
            moved = await session.scalar(
                update(PromotionEntry)
                .where(
                    PromotionEntry.promotion_id == promotion.id,
                    PromotionEntry.member_id == member.id,
                    PromotionEntry.period_key == key,
                    PromotionEntry.status == JOINED,
                )
                .values(
                    status=ISSUED, amount=bonus, deposit_order_no=order.order_no, deposit_amount=order.amount
                )
                .returning(PromotionEntry.id)
                .execution_options(synchronize_session=False)
            )
            if moved is not None:
                await pay(session, brand, member, promotion, int(moved), now)
            continue
        await insert_entry(
            session,
            merchant_id=brand.id,
            promotion_id=promotion.id,
            member_id=member.id,
            period_key=key,
            status=CLAIMABLE,
            amount=bonus,
            deposit_order_no=order.order_no,
            deposit_amount=order.amount,
            streak=0,
            claim_by=now + timedelta(days=int(promotion.params.get("claimDays", 7))),
            ip=None,
        )


async def expire_unclaimed(session: AsyncSession, *, now: datetime | None = None) -> int:
    """The job: claimable rewards past their claim-by time become EXPIRED (one statement; safe to repeat)."""
    result = await session.execute(
        update(PromotionEntry)
        .where(PromotionEntry.status == CLAIMABLE, PromotionEntry.claim_by <= (now or utcnow()))
        .values(status="EXPIRED")
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
