"""Game vendors, their catalogue, launches, the seamless-wallet transactions and the bets they make up."""

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

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

CATEGORIES = ("ELOTT", "LOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS")


class GameProvider(IdMixin, MerchantScoped, Base):
    """A company whose games a merchant offers; it signs its seamless-wallet calls with its secret."""

    __tablename__ = "game_providers"
    __table_args__ = (UniqueConstraint("merchant_id", "code"),)

    code: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))
    api_secret: Mapped[str] = mapped_column(String(128))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    session_minutes: Mapped[int] = mapped_column(Integer, default=120)


class GameVendor(IdMixin, MerchantScoped, Base):
    """A provider as a merchant offers it, in one category (a provider in two categories is two rows)."""

    __tablename__ = "game_vendors"
    __table_args__ = (
        UniqueConstraint("merchant_id", "code"),
        CheckConstraint(
            "category IN ('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS')",
            name="category",
        ),
    )

    code: Mapped[str] = mapped_column(String(32))  # the wire's vassalage
    display_name: Mapped[str] = mapped_column(String(64))
    category: Mapped[str] = mapped_column(String(8))
    game_type: Mapped[str] = mapped_column(String(16))
    is_hot: Mapped[bool] = mapped_column(Boolean, default=False)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    allows_trial: Mapped[bool] = mapped_column(Boolean, default=True)  # visitors may launch in demo mode
    launch_base: Mapped[str] = mapped_column(String(255))  # where the vendor's game pages live
    provider: Mapped[str] = mapped_column(String(32))  # GameProvider.code
    # In transfer-wallet mode (merchants without a single wallet) bets use this vendor wallet.
    wallet_code: Mapped[str] = mapped_column(String(32))
    account_type_name: Mapped[str | None] = mapped_column(String(32), nullable=True)


class Game(IdMixin, MerchantScoped, Base):
    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("vendor_id", "game_code"),
        Index("ix_games_vendor_sort", "vendor_id", "sort_order"),
    )

    vendor_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("game_vendors.id", ondelete="CASCADE"))
    game_code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(100))
    game_type: Mapped[str] = mapped_column(String(32))  # e.g. SLOT, BACCARAT, FISH, HIGHCARD, FOOTBALL
    classification: Mapped[str | None] = mapped_column(String(32), nullable=True)  # live list (SPEC §2.8)
    thumbnail: Mapped[str] = mapped_column(String(255))
    min_bet: Mapped[int] = mapped_column(BigInteger, default=100)
    lines: Mapped[int | None] = mapped_column(Integer, nullable=True)
    is_hot: Mapped[bool] = mapped_column(Boolean, default=False)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    room_id: Mapped[str | None] = mapped_column(String(32), nullable=True)  # PVP rooms
    names: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)  # translated names by language


class FavouriteGame(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "favourite_games"
    __table_args__ = (UniqueConstraint("member_id", "game_id"),)

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("games.id", ondelete="CASCADE"))


class RecentGame(IdMixin, Base):
    __tablename__ = "recent_games"
    __table_args__ = (UniqueConstraint("member_id", "game_id"),)

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("games.id", ondelete="CASCADE"))
    played_at: Mapped[datetime] = mapped_column(UtcDateTime())


class GameLaunch(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A launch token: short-lived, used once, by the vendor, to open a player session."""

    __tablename__ = "game_launches"

    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    vendor_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("game_vendors.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("games.id", ondelete="CASCADE"))
    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id"), nullable=True
    )  # None: demo
    language: Mapped[str] = mapped_column(String(8))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class VendorSession(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """What a vendor holds after authenticating a launch: it names the player in balance and bet calls."""

    __tablename__ = "vendor_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    vendor_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("game_vendors.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("games.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())


class VendorTransaction(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """Every money call a vendor made, by its own transaction id: a replay gets the first answer back, a
    rollback of a bet we never saw leaves a tombstone that refuses the bet if it comes late."""

    __tablename__ = "vendor_transactions"
    __table_args__ = (
        UniqueConstraint("merchant_id", "provider", "tx_id"),
        CheckConstraint("kind IN ('BET', 'WIN', 'ROLLBACK', 'TOMBSTONE')", name="kind"),
        Index("ix_vendor_transactions_round", "merchant_id", "provider", "round_id"),
    )

    provider: Mapped[str] = mapped_column(String(32))
    tx_id: Mapped[str] = mapped_column(String(128))
    kind: Mapped[str] = mapped_column(String(16))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id"))
    vendor_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("game_vendors.id"))
    game_id: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("games.id"), nullable=True)
    round_id: Mapped[str] = mapped_column(String(128))
    amount: Mapped[int] = mapped_column(BigInteger)
    transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )
    related_tx_id: Mapped[str | None] = mapped_column(String(128), nullable=True)  # a rollback's bet
    rolled_back: Mapped[bool] = mapped_column(Boolean, default=False)
    flagged: Mapped[bool] = mapped_column(Boolean, default=False)  # same id, different request: for review
    request_digest: Mapped[str] = mapped_column(String(64))
    answer: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class BetRecord(IdMixin, MerchantScoped, Base):
    """One round of one player at one vendor: what was staked and won, for betting records and P&L."""

    __tablename__ = "bet_records"
    __table_args__ = (
        UniqueConstraint("vendor_id", "member_id", "round_id"),
        Index("ix_bet_records_member_time", "member_id", "placed_at"),
        Index("ix_bet_records_winners", "merchant_id", "settled_at"),
    )

    vendor_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("game_vendors.id"))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id"))
    game_id: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("games.id"), nullable=True)
    category: Mapped[str] = mapped_column(String(8))
    round_id: Mapped[str] = mapped_column(String(128))
    bet_amount: Mapped[int] = mapped_column(BigInteger, default=0)
    win_amount: Mapped[int] = mapped_column(BigInteger, default=0)
    status: Mapped[str] = mapped_column(String(16), default="OPEN")  # OPEN, SETTLED, CANCELLED
    trial: Mapped[bool] = mapped_column(Boolean, default=False)
    placed_at: Mapped[datetime] = mapped_column(UtcDateTime())
    settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
