"""The member's protection history (the console's), written in the transaction of the change it records."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.protection.models import ProtectionEvent

Actor = Literal["MEMBER", "STAFF", "SYSTEM"]


async def record(
    session: AsyncSession,
    *,
    merchant_id: int,
    member_id: int,
    actor: Actor,
    event: str,
    detail: dict[str, Any] | None = None,
    staff_id: int | None = None,
) -> None:
    session.add(
        ProtectionEvent(
            merchant_id=merchant_id,
            member_id=member_id,
            at=utcnow(),
            actor=actor,
            staff_id=staff_id,
            event=event,
            detail=detail or {},
        )
    )
