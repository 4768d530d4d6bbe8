"""Telling connected browsers that their merchant entered or left maintenance, once per change."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.brands.models import Merchant
from server.brands.service import maintenance_status
from server.db.base import utcnow


async def _announce(session: AsyncSession, merchant: Merchant, now: datetime) -> bool:
    status = maintenance_status(merchant, now)
    if merchant.announced_status == int(status):
        return False
    merchant.announced_status = int(status)
    # Browsers re-read /wps/system/status on this push: region rules depend on each visitor.
    await publish(
        events.SYSTEM_STATUS, events.merchant_room(merchant.code), {"status": int(status)}, session=session
    )
    return True


async def announce_if_changed(session: AsyncSession, code: str, now: datetime | None = None) -> bool:
    merchant = await session.scalar(select(Merchant).where(Merchant.code == code).with_for_update())
    if merchant is None:
        return False
    changed = await _announce(session, merchant, now or utcnow())
    await session.flush()
    return changed


async def announce_status_changes(session: AsyncSession, now: datetime | None = None) -> list[str]:
    """The scheduled job: catches scheduled maintenance windows opening and closing."""
    now = now or utcnow()
    merchants = await session.scalars(select(Merchant).order_by(Merchant.id).with_for_update())
    changed = [m.code for m in merchants if await _announce(session, m, now)]
    await session.flush()
    return changed
