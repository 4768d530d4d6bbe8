"""Player protection's tables.

`member_protection` is one row per member who ever set a limit or was excluded; members without one play
with no check at all (`members.play_protected` says which, so the bet path reads nothing more for them). The
row holds the limits in force and what the member has staked and lost in the current business day, week and
month, so that a stake's check and its count are ONE conditional UPDATE of this row (policy.py): two bets in
the same instant cannot both pass the edge of a limit. Periods are keyed by integers (the business day's
ordinal, its Monday's ordinal, year * 12 + month); a key that moved on means the period's counts start again.

A higher limit or a removal waits 24 hours as a `protection_pending` row (at most one per limit) that a job,
or the next read, applies. Every change is a `protection_events` row: the console's history of the member."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, IdMixin, MerchantScoped, UtcDateTime, utcnow

DEPOSIT, LOSS, WAGER, SESSION = "DEPOSIT", "LOSS", "WAGER", "SESSION"
LIMIT_KINDS = (DEPOSIT, LOSS, WAGER)
DAY, WEEK, MONTH = "DAY", "WEEK", "MONTH"
PERIODS = (DAY, WEEK, MONTH)
TIME_OUT, SELF_EXCLUSION, CLOSED = "TIME_OUT", "SELF_EXCLUSION", "CLOSED"
EXCLUSION_KINDS = (TIME_OUT, SELF_EXCLUSION, CLOSED)
KYC_NONE, KYC_FIRST_WITHDRAWAL, KYC_ABOVE_AMOUNT = "NONE", "FIRST_WITHDRAWAL", "ABOVE_AMOUNT"
KYC_RULES = (KYC_NONE, KYC_FIRST_WITHDRAWAL, KYC_ABOVE_AMOUNT)
PENDING, APPLIED, CANCELLED = "PENDING", "APPLIED", "CANCELLED"


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


def limit_column(kind: str, period: str) -> str:
    """The member_protection column of a money limit: deposit_day, loss_week, wager_month, …"""
    return f"{kind.lower()}_{period.lower()}"


class MemberProtection(MerchantScoped, Base):
    __tablename__ = "member_protection"
    __table_args__ = (
        CheckConstraint(
            f"excluded_kind IS NULL OR {_one_of('excluded_kind', EXCLUSION_KINDS)}", name="excluded_kind"
        ),
    )

    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    # Limits in force, minor units (None: none).
    deposit_day: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    deposit_week: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    deposit_month: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    loss_day: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    loss_week: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    loss_month: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    wager_day: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    wager_week: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    wager_month: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    session_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reality_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: the brand's default
    # When the current login session's play time runs out (set at login and when the limit changes).
    play_ends_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # Counts of the current periods: stakes, and net loss (stakes - wins; negative when the member is up).
    day_key: Mapped[int] = mapped_column(Integer, default=0)
    day_staked: Mapped[int] = mapped_column(BigInteger, default=0)
    day_net: Mapped[int] = mapped_column(BigInteger, default=0)
    week_key: Mapped[int] = mapped_column(Integer, default=0)
    week_staked: Mapped[int] = mapped_column(BigInteger, default=0)
    week_net: Mapped[int] = mapped_column(BigInteger, default=0)
    month_key: Mapped[int] = mapped_column(Integer, default=0)
    month_staked: Mapped[int] = mapped_column(BigInteger, default=0)
    month_net: Mapped[int] = mapped_column(BigInteger, default=0)
    # A time-out, self-exclusion or closure; until None with a kind: for ever.
    excluded_kind: Mapped[str | None] = mapped_column(String(16), nullable=True)
    excluded_from: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    excluded_until: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class PendingLimit(IdMixin, MerchantScoped, Base):
    """A higher limit or a removal, waiting its 24 hours. One PENDING row per member and limit."""

    __tablename__ = "protection_pending"
    __table_args__ = (
        CheckConstraint(_one_of("kind", (*LIMIT_KINDS, SESSION)), name="kind"),
        CheckConstraint(_one_of("status", (PENDING, APPLIED, CANCELLED)), name="status"),
        Index(
            "uq_protection_pending_open",
            "member_id",
            "kind",
            "period",
            unique=True,
            postgresql_where=text("status = 'PENDING'"),
            sqlite_where=text("status = 'PENDING'"),
        ),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(8))
    period: Mapped[str] = mapped_column(String(8))  # "" for the session limit
    amount: Mapped[int | None] = mapped_column(
        BigInteger, nullable=True
    )  # minutes for SESSION; None: removal
    requested_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    effective_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)
    status: Mapped[str] = mapped_column(String(10), default=PENDING)


class ProtectionEvent(IdMixin, MerchantScoped, Base):
    """The member's protection history, as the console shows it."""

    __tablename__ = "protection_events"
    __table_args__ = (
        CheckConstraint(_one_of("actor", ("MEMBER", "STAFF", "SYSTEM")), name="actor"),
        Index("ix_protection_events_member", "member_id", "id"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    actor: Mapped[str] = mapped_column(String(8))
    staff_id: Mapped[int | None] = mapped_column(BigIntId, nullable=True)
    event: Mapped[str] = mapped_column(String(24))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class ProtectionSettings(Base):
    """A brand's protection settings (no row: the defaults)."""

    __tablename__ = "protection_settings"
    __table_args__ = (CheckConstraint(_one_of("kyc_rule", KYC_RULES), name="kyc_rule"),)

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    reality_check_minutes: Mapped[int] = mapped_column(Integer, default=60)
    kyc_rule: Mapped[str] = mapped_column(String(16), default=KYC_NONE)
    kyc_amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    organisations: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{name, url, phone}]
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class RiskMarker(IdMixin, MerchantScoped, Base):
    """A pattern the nightly job saw in a member's play (markers.py), for staff to review. One per member,
    kind and business day: the job can run twice."""

    __tablename__ = "risk_markers"
    __table_args__ = (
        CheckConstraint(
            _one_of("kind", ("DEPOSITS_RISING", "NIGHT_PLAY", "WITHDRAWAL_REVERSED")), name="kind"
        ),
        CheckConstraint(_one_of("status", ("OPEN", "REVIEWED")), name="status"),
        Index("uq_risk_markers_day", "member_id", "kind", "day", unique=True),
        Index("ix_risk_markers_open", "merchant_id", "status"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(24))
    day: Mapped[str] = mapped_column(String(10))  # yyyy-MM-dd, the business day it was computed for
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(10), default="OPEN")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    reviewed_by: Mapped[int | None] = mapped_column(BigIntId, nullable=True)
    reviewed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    note: Mapped[str | None] = mapped_column(String(500), nullable=True)
