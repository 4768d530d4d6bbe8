"""A member's feedback and its pictures (stored as our own re-encoding, never the uploaded bytes)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

CATEGORIES = ("SUGGESTION", "BUG", "PAYMENT", "GAME", "OTHER")
OPEN, ANSWERED = "OPEN", "ANSWERED"


class Feedback(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "feedback"
    __table_args__ = (
        CheckConstraint("category IN ('SUGGESTION', 'BUG', 'PAYMENT', 'GAME', 'OTHER')", name="category"),
        CheckConstraint("status IN ('OPEN', 'ANSWERED')", name="status"),
        # The member's own list and the hourly limit both read a member's feedback by time.
        Index("ix_feedback_member_time", "member_id", "created_at"),
        # The staff desk: a merchant's feedback by status, newest first.
        Index("ix_feedback_merchant_status", "merchant_id", "status", "id"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    category: Mapped[str] = mapped_column(String(16))
    content: Mapped[str] = mapped_column(Text)
    image_count: Mapped[int] = mapped_column(SmallInteger, default=0)
    status: Mapped[str] = mapped_column(String(16), default=OPEN)
    answer: Mapped[str | None] = mapped_column(Text, nullable=True)
    answered_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    answered_by_staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )


class FeedbackImage(IdMixin, Base):
    """Belongs to its merchant through its feedback: every read joins the feedback and scopes by it."""

    __tablename__ = "feedback_images"
    __table_args__ = (
        UniqueConstraint("feedback_id", "position"),
        CheckConstraint("position BETWEEN 0 AND 2", name="position"),
        CheckConstraint("content_type IN ('image/png', 'image/jpeg')", name="content_type"),
    )

    feedback_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("feedback.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(SmallInteger)
    content_type: Mapped[str] = mapped_column(String(16))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
