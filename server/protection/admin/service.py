"""What the console reads and changes of player protection, always within the staff member's merchant (a
member or marker of another brand is not found).

The members list is every member with a protection row (a limit set or an exclusion, now or once), a KYC
submission or an open risk marker: one query (the three sources' member ids as a UNION, the latest KYC status
and the open markers' count as correlated subqueries), paged. A marker is reviewed once, by one conditional
UPDATE from OPEN: two staff reviewing at once, one wins and the other is told it changed (CONFLICT). The
brand's settings are one row, written by one upsert, so two first saves cannot collide on its key."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast
from urllib.parse import urlsplit

from sqlalchemy import ColumnElement, Select, Table, func, select, union, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import Member, Staff
from server.admin.audit_trail import audit
from server.db.base import utcnow
from server.db.paging import page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.protection import history
from server.protection.admin import schemas
from server.protection.kyc.models import KycSubmission
from server.protection.models import (
    KYC_ABOVE_AMOUNT,
    LIMIT_KINDS,
    PERIODS,
    MemberProtection,
    ProtectionEvent,
    ProtectionSettings,
    RiskMarker,
    limit_column,
)
from server.protection.policy import exclusion_active, millis
from server.protection.schemas import ExclusionKind, ProtectionExclusionOut
from server.protection.settings import REALITY_CHECK_CHOICES
from server.protection.settings import of as settings_of
from server.protection.view import protection_out

OPEN, REVIEWED = "OPEN", "REVIEWED"
_LIMIT_COLUMNS = (*(limit_column(k, p) for k in LIMIT_KINDS for p in PERIODS), "session_minutes")
_SETTINGS = cast(Table, ProtectionSettings.__table__)


def _field(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def kyc_status_of(member_id: Any) -> ColumnElement[str]:
    """The member's latest KYC submission's status, NONE without one (a correlated subquery)."""
    latest = (
        select(KycSubmission.status)
        .where(KycSubmission.member_id == member_id)
        .order_by(KycSubmission.id.desc())
        .limit(1)
        .scalar_subquery()
    )
    return func.coalesce(latest, "NONE")


def _open_markers(member_id: Any) -> ColumnElement[int]:
    return (
        select(func.count())
        .select_from(RiskMarker)
        .where(RiskMarker.member_id == member_id, RiskMarker.status == OPEN)
        .scalar_subquery()
    )


# --- members -----------------------------------------------------------------------------------------------


def exclusion_out(row: MemberProtection | None, now: datetime) -> ProtectionExclusionOut | None:
    """The exclusion running now, as the member's page shows it."""
    if row is None or not exclusion_active(row, now) or row.excluded_from is None:
        return None
    return ProtectionExclusionOut(
        kind=cast(ExclusionKind, row.excluded_kind),
        since=int(row.excluded_from.timestamp() * 1000),
        until=millis(row.excluded_until),
    )


def members_query(merchant_id: int, username: str | None) -> Select[int, str, MemberProtection, str, int]:
    under = union(
        select(MemberProtection.member_id).where(MemberProtection.merchant_id == merchant_id),
        select(KycSubmission.member_id).where(KycSubmission.merchant_id == merchant_id),
        select(RiskMarker.member_id).where(RiskMarker.merchant_id == merchant_id, RiskMarker.status == OPEN),
    ).subquery()
    query = (
        select(
            Member.id,
            Member.username,
            MemberProtection,
            kyc_status_of(Member.id).label("kyc_status"),
            _open_markers(Member.id).label("open_markers"),
        )
        .join(under, under.c.member_id == Member.id)
        .outerjoin(MemberProtection, MemberProtection.member_id == Member.id)
        .where(Member.merchant_id == merchant_id)
        .order_by(Member.username, Member.id)
    )
    text = (username or "").strip().lower()
    if text:
        query = query.where(Member.username.startswith(text, autoescape=True))
    return query


def _limits_set(row: MemberProtection | None) -> int:
    if row is None:
        return 0
    return sum(getattr(row, column) is not None for column in _LIMIT_COLUMNS)


async def members(
    session: AsyncSession, merchant_id: int, username: str | None, page: int, size: int, now: datetime
) -> schemas.ProtectionAdminMemberListOut:
    rows, total = await page_of(session, members_query(merchant_id, username), page=page, page_size=size)
    return schemas.ProtectionAdminMemberListOut(
        list=[
            schemas.ProtectionAdminMemberRowOut(
                member_id=int(member_id),
                username=str(name),
                limits=_limits_set(row),
                exclusion=exclusion_out(row, now),
                kyc_status=kyc,
                open_markers=int(markers or 0),
            )
            for member_id, name, row, kyc, markers in rows
        ],
        total=total,
    )


async def member_of(session: AsyncSession, merchant_id: int, member_id: int) -> Member:
    member = await session.get(Member, member_id)
    if member is None or member.merchant_id != merchant_id:
        raise AppError(errors.NOT_FOUND)
    return member


def _wire_detail(detail: dict[str, Any]) -> dict[str, Any]:
    """A history entry's detail as the wire carries it: a money limit's amounts (kept in minor units) as
    decimal strings. The session limit's are minutes and stay numbers."""
    out = dict(detail)
    if out.get("kind") in LIMIT_KINDS:
        for key in ("amount", "previous"):
            value = out.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                out[key] = format_amount(value)
    return out


async def history_of(session: AsyncSession, member_id: int) -> list[schemas.ProtectionAdminHistoryOut]:
    events = await session.scalars(
        select(ProtectionEvent)
        .where(ProtectionEvent.member_id == member_id)
        .order_by(ProtectionEvent.id.desc())
        .limit(schemas.HISTORY_MAX)
    )
    return [
        schemas.ProtectionAdminHistoryOut(
            at=int(event.at.timestamp() * 1000),
            actor=cast(schemas.HistoryActor, event.actor),
            event=event.event,
            detail=_wire_detail(event.detail or {}),
        )
        for event in events
    ]


async def member_detail(
    session: AsyncSession, merchant_id: int, member_id: int, now: datetime
) -> schemas.ProtectionAdminMemberOut:
    member = await member_of(session, merchant_id, member_id)
    kyc = await session.scalar(select(kyc_status_of(Member.id)).where(Member.id == member.id))
    return schemas.ProtectionAdminMemberOut(
        member_id=member.id,
        username=member.username,
        protection=await protection_out(session, member, now),
        kyc_status=cast(schemas.KycStatusName, kyc or "NONE"),
        history=await history_of(session, member.id),
    )


# --- risk markers ------------------------------------------------------------------------------------------

_REVIEWER = aliased(Staff)


def _markers_query(merchant_id: int, status: str | None) -> Select[RiskMarker, str, str]:
    query = (
        select(RiskMarker, Member.username, _REVIEWER.username)
        .join(Member, Member.id == RiskMarker.member_id)
        .outerjoin(_REVIEWER, _REVIEWER.id == RiskMarker.reviewed_by)
        .where(RiskMarker.merchant_id == merchant_id)
        .order_by(RiskMarker.id.desc())
    )
    return query if status is None else query.where(RiskMarker.status == status)


def marker_out(marker: RiskMarker, username: str, reviewer: str | None) -> schemas.ProtectionAdminMarkerOut:
    return schemas.ProtectionAdminMarkerOut(
        id=marker.id,
        member_id=marker.member_id,
        username=username,
        kind=cast(schemas.MarkerKind, marker.kind),
        day=marker.day,
        detail=dict(marker.detail or {}),
        status=cast(schemas.MarkerStatus, marker.status),
        reviewed_by=reviewer,
        reviewed_at=millis(marker.reviewed_at),
        note=marker.note,
    )


async def markers(
    session: AsyncSession, merchant_id: int, status: str | None, page: int, size: int
) -> schemas.ProtectionAdminMarkerListOut:
    rows, total = await page_of(session, _markers_query(merchant_id, status), page=page, page_size=size)
    return schemas.ProtectionAdminMarkerListOut(
        list=[marker_out(marker, name, reviewer) for marker, name, reviewer in rows], total=total
    )


async def review(
    session: AsyncSession, merchant_id: int, marker_id: int, note: str, *, staff_id: int, ip: str
) -> schemas.ProtectionAdminMarkerOut:
    """Mark an open marker reviewed with staff's note, once; recorded in the member's history and audited."""
    note = note.strip()
    if not note:
        raise _field("note", "missing")
    now = utcnow()
    taken = await session.scalar(
        update(RiskMarker)
        .where(RiskMarker.id == marker_id, RiskMarker.merchant_id == merchant_id, RiskMarker.status == OPEN)
        .values(status=REVIEWED, reviewed_by=staff_id, reviewed_at=now, note=note)
        .returning(RiskMarker.id)
    )
    read = _markers_query(merchant_id, None).where(RiskMarker.id == marker_id)
    found = (await session.execute(read.execution_options(populate_existing=True))).first()
    if found is None:
        raise AppError(errors.NOT_FOUND)
    if taken is None:
        raise AppError(errors.CONFLICT, value={"status": found[0].status})
    marker: RiskMarker = found[0]
    await history.record(
        session,
        merchant_id=merchant_id,
        member_id=marker.member_id,
        actor="STAFF",
        staff_id=staff_id,
        event="MARKER_REVIEWED",
        detail={"markerId": marker.id, "kind": marker.kind, "day": marker.day, "note": note},
    )
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="protection.marker_review",
        target=f"risk_marker:{marker.id}",
        detail={"markerId": marker.id, "note": note},
        ip=ip,
    )
    return marker_out(marker, found[1], found[2])


# --- settings ----------------------------------------------------------------------------------------------


def settings_out(row: ProtectionSettings) -> schemas.ProtectionAdminSettingsIO:
    return schemas.ProtectionAdminSettingsIO(
        reality_check_minutes=row.reality_check_minutes,
        kyc_rule=cast(schemas.KycRuleName, row.kyc_rule),
        kyc_amount=None if row.kyc_amount is None else format_amount(row.kyc_amount),
        organisations=organisations_of(row),
    )


def organisations_of(row: ProtectionSettings) -> list[schemas.ProtectionOrganisationIO]:
    return [
        schemas.ProtectionOrganisationIO(
            name=str(item.get("name", "")), url=str(item.get("url", "")), phone=item.get("phone") or None
        )
        for item in row.organisations or []
        if isinstance(item, dict)
    ]


def _https(url: str) -> bool:
    if any(ch.isspace() or ch in "\"'<>\\" for ch in url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme == "https" and url.startswith("https://") and bool(parts.hostname)


@dataclass(frozen=True)
class Checked:
    reality_check_minutes: int
    kyc_rule: str
    kyc_amount: int | None
    organisations: list[dict[str, str | None]]


def check_settings(body: schemas.ProtectionAdminSettingsIO) -> Checked:
    if body.reality_check_minutes not in REALITY_CHECK_CHOICES:
        raise _field("realityCheckMinutes", "choice")
    amount = parse_amount(body.kyc_amount, field="kycAmount") if body.kyc_rule == KYC_ABOVE_AMOUNT else None
    kept: list[dict[str, str | None]] = []
    for n, organisation in enumerate(body.organisations):
        name = " ".join(organisation.name.split())
        if not name:
            raise _field(f"organisations.{n}.name", "missing")
        url = organisation.url.strip()
        if not _https(url):
            raise _field(f"organisations.{n}.url", "url")
        phone = (organisation.phone or "").strip() or None
        kept.append({"name": name, "url": url, "phone": phone})
    return Checked(body.reality_check_minutes, body.kyc_rule, amount, kept)


async def save_settings(
    session: AsyncSession,
    merchant_id: int,
    body: schemas.ProtectionAdminSettingsIO,
    *,
    staff_id: int | None,
    ip: str,
) -> schemas.ProtectionAdminSettingsIO:
    checked = check_settings(body)
    values = {
        "reality_check_minutes": checked.reality_check_minutes,
        "kyc_rule": checked.kyc_rule,
        "kyc_amount": checked.kyc_amount,
        "organisations": checked.organisations,
        "updated_at": utcnow(),
    }
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(
        insert_for(_SETTINGS)
        .values(merchant_id=merchant_id, **values)
        .on_conflict_do_update(index_elements=["merchant_id"], set_=values)
    )
    row = await session.get(ProtectionSettings, merchant_id, populate_existing=True)
    assert row is not None
    out = settings_out(row)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="protection.settings_update",
        detail={
            "realityCheckMinutes": out.reality_check_minutes,
            "kycRule": out.kyc_rule,
            "kycAmount": out.kyc_amount,
            "organisations": checked.organisations,
        },
        ip=ip,
    )
    return out


async def settings(session: AsyncSession, merchant_id: int) -> schemas.ProtectionAdminSettingsIO:
    return settings_out(await settings_of(session, merchant_id))
