"""The help centre: the portal's view in one language (with search), and the console's changes, each
audited with what it replaced. A category is deleted only when empty, atomically (see delete_category)."""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.service import audit
from server.brands.service import Brand
from server.content.help.models import HelpArticle, HelpCategory
from server.content.help.schemas import HelpArticleIn, HelpCategoryIn
from server.content.html import plain_text
from server.content.texts import check_languages, dump_texts, pick_text
from server.http.core import errors
from server.http.core.errors import AppError


@dataclass(frozen=True)
class ArticleView:
    id: int
    title: str
    content: str


@dataclass(frozen=True)
class CategoryView:
    id: int
    code: str
    title: str
    articles: list[ArticleView]


async def _categories(session: AsyncSession, merchant_id: int) -> list[HelpCategory]:
    return list(
        await session.scalars(
            select(HelpCategory)
            .where(HelpCategory.merchant_id == merchant_id)
            .order_by(HelpCategory.sort_order, HelpCategory.id)
        )
    )


async def _articles_by_category(session: AsyncSession, merchant_id: int) -> dict[int, list[HelpArticle]]:
    found: dict[int, list[HelpArticle]] = defaultdict(list)
    for article in await session.scalars(
        select(HelpArticle)
        .where(HelpArticle.merchant_id == merchant_id)
        .order_by(HelpArticle.sort_order, HelpArticle.id)
    ):
        found[article.category_id].append(article)
    return found


def _folded(text: str) -> str:
    # NFC first: a Vietnamese keyboard may send "ữ" as u + two combining marks.
    return unicodedata.normalize("NFC", text).casefold()


def _matches(needle: str, article: ArticleView) -> bool:
    return needle in _folded(article.title) or needle in _folded(plain_text(article.content))


async def help_centre(
    session: AsyncSession, merchant_id: int, language: str, fallback_language: str, q: str | None = None
) -> list[CategoryView]:
    """Every category with its articles in the reader's language (see pick_text). With `q`, only the
    articles whose title or visible text holds it, in the text the reader gets, and only the categories
    left with one. Help centres are small: matched here rather than in SQL, over the very text shown."""
    articles = await _articles_by_category(session, merchant_id)
    needle = _folded(q.strip()) if q else ""
    views = []
    for category in await _categories(session, merchant_id):
        title = (pick_text(category.texts, language, fallback_language) or {}).get("title", "")
        shown = []
        for article in articles.get(category.id, []):
            text = pick_text(article.texts, language, fallback_language) or {}
            view = ArticleView(article.id, text.get("title", ""), text.get("content", ""))
            if not needle or _matches(needle, view):
                shown.append(view)
        if needle and not shown:
            continue
        views.append(CategoryView(category.id, category.code, title, shown))
    return views


# --- the console --------------------------------------------------------------------------------------


async def help_for_staff(
    session: AsyncSession, merchant_id: int
) -> list[tuple[HelpCategory, list[HelpArticle]]]:
    articles = await _articles_by_category(session, merchant_id)
    return [(c, articles.get(c.id, [])) for c in await _categories(session, merchant_id)]


async def articles_of(session: AsyncSession, merchant_id: int, category_id: int) -> list[HelpArticle]:
    return list(
        await session.scalars(
            select(HelpArticle)
            .where(HelpArticle.merchant_id == merchant_id, HelpArticle.category_id == category_id)
            .order_by(HelpArticle.sort_order, HelpArticle.id)
        )
    )


def _category_detail(category: HelpCategory) -> dict[str, Any]:
    return {"code": category.code, "sortOrder": category.sort_order, "texts": category.texts}


def _article_detail(article: HelpArticle) -> dict[str, Any]:
    return {"categoryId": article.category_id, "sortOrder": article.sort_order, "texts": article.texts}


async def _category(
    session: AsyncSession, merchant_id: int, category_id: int, *, lock: bool = False
) -> HelpCategory:
    query = select(HelpCategory).where(
        HelpCategory.id == category_id, HelpCategory.merchant_id == merchant_id
    )
    category = await session.scalar(query.with_for_update() if lock else query)
    if category is None:
        raise AppError(errors.HELP_CATEGORY_NOT_FOUND)
    return category


async def _article(session: AsyncSession, merchant_id: int, article_id: int) -> HelpArticle:
    article = await session.scalar(
        select(HelpArticle)
        .where(HelpArticle.id == article_id, HelpArticle.merchant_id == merchant_id)
        .with_for_update()
    )
    if article is None:
        raise AppError(errors.HELP_ARTICLE_NOT_FOUND)
    return article


async def _flush_category(session: AsyncSession) -> None:
    # The unique (merchant, code) decides between two staff saving the same code at once.
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError:
        raise AppError(errors.HELP_CATEGORY_CODE_TAKEN) from None


async def create_category(
    session: AsyncSession, brand: Brand, data: HelpCategoryIn, *, staff_id: int, ip: str | None
) -> HelpCategory:
    check_languages(brand, data.texts)
    category = HelpCategory(
        merchant_id=brand.id, code=data.code, sort_order=data.sort_order, texts=dump_texts(data.texts)
    )
    session.add(category)
    await _flush_category(session)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.help.category.create",
        target=str(category.id),
        detail={"after": _category_detail(category)},
        ip=ip,
    )
    return category


async def change_category(
    session: AsyncSession,
    brand: Brand,
    category_id: int,
    data: HelpCategoryIn,
    *,
    staff_id: int,
    ip: str | None,
) -> HelpCategory:
    check_languages(brand, data.texts)
    category = await _category(session, brand.id, category_id, lock=True)
    before = _category_detail(category)
    category.code, category.sort_order, category.texts = data.code, data.sort_order, dump_texts(data.texts)
    await _flush_category(session)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.help.category.change",
        target=str(category.id),
        detail={"before": before, "after": _category_detail(category)},
        ip=ip,
    )
    return category


async def delete_category(
    session: AsyncSession, brand: Brand, category_id: int, *, staff_id: int, ip: str | None
) -> None:
    """Only an empty category goes. The emptiness is checked by the DELETE itself, and the foreign key
    (ON DELETE RESTRICT) refuses it should an article arrive in between: never read-then-delete."""
    category = await _category(session, brand.id, category_id, lock=True)
    before = _category_detail(category)
    has_articles = exists().where(HelpArticle.category_id == HelpCategory.id)
    try:
        async with session.begin_nested():
            deleted = await session.execute(
                delete(HelpCategory)
                .where(HelpCategory.id == category.id, ~has_articles)
                .execution_options(synchronize_session=False)
            )
    except IntegrityError:
        raise AppError(errors.HELP_CATEGORY_NOT_EMPTY) from None
    if deleted.rowcount != 1:  # type: ignore[attr-defined]
        raise AppError(errors.HELP_CATEGORY_NOT_EMPTY)
    session.expunge(category)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.help.category.delete",
        target=str(category_id),
        detail={"before": before},
        ip=ip,
    )


async def _flush_article(session: AsyncSession) -> None:
    # The category was checked to be the merchant's; should it be deleted meanwhile, the foreign key says so.
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError:
        raise AppError(errors.HELP_CATEGORY_NOT_FOUND) from None


async def create_article(
    session: AsyncSession, brand: Brand, data: HelpArticleIn, *, staff_id: int, ip: str | None
) -> HelpArticle:
    check_languages(brand, data.texts)
    await _category(session, brand.id, data.category_id)
    article = HelpArticle(
        merchant_id=brand.id,
        category_id=data.category_id,
        sort_order=data.sort_order,
        texts=dump_texts(data.texts),
    )
    session.add(article)
    await _flush_article(session)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.help.article.create",
        target=str(article.id),
        detail={"after": _article_detail(article)},
        ip=ip,
    )
    return article


async def change_article(
    session: AsyncSession,
    brand: Brand,
    article_id: int,
    data: HelpArticleIn,
    *,
    staff_id: int,
    ip: str | None,
) -> HelpArticle:
    check_languages(brand, data.texts)
    article = await _article(session, brand.id, article_id)
    await _category(session, brand.id, data.category_id)
    before = _article_detail(article)
    article.category_id, article.sort_order = data.category_id, data.sort_order
    article.texts = dump_texts(data.texts)
    await _flush_article(session)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.help.article.change",
        target=str(article.id),
        detail={"before": before, "after": _article_detail(article)},
        ip=ip,
    )
    return article


async def delete_article(
    session: AsyncSession, brand: Brand, article_id: int, *, staff_id: int, ip: str | None
) -> None:
    article = await _article(session, brand.id, article_id)
    before = _article_detail(article)
    await session.delete(article)
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.help.article.delete",
        target=str(article_id),
        detail={"before": before},
        ip=ip,
    )
