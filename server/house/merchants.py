"""The merchants the house serves. The portal provisions each one through `serve` (in the same unit of work
that puts the house's games into the merchant's catalogue); the house looks merchants up here only."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.session import Database
from server.house.models import HouseMerchant


async def serve(session: AsyncSession, *, merchant_id: int, code: str, live_tables: bool = True) -> None:
    """Idempotent: a merchant provisioned again keeps its record, with the live tables flag as now asked."""
    found = await session.scalar(
        select(HouseMerchant).where(HouseMerchant.merchant_id == merchant_id).with_for_update()
    )
    if found is None:
        session.add(HouseMerchant(merchant_id=merchant_id, code=code, live_tables=live_tables))
        await session.flush()
        return
    await session.execute(
        update(HouseMerchant).where(HouseMerchant.id == found.id).values(code=code, live_tables=live_tables)
    )


async def merchant_id_of(db: Database, code: str) -> int | None:
    async with db.read_session() as read:
        found: int | None = await read.scalar(
            select(HouseMerchant.merchant_id).where(HouseMerchant.code == code)
        )
    return found


async def with_live_tables(db: Database) -> Sequence[tuple[int, str]]:
    """(tenant id, code) of every merchant whose players sit at the house's live tables."""
    async with db.read_session() as read:
        rows = await read.execute(
            select(HouseMerchant.merchant_id, HouseMerchant.code)
            .where(HouseMerchant.live_tables)
            .order_by(HouseMerchant.merchant_id)
        )
    return [(merchant_id, code) for merchant_id, code in rows]
