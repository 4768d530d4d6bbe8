"""Notices: who sees which (schedule, audience, platform, all in SQL so that pages count right), and the
console's changes to them, each audited with what it replaced."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, delete, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.accounts.models import AGENT_TYPES, Member
from server.admin.service import audit
from server.brands.service import Brand
from server.content.notices.models import Notice, NoticeRank
from server.content.notices.schemas import NoticeIn
from server.content.texts import check_languages, dump_texts
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError

HOME_KINDS = ("PLAYER", "BANNER", "POPUP", "PROMOTION")
# The home page shows a handful of each; a merchant with hundreds scheduled still answers quickly.
HOME_LIMIT = 50


@dataclass(frozen=True)
class Viewer:
    """Who reads: a visitor (no member), or a member with their agent flag and rank."""

    member_id: int | None = None
    agent: bool = False
    rank: int | None = None

    @property
    def is_member(self) -> bool:
        return self.member_id is not None


VISITOR = Viewer()


async def viewer_of(session: AsyncSession, merchant_id: int, member_id: int | None) -> Viewer:
    if member_id is None:
        return VISITOR
    row = (
        await session.execute(
            select(Member.member_type, Member.rank_level).where(
                Member.id == member_id, Member.merchant_id == merchant_id
            )
        )
    ).one_or_none()
    if row is None:
        return VISITOR
    return Viewer(member_id=member_id, agent=row.member_type in AGENT_TYPES, rank=row.rank_level)


def _audience(viewer: Viewer) -> ColumnElement[bool]:
    if not viewer.is_member:
        return Notice.audience.in_(("ALL", "VISITORS"))
    plain = ["ALL", "MEMBERS", *(["AGENTS"] if viewer.agent else [])]
    in_rank = exists().where(NoticeRank.notice_id == Notice.id, NoticeRank.rank_level == viewer.rank)
    return or_(Notice.audience.in_(plain), and_(Notice.audience == "RANKS", in_rank))


def _live(merchant_id: int, now: datetime, platform: str | None) -> list[ColumnElement[bool]]:
    """The merchant's published items in their window, for that platform (and for all): whoever reads."""
    conditions = [
        Notice.merchant_id == merchant_id,
        Notice.published.is_(True),
        or_(Notice.starts_at.is_(None), Notice.starts_at <= now),
        or_(Notice.ends_at.is_(None), Notice.ends_at > now),
    ]
    if platform is not None and platform != "A":
        conditions.append(Notice.platform.in_((platform, "A")))
    return conditions


def _shown(
    merchant_id: int, viewer: Viewer, now: datetime, platform: str | None
) -> list[ColumnElement[bool]]:
    return [*_live(merchant_id, now, platform), _audience(viewer)]


def notice_date(notice: Notice) -> datetime:
    """When players could first read it: its publication, or the start of its schedule when that came
    later (a notice published today for next week is dated next week). Drafts have no publication yet."""
    published = notice.published_at or notice.created_at
    return max(published, notice.starts_at) if notice.starts_at else published


_PUBLISHED = func.coalesce(Notice.published_at, Notice.created_at)
# notice_date in SQL (a NULL start compares as unknown and takes the publication).
_SHOWN_SINCE = case((Notice.starts_at > _PUBLISHED, Notice.starts_at), else_=_PUBLISHED)
_NEWEST = (Notice.sort_order, _SHOWN_SINCE.desc(), Notice.id.desc())


async def home_notice(
    session: AsyncSession, merchant_id: int, viewer: Viewer, now: datetime, *, platform: str | None = None
) -> dict[str, list[Notice]]:
    """The home page's parts by kind (PLAYER, BANNER, POPUP, PROMOTION), each in its order."""
    ranked = (
        select(Notice.id, func.row_number().over(partition_by=Notice.kind, order_by=_NEWEST).label("place"))
        .where(Notice.kind.in_(HOME_KINDS), *_shown(merchant_id, viewer, now, platform))
        .subquery()
    )
    shown = (
        select(Notice)
        .join(ranked, ranked.c.id == Notice.id)
        .where(ranked.c.place <= HOME_LIMIT)
        .order_by(*_NEWEST)
    )
    parts: dict[str, list[Notice]] = {kind: [] for kind in HOME_KINDS}
    for notice in await session.scalars(shown):
        parts[notice.kind].append(notice)
    return parts


async def announcements(
    session: AsyncSession,
    merchant_id: int,
    viewer: Viewer,
    now: datetime,
    *,
    types: Sequence[str] | None,
    platform: str | None,
    page: int,
    page_size: int,
) -> tuple[list[Notice], int]:
    """One page of the announcements the viewer may read, and how many there are in all."""
    conditions = [Notice.kind == "ANNOUNCEMENT", *_shown(merchant_id, viewer, now, platform)]
    if types:
        conditions.append(Notice.announcement_type.in_(types))
    return await _page(session, conditions, page, page_size)


async def agent_announcements(
    session: AsyncSession,
    merchant_id: int,
    now: datetime,
    *,
    platform: str | None,
    page: int,
    page_size: int,
) -> tuple[list[Notice], int]:
    """The agent centre's list: one page of the announcements written for agents alone (audience AGENTS),
    published and in their window, and how many there are in all. What every member or visitor reads is
    on the portal's own list already."""
    conditions = [
        Notice.kind == "ANNOUNCEMENT",
        Notice.audience == "AGENTS",
        *_live(merchant_id, now, platform),
    ]
    return await _page(session, conditions, page, page_size)


async def _page(
    session: AsyncSession, conditions: list[ColumnElement[bool]], page: int, page_size: int
) -> tuple[list[Notice], int]:
    total = await session.scalar(select(func.count()).select_from(Notice).where(*conditions)) or 0
    rows = await session.scalars(
        select(Notice).where(*conditions).order_by(*_NEWEST).offset((page - 1) * page_size).limit(page_size)
    )
    return list(rows), total


# --- the console --------------------------------------------------------------------------------------


async def ranks_of(session: AsyncSession, notice_ids: Iterable[int]) -> dict[int, list[int]]:
    ids = list(notice_ids)
    found: dict[int, list[int]] = defaultdict(list)
    if not ids:
        return found
    rows = await session.execute(
        select(NoticeRank.notice_id, NoticeRank.rank_level)
        .where(NoticeRank.notice_id.in_(ids))
        .order_by(NoticeRank.notice_id, NoticeRank.rank_level)
    )
    for notice_id, rank in rows:
        found[notice_id].append(rank)
    return found


async def list_notices(
    session: AsyncSession, merchant_id: int, kind: str | None
) -> tuple[list[Notice], dict[int, list[int]]]:
    query = select(Notice).where(Notice.merchant_id == merchant_id)
    if kind is not None:
        query = query.where(Notice.kind == kind)
    notices = list(await session.scalars(query.order_by(Notice.kind, *_NEWEST)))
    return notices, await ranks_of(session, (n.id for n in notices))


def snapshot(notice: Notice, ranks: list[int]) -> dict[str, Any]:
    """What the audit log keeps of a notice (camelCase, as the console sends it)."""
    return {
        "kind": notice.kind,
        "announcementType": notice.announcement_type,
        "platform": notice.platform,
        "audience": notice.audience,
        "ranks": ranks,
        "startsAt": notice.starts_at.isoformat() if notice.starts_at else None,
        "endsAt": notice.ends_at.isoformat() if notice.ends_at else None,
        "sortOrder": notice.sort_order,
        "published": notice.published,
        "imageUrl": notice.image_url,
        "linkUrl": notice.link_url,
        "texts": notice.texts,
    }


def _apply(notice: Notice, data: NoticeIn) -> None:
    if data.published and not notice.published:  # published now: from a draft, or again after a withdrawal
        notice.published_at = utcnow()
    notice.kind = data.kind
    notice.announcement_type = data.announcement_type
    notice.platform = data.platform
    notice.audience = data.audience
    notice.starts_at = data.starts_at
    notice.ends_at = data.ends_at
    notice.sort_order = data.sort_order
    notice.published = data.published
    notice.image_url = data.image_url
    notice.link_url = data.link_url
    notice.texts = dump_texts(data.texts)
    notice.updated_at = utcnow()


async def _tell_readers(session: AsyncSession, brand: Brand, *kinds: str) -> None:
    """Open pages of the merchant re-read what they show of these kinds (after COMMIT). Only for what
    readers could see before or after the change: a draft's edits tell nobody."""
    await publish(
        events.NOTICES_CHANGED,
        events.merchant_room(brand.code),
        {"kinds": sorted(set(kinds))},
        session=session,
    )


async def _set_ranks(session: AsyncSession, notice_id: int, ranks: list[int]) -> None:
    await session.execute(delete(NoticeRank).where(NoticeRank.notice_id == notice_id))
    session.add_all(NoticeRank(notice_id=notice_id, rank_level=rank) for rank in ranks)
    await session.flush()


async def _owned(session: AsyncSession, merchant_id: int, notice_id: int) -> Notice:
    """The merchant's notice, locked for the change; another merchant's is as unknown as a missing one."""
    notice = await session.scalar(
        select(Notice).where(Notice.id == notice_id, Notice.merchant_id == merchant_id).with_for_update()
    )
    if notice is None:
        raise AppError(errors.NOTICE_NOT_FOUND)
    return notice


async def create_notice(
    session: AsyncSession, brand: Brand, data: NoticeIn, *, staff_id: int, ip: str | None
) -> tuple[Notice, list[int]]:
    check_languages(brand, data.texts)
    notice = Notice(merchant_id=brand.id, created_by_staff_id=staff_id, published=False)
    _apply(notice, data)
    session.add(notice)
    await session.flush()
    await _set_ranks(session, notice.id, data.ranks)
    if notice.published:
        await _tell_readers(session, brand, notice.kind)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.notice.create",
        target=str(notice.id),
        detail={"after": snapshot(notice, data.ranks)},
        ip=ip,
    )
    return notice, data.ranks


async def change_notice(
    session: AsyncSession, brand: Brand, notice_id: int, data: NoticeIn, *, staff_id: int, ip: str | None
) -> tuple[Notice, list[int]]:
    check_languages(brand, data.texts)
    notice = await _owned(session, brand.id, notice_id)
    before = snapshot(notice, (await ranks_of(session, [notice.id]))[notice.id])
    was_published, old_kind = notice.published, notice.kind
    _apply(notice, data)
    await session.flush()
    await _set_ranks(session, notice.id, data.ranks)
    if was_published or notice.published:
        await _tell_readers(session, brand, old_kind, notice.kind)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.notice.change",
        target=str(notice.id),
        detail={"before": before, "after": snapshot(notice, data.ranks)},
        ip=ip,
    )
    return notice, data.ranks


async def delete_notice(
    session: AsyncSession, brand: Brand, notice_id: int, *, staff_id: int, ip: str | None
) -> None:
    notice = await _owned(session, brand.id, notice_id)
    before = snapshot(notice, (await ranks_of(session, [notice.id]))[notice.id])
    await session.delete(notice)  # its ranks go with it (ON DELETE CASCADE)
    await session.flush()
    if before["published"]:
        await _tell_readers(session, brand, before["kind"])
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.notice.delete",
        target=str(notice_id),
        detail={"before": before},
        ip=ip,
    )
