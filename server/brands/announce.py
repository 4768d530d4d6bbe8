"""Telling connected browsers that their merchant entered or left maintenance, once per change."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.brands.models import Merchant
from server.brands.service import SystemStatus
from server.db.base import utcnow


def _maintenance_status(merchant: Merchant, now: datetime) -> SystemStatus:
    start, end = merchant.maintenance_start, merchant.maintenance_end
    scheduled = start is not None and start <= now and (end is None or now < end)
    return SystemStatus.MAINTENANCE if merchant.maintenance or scheduled else SystemStatus.NORMAL


async def announce_status_changes(session: AsyncSession, now: datetime | None = None) -> list[str]:
    """Push `system:status` to every merchant whose maintenance state differs from what its clients were
    last told; the browsers then re-read /wps/system/status (region rules depend on each client)."""
    now = now or utcnow()
    changed: list[str] = []
    merchants = await session.scalars(select(Merchant).order_by(Merchant.id).with_for_update())
    for merchant in merchants:
        status = _maintenance_status(merchant, now)
        if merchant.announced_status == int(status):
            continue
        merchant.announced_status = int(status)
        changed.append(merchant.code)
        await publish(
            events.SYSTEM_STATUS,
            events.merchant_room(merchant.code),
            {"status": int(status)},
            session=session,
        )
    await session.flush()
    return changed
