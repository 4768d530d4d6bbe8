"""Affiliate and agent applications sent from the /join page, by visitors and members alike."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

KINDS = ("AFFILIATE", "AGENT")
CONTACT_TYPES = ("MOBILE", "EMAIL", "TELEGRAM", "WHATSAPP", "LINE", "ZALO")
NEW, CONTACTED, CLOSED = "NEW", "CONTACTED", "CLOSED"


class Application(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "applications"
    __table_args__ = (
        CheckConstraint("kind IN ('AFFILIATE', 'AGENT')", name="kind"),
        CheckConstraint(
            "contact_type IN ('MOBILE', 'EMAIL', 'TELEGRAM', 'WHATSAPP', 'LINE', 'ZALO')", name="contact_type"
        ),
        CheckConstraint("status IN ('NEW', 'CONTACTED', 'CLOSED')", name="status"),
        # The hourly limit counts an address's applications by time.
        Index("ix_applications_ip_time", "merchant_id", "ip", "created_at"),
        # The staff desk: a merchant's applications by status, newest first.
        Index("ix_applications_merchant_status", "merchant_id", "status", "id"),
    )

    # The member who applied while signed in; None for a visitor.
    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="SET NULL"), nullable=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(60))
    contact_type: Mapped[str] = mapped_column(String(16))
    contact: Mapped[str] = mapped_column(String(120))
    message: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(16), default=NEW)
    ip: Mapped[str] = mapped_column(String(45))
    handled_by_staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )
    handled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
