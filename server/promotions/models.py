"""A promotion is a rule with parameters (`kinds`), a schedule and a text per language; an entry is one
member's part in it for one period (joined, claimable, paid), unique by (promotion, member, period) so that
a reward is paid once however many times it is asked for."""

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

SIGNUP, FIRST_DEPOSIT, RELOAD, CHECKIN = "SIGNUP", "FIRST_DEPOSIT", "RELOAD", "CHECKIN"
# Counted over a period from the bet records, offered to claim once the period has closed.
TURNOVER_TIERS, LOSS_REBATE = "TURNOVER_TIERS", "LOSS_REBATE"
KINDS = (SIGNUP, FIRST_DEPOSIT, RELOAD, CHECKIN, TURNOVER_TIERS, LOSS_REBATE)
PERIODIC = (TURNOVER_TIERS, LOSS_REBATE)
CATEGORIES = ("NEW_MEMBER", "DEPOSIT", "DAILY", "CASINO", "SPORTS", "OTHER")

# An entry's life: JOINED (waiting for the deposit that pays it), CLAIMABLE (the member presses Claim before
# claim_by), CLAIMED (paid on the member's claim), ISSUED (paid without one: a joined deposit bonus, a
# check-in), EXPIRED (claim_by passed).
JOINED, CLAIMABLE, CLAIMED, ISSUED, EXPIRED = "JOINED", "CLAIMABLE", "CLAIMED", "ISSUED", "EXPIRED"
ENTRY_STATUSES = (JOINED, CLAIMABLE, CLAIMED, ISSUED, EXPIRED)


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class Promotion(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "promotions"
    __table_args__ = (
        CheckConstraint(_one_of("kind", KINDS), name="kind"),
        CheckConstraint(_one_of("category", CATEGORIES), name="category"),
        CheckConstraint("ends_at IS NULL OR ends_at > starts_at", name="window"),
        Index("ix_promotions_merchant_sort", "merchant_id", "sort_order", "id"),
    )

    kind: Mapped[str] = mapped_column(String(16))
    category: Mapped[str] = mapped_column(String(16))
    starts_at: Mapped[datetime] = mapped_column(UtcDateTime())
    ends_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    # Set when staff end it: no one joins or claims after, whatever the schedule says.
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    image_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # {LANG: {"title": plain text, "content": the rules, sanitised HTML}}
    texts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # The kind's parameters as `kinds` validated them (amounts in minor units).
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_by_staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class PromotionEntry(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "promotion_entries"
    __table_args__ = (
        UniqueConstraint("promotion_id", "member_id", "period_key"),
        CheckConstraint(_one_of("status", ENTRY_STATUSES), name="status"),
        # The reward centre: a member's entries, newest first.
        Index("ix_promotion_entries_member", "member_id", "id"),
        # One per address: a promotion's entries from one address.
        Index("ix_promotion_entries_ip", "promotion_id", "ip"),
    )

    promotion_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("promotions.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    # "once", a business day ("2026-11-29"), a week ("2026-W48"), a half month ("2026-11-H2"), a month.
    period_key: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(12))
    amount: Mapped[int] = mapped_column(BigInteger, default=0)  # the reward (minor units), 0 until known
    # What the reward was computed from: the deposit's order number and amount.
    deposit_order_no: Mapped[str | None] = mapped_column(String(40), nullable=True)
    deposit_amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    streak: Mapped[int] = mapped_column(Integer, default=0)  # the check-in's day in its streak
    claim_by: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    paid_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )
    ip: Mapped[str | None] = mapped_column(String(45), nullable=True)


class WageringWeight(Base):
    """A brand's share of a category's stakes that counts toward a bonus's turnover, in percent; a category
    without a row counts at `wagering.DEFAULT_WEIGHTS`."""

    __tablename__ = "wagering_weights"

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    category: Mapped[str] = mapped_column(String(8), primary_key=True)
    percent: Mapped[int] = mapped_column(Integer)
