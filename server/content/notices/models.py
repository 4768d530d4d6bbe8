"""Notices of every kind in one table: what the home page shows (banners, popup, player notices,
promotions) and the announcements list, each with a schedule, an audience and a text per language."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, CheckConstraint, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime, utcnow

KINDS = ("BANNER", "POPUP", "ANNOUNCEMENT", "PROMOTION", "PLAYER")
# W: the web portal, M: the mobile site, A: all of them.
PLATFORMS = ("W", "M", "A")
AUDIENCES = ("ALL", "VISITORS", "MEMBERS", "AGENTS", "RANKS")


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class Notice(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "notices"
    __table_args__ = (
        CheckConstraint(_one_of("kind", KINDS), name="kind"),
        CheckConstraint(_one_of("platform", PLATFORMS), name="platform"),
        CheckConstraint(_one_of("audience", AUDIENCES), name="audience"),
        CheckConstraint("ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at", name="window"),
        # The readers' query: one merchant's published items of one kind.
        Index("ix_notices_merchant_id_kind_published", "merchant_id", "kind", "published"),
    )

    kind: Mapped[str] = mapped_column(String(16))
    # ANNOUNCEMENT only: GENERAL, PROMOTION, MAINTENANCE or another short code the console chooses.
    announcement_type: Mapped[str | None] = mapped_column(String(16), nullable=True)
    platform: Mapped[str] = mapped_column(String(1), default="A")
    audience: Mapped[str] = mapped_column(String(16), default="ALL")
    starts_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    ends_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    # When it last went from draft (or withdrawn) to published: the date players read (service.notice_date).
    # An edit of a published notice keeps it; a withdrawal keeps it too, and publishing again sets it anew.
    published_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    image_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    link_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # {LANG: {"title": plain text, "content": sanitised HTML}}
    texts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_by_staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class NoticeRank(Base):
    """The ranks a RANKS notice is for: a row per rank, so that the audience is filtered in SQL (and the
    announcements' page count is right) on both backends, without JSON functions."""

    __tablename__ = "notice_ranks"

    notice_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("notices.id", ondelete="CASCADE"), primary_key=True
    )
    rank_level: Mapped[int] = mapped_column(Integer, primary_key=True)
