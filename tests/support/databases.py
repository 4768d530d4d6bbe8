"""Fresh, migrated databases for a test run: a SQLite file, or a new Postgres database."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import asyncpg

from server.db import migrate
from tests.support.services import POSTGRES_ADMIN_URL


async def _admin(statement: str) -> None:
    connection = await asyncpg.connect(POSTGRES_ADMIN_URL)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@contextmanager
def postgres_database() -> Iterator[str]:
    name = f"portal_test_{uuid.uuid4().hex[:12]}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@contextmanager
def sqlite_database(folder: Path) -> Iterator[str]:
    yield f"sqlite+aiosqlite:///{folder / f'portal-{uuid.uuid4().hex[:8]}.db'}"


@contextmanager
def migrated(backend: str, folder: Path) -> Iterator[str]:
    make = postgres_database() if backend == "postgres" else sqlite_database(folder)
    with make as url:
        migrate.upgrade(url)
        yield url


@asynccontextmanager
async def migrated_async(backend: str, folder: Path) -> AsyncIterator[str]:
    """The same, from inside a running event loop (Alembic's env runs a loop of its own)."""
    manager = migrated(backend, folder)
    url = await asyncio.to_thread(manager.__enter__)
    try:
        yield url
    finally:
        await asyncio.to_thread(manager.__exit__, None, None, None)
