"""The help centre: a merchant's categories (ABOUT, CONTACT, TERMS, ...) and their articles."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, IdMixin, MerchantScoped


class HelpCategory(IdMixin, MerchantScoped, Base):
    __tablename__ = "help_categories"
    __table_args__ = (UniqueConstraint("merchant_id", "code"),)

    code: Mapped[str] = mapped_column(String(24))
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    texts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {LANG: {"title": ...}}


class HelpArticle(IdMixin, MerchantScoped, Base):
    __tablename__ = "help_articles"

    # RESTRICT: a category with articles is not deleted (HELP_CATEGORY_NOT_EMPTY), not even by accident.
    category_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("help_categories.id", ondelete="RESTRICT"), index=True
    )
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    texts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {LANG: {"title", "content"}}
