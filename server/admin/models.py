"""The append-only audit log of operator actions (and, later, of money movements)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped


class MemberNote(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """What staff write down about a member (a call, a complaint, a warning); kept, never edited."""

    __tablename__ = "member_notes"

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    staff_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("staff.id"))
    text: Mapped[str] = mapped_column(String(2000))


class AuditEntry(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "audit_log"

    staff_id: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("staff.id"), nullable=True, index=True)
    action: Mapped[str] = mapped_column(String(64))
    target: Mapped[str | None] = mapped_column(String(128), nullable=True)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    ip: Mapped[str | None] = mapped_column(String(45), nullable=True)
