"""The house vendor's own books. It keeps them apart from the portal's: what it knows of a player is what the
seamless-wallet API told it, and every cent it moves goes through that API."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

PENDING, SETTLED, VOID = "PENDING", "SETTLED", "VOID"


class HouseMerchant(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A merchant the house serves, as the portal provisioned it: the code its wallet calls carry and the
    tenant id the house's rows are kept under. The house reads this, never the operator's own tables."""

    __tablename__ = "house_merchants"
    __table_args__ = (UniqueConstraint("merchant_id"),)

    code: Mapped[str] = mapped_column(String(32), unique=True)
    live_tables: Mapped[bool] = mapped_column(Boolean, default=True)


class HouseSession(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A player at one house game, opened by a launch token. It holds the commitment for the next round."""

    __tablename__ = "house_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    merchant_code: Mapped[str] = mapped_column(String(32))
    # What the portal answered to authenticate: the wallet session and the player it names.
    wallet_session: Mapped[str | None] = mapped_column(String(128), nullable=True)
    player_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    nickname: Mapped[str] = mapped_column(String(64))
    currency: Mapped[str] = mapped_column(String(8))
    language: Mapped[str] = mapped_column(String(8))
    game_code: Mapped[str] = mapped_column(String(64))
    game_type: Mapped[str] = mapped_column(String(16))
    game_name: Mapped[str] = mapped_column(String(100))
    # A visitor's free play: the house's own play money, never the portal's.
    demo: Mapped[bool] = mapped_column(Boolean, default=False)
    demo_balance: Mapped[int] = mapped_column(BigInteger, default=0)
    server_seed: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer, default=0)
    market: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())


class HouseRound(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """An instant round (slot spin, fish shot, duel, virtual match): written PENDING before the bet is sent,
    so that a crash between bet and win is found and rolled back by the recovery job."""

    __tablename__ = "house_rounds"
    __table_args__ = (Index("ix_house_rounds_pending", "status", "created_at"),)

    session_id: Mapped[int] = mapped_column(BigInteger, index=True)
    round_ref: Mapped[str] = mapped_column(String(64), unique=True)
    player_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    merchant_code: Mapped[str] = mapped_column(String(32))
    game_code: Mapped[str] = mapped_column(String(64))
    stake: Mapped[int] = mapped_column(BigInteger)
    win: Mapped[int] = mapped_column(BigInteger, default=0)
    outcome: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    server_seed: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(8), default=PENDING)
    settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class HouseTableRound(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A shared round of a table game. The row is the settlement claim: whoever inserts it deals and pays."""

    __tablename__ = "house_table_rounds"
    __table_args__ = (UniqueConstraint("merchant_id", "table_code", "round_no"),)

    table_code: Mapped[str] = mapped_column(String(32))
    round_no: Mapped[int] = mapped_column(BigInteger)
    result: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class HouseTableBet(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "house_table_bets"
    __table_args__ = (
        Index("ix_house_table_bets_round", "merchant_id", "table_code", "round_no"),
        # A member's own rounds at a table (table_records.my_rounds), newest first.
        Index("ix_house_table_bets_player", "merchant_id", "player_id", "table_code", "round_no"),
        # The sweep finds bets no dealer settled by their status.
        Index("ix_house_table_bets_status", "status"),
    )

    table_code: Mapped[str] = mapped_column(String(32))
    round_no: Mapped[int] = mapped_column(BigInteger)
    session_id: Mapped[int] = mapped_column(BigInteger, index=True)
    player_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    wallet_session: Mapped[str | None] = mapped_column(String(128), nullable=True)
    bet_on: Mapped[str] = mapped_column(String(8))
    stake: Mapped[int] = mapped_column(BigInteger)
    tx_id: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(8), default="OPEN")  # PENDING, OPEN, WON, LOST, PUSH, VOID
    win: Mapped[int] = mapped_column(BigInteger, default=0)
