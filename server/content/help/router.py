"""/wps/system/helpCenter: the merchant's help centre in the reader's language, optionally searched."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.content.help import service
from server.content.help.schemas import HelpArticleOut, HelpCategoryOut, HelpCentreOut
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/system", tags=["content"], responses=ERROR_RESPONSES)


@router.get(
    "/helpCenter",
    operation_id="getHelpCenter",
    summary="Help categories and their articles in the caller's language; with q, only what matches",
)
async def help_centre(
    context: PortalContext,
    session: SessionDep,
    q: Annotated[
        str | None,
        Query(min_length=1, max_length=60, description="Words to find in an article's title or text"),
    ] = None,
) -> Envelope[HelpCentreOut]:
    brand = context.brand
    views = await service.help_centre(
        session, brand.id, context.language, brand.default_language, q.strip() if q and q.strip() else None
    )
    return ok(
        HelpCentreOut(
            categories=[
                HelpCategoryOut(
                    id=c.id,
                    code=c.code,
                    title=c.title,
                    articles=[HelpArticleOut(id=a.id, title=a.title, content=a.content) for a in c.articles],
                )
                for c in views
            ]
        )
    )
