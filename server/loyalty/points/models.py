"""Points and the points mall. Points are kept like money: every change is a `points_postings` row with its
reason and a reference unique per merchant, and a member's `points_balances.current` is the sum of their
postings (the row is updated in the posting's transaction, by a conditional UPDATE where it goes down)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime, utcnow

# Why a member's points changed.
EARNED, REDEEM, REDEEM_REFUND, CONVERT, ADJUST = "EARNED", "REDEEM", "REDEEM_REFUND", "CONVERT", "ADJUST"
MINIGAME = "MINIGAME"  # a lucky wheel's or golden egg's prize ("minigame:{playId}")
REASONS = (EARNED, REDEEM, REDEEM_REFUND, CONVERT, ADJUST, MINIGAME)
# What a mall item gives. FREE_SPINS is part of the wire but the product cannot deliver free spins (the house
# awards them only inside its own games), so the console cannot create such an item (mall.DELIVERABLE).
BONUS, FREE_SPINS, RAFFLE_TICKETS, GOODS = "BONUS", "FREE_SPINS", "RAFFLE_TICKETS", "GOODS"
ITEM_CATEGORIES = (BONUS, FREE_SPINS, RAFFLE_TICKETS, GOODS)
# A redeem: GOODS wait IN_PROCESS for staff; the rest are APPROVED when delivered at once (SPEC §4).
IN_PROCESS, APPROVED, REJECTED = "IN_PROCESS", "APPROVED", "REJECTED"
REDEEM_STATUSES = (IN_PROCESS, APPROVED, REJECTED)

DEFAULT_RATIO = 100  # points per 1.00 when converting
DEFAULT_MIN_CONVERT = 1000
# SPEC §9, points per 1.00 of valid turnover in hundredths; a category not listed earns nothing.
DEFAULT_RATES = {"LIVE": 70, "SPORTS": 100, "FISH": 120, "RNG": 120, "PVP": 100, "ESPORTS": 100}


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class PointsSettings(Base):
    """A merchant's points rules; a merchant without a row uses the defaults above."""

    __tablename__ = "points_settings"
    __table_args__ = (
        CheckConstraint("ratio > 0", name="ratio"),
        CheckConstraint("min_convert > 0", name="min_convert"),
    )

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    ratio: Mapped[int] = mapped_column(Integer, default=DEFAULT_RATIO)
    min_convert: Mapped[int] = mapped_column(Integer, default=DEFAULT_MIN_CONVERT)
    rates: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {category: hundredths}
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class PointsBalance(Base):
    """A member's points: `current` whole points (the sum of their postings) and `carry`, the fraction of a
    point earned but not yet whole, in 1/10,000ths of a point (stake minor units x rate hundredths)."""

    __tablename__ = "points_balances"
    __table_args__ = (
        CheckConstraint("current >= 0", name="current"),
        CheckConstraint("carry >= 0 AND carry < 10000", name="carry"),
    )

    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), index=True
    )
    current: Mapped[int] = mapped_column(BigInteger, default=0)
    carry: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class PointsPosting(IdMixin, MerchantScoped, Base):
    __tablename__ = "points_postings"
    __table_args__ = (
        UniqueConstraint("merchant_id", "reference"),
        CheckConstraint("change <> 0", name="change"),
        CheckConstraint("balance_after >= 0", name="balance_after"),
        CheckConstraint(_one_of("reason", REASONS), name="reason"),
        Index("ix_points_postings_member", "member_id", "id"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    change: Mapped[int] = mapped_column(BigInteger)
    balance_after: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str] = mapped_column(String(16))
    # "earned:{untilMs}", "redeem:{id}", "redeem-refund:{id}", "convert:{member}:{requestId}"
    reference: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class PointsAccrual(Base):
    """A merchant's accrual watermark: bets settled up to `last_until` have been counted. Moved by one
    conditional UPDATE (from the value read), so only one run accrues a window."""

    __tablename__ = "points_accruals"

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    last_until: Mapped[datetime] = mapped_column(UtcDateTime())


class MallItem(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "mall_items"
    __table_args__ = (
        CheckConstraint(_one_of("category", ITEM_CATEGORIES), name="category"),
        CheckConstraint("points > 0", name="points"),
        CheckConstraint("amount_required >= 0", name="amount_required"),
        CheckConstraint("stock IS NULL OR stock >= 0", name="stock"),
        CheckConstraint("per_member IS NULL OR per_member > 0", name="per_member"),
        Index("ix_mall_items_merchant_sort", "merchant_id", "sort_order", "id"),
    )

    category: Mapped[str] = mapped_column(String(16))
    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {LANG: text}
    descriptions: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    image_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    points: Mapped[int] = mapped_column(BigInteger)
    amount_required: Mapped[int] = mapped_column(BigInteger, default=0)  # completed deposits, minor units
    # BONUS: minor units; RAFFLE_TICKETS / FREE_SPINS: a count; GOODS: none.
    value: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    stock: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: unlimited
    per_member: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: no limit
    raffle_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("promotions.id", ondelete="SET NULL"), nullable=True
    )
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class MallRedeem(IdMixin, MerchantScoped, Base):
    __tablename__ = "mall_redeems"
    __table_args__ = (
        UniqueConstraint("member_id", "request_id"),
        CheckConstraint(_one_of("status", REDEEM_STATUSES), name="status"),
        CheckConstraint("quantity > 0", name="quantity"),
        Index("ix_mall_redeems_member", "member_id", "item_id"),
        Index("ix_mall_redeems_merchant_status", "merchant_id", "status", "id"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    item_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("mall_items.id", ondelete="CASCADE"))
    quantity: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(BigInteger)  # what it cost in all
    status: Mapped[str] = mapped_column(String(12))
    address: Mapped[str | None] = mapped_column(String(255), nullable=True)
    mobile: Mapped[str | None] = mapped_column(String(32), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    request_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    decided_by: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )
