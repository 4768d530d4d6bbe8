"""/wps/admin/content/notices: staff list, publish, change and remove the merchant's notices (content.read to
read, content.write to change; every change audited)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from server.content.notices import service
from server.content.notices.models import Notice
from server.content.notices.schemas import NoticeAdminOut, NoticeIn, NoticeListOut
from server.content.texts import TextOut
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import ContentReader, ContentWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/content", tags=["admin"], responses=ERROR_RESPONSES)

NoticeId = WireId


def notice_admin_out(notice: Notice, ranks: list[int]) -> NoticeAdminOut:
    return NoticeAdminOut(
        id=notice.id,
        kind=notice.kind,
        announcement_type=notice.announcement_type,
        platform=notice.platform,
        audience=notice.audience,
        ranks=ranks,
        starts_at=notice.starts_at,
        ends_at=notice.ends_at,
        sort_order=notice.sort_order,
        published=notice.published,
        published_at=notice.published_at,
        image_url=notice.image_url,
        link_url=notice.link_url,
        texts={
            code: TextOut(title=text.get("title", ""), content=text.get("content", ""))
            for code, text in notice.texts.items()
        },
        updated_at=notice.updated_at,
    )


@router.get("/notices", operation_id="adminListNotices", summary="The merchant's notices, of one kind or all")
async def list_notices(
    reader: ContentReader,
    session: SessionDep,
    context: SystemContext,
    kind: Annotated[Literal["BANNER", "POPUP", "ANNOUNCEMENT", "PROMOTION", "PLAYER"] | None, Query()] = None,
) -> Envelope[NoticeListOut]:
    notices, ranks = await service.list_notices(session, context.brand.id, kind)
    return ok(NoticeListOut(list=[notice_admin_out(n, ranks.get(n.id, [])) for n in notices]))


@router.post("/notices", operation_id="adminCreateNotice", summary="Add a notice, banner or announcement")
async def create_notice(
    body: NoticeIn, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[NoticeAdminOut]:
    assert writer.staff_id is not None
    notice, ranks = await service.create_notice(
        session, context.brand, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(notice_admin_out(notice, ranks))


@router.put("/notices/{notice_id}", operation_id="adminChangeNotice", summary="Change a notice (all of it)")
async def change_notice(
    notice_id: NoticeId, body: NoticeIn, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[NoticeAdminOut]:
    assert writer.staff_id is not None
    notice, ranks = await service.change_notice(
        session, context.brand, notice_id, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(notice_admin_out(notice, ranks))


@router.delete("/notices/{notice_id}", operation_id="adminDeleteNotice", summary="Remove a notice")
async def delete_notice(
    notice_id: NoticeId, writer: ContentWriter, session: SessionDep, context: SystemContext
) -> Envelope[None]:
    assert writer.staff_id is not None
    await service.delete_notice(
        session, context.brand, notice_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(None)
