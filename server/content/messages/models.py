"""A platform message once, and a recipient row per member who got it (read and deleted per member)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, CheckConstraint, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

AUDIENCES = ("MEMBER", "LABEL", "RANK", "ALL")
KINDS = ("SYSTEM", "STAFF", "FEEDBACK_ANSWER")
PENDING, SENDING, SENT = "PENDING", "SENDING", "SENT"


class PlatformMessage(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """What was sent, to whom (an audience and its target), in every language it was written in. A message
    to a label, a rank or everyone is fanned out by a job (server/content/messages/fanout.py): `cursor` is
    the last member id it reached, so a crash resumes there; `claimed_until` is the lease of the worker
    fanning it out."""

    __tablename__ = "platform_messages"
    __table_args__ = (
        CheckConstraint("audience IN ('MEMBER', 'LABEL', 'RANK', 'ALL')", name="audience"),
        CheckConstraint("kind IN ('SYSTEM', 'STAFF', 'FEEDBACK_ANSWER')", name="kind"),
        CheckConstraint("status IN ('PENDING', 'SENDING', 'SENT')", name="status"),
        # The fan-out job's poll: the few messages not yet sent among the many that are.
        Index("ix_platform_messages_status", "status"),
    )

    audience: Mapped[str] = mapped_column(String(8))
    # The member id, the label or the rank, as text; None for ALL.
    target: Mapped[str | None] = mapped_column(String(64), nullable=True)
    kind: Mapped[str] = mapped_column(String(16))
    # The system template it was written from (DEPOSIT_CREDITED, ...); None for what people wrote.
    template: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # {LANG: {"title": plain text, "content": sanitised HTML}}
    texts: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(8), default=PENDING)
    cursor: Mapped[int] = mapped_column(BigInteger, default=0)
    recipients: Mapped[int] = mapped_column(Integer, default=0)
    claimed_until: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    sent_by_staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )


class MessageRecipient(IdMixin, CreatedAtMixin, Base):
    """One member's copy: unread until read_at, in the inbox until deleted_at. The unique pair makes a
    repeated fan-out batch harmless."""

    __tablename__ = "message_recipients"
    __table_args__ = (
        UniqueConstraint("message_id", "member_id"),
        # The unread count and the inbox: a member's rows not deleted, unread first to hand.
        Index("ix_message_recipients_inbox", "member_id", "deleted_at", "read_at"),
    )

    message_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("platform_messages.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    # Not indexed (unlike MerchantScoped's): every read goes by member, and a fan-out writes 100,000 rows.
    merchant_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"))
    read_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    deleted_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
