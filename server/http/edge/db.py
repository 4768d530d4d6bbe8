"""The request's unit of work, as a FastAPI dependency (ARCHITECTURE rule 9: it owns commit and rollback)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Annotated, TypeVar

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.locks import unit_in_turn
from server.db.session import Database

Endpoint = TypeVar("Endpoint", bound=Callable[..., object])
TurnKey = Callable[[Request], str | None]
_TURN_KEY = "_portal_turn_key"


def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


def in_turn(key: TurnKey) -> Callable[[Endpoint], Endpoint]:
    """Mark an endpoint whose unit of work holds the turn of key(request) (server.db.locks.unit_in_turn)
    through its COMMIT and the pushes it released: the request's one session, its authentication too, so
    that on SQLite no second writer waits on the first. No key (None): an ordinary unit."""

    def mark(endpoint: Endpoint) -> Endpoint:
        setattr(endpoint, _TURN_KEY, key)
        return endpoint

    return mark


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """FastAPI dependency: the request's unit of work."""
    key_of: TurnKey | None = getattr(getattr(request.scope.get("route"), "endpoint", None), _TURN_KEY, None)
    key = key_of(request) if key_of is not None else None
    if key is None:
        async with database(request).session() as session:
            yield session
    else:
        async with unit_in_turn(database(request), key) as session:
            yield session


# scope="function": the unit of work commits before the response leaves, so a failed COMMIT becomes an
# error answer instead of a success the database never kept.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
