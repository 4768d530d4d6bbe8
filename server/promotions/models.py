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
    LargeBinary,
    SmallInteger,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime, utcnow

SIGNUP, FIRST_DEPOSIT, RELOAD, CHECKIN = "SIGNUP", "FIRST_DEPOSIT", "RELOAD", "CHECKIN"
# Counted over a period from the bet records, offered to claim once the period has closed.
TURNOVER_TIERS, LOSS_REBATE = "TURNOVER_TIERS", "LOSS_REBATE"
# MISSION: tasks counted over a period (claimed one by one), with an optional leaderboard paid at the period's
# end; RAFFLE: tickets earned by deposit or turnover (and missions), drawn at the end with a published
# commitment; APPLICATION: the member applies with a remark and pictures, staff approve or reject.
MISSION, RAFFLE, APPLICATION = "MISSION", "RAFFLE", "APPLICATION"
KINDS = (SIGNUP, FIRST_DEPOSIT, RELOAD, CHECKIN, TURNOVER_TIERS, LOSS_REBATE, MISSION, RAFFLE, APPLICATION)
PERIODIC = (TURNOVER_TIERS, LOSS_REBATE)
CATEGORIES = ("NEW_MEMBER", "DEPOSIT", "DAILY", "CASINO", "SPORTS", "OTHER")

# An entry's life: JOINED (waiting for the deposit that pays it), CLAIMABLE (the member presses Claim before
# claim_by), CLAIMED (paid on the member's claim), ISSUED (paid without one: a joined deposit bonus, a
# check-in), EXPIRED (claim_by passed); an application's APPLYING (waiting for staff) and REJECTED (with the
# reviewer's reason; approved is ISSUED).
JOINED, CLAIMABLE, CLAIMED, ISSUED, EXPIRED = "JOINED", "CLAIMABLE", "CLAIMED", "ISSUED", "EXPIRED"
APPLYING, REJECTED = "APPLYING", "REJECTED"
ENTRY_STATUSES = (JOINED, CLAIMABLE, CLAIMED, ISSUED, EXPIRED, APPLYING, REJECTED)
# A mission task's entry: the period's key and the task's number ("2026-W48#0"); a leaderboard prize's: "#LB".
TASK_SEP, BOARD_SUFFIX = "#", "#LB"
REMARK_MAX = 140  # SPEC §9


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
        # One per device: a promotion's entries from one device.
        Index("ix_promotion_entries_device", "promotion_id", "device"),
        # The console's applications queue: a merchant's entries by status, oldest first.
        Index("ix_promotion_entries_merchant_status", "merchant_id", "status", "id"),
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
    # The device it was taken from: SHA-256 of the user agent and the network (IPv4 /24, IPv6 /64).
    device: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # An application: the member's remark, how many pictures, and the review.
    remark: Mapped[str | None] = mapped_column(String(REMARK_MAX), nullable=True)
    image_count: Mapped[int] = mapped_column(SmallInteger, default=0)
    review_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    reviewed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    reviewed_by_staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )


class PromotionImage(IdMixin, Base):
    """An application's picture, our own re-encoding (as feedback's); belongs to its merchant through its
    entry: every read joins the entry and scopes by it."""

    __tablename__ = "promotion_images"
    __table_args__ = (
        UniqueConstraint("entry_id", "position"),
        CheckConstraint("position BETWEEN 0 AND 2", name="position"),
        CheckConstraint("content_type IN ('image/png', 'image/jpeg')", name="content_type"),
    )

    entry_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("promotion_entries.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(SmallInteger)
    content_type: Mapped[str] = mapped_column(String(16))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)


class RaffleDraw(MerchantScoped, CreatedAtMixin, Base):
    """A raffle's draw: the SHA-256 commitment published from the start, the seed kept secret until the draw
    and published after it, and the result."""

    __tablename__ = "raffle_draws"

    promotion_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("promotions.id", ondelete="CASCADE"), primary_key=True
    )
    commitment: Mapped[str] = mapped_column(String(64))  # hex SHA-256 of the seed's hex text
    seed: Mapped[str] = mapped_column(String(64))  # hex, 32 bytes from the CSPRNG; shown once drawn
    drawn_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    tickets: Mapped[int] = mapped_column(Integer, default=0)
    # [{"memberId", "first", "count"}] the ticket ranges drawn from, and [{"rank", "memberId", "ticket",
    # "prize"}] the winners: everything a player needs to repeat the draw.
    ranges: Mapped[list[Any]] = mapped_column(JSON, default=list)
    winners: Mapped[list[Any]] = mapped_column(JSON, default=list)


class RaffleTicket(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """Tickets granted to a member outside the raffle's own rule (a mission's reward), once per source."""

    __tablename__ = "raffle_tickets"
    __table_args__ = (
        UniqueConstraint("promotion_id", "member_id", "source"),
        CheckConstraint("tickets > 0", name="tickets"),
    )

    promotion_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("promotions.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    tickets: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(48))  # "mission:{promotion}:{period}#{task}"


class LeaderboardPayout(MerchantScoped, Base):
    """A mission leaderboard's closed period, paid: its final ranks, written once with the prizes' entries."""

    __tablename__ = "leaderboard_payouts"

    promotion_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("promotions.id", ondelete="CASCADE"), primary_key=True
    )
    period_key: Mapped[str] = mapped_column(String(16), primary_key=True)
    paid_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    ranks: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{"rank", "memberId", "score", "prize"}]


class WageringWeight(Base):
    """A brand's share of a category's stakes that counts toward a bonus's turnover, in percent; a category
    without a row counts at `wagering.DEFAULT_WEIGHTS`."""

    __tablename__ = "wagering_weights"

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    category: Mapped[str] = mapped_column(String(8), primary_key=True)
    percent: Mapped[int] = mapped_column(Integer)
