"""Writing the append-only audit log: every operator action adds its entry in the same transaction as its
effect (server.admin.service re-exports `audit`, which most callers import from there)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.models import AuditEntry


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
