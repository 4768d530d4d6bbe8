"""Fresh, migrated databases for a test run: a SQLite file, or a new Postgres database.

Running the migrations costs ~0.7 s a database on Postgres (27 revisions, each a transaction of DDL) and
~0.4 s on SQLite, and about a hundred tests want a database of their own (races on real concurrent
transactions, live servers, several processes). So each test process migrates one template per backend, the
first time one is wanted, and every fresh database is a copy of it: `CREATE DATABASE ... TEMPLATE` on
Postgres (~0.1 s), a file copy on SQLite. The migrations themselves are still run for real: by the template,
and step by step in tests/db. Templates belong to the process that made them (two pytest-xdist workers never
copy one template at once, which Postgres refuses while another session is connected to it) and are dropped
at the end of its session (`drop_templates`, from conftest's pytest_sessionfinish).
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, closing, contextmanager
from pathlib import Path

import asyncpg

from server.db import migrate
from tests.support.services import POSTGRES_ADMIN_URL

# This process's migrated templates: a Postgres database name, a SQLite file.
_postgres_template: str | None = None
_sqlite_template: Path | None = None


async def _admin(statement: str) -> None:
    connection = await asyncpg.connect(POSTGRES_ADMIN_URL)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def _postgres_url(name: str) -> str:
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    return f"{base}/{name}"


@contextmanager
def postgres_database(template: str | None = None) -> Iterator[str]:
    """A new Postgres database, empty or a copy of `template`, dropped afterwards."""
    name = f"portal_test_{uuid.uuid4().hex[:12]}"
    copy = f' TEMPLATE "{template}"' if template else ""
    asyncio.run(_admin(f'CREATE DATABASE "{name}"{copy}'))
    try:
        yield _postgres_url(name)
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@contextmanager
def sqlite_database(folder: Path) -> Iterator[str]:
    yield f"sqlite+aiosqlite:///{folder / f'portal-{uuid.uuid4().hex[:8]}.db'}"


def postgres_template() -> str:
    """This process's migrated Postgres template (made the first time): no session stays connected to it."""
    global _postgres_template
    if _postgres_template is None:
        name = f"portal_test_template_{uuid.uuid4().hex[:12]}"
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
        try:
            migrate.upgrade(_postgres_url(name))  # its engine is disposed when Alembic is done
        except BaseException:
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            raise
        _postgres_template = name
    return _postgres_template


def sqlite_template() -> Path:
    """This process's migrated SQLite file (made the first time)."""
    global _sqlite_template
    if _sqlite_template is None:
        path = Path(tempfile.mkdtemp(prefix="portal-template-")) / "template.db"
        migrate.upgrade(f"sqlite+aiosqlite:///{path}")
        _sqlite_template = path
    return _sqlite_template


def _copy_sqlite(source: Path, target: Path) -> None:
    # SQLite's backup API rather than a file copy: it reads the database as a connection sees it, whatever
    # of it still sits in a write-ahead log beside the file.
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


@contextmanager
def migrated(backend: str, folder: Path | None = None) -> Iterator[str]:
    """A fresh database at the migrations' head: a copy of this process's template. `folder` holds a SQLite
    file (Postgres needs none)."""
    if backend == "postgres":
        with postgres_database(postgres_template()) as url:
            yield url
        return
    if folder is None:
        raise ValueError("a SQLite database needs a folder")
    with sqlite_database(folder) as url:
        _copy_sqlite(sqlite_template(), Path(url.split(":///", 1)[1]))
        yield url


@asynccontextmanager
async def migrated_async(backend: str, folder: Path | None = None) -> AsyncIterator[str]:
    """The same, from inside a running event loop (Alembic's env runs a loop of its own)."""
    manager = migrated(backend, folder)
    url = await asyncio.to_thread(manager.__enter__)
    try:
        yield url
    finally:
        await asyncio.to_thread(manager.__exit__, None, None, None)


def drop_templates() -> None:
    """Drops this process's templates (the end of its pytest session)."""
    global _postgres_template, _sqlite_template
    if _postgres_template is not None:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{_postgres_template}" WITH (FORCE)'))
        _postgres_template = None
    if _sqlite_template is not None:
        for path in _sqlite_template.parent.iterdir():
            path.unlink()
        _sqlite_template.parent.rmdir()
        _sqlite_template = None
