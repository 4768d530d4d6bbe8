"""Turns for a check-then-act on something that has no row of its own to lock (an account name that may not
exist, an address): a transaction-scoped Postgres advisory lock per key, taken in a fixed order so that two
callers never wait on each other crosswise. SQLite needs none: its write transactions start IMMEDIATE and so
already run one at a time.

And turns that outlast the COMMIT (`unit_in_turn`), for pushes that must leave in commit order: a row lock
orders the commits, but each API process pushes after its own COMMIT, so two processes' pushes can cross on
their way to Redis."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import structlog
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from server.db import after_commit
from server.db.session import Database

log = structlog.get_logger(__name__)


def _lock_id(key: str) -> int:
    # pg_advisory_xact_lock takes one signed 64-bit key: a stable hash of ours (Python's hash() is salted).
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big", signed=True)


async def take_turns(session: AsyncSession, *keys: str) -> None:
    """Until this transaction ends, any other transaction asking for one of these keys waits."""
    connection = await session.connection()
    if connection.dialect.name != "postgresql":
        return
    for lock_id in sorted({_lock_id(key) for key in keys}):
        await connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": lock_id})


async def _advisory(connection: AsyncConnection, function: str, lock_id: int) -> None:
    """One statement outside any transaction, straight on the driver's connection: one round trip where
    SQLAlchemy's own would add a BEGIN and a COMMIT."""
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None
    await driver.fetchval(f"SELECT {function}($1)", lock_id)


class _LocalTurns:
    """One process's turns by key: an asyncio lock while anyone holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


_local = _LocalTurns()


@asynccontextmanager
async def unit_in_turn(db: Database, key: str) -> AsyncIterator[AsyncSession]:
    """A unit of work (as Database.session) that holds key's turn from before its first statement until
    what its COMMIT released has gone (the pushes, settled): two units of one key release their pushes in the
    order they committed, whichever API process each ran in. In the process an asyncio lock; across processes
    (Postgres) also a session-level advisory lock on the unit's own connection, which outlives the COMMIT
    (and dies with the connection)."""
    # This process's callers of one key queue here, holding no connection: a burst on one key must not take
    # the pool's connections to wait with (the one in turn may need another, for a cache, say).
    async with _local.hold(key):
        if db.backend != "postgresql" or db.shared_connection:
            async with db.session() as session:
                yield session
            await after_commit.settle(session)
            return
        lock_id = _lock_id(key)
        async with db.engine.connect() as connection:
            await _advisory(connection, "pg_advisory_lock", lock_id)
            try:
                async with db.session_on(connection) as session:
                    yield session
                await after_commit.settle(session)
            finally:
                try:
                    await _advisory(connection, "pg_advisory_unlock", lock_id)
                except Exception:
                    # The lock must not outlive this unit: a connection that cannot say so is closed, which
                    # ends its locks, rather than go back to the pool holding one.
                    log.exception("turn_unlock_failed", key=key)
                    await connection.invalidate()
