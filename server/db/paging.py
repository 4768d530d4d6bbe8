"""Paging every listed page shares: an empty list is still one (empty) page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVarTuple

from sqlalchemy import Row, Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession


def page_count(total: int, page_size: int) -> int:
    return max(1, -(-total // page_size))


Columns = TypeVarTuple("Columns")


async def page_of(
    session: AsyncSession, query: Select[*Columns], *, page: int, page_size: int
) -> tuple[Sequence[Row[*Columns]], int]:
    """One page of an ordered query, and how many rows the whole query has (counted from the same query,
    so that the total always matches the rows paged)."""
    total = await session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = (await session.execute(query.offset((page - 1) * page_size).limit(page_size))).all()
    return rows, int(total or 0)
