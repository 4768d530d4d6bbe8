"""/wps/system/notice and /wps/system/announcements: what a visitor or member of the merchant may read now,
in their language."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from fastapi import APIRouter, Query

from server.brands.service import Brand
from server.content.notices import service
from server.content.notices.models import Notice
from server.content.notices.schemas import (
    AnnouncementPageOut,
    BannerOut,
    HomeNoticeOut,
    NoticeOut,
)
from server.content.texts import pick_text
from server.db.base import utcnow
from server.db.paging import page_count
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.edge.auth import MaybeMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/system", tags=["content"], responses=ERROR_RESPONSES)

NOTICE_PAGE_SIZE = 9  # SPEC §9
PlatformQuery = Annotated[
    Literal["W", "M", "A"] | None,
    Query(description="W web, M mobile: items for that platform and for all; absent or A: every item"),
]
_TYPE = re.compile(r"^[A-Z_]{2,16}$")


def _texts(notice: Notice, brand: Brand, language: str) -> tuple[str, str]:
    text = pick_text(notice.texts, language, brand.default_language) or {}
    return text.get("title", ""), text.get("content", "")


def notice_out(notice: Notice, brand: Brand, language: str) -> NoticeOut:
    """A notice as a reader gets it: the reader's language, else the brand's fallback (pick_text). The agent
    centre's announcements (server/agents/router.py) answer with the same."""
    title, content = _texts(notice, brand, language)
    return NoticeOut(
        id=notice.id,
        title=title,
        content=content,
        date=int(service.notice_date(notice).timestamp() * 1000),
        type=notice.announcement_type or notice.kind,
    )


def _banner_out(notice: Notice, brand: Brand, language: str) -> BannerOut:
    title, _ = _texts(notice, brand, language)
    return BannerOut(id=notice.id, title=title, image_url=notice.image_url, link_url=notice.link_url)


@router.get(
    "/notice",
    operation_id="getHomeNotice",
    summary="The home page's notices now showing to this caller: player, banners, popup, promotion",
)
async def home_notice(
    context: PortalContext, session: SessionDep, member: MaybeMember, platform: PlatformQuery = None
) -> Envelope[HomeNoticeOut]:
    brand, language = context.brand, context.language
    viewer = await service.viewer_of(session, brand.id, member.member_id if member else None)
    parts = await service.home_notice(session, brand.id, viewer, utcnow(), platform=platform)
    return ok(
        HomeNoticeOut(
            player=[notice_out(n, brand, language) for n in parts["PLAYER"]],
            banners=[_banner_out(n, brand, language) for n in parts["BANNER"]],
            popup=[notice_out(n, brand, language) for n in parts["POPUP"]],
            promotion=[_banner_out(n, brand, language) for n in parts["PROMOTION"]],
        )
    )


@router.get(
    "/announcements",
    operation_id="getAnnouncements",
    summary="Announcements now showing to this caller, newest first, a page at a time",
)
async def announcements(
    context: PortalContext,
    session: SessionDep,
    member: MaybeMember,
    types: Annotated[
        str | None,
        Query(max_length=200, description="Comma-separated announcement types, e.g. GENERAL,PROMOTION"),
    ] = None,
    platform: PlatformQuery = None,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=50)] = NOTICE_PAGE_SIZE,
) -> Envelope[AnnouncementPageOut]:
    wanted = [t.strip().upper() for t in (types or "").split(",") if t.strip()]
    if any(not _TYPE.match(t) for t in wanted):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "types", "location": "query"}]})
    brand, language = context.brand, context.language
    viewer = await service.viewer_of(session, brand.id, member.member_id if member else None)
    rows, total = await service.announcements(
        session,
        brand.id,
        viewer,
        utcnow(),
        types=wanted or None,
        platform=platform,
        page=page_no,
        page_size=page_size,
    )
    return ok(
        AnnouncementPageOut(
            list=[notice_out(n, brand, language) for n in rows],
            page_num=page_no,
            total_pages=page_count(total, page_size),
            total=total,
        )
    )
