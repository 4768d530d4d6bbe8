"""/wps/admin/content/help: staff edit the help centre's categories and articles (content.read to read,
content.write to change; every change audited)."""

from __future__ import annotations

from fastapi import APIRouter

from server.content.help import service
from server.content.help.models import HelpArticle, HelpCategory
from server.content.help.schemas import (
    HelpAdminOut,
    HelpArticleAdminOut,
    HelpArticleIn,
    HelpCategoryAdminOut,
    HelpCategoryIn,
)
from server.content.texts import TextOut, TitleOut
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import ContentReader, ContentWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/content/help", tags=["admin"], responses=ERROR_RESPONSES)

RowId = WireId


def article_out(article: HelpArticle) -> HelpArticleAdminOut:
    return HelpArticleAdminOut(
        id=article.id,
        category_id=article.category_id,
        sort_order=article.sort_order,
        texts={
            code: TextOut(title=text.get("title", ""), content=text.get("content", ""))
            for code, text in article.texts.items()
        },
    )


def category_out(category: HelpCategory, articles: list[HelpArticle]) -> HelpCategoryAdminOut:
    return HelpCategoryAdminOut(
        id=category.id,
        code=category.code,
        sort_order=category.sort_order,
        texts={code: TitleOut(title=text.get("title", "")) for code, text in category.texts.items()},
        articles=[article_out(a) for a in articles],
    )


@router.get("", operation_id="adminHelpCentre", summary="Every help category and article, in every language")
async def read_help(
    reader: ContentReader, session: SessionDep, context: SystemContext
) -> Envelope[HelpAdminOut]:
    found = await service.help_for_staff(session, context.brand.id)
    return ok(HelpAdminOut(categories=[category_out(c, articles) for c, articles in found]))


@router.post("/categories", operation_id="adminCreateHelpCategory", summary="Add a help category")
async def create_category(
    body: HelpCategoryIn, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[HelpCategoryAdminOut]:
    assert writer.staff_id is not None
    category = await service.create_category(
        session, context.brand, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(category_out(category, []))


@router.put("/categories/{category_id}", operation_id="adminChangeHelpCategory", summary="Change a category")
async def change_category(
    category_id: RowId,
    body: HelpCategoryIn,
    writer: ContentWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[HelpCategoryAdminOut]:
    assert writer.staff_id is not None
    category = await service.change_category(
        session, context.brand, category_id, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(category_out(category, await service.articles_of(session, context.brand.id, category.id)))


@router.delete(
    "/categories/{category_id}",
    operation_id="adminDeleteHelpCategory",
    summary="Remove an empty help category (409 HELP_CATEGORY_NOT_EMPTY otherwise)",
)
async def delete_category(
    category_id: RowId, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[None]:
    assert writer.staff_id is not None
    await service.delete_category(
        session, context.brand, category_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(None)


@router.post("/articles", operation_id="adminCreateHelpArticle", summary="Add a help article to a category")
async def create_article(
    body: HelpArticleIn, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[HelpArticleAdminOut]:
    assert writer.staff_id is not None
    article = await service.create_article(
        session, context.brand, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(article_out(article))


@router.put("/articles/{article_id}", operation_id="adminChangeHelpArticle", summary="Change a help article")
async def change_article(
    article_id: RowId, body: HelpArticleIn, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[HelpArticleAdminOut]:
    assert writer.staff_id is not None
    article = await service.change_article(
        session, context.brand, article_id, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(article_out(article))


@router.delete(
    "/articles/{article_id}", operation_id="adminDeleteHelpArticle", summary="Remove a help article"
)
async def delete_article(
    article_id: RowId, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[None]:
    assert writer.staff_id is not None
    await service.delete_article(
        session, context.brand, article_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(None)
