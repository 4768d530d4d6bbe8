"""/wps/admin/content/home: the brand's home-page words (the hero and the footer's about text), content.read
to read, content.write to change (audited). The portal reads them with the status call."""

from __future__ import annotations

from fastapi import APIRouter, Request

from server.content.home import service
from server.content.home.schemas import HomeContentAdminOut, HomeContentIn
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import ContentReader, ContentWriter
from server.http.edge.context import SystemContext, refresh_brands_after_commit
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/content/home", tags=["admin"], responses=ERROR_RESPONSES)


async def _out(session: SessionDep, context: SystemContext) -> HomeContentAdminOut:
    texts, figures = await service.read(session, context.brand)
    return HomeContentAdminOut(texts=texts, figures=figures)


@router.get("", operation_id="adminHomeContent", summary="The home page's words as stored, and the figures")
async def read_home(
    reader: ContentReader, session: SessionDep, context: SystemContext
) -> Envelope[HomeContentAdminOut]:
    return ok(await _out(session, context))


@router.put("", operation_id="adminSetHomeContent", summary="Replace the home page's words in every language")
async def set_home(
    body: HomeContentIn, writer: ContentWriter, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[HomeContentAdminOut]:
    assert writer.staff_id is not None
    await service.change(session, context.brand, body.texts, staff_id=writer.staff_id, ip=context.client.ip)
    refresh_brands_after_commit(request, session)
    return ok(await _out(session, context))
