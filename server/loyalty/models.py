"""What loyalty paid a member: one row per reward, written in the reward's transaction."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

# What a reward is for (the reward centre names it).
VIP_UPGRADE, VIP_MONTHLY, VIP_BIRTHDAY = "VIP_UPGRADE", "VIP_MONTHLY", "VIP_BIRTHDAY"
CASHBACK, REFERRAL, POINTS_CONVERT, POINTS_REDEEM = "CASHBACK", "REFERRAL", "POINTS_CONVERT", "POINTS_REDEEM"
REWARD_KINDS = (VIP_UPGRADE, VIP_MONTHLY, VIP_BIRTHDAY, CASHBACK, REFERRAL, POINTS_CONVERT, POINTS_REDEEM)


class LoyaltyReward(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """Money loyalty paid a member, unique by its key (`vip-upgrade:{member}:{level}`, `cashback:{member}:
    {until}`, ...): the row is inserted first (ON CONFLICT DO NOTHING) and only the insert that won pays."""

    __tablename__ = "loyalty_rewards"
    __table_args__ = (
        UniqueConstraint("merchant_id", "key"),
        CheckConstraint("amount > 0", name="amount"),
        CheckConstraint(f"kind IN ({', '.join(repr(k) for k in REWARD_KINDS)})", name="kind"),
        Index("ix_loyalty_rewards_member", "member_id", "created_at"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    key: Mapped[str] = mapped_column(String(96))
    amount: Mapped[int] = mapped_column(BigInteger)  # minor units
    wager_multiple: Mapped[int] = mapped_column(default=0)  # the turnover owed: this many times the amount
    transfer_id: Mapped[int | None] = mapped_column(BigIntId, nullable=True)
    paid_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
