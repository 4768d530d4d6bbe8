"""The VIP tables: a merchant's levels with their perks, its review settings, and each member's standing.

Money is in minor units; cashback rates are basis points (hundredths of a percent: "0.80" % is 80)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, IdMixin, MerchantScoped, UtcDateTime, utcnow

EMBLEMS = ("BRONZE", "SILVER", "GOLD", "PLATINUM", "DIAMOND", "CROWN")
LEVEL_MAX = 10


class VipLevel(IdMixin, MerchantScoped, Base):
    """One level of a merchant's ladder (0 = where everyone starts). Reached when both the deposits and the
    valid turnover over the rolling window reach its thresholds."""

    __tablename__ = "vip_levels"
    __table_args__ = (
        UniqueConstraint("merchant_id", "level"),
        CheckConstraint(f"level BETWEEN 0 AND {LEVEL_MAX}", name="level"),
        CheckConstraint(f"emblem IN ({', '.join(repr(e) for e in EMBLEMS)})", name="emblem"),
    )

    level: Mapped[int] = mapped_column(Integer)
    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {LANG: name}
    emblem: Mapped[str] = mapped_column(String(16))
    deposit_required: Mapped[int] = mapped_column(BigInteger, default=0)
    turnover_required: Mapped[int] = mapped_column(BigInteger, default=0)
    upgrade_bonus: Mapped[int] = mapped_column(BigInteger, default=0)
    monthly_bonus: Mapped[int] = mapped_column(BigInteger, default=0)
    birthday_bonus: Mapped[int] = mapped_column(BigInteger, default=0)
    wager_multiple: Mapped[int] = mapped_column(Integer, default=0)  # the turnover owed on its bonuses
    cashback_rates: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {category: basis points}
    daily_withdrawal_count: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: no limit
    daily_withdrawal_amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    vip_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class VipSettings(Base):
    """How a merchant reviews ranks; a merchant without a row gets `levels.DEFAULT_SETTINGS`."""

    __tablename__ = "vip_settings"

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    window_days: Mapped[int] = mapped_column(Integer, default=30)
    demote: Mapped[bool] = mapped_column(Boolean, default=False)
    grace_days: Mapped[int] = mapped_column(Integer, default=7)


class VipMember(Base):
    """A member's standing, written only by the review job (conditional UPDATEs from the level it read). A
    member without a row stands at `members.rank_level` (what staff or the seed gave it)."""

    __tablename__ = "vip_members"

    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), index=True
    )
    level: Mapped[int] = mapped_column(Integer, default=0)
    promoted_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # Since when the member's figures stay below its level (the grace period runs from here).
    below_since: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
