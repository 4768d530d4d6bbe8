"""The request's unit of work, as a FastAPI dependency (ARCHITECTURE rule 9: it owns commit and rollback)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.session import Database


def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """FastAPI dependency: the request's unit of work."""
    async with database(request).session() as session:
        yield session


# scope="function": the unit of work commits before the response leaves, so a failed COMMIT becomes an
# error answer instead of a success the database never kept.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
