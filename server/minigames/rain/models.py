"""The red-envelope rain's tables. A rain is the staff's configuration; a session is one shower of it, which
copies the configuration when it is created (its hash commits to its envelopes, so a later change of the rain
cannot touch it); an envelope is one row per amount, taken by one member; a grabber row counts a member's
grabs in a session (the limit is an upsert on it, so no session-wide row is written by a grab)."""

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
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime, utcnow

FLAT, VIP = "FLAT", "VIP"
LIMIT_MODES = (FLAT, VIP)
ENVELOPES_MAX = 10_000
DURATION_MIN, DURATION_MAX = 10, 3600
WAGER_MAX = 50
FLAT_LIMIT_MAX = 1000


def _limits() -> tuple[CheckConstraint, ...]:
    """The checks a rain and its sessions share (new objects for each table: a constraint names its table)."""
    return (
        CheckConstraint(f"limit_mode IN ('{FLAT}', '{VIP}')", name="limit_mode"),
        CheckConstraint(f"flat_limit BETWEEN 1 AND {FLAT_LIMIT_MAX}", name="flat_limit"),
        CheckConstraint(f"envelopes BETWEEN 1 AND {ENVELOPES_MAX}", name="envelopes"),
        CheckConstraint("min_amount > 0 AND budget >= envelopes * min_amount", name="budget"),
        CheckConstraint(f"wager_multiple BETWEEN 0 AND {WAGER_MAX}", name="wager_multiple"),
    )


class Rain(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "minigame_rains"
    __table_args__ = (
        *_limits(),
        CheckConstraint("daily_at BETWEEN 0 AND 1439", name="daily_at"),
        CheckConstraint(f"duration_seconds BETWEEN {DURATION_MIN} AND {DURATION_MAX}", name="duration"),
    )

    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {LANG: text}
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    daily_at: Mapped[int] = mapped_column(Integer)  # minutes after midnight, business time zone
    duration_seconds: Mapped[int] = mapped_column(Integer)
    budget: Mapped[int] = mapped_column(BigInteger)  # minor units
    envelopes: Mapped[int] = mapped_column(Integer)
    min_amount: Mapped[int] = mapped_column(BigInteger)
    wager_multiple: Mapped[int] = mapped_column(Integer, default=0)
    limit_mode: Mapped[str] = mapped_column(String(8), default=FLAT)
    flat_limit: Mapped[int] = mapped_column(Integer, default=1)
    vip_limits: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {"level": limit}
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class RainSession(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "minigame_rain_sessions"
    __table_args__ = (
        *_limits(),
        # The schedule inserts with ON CONFLICT DO NOTHING on it: two job runs create a slot once.
        UniqueConstraint("rain_id", "starts_at"),
        CheckConstraint("ends_at > starts_at", name="window"),
        Index("ix_minigame_rain_sessions_merchant_starts", "merchant_id", "starts_at"),
        # The job's work: sessions not closed yet (a handful, however long the history).
        Index(
            "ix_minigame_rain_sessions_live",
            "ends_at",
            sqlite_where=text("closed_at IS NULL"),
            postgresql_where=text("closed_at IS NULL"),
        ),
    )

    rain_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("minigame_rains.id", ondelete="CASCADE"))
    one_off: Mapped[bool] = mapped_column(Boolean, default=False)  # staff's, not the daily schedule's
    starts_at: Mapped[datetime] = mapped_column(UtcDateTime())
    ends_at: Mapped[datetime] = mapped_column(UtcDateTime())
    budget: Mapped[int] = mapped_column(BigInteger)
    envelopes: Mapped[int] = mapped_column(Integer)
    min_amount: Mapped[int] = mapped_column(BigInteger)
    wager_multiple: Mapped[int] = mapped_column(Integer, default=0)
    limit_mode: Mapped[str] = mapped_column(String(8), default=FLAT)
    flat_limit: Mapped[int] = mapped_column(Integer, default=1)
    vip_limits: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[str] = mapped_column(String(64))  # secret until the session is closed
    seed_hash: Mapped[str] = mapped_column(String(64))
    opened_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)  # "OPEN" pushed
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class RainEnvelope(IdMixin, Base):
    __tablename__ = "minigame_rain_envelopes"
    __table_args__ = (
        UniqueConstraint("session_id", "seq"),
        CheckConstraint("amount > 0", name="amount"),
        CheckConstraint("(member_id IS NULL) = (taken_at IS NULL)", name="taken"),
        # A grab takes the lowest free envelope: this index holds only the free ones, so the search skips
        # every envelope already taken and shrinks as the session runs.
        Index(
            "ix_minigame_rain_envelopes_free",
            "session_id",
            "seq",
            sqlite_where=text("member_id IS NULL"),
            postgresql_where=text("member_id IS NULL"),
        ),
        # A member's grabs, newest first (the reward centre).
        Index("ix_minigame_rain_envelopes_member", "member_id", "taken_at"),
    )

    session_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("minigame_rain_sessions.id", ondelete="CASCADE")
    )
    seq: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), nullable=True
    )
    taken_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class RainGrabber(Base):
    """A member's grabs and winnings in one session: the limit is `grabs < limit` in the upsert's WHERE."""

    __tablename__ = "minigame_rain_grabbers"
    __table_args__ = (
        CheckConstraint("grabs >= 0", name="grabs"),
        CheckConstraint("won >= 0", name="won"),
    )

    session_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("minigame_rain_sessions.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    grabs: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(BigInteger, default=0)
