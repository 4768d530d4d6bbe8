"""Applications from /join: anyone may apply (a few times an hour from one address); staff follow them up
from NEW to CONTACTED to CLOSED, every change audited."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from realtime import events
from realtime.publish import publish
from server.accounts.models import Member, Staff
from server.admin.service import audit
from server.brands.service import Brand
from server.content.applications.models import NEW, Application
from server.db.base import utcnow
from server.db.locks import take_turns
from server.db.paging import page_count, page_of
from server.http.core import errors
from server.http.core.errors import AppError

PER_IP_PER_HOUR = 3
WINDOW = timedelta(hours=1)


@dataclass(frozen=True)
class Applying:
    kind: str
    name: str
    contact_type: str
    contact: str
    message: str


async def apply(
    session: AsyncSession, brand: Brand, form: Applying, *, ip: str, member_id: int | None
) -> Application:
    """At most PER_IP_PER_HOUR from one address in any hour. Count and insert are one turn per address
    (an advisory lock on Postgres; SQLite's write transactions run one at a time), so parallel requests
    cannot all slip under the limit."""
    await take_turns(session, f"application:{brand.id}:{ip}")
    recent = await session.scalar(
        select(func.count())
        .select_from(Application)
        .where(
            Application.merchant_id == brand.id,
            Application.ip == ip,
            Application.created_at > utcnow() - WINDOW,
        )
    )
    if int(recent or 0) >= PER_IP_PER_HOUR:
        raise AppError(errors.TOO_MANY_REQUEST)
    item = Application(
        merchant_id=brand.id,
        member_id=member_id,
        kind=form.kind,
        name=form.name,
        contact_type=form.contact_type,
        contact=form.contact,
        message=form.message,
        status=NEW,
        ip=ip,
    )
    session.add(item)
    await session.flush()
    await publish(
        events.CONSOLE_APPLICATION, events.feedback_desk_room(brand.code), {"id": item.id}, session=session
    )
    return item


@dataclass(frozen=True)
class DeskRow:
    item: Application
    username: str | None
    handled_by: str | None


@dataclass(frozen=True)
class DeskPage:
    rows: list[DeskRow]
    page_num: int
    total_pages: int
    total: int


def _desk_query(merchant_id: int) -> Select[Application, str, str]:
    # Both names are None when nobody is joined (outer joins), whatever the type says.
    applicant = aliased(Member)
    return (
        select(Application, applicant.username, Staff.username)
        .outerjoin(applicant, applicant.id == Application.member_id)
        .outerjoin(Staff, Staff.id == Application.handled_by_staff_id)
        .where(Application.merchant_id == merchant_id)
    )


async def desk(
    session: AsyncSession, merchant_id: int, *, status: str | None, page: int, page_size: int
) -> DeskPage:
    chosen = [Application.status == status] if status is not None else []
    query = _desk_query(merchant_id).where(*chosen).order_by(Application.id.desc())
    rows, total = await page_of(session, query, page=page, page_size=page_size)
    return DeskPage(
        [DeskRow(item, username, staff) for item, username, staff in rows],
        page,
        page_count(total, page_size),
        total,
    )


async def desk_row(session: AsyncSession, merchant_id: int, application_id: int) -> DeskRow:
    found = (
        await session.execute(
            _desk_query(merchant_id)
            .where(Application.id == application_id)
            .execution_options(populate_existing=True)
        )
    ).first()
    if found is None:
        raise AppError(errors.APPLICATION_NOT_FOUND)
    item, username, staff = found
    return DeskRow(item, username, staff)


async def set_status(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int,
    application_id: int,
    status: str,
    ip: str | None,
) -> DeskRow:
    """Move an application to `status`. The same status again changes nothing (and audits nothing). The
    UPDATE is conditional on the status read: if someone else changed it meanwhile, CONFLICT, and the
    console shows the fresh state rather than overwriting a change its user never saw."""
    before = (await desk_row(session, brand.id, application_id)).item.status
    if before == status:
        return await desk_row(session, brand.id, application_id)
    changed = await session.execute(
        update(Application)
        .where(
            Application.id == application_id,
            Application.merchant_id == brand.id,
            Application.status == before,
        )
        .values(status=status, handled_by_staff_id=staff_id, handled_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if not changed.rowcount:  # type: ignore[attr-defined]
        raise AppError(errors.CONFLICT)
    row = await desk_row(session, brand.id, application_id)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="application.status",
        target=f"application:{application_id}",
        detail={"application": application_id, "from": before, "to": status},
        ip=ip,
    )
    await publish(
        events.CONSOLE_APPLICATION,
        events.feedback_desk_room(brand.code),
        {"id": application_id, "status": status},
        session=session,
    )
    return row
