"""The append-only audit log of operator actions (and, later, of money movements), staff notes on members,
and the operators' bonus grants with the day's running total that caps them."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, CheckConstraint, Date, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime


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


GRANT_PENDING, GRANT_PAID, GRANT_REJECTED = "PENDING", "PAID", "REJECTED"


class BonusGrant(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """One bonus an operator gave (PAID at once) or asked for above the brand's four-eyes threshold (PENDING
    until another staff member approves it, PAID, or rejects it). Once per operator and request id."""

    __tablename__ = "bonus_grants"
    __table_args__ = (
        UniqueConstraint("merchant_id", "requested_by", "request_id"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("status IN ('PENDING', 'PAID', 'REJECTED')", name="status"),
        # Four eyes, kept by the database too: nobody pays a grant they asked for themselves.
        CheckConstraint(
            "status <> 'PAID' OR decided_by IS NULL OR decided_by <> requested_by", name="four_eyes"
        ),
        Index("ix_bonus_grants_queue", "merchant_id", "status", "id"),
    )

    order_no: Mapped[str] = mapped_column(String(40), unique=True)
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)  # minor units
    reason: Mapped[str] = mapped_column(String(120))
    request_id: Mapped[str] = mapped_column(String(64))
    requested_by: Mapped[int] = mapped_column(BigIntId, ForeignKey("staff.id"))
    status: Mapped[str] = mapped_column(String(16))
    # Who approved or rejected it, when and why; NULL for a grant under the threshold, paid at once.
    decided_by: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("staff.id"), nullable=True)
    decided_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    note: Mapped[str | None] = mapped_column(String(255), nullable=True)
    transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )


class BonusGrantDay(IdMixin, MerchantScoped, Base):
    """What the merchant's operators granted on one business day: the counter the daily ceiling is kept
    on, raised by one conditional statement per grant (server/admin/grants.py)."""

    __tablename__ = "bonus_grant_days"
    __table_args__ = (
        UniqueConstraint("merchant_id", "day"),
        CheckConstraint("granted >= 0", name="granted_not_negative"),
    )

    day: Mapped[date] = mapped_column(Date)
    granted: Mapped[int] = mapped_column(BigInteger, default=0)  # minor units
