"""What a visitor or member sees of the merchant's promotions: which are shown, and each one's state for the
reader in SPEC §4's activity states (Join, Claim, Close, Issued, Claimed, Signed, Joined, coming soon), with
the action its button takes. The state is computed from the rule and the member's entries; nothing is
written by reading."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL, Member
from server.http.core import errors
from server.http.core.errors import AppError
from server.promotions import periods
from server.promotions.models import (
    APPLICATION,
    APPLYING,
    CHECKIN,
    CLAIMABLE,
    CLAIMED,
    EXPIRED,
    FIRST_DEPOSIT,
    ISSUED,
    JOINED,
    MISSION,
    PERIODIC,
    RAFFLE,
    REJECTED,
    RELOAD,
    SIGNUP,
    Promotion,
    PromotionEntry,
)
from server.wallet.cashier_models import DepositOrder

# How long an ended promotion stays listed, as Close, before it leaves the page.
SHOWN_AFTER_END = timedelta(days=7)

# SPEC §4's activity states, as the wire spells them.
JOIN, CLAIM, CLOSE, COMING_SOON, SIGNED, PROCESS = (
    "JOIN",
    "CLAIM",
    "CLOSE",
    "COMING_SOON",
    "SIGNED",
    "PROCESS",
)
# What the button does: sign in, join, claim, check in, go and deposit, apply (an application activity's
# form); None: nothing to press.
LOGIN, DEPOSIT, APPLY = "LOGIN", "DEPOSIT", "APPLY"


@dataclass(frozen=True)
class State:
    status: str
    action: str | None
    entry: PromotionEntry | None = None


def is_running(promotion: Promotion, now: datetime) -> bool:
    return (
        promotion.ended_at is None
        and not promotion.paused
        and promotion.starts_at <= now
        and (promotion.ends_at is None or promotion.ends_at > now)
    )


def period_key(promotion: Promotion, now: datetime) -> str:
    if promotion.kind == CHECKIN:
        return periods.day_key(now)
    if promotion.kind in (RELOAD, MISSION, APPLICATION) or promotion.kind in PERIODIC:
        return periods.key(promotion.params.get("period"), now)  # no period: once
    return periods.ONCE


async def shown(
    session: AsyncSession, merchant_id: int, now: datetime, category: str | None = None
) -> list[Promotion]:
    """The promotions a reader is shown: scheduled, running, and ended less than a week ago."""
    since = now - SHOWN_AFTER_END
    query = select(Promotion).where(
        Promotion.merchant_id == merchant_id,
        or_(Promotion.ended_at.is_(None), Promotion.ended_at > since),
        or_(Promotion.ends_at.is_(None), Promotion.ends_at > since),
    )
    if category is not None:
        query = query.where(Promotion.category == category)
    return list(await session.scalars(query.order_by(Promotion.sort_order, Promotion.id.desc())))


async def one(session: AsyncSession, merchant_id: int, promotion_id: int) -> Promotion:
    promotion = await session.get(Promotion, promotion_id)
    if promotion is None or promotion.merchant_id != merchant_id:
        raise AppError(errors.PROMOTION_NOT_FOUND)
    return promotion


async def locked(session: AsyncSession, merchant_id: int, promotion_id: int) -> Promotion:
    """The promotion, its row locked for the caller's transaction (staff changes take turns with claims)."""
    promotion = await session.scalar(
        select(Promotion)
        .where(Promotion.id == promotion_id, Promotion.merchant_id == merchant_id)
        .with_for_update()
    )
    if promotion is None:
        raise AppError(errors.PROMOTION_NOT_FOUND)
    return promotion


async def completed_deposits(session: AsyncSession, member_id: int) -> int:
    return int(
        await session.scalar(
            select(func.count())
            .select_from(DepositOrder)
            .where(DepositOrder.member_id == member_id, DepositOrder.status == "COMPLETED")
        )
        or 0
    )


async def entries_of(
    session: AsyncSession, member_id: int, promotions: Iterable[Promotion], now: datetime
) -> dict[int, PromotionEntry]:
    """The member's entry of each promotion for its current period (a deposit bonus's newest one)."""
    by_id = {p.id: p for p in promotions}
    if not by_id:
        return {}
    rows = await session.scalars(
        select(PromotionEntry)
        .where(PromotionEntry.member_id == member_id, PromotionEntry.promotion_id.in_(by_id))
        .order_by(PromotionEntry.id)
    )
    found: dict[int, PromotionEntry] = {}
    for entry in rows:
        promotion = by_id[entry.promotion_id]
        if entry.period_key == period_key(promotion, now):
            found[promotion.id] = entry
        elif promotion.kind in PERIODIC and entry.status == CLAIMABLE:
            # A closed period's reward, owed until claimed, whatever period runs now.
            found.setdefault(promotion.id, entry)
    return found


def _entry_state(entry: PromotionEntry, now: datetime) -> State:
    if entry.status == JOINED:
        return State(JOINED, DEPOSIT, entry)
    if entry.status == CLAIMABLE:
        if entry.claim_by is not None and entry.claim_by <= now:
            return State(CLOSE, None, entry)
        return State(CLAIM, CLAIM, entry)
    if entry.status == CLAIMED:
        return State(CLAIMED, None, entry)
    if entry.status == ISSUED:
        return State(SIGNED if entry.streak else ISSUED, None, entry)
    if entry.status in (APPLYING, REJECTED):
        return State(entry.status, None, entry)
    assert entry.status == EXPIRED
    return State(CLOSE, None, entry)


def state_of(
    promotion: Promotion,
    member: Member | None,
    entry: PromotionEntry | None,
    deposits: int,
    now: datetime,
) -> State:
    """The reader's state of a promotion and what its button does."""
    if promotion.starts_at > now and promotion.ended_at is None:
        return State(COMING_SOON, None)
    if entry is not None and entry.status in (CLAIMED, ISSUED, CLAIMABLE, APPLYING, REJECTED):
        # Paid or owed: shown as such even after the promotion closed (a claim stays open until claim_by).
        return _entry_state(entry, now)
    if not is_running(promotion, now):
        return State(CLOSE, None, entry)
    if member is None:
        return State(JOIN, LOGIN)
    if member.member_type == TRIAL:
        return State(JOIN, JOIN)  # the join is refused with in_need_true_account, which the client shows
    if entry is not None:
        if entry.status == JOINED and promotion.kind == FIRST_DEPOSIT and deposits > 0:
            # Joined, but the first deposit did not qualify (under the minimum): no later one can.
            return State(CLOSE, None, entry)
        return _entry_state(entry, now)
    if promotion.kind == SIGNUP:
        return State(CLAIM, CLAIM) if signed_up_within(promotion, member) else State(CLOSE, None)
    if promotion.kind == CHECKIN:
        return State(JOIN, CHECKIN)
    if promotion.kind in (*PERIODIC, MISSION, RAFFLE):
        # Counted from the member's play (a mission's tasks are claimed one by one on its page); a period's
        # reward is offered when it closes, a raffle's prizes when it is drawn.
        return State(PROCESS, None)
    if promotion.kind == APPLICATION:
        return State(JOIN, APPLY)
    if promotion.kind == FIRST_DEPOSIT and deposits > 0:
        return State(CLOSE, None)
    before = promotion.params.get("claimMode") == "BEFORE"
    return State(JOIN, JOIN if before else DEPOSIT)


def signed_up_within(promotion: Promotion, member: Member) -> bool:
    return member.created_at >= promotion.starts_at and (
        promotion.ends_at is None or member.created_at < promotion.ends_at
    )


async def rewards_of(
    session: AsyncSession, merchant_id: int, member_id: int, limit: int = 100
) -> list[tuple[PromotionEntry, Promotion]]:
    """The reward centre: the member's entries that carry a reward (pending, claimable, paid, expired),
    newest first, with their promotions."""
    rows = await session.execute(
        select(PromotionEntry, Promotion)
        .join(Promotion, Promotion.id == PromotionEntry.promotion_id)
        .where(PromotionEntry.merchant_id == merchant_id, PromotionEntry.member_id == member_id)
        .order_by(PromotionEntry.id.desc())
        .limit(limit)
    )
    return [(entry, promotion) for entry, promotion in rows]


async def next_streak(
    session: AsyncSession, member_id: int | None, promotion: Promotion, now: datetime
) -> int:
    """A check-in's day in its streak if the member checked in now: yesterday's plus one (after the last day,
    the first again), or 1 when yesterday was missed."""
    if member_id is None:
        return 1
    yesterday = await session.scalar(
        select(PromotionEntry.streak).where(
            PromotionEntry.promotion_id == promotion.id,
            PromotionEntry.member_id == member_id,
            PromotionEntry.period_key == periods.previous_day_key(now),
        )
    )
    return (int(yesterday) % len(promotion.params["rewards"])) + 1 if yesterday else 1
