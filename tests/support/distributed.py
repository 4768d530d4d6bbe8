"""The distributed set-up for multi-process tests: a fresh Postgres database, seeded, and Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from server.db.session import Database
from server.demo.seed import seed_demo
from tests.support.databases import migrated_async
from tests.support.live import child_env
from tests.support.services import REDIS_URL, require_postgres, require_redis, worker_name


@asynccontextmanager
async def distributed() -> AsyncIterator[tuple[Database, dict[str, str]]]:
    """A seeded database and the environment child processes need to join it and Redis: this worker's Redis
    database and a Socket.IO channel of this test's own (pub/sub channels are shared by every database)."""
    require_postgres()
    require_redis()
    async with migrated_async("postgres") as url:
        db = Database.from_url(url)
        try:
            async with db.session() as session:
                await seed_demo(session)
            env = child_env(
                DATABASE_URL=url,
                REDIS_URL=REDIS_URL,
                REALTIME_CHANNEL=worker_name("test"),
                BRAND_CACHE_SECONDS="0",
            )
            yield db, env
        finally:
            await db.dispose()
