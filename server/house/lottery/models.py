"""The lottery's books, kept by the house vendor. An issue is the vendor's, shared by every merchant (one
draw, one sheet, as a real lottery); a bet belongs to a merchant and moves money only through the
seamless-wallet API."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

# Issue: OPEN (commitment published) -> DRAWN (sheet fixed, bets being paid) -> SETTLED (every bet paid).
OPEN, DRAWN, SETTLED = "OPEN", "DRAWN", "SETTLED"
# Bet: PENDING (written before the wallet call) -> PLACED -> WON / LOST; VOID when the wallet refused or the
# draw found it still pending (its stake rolled back).
PENDING, PLACED, WON, LOST, VOID = "PENDING", "OPEN", "WON", "LOST", "VOID"


class LotteryIssue(IdMixin, CreatedAtMixin, Base):
    """Not merchant-scoped: the draw is the vendor's, the same for every brand that offers the game."""

    __tablename__ = "lottery_issues"
    __table_args__ = (
        UniqueConstraint("game_code", "issue_no"),
        Index("ix_lottery_issues_due", "status", "draw_at"),
        Index("ix_lottery_issues_game", "game_code", "draw_at"),
    )

    game_code: Mapped[str] = mapped_column(String(32))
    issue_no: Mapped[str] = mapped_column(String(16))
    opens_at: Mapped[datetime] = mapped_column(UtcDateTime())
    closes_at: Mapped[datetime] = mapped_column(UtcDateTime())
    draw_at: Mapped[datetime] = mapped_column(UtcDateTime())
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(8), default=OPEN)
    tiers: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    drawn_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class LotteryBet(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """One slip: one play type, one or more picks at the same stake each; one wallet bet, one wallet win."""

    __tablename__ = "lottery_bets"
    __table_args__ = (
        Index("ix_lottery_bets_issue", "game_code", "issue_no", "status"),
        Index("ix_lottery_bets_player", "merchant_id", "player_id", "id"),
    )

    game_code: Mapped[str] = mapped_column(String(32))
    issue_no: Mapped[str] = mapped_column(String(16))
    session_id: Mapped[int] = mapped_column(BigInteger, index=True)
    merchant_code: Mapped[str] = mapped_column(String(32))
    player_id: Mapped[str] = mapped_column(String(64))
    wallet_session: Mapped[str | None] = mapped_column(String(128), nullable=True)
    prize_mode: Mapped[str] = mapped_column(String(8))
    play_type: Mapped[str] = mapped_column(String(8))
    picks: Mapped[list[str]] = mapped_column(JSON)
    stake: Mapped[int] = mapped_column(BigInteger)  # per pick
    total: Mapped[int] = mapped_column(BigInteger)
    odds: Mapped[int] = mapped_column(Integer)  # hundredths, as shown when the bet was placed
    tx_id: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(8), default=PENDING)
    win: Mapped[int] = mapped_column(BigInteger, default=0)
    hits: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
