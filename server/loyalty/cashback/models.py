"""The cashback tables: a merchant's settings, each member's cursor (what has been paid up to) and the
claims paid. Rates per category live on the VIP levels (server.loyalty.vip.models.VipLevel)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

MANUAL, DAILY = "MANUAL", "DAILY"


class CashbackSettings(Base):
    """A merchant without a row: MANUAL, minimum 1.00 (`service.DEFAULT_MINIMUM`)."""

    __tablename__ = "cashback_settings"
    __table_args__ = (CheckConstraint("mode IN ('MANUAL', 'DAILY')", name="mode"),)

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    mode: Mapped[str] = mapped_column(String(8), default=MANUAL)
    minimum: Mapped[int] = mapped_column(BigInteger, default=100)  # the smallest amount paid, minor units


class CashbackCursor(Base):
    """Bets settled before `claimed_until` have been paid (or passed over). Moved only by a conditional
    UPDATE from the value the payer read, so two tabs, or a tab and the daily job, pay a period once."""

    __tablename__ = "cashback_cursors"

    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), index=True
    )
    claimed_until: Mapped[datetime] = mapped_column(UtcDateTime())


class CashbackClaim(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """One payment: the bets settled in [since, until) at the member's rates then."""

    __tablename__ = "cashback_claims"
    __table_args__ = (
        UniqueConstraint("member_id", "until"),
        CheckConstraint("amount > 0", name="amount"),
        Index("ix_cashback_claims_member", "member_id", "created_at"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    since: Mapped[datetime] = mapped_column(UtcDateTime())
    until: Mapped[datetime] = mapped_column(UtcDateTime())
    amount: Mapped[int] = mapped_column(BigInteger)
    auto: Mapped[bool] = mapped_column(Boolean, default=False)  # paid by the daily job
    reward_id: Mapped[int | None] = mapped_column(BigIntId, nullable=True)
