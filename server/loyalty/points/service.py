"""A member's points: the balance, today's change, the details, and converting points to money (a ledger
transfer through loyalty's pay_reward, password-checked, once per request id)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand
from server.db.base import utcnow
from server.db.paging import page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.loyalty.models import POINTS_CONVERT, LoyaltyReward
from server.loyalty.points import book
from server.loyalty.points.models import CONVERT, PointsBalance, PointsPosting
from server.loyalty.points.settings import rules_of
from server.loyalty.rewards import pay_reward
from server.wallet.withdrawals import check_payment_password


def to_money(points: int, ratio: int) -> int:
    """Minor units `points` convert to: floor(points x 100 / ratio)."""
    return points * 100 // ratio


async def current_of(session: AsyncSession, member_id: int) -> int:
    found = await session.scalar(select(PointsBalance.current).where(PointsBalance.member_id == member_id))
    return int(found or 0)


def _day_start(now: datetime) -> datetime:
    day = now.astimezone(BUSINESS_ZONE).date()
    return datetime.combine(day, time(), BUSINESS_ZONE).astimezone(UTC)


async def changed_today(session: AsyncSession, member_id: int, now: datetime | None = None) -> int:
    """Points added less points spent since the business day began."""
    found = await session.scalar(
        select(func.coalesce(func.sum(PointsPosting.change), 0)).where(
            PointsPosting.member_id == member_id, PointsPosting.created_at >= _day_start(now or utcnow())
        )
    )
    return int(found or 0)


async def details(
    session: AsyncSession, member_id: int, page: int, page_size: int
) -> tuple[list[PointsPosting], int]:
    rows, total = await page_of(
        session,
        select(PointsPosting).where(PointsPosting.member_id == member_id).order_by(PointsPosting.id.desc()),
        page=page,
        page_size=page_size,
    )
    return [row[0] for row in rows], total


@dataclass(frozen=True)
class Converted:
    points: int
    amount: int  # minor units
    current: int


async def convert(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    points: int,
    password: str,
    request_id: str,
    ip: str,
) -> Converted:
    """`points` to money at the brand's ratio. A replay of the request id answers the first result; the points
    are taken by one conditional UPDATE, so parallel converts cannot overdraw."""
    rules = await rules_of(session, brand.id)
    amount = to_money(points, rules.ratio)
    if points < rules.min_convert or amount <= 0:
        # Refused before the password is tried: a wrong figure must not cost one of its attempts.
        raise AppError(errors.POINTS_BELOW_MINIMUM, value={"minConvert": rules.min_convert})
    await check_payment_password(session, brand, member, password, ip)
    await book.lock(session, brand.id, member.id)
    reference = f"convert:{member.id}:{request_id}"
    earlier = await _earlier(session, brand.id, member.id, reference, request_id)
    if earlier is not None:
        if earlier.points != points:
            raise AppError(errors.IDEMPOTENCY_CONFLICT)
        return earlier
    now = utcnow()
    after = await book.debit(
        session, brand.id, member.id, points, reason=CONVERT, reference=reference, now=now
    )
    if after is None:
        raise AppError(errors.POINTS_NOT_ENOUGH)
    paid = await pay_reward(
        session,
        brand,
        member,
        kind=POINTS_CONVERT,
        key=f"points-convert:{member.id}:{request_id}",
        amount=amount,
        meta={"points": points},
        now=now,
    )
    if paid is None:  # the key was paid before without its posting: cannot happen under the member's lock
        raise AppError(errors.IDEMPOTENCY_CONFLICT)
    return Converted(points, amount, after)


async def _earlier(
    session: AsyncSession, merchant_id: int, member_id: int, reference: str, request_id: str
) -> Converted | None:
    change = await session.scalar(
        select(PointsPosting.change).where(
            PointsPosting.merchant_id == merchant_id, PointsPosting.reference == reference
        )
    )
    if change is None:
        return None
    amount = await session.scalar(
        select(LoyaltyReward.amount).where(
            LoyaltyReward.merchant_id == merchant_id,
            LoyaltyReward.key == f"points-convert:{member_id}:{request_id}",
        )
    )
    return Converted(-int(change), int(amount or 0), await current_of(session, member_id))


def ms(at: datetime | None) -> Any:
    return None if at is None else int(at.timestamp() * 1000)
