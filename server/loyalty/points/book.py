"""The points book: every change of a member's points is a posting with its reason and a reference unique per
merchant, written with the balance row's change in the same transaction. A debit is one conditional UPDATE
(current >= points), so a balance never goes below zero however many calls race."""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.loyalty.points.models import PointsBalance, PointsPosting

_BALANCES = cast(Table, PointsBalance.__table__)


async def lock(session: AsyncSession, merchant_id: int, member_id: int) -> int:
    """The member's balance row, created if missing and locked until COMMIT (the member's turn: the
    per-member limit is counted under it). Answers the current points."""
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(
        insert_for(_BALANCES)
        .values(member_id=member_id, merchant_id=merchant_id, current=0, carry=0, updated_at=utcnow())
        .on_conflict_do_nothing(index_elements=["member_id"])
    )
    current = await session.scalar(
        select(PointsBalance.current)
        .where(PointsBalance.member_id == member_id, PointsBalance.merchant_id == merchant_id)
        .with_for_update()
    )
    return int(current or 0)


async def debit(
    session: AsyncSession,
    merchant_id: int,
    member_id: int,
    points: int,
    *,
    reason: str,
    reference: str,
    now: datetime | None = None,
) -> int | None:
    """Take `points` if the member has them; the balance after, or None (nothing written)."""
    after = await session.scalar(
        update(PointsBalance)
        .where(
            PointsBalance.member_id == member_id,
            PointsBalance.merchant_id == merchant_id,
            PointsBalance.current >= points,
        )
        .values(current=PointsBalance.current - points, updated_at=now or utcnow())
        .returning(PointsBalance.current)
        .execution_options(synchronize_session=False)
    )
    if after is None:
        return None
    await _post(session, merchant_id, member_id, -points, int(after), reason, reference, now)
    return int(after)


async def credit(
    session: AsyncSession,
    merchant_id: int,
    member_id: int,
    points: int,
    *,
    reason: str,
    reference: str,
    now: datetime | None = None,
) -> int:
    await lock(session, merchant_id, member_id)
    after = await session.scalar(
        update(PointsBalance)
        .where(PointsBalance.member_id == member_id)
        .values(current=PointsBalance.current + points, updated_at=now or utcnow())
        .returning(PointsBalance.current)
        .execution_options(synchronize_session=False)
    )
    await _post(session, merchant_id, member_id, points, int(after or 0), reason, reference, now)
    return int(after or 0)


async def _post(
    session: AsyncSession,
    merchant_id: int,
    member_id: int,
    change: int,
    after: int,
    reason: str,
    reference: str,
    now: datetime | None,
) -> None:
    session.add(
        PointsPosting(
            merchant_id=merchant_id,
            member_id=member_id,
            change=change,
            balance_after=after,
            reason=reason,
            reference=reference,
            created_at=now or utcnow(),
        )
    )
    await session.flush()
