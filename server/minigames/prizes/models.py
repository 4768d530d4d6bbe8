"""The lucky wheel and the golden egg.

A game's prize table is stored on its row (a short list the console replaces whole); probabilities are parts
per million summing to exactly 1,000,000 (table.py). Each member holds one seed per game, as the house games
do: the hash of the server seed is shown before any play, the seed itself only when the member rotates it.
A play is one `prize_plays` row: the outcome, the nonce and the hash it was drawn under, and what was paid
(the row is also the reward centre's record of the prize). Plays are counted per member, game and business
day in `prize_counters`, moved only by a conditional UPDATE (used < earned); check-ins are one row per member
and business day."""

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

WHEEL, EGG = "WHEEL", "EGG"
GAME_KINDS = (WHEEL, EGG)
MONEY, POINTS, TICKETS, NOTHING = "MONEY", "POINTS", "TICKETS", "NOTHING"
PRIZE_KINDS = (MONEY, POINTS, TICKETS, NOTHING)
PPM = 1_000_000  # a prize table's probabilities sum to exactly this many parts per million


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class PrizeGame(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "prize_games"
    __table_args__ = (
        CheckConstraint(_one_of("kind", GAME_KINDS), name="kind"),
        CheckConstraint("per_deposit IS NULL OR per_deposit > 0", name="per_deposit"),
        CheckConstraint("per_turnover IS NULL OR per_turnover > 0", name="per_turnover"),
        CheckConstraint("per_checkin >= 0", name="per_checkin"),
    )

    kind: Mapped[str] = mapped_column(String(8))
    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {LANG: text}
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    per_deposit: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # minor units per play
    per_turnover: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    per_checkin: Mapped[int] = mapped_column(Integer, default=0)  # plays a check-in gives
    # [{kind, amount (minor|None), value (int|None), wagerMultiple, labels {LANG: text}, ppm}]
    prizes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class PrizeSeed(Base):
    """A member's seed for one game; `nonce` is the next play's."""

    __tablename__ = "prize_seeds"
    __table_args__ = (CheckConstraint("nonce >= 0", name="nonce"),)

    game_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("prize_games.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), index=True
    )
    server_seed: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class PrizeCounter(Base):
    """Plays a member used in a game on a business day ("YYYY-MM-DD" in the business zone)."""

    __tablename__ = "prize_counters"
    __table_args__ = (CheckConstraint("used >= 0", name="used"),)

    game_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("prize_games.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), index=True
    )
    used: Mapped[int] = mapped_column(Integer, default=0)


class PrizePlay(IdMixin, MerchantScoped, Base):
    __tablename__ = "prize_plays"
    __table_args__ = (
        CheckConstraint(_one_of("prize_kind", PRIZE_KINDS), name="prize_kind"),
        CheckConstraint("nonce >= 0", name="nonce"),
        Index("ix_prize_plays_member", "member_id", "id"),
        # The winner board: a merchant's money prizes, newest first.
        Index("ix_prize_plays_merchant_kind", "merchant_id", "prize_kind", "created_at"),
    )

    game_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("prize_games.id", ondelete="CASCADE"))
    game_kind: Mapped[str] = mapped_column(String(8))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    day: Mapped[str] = mapped_column(String(10))
    seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer)
    prize_index: Mapped[int] = mapped_column(Integer)
    # The prize as it stood when drawn (the table may change later).
    prize: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    prize_kind: Mapped[str] = mapped_column(String(8))
    amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # MONEY: minor units
    value: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # POINTS / TICKETS: a count
    wager_multiple: Mapped[int] = mapped_column(Integer, default=0)
    raffle_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("promotions.id", ondelete="SET NULL"), nullable=True
    )
    transfer_id: Mapped[int | None] = mapped_column(BigIntId, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class CheckIn(IdMixin, MerchantScoped, Base):
    __tablename__ = "minigame_checkins"
    __table_args__ = (UniqueConstraint("member_id", "day"),)

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    day: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
