"""What the Postgres parts of the bench share: the server to make their databases on, one statement run
there, and a stand-in for the Socket.IO server where the measured code pushes and no one listens."""

from __future__ import annotations

import os
from typing import Any

import asyncpg

ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


class NoSockets:
    """Pushes (balances, fan-outs) go nowhere: the bench measures the work, not a listener."""

    async def emit(self, event: str, data: Any = None, *, room: str | None = None) -> None:
        return None


async def admin(statement: str) -> None:
    """One statement on the admin database (CREATE or DROP DATABASE)."""
    connection = await asyncpg.connect(ADMIN_URL)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()
