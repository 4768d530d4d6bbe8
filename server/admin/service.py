"""Operator actions. Each one is written to the audit log in the same transaction as its effect."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.models import AuditEntry
from server.brands import service as brands
from server.brands.announce import announce_if_changed


async def audit(
    session: AsyncSession,
    *,
    merchant_id: int,
    staff_id: int | None,
    action: str,
    target: str | None = None,
    detail: dict[str, Any] | None = None,
    ip: str | None = None,
) -> None:
    session.add(
        AuditEntry(
            merchant_id=merchant_id,
            staff_id=staff_id,
            action=action,
            target=target,
            detail=detail or {},
            ip=ip,
        )
    )
    await session.flush()


async def set_maintenance(
    session: AsyncSession,
    *,
    merchant_id: int,
    merchant_code: str,
    staff_id: int,
    on: bool,
    start: datetime | None,
    end: datetime | None,
    ip: str | None,
) -> bool:
    """Switch maintenance and tell the merchant's open pages at once, rather than at the next job tick.
    True when the visible status changed."""
    await brands.set_maintenance(session, merchant_code, on=on, start=start, end=end)
    changed = await announce_if_changed(session, merchant_code)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="merchant.maintenance",
        target=merchant_code,
        detail={
            "on": on,
            "start": start.isoformat() if start else None,
            "end": end.isoformat() if end else None,
        },
        ip=ip,
    )
    return changed
