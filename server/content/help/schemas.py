"""The wire shapes of the help centre: the portal's view in one language, the console's with every text."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from server.content.texts import TextOut, Texts, TitleOut, Titles
from server.http.core.envelope import WireModel
from server.http.core.wire_types import WireId

CATEGORY_CODE = r"^[A-Z_]{2,24}$"
# The footer's categories (SPEC §2); others are allowed.
FOOTER_CATEGORIES = ("ABOUT", "CONTACT", "TERMS", "RESPONSIBLE", "PRIVACY", "AFFILIATES", "REFUND")


# --- the portal ---------------------------------------------------------------------------------------


class HelpArticleOut(WireModel):
    id: int
    title: str
    content: str = Field(description="Sanitised HTML")


class HelpCategoryOut(WireModel):
    id: int
    code: str
    title: str
    articles: list[HelpArticleOut]


class HelpCentreOut(WireModel):
    categories: list[HelpCategoryOut]


# --- the console --------------------------------------------------------------------------------------


class HelpArticleAdminOut(WireModel):
    id: int
    category_id: int
    sort_order: int
    texts: dict[str, TextOut]


class HelpCategoryAdminOut(WireModel):
    id: int
    code: str
    sort_order: int
    texts: dict[str, TitleOut]
    articles: list[HelpArticleAdminOut]


class HelpAdminOut(WireModel):
    categories: list[HelpCategoryAdminOut]


SortOrder = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]


class HelpCategoryIn(WireModel):
    code: str = Field(
        pattern=CATEGORY_CODE, description=f"Unique per merchant, e.g. {', '.join(FOOTER_CATEGORIES)}"
    )
    sort_order: SortOrder = 0
    texts: Titles


class HelpArticleIn(WireModel):
    category_id: WireId
    sort_order: SortOrder = 0
    texts: Texts
