"""The append-only audit log of operator actions (and, later, of money movements)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped


class AuditEntry(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "audit_log"

    staff_id: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("staff.id"), nullable=True, index=True)
    action: Mapped[str] = mapped_column(String(64))
    target: Mapped[str | None] = mapped_column(String(128), nullable=True)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    ip: Mapped[str | None] = mapped_column(String(45), nullable=True)
