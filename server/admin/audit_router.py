"""/wps/admin/audit: the audit log, newest first. It is append-only: no call edits or deletes an entry.
/wps/admin/dashboard: the merchant's days at a glance."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import Field
from sqlalchemy import select

from server.accounts.models import Staff
from server.admin import dashboard
from server.admin.models import AuditEntry
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import IsoDateTime, WireId
from server.http.edge.auth import AuditReader, DashboardReader
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin", tags=["admin"], responses=ERROR_RESPONSES)


class AuditOut(WireModel):
    id: int
    at: datetime
    staff: str | None
    action: str
    target: str | None
    detail: dict[str, Any]
    ip: str | None


@router.get("/audit", operation_id="adminReadAudit", summary="The audit log, newest first, filtered")
async def read_audit(
    reader: AuditReader,
    session: SessionDep,
    action: Annotated[
        str | None, Query(max_length=64, description="An action, or its prefix: 'withdrawal.'")
    ] = None,
    staff: Annotated[
        str | None, Query(max_length=64, description="The acting staff member's username")
    ] = None,
    target: Annotated[str | None, Query(max_length=128)] = None,
    since: Annotated[IsoDateTime | None, Query(alias="from")] = None,
    until: Annotated[IsoDateTime | None, Query(alias="to")] = None,
    before_id: Annotated[WireId | None, Query(alias="beforeId", description="The next page")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Envelope[list[AuditOut]]:
    stmt = (
        select(AuditEntry, Staff.username)
        .outerjoin(Staff, Staff.id == AuditEntry.staff_id)
        .where(AuditEntry.merchant_id == reader.merchant_id)
        .order_by(AuditEntry.id.desc())
        .limit(limit)
    )
    if action:
        stmt = stmt.where(AuditEntry.action.startswith(action, autoescape=True))
    if staff:
        stmt = stmt.where(Staff.username == staff.strip().lower())
    if target:
        stmt = stmt.where(AuditEntry.target == target)
    if since:
        stmt = stmt.where(AuditEntry.created_at >= since)
    if until:
        stmt = stmt.where(AuditEntry.created_at < until)
    if before_id:
        stmt = stmt.where(AuditEntry.id < before_id)
    rows = (await session.execute(stmt)).all()
    return ok(
        [
            AuditOut(
                id=entry.id,
                at=entry.created_at,
                staff=username,
                action=entry.action,
                target=entry.target,
                detail=entry.detail,
                ip=entry.ip,
            )
            for entry, username in rows
        ]
    )


class DayOut(WireModel):
    day: date
    deposits: str
    withdrawals: str
    stakes: str
    wins: str
    ggr: str = Field(description="Stakes less wins")
    new_members: int


class DashboardOut(WireModel):
    days: list[DayOut] = Field(description="Oldest first; the last is today (UTC)")
    players_active: int = Field(description="Members seen in the last five minutes")


@router.get(
    "/dashboard",
    operation_id="adminDashboard",
    summary="Deposits, withdrawals, stakes, wins, GGR and players",
)
async def read_dashboard(
    reader: DashboardReader, session: SessionDep, days: Annotated[int, Query(ge=1, le=31)] = 7
) -> Envelope[DashboardOut]:
    found = await dashboard.dashboard(session, reader.merchant_id, days)
    return ok(
        DashboardOut(
            days=[
                DayOut(
                    day=d.day,
                    deposits=format_amount(d.deposits),
                    withdrawals=format_amount(d.withdrawals),
                    stakes=format_amount(d.stakes),
                    wins=format_amount(d.wins),
                    ggr=format_amount(d.ggr),
                    new_members=d.new_members,
                )
                for d in found.days
            ],
            players_active=found.players_active,
        )
    )
