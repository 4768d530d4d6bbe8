"""The referral tables: a merchant's rules, and one row per invitee (where and from what it registered, its
window, and the job's decision)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, MerchantScoped, UtcDateTime

# The job's decision on an invitee (None while its window is open and nothing is decided).
REWARDED, INELIGIBLE = "REWARDED", "INELIGIBLE"
OUTCOMES = (REWARDED, INELIGIBLE)
# Why an invitee earns nothing (kept with INELIGIBLE, for staff and for the tests).
SELF, SAME_ADDRESS, SAME_DEVICE, TRIAL_INVITEE, AGENT_INVITER = (
    "SELF",
    "SAME_ADDRESS",
    "SAME_DEVICE",
    "TRIAL_INVITEE",
    "AGENT_INVITER",
)
REASONS = (SELF, SAME_ADDRESS, SAME_DEVICE, TRIAL_INVITEE, AGENT_INVITER)


class ReferralRules(Base):
    """A merchant's invite-friends rules; a merchant without a row has the defaults (rules.DEFAULTS)."""

    __tablename__ = "referral_rules"
    __table_args__ = (
        CheckConstraint("reward > 0", name="reward"),
        CheckConstraint("deposit >= 0 AND turnover >= 0", name="thresholds"),
        CheckConstraint("days BETWEEN 1 AND 365", name="days"),
        CheckConstraint("wager_multiple BETWEEN 0 AND 100", name="wager_multiple"),
    )

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    reward: Mapped[int] = mapped_column(BigInteger)  # minor units paid to the inviter per qualified invitee
    deposit: Mapped[int] = mapped_column(BigInteger)  # the invitee's first deposit at least (minor units)
    turnover: Mapped[int] = mapped_column(BigInteger)  # the invitee's valid turnover at least (minor units)
    days: Mapped[int] = mapped_column(Integer)  # both within this many days of registering
    wager_multiple: Mapped[int] = mapped_column(Integer, default=1)  # the reward's turnover lock
    updated_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class ReferralInvitee(MerchantScoped, Base):
    """A member who registered with another's code. Written at registration (with the device it came from) or,
    for an invitee the registration did not note, by the job from `members.referred_by_id` (device unknown).
    The window (registered_at + the rules' days then) is fixed when the row is written: an invitee keeps the
    terms it was invited under. `outcome` moves from NULL once, by a conditional UPDATE."""

    __tablename__ = "referral_invitees"
    __table_args__ = (
        CheckConstraint(f"outcome IN ({', '.join(repr(o) for o in OUTCOMES)})", name="outcome"),
        CheckConstraint(f"reason IN ({', '.join(repr(r) for r in REASONS)})", name="reason"),
        Index("ix_referral_invitees_inviter", "inviter_id", "registered_at"),
        Index("ix_referral_invitees_open", "merchant_id", "outcome", "window_ends_at"),
    )

    invitee_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    inviter_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    ip: Mapped[str | None] = mapped_column(String(45), nullable=True)  # the registration's address
    # SHA-256 of the registering browser's user agent and network (promotions.entries.device_of).
    device: Mapped[str | None] = mapped_column(String(64), nullable=True)
    registered_at: Mapped[datetime] = mapped_column(UtcDateTime())
    window_ends_at: Mapped[datetime] = mapped_column(UtcDateTime())
    outcome: Mapped[str | None] = mapped_column(String(16), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(16), nullable=True)
    reward: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # what the inviter was paid
    decided_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
