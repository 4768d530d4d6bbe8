"""Turns for a check-then-act on something that has no row of its own to lock (an account name that may not
exist, an address): a transaction-scoped Postgres advisory lock per key, taken in a fixed order so that two
callers never wait on each other crosswise. SQLite needs none: its write transactions start IMMEDIATE and so
already run one at a time."""

from __future__ import annotations

import hashlib

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


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
