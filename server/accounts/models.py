"""Members (players, agents, trial accounts), staff (customer service, operators) and login sessions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

PLAYER = 0
AGENT_TYPES = (1, 2, 41, 42)
TRIAL = 4


class Member(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "members"
    __table_args__ = (
        UniqueConstraint("merchant_id", "username"),  # unique within a merchant, not across
        CheckConstraint("member_type IN (0, 1, 2, 4, 41, 42)", name="member_type"),
    )

    username: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    member_type: Mapped[int] = mapped_column(SmallInteger, default=PLAYER)  # the wire's isAgent / type
    upline_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="SET NULL"), nullable=True, index=True
    )
    nickname: Mapped[str | None] = mapped_column(String(64), nullable=True)
    club_label_name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rank_level: Mapped[int] = mapped_column(Integer, default=0)
    last_login_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class Staff(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """People who work the back office of one merchant."""

    __tablename__ = "staff"
    __table_args__ = (
        UniqueConstraint("merchant_id", "username"),
        CheckConstraint("role IN ('SUPPORT', 'OPERATOR')", name="role"),
    )

    username: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16))
    nickname: Mapped[str | None] = mapped_column(String(64), nullable=True)


class AuthSession(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A login. Only the SHA-256 of the token is kept: a database leak yields no usable token."""

    __tablename__ = "auth_sessions"
    __table_args__ = (CheckConstraint("(member_id IS NULL) <> (staff_id IS NULL)", name="one_principal"),)

    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), nullable=True, index=True
    )
    staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="CASCADE"), nullable=True, index=True
    )
    last_seen_at: Mapped[datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    revoke_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ip: Mapped[str | None] = mapped_column(String(45), nullable=True)
    user_agent: Mapped[str | None] = mapped_column(String(255), nullable=True)
