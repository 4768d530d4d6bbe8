"""KYC's tables: one submission per attempt, and its pictures.

At most one submission of a member is PENDING at a time: a partial unique index says so to the database
(`uq_kyc_submissions_pending`), whatever the code in front of it does. A submission is reviewed once, by one
conditional UPDATE from PENDING. The pictures are our own re-encoding of what was uploaded (never the
uploaded bytes), and belong to their merchant through their submission: every read joins it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, IdMixin, MerchantScoped, UtcDateTime, utcnow

PENDING, APPROVED, REJECTED = "PENDING", "APPROVED", "REJECTED"
STATUSES = (PENDING, APPROVED, REJECTED)
ID_CARD, PASSPORT, DRIVING_LICENCE = "ID_CARD", "PASSPORT", "DRIVING_LICENCE"
DOCUMENT_TYPES = (ID_CARD, PASSPORT, DRIVING_LICENCE)
FRONT, BACK, SELFIE = "FRONT", "BACK", "SELFIE"
SIDES = (FRONT, BACK, SELFIE)
MEDIA_TYPES = ("image/png", "image/jpeg")
REASON_MAX = 500


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class KycSubmission(IdMixin, MerchantScoped, Base):
    __tablename__ = "kyc_submissions"
    __table_args__ = (
        CheckConstraint(_one_of("status", STATUSES), name="status"),
        CheckConstraint(_one_of("document_type", DOCUMENT_TYPES), name="document_type"),
        # One waiting submission per member: a second INSERT while one waits fails here.
        Index(
            "uq_kyc_submissions_pending",
            "member_id",
            unique=True,
            postgresql_where=text("status = 'PENDING'"),
            sqlite_where=text("status = 'PENDING'"),
        ),
        # The member's own (their latest first) and the withdrawal check (an approved one).
        Index("ix_kyc_submissions_member", "member_id", "status"),
        # The console's queue: a merchant's submissions by status, oldest or newest first.
        Index("ix_kyc_submissions_queue", "merchant_id", "status", "id"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(10), default=PENDING)
    document_type: Mapped[str] = mapped_column(String(16))
    # Why staff rejected it (shown to the member), 1 to 500 characters; None otherwise.
    reason: Mapped[str | None] = mapped_column(String(REASON_MAX), nullable=True)
    submitted_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    reviewed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    reviewed_by: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )


class KycDocument(IdMixin, Base):
    """One side of a submission's document (or the selfie), as we re-encoded it."""

    __tablename__ = "kyc_documents"
    __table_args__ = (
        UniqueConstraint("submission_id", "side"),
        CheckConstraint(_one_of("side", SIDES), name="side"),
        CheckConstraint(_one_of("media_type", MEDIA_TYPES), name="media_type"),
    )

    submission_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("kyc_submissions.id", ondelete="CASCADE"))
    side: Mapped[str] = mapped_column(String(8))
    content: Mapped[bytes] = mapped_column(LargeBinary)
    media_type: Mapped[str] = mapped_column(String(16))
