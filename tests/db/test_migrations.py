"""The migrations are the schema: they run both ways on both backends and match the models exactly."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from server.db import migrate
from server.db.engine import create_engine
from server.db.migrate import MIGRATIONS
from server.db.models import Base
from tests.support.databases import postgres_database, sqlite_database
from tests.support.services import require_postgres


def _database(backend: str, folder: Path) -> Any:
    if backend == "postgres":
        require_postgres()
        return postgres_database()
    return sqlite_database(folder)


def _diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names()) - {"alembic_version"}


async def _inspect(url: str, work: Any) -> Any:
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(work)
    finally:
        await engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_up_down_up_and_no_drift(backend: str, tmp_path: Path) -> None:
    with _database(backend, tmp_path) as url:
        migrate.upgrade(url)
        assert asyncio.run(_inspect(url, _diff)) == []
        assert asyncio.run(_inspect(url, _tables)) == set(Base.metadata.tables)
        migrate.downgrade(url, "base")
        assert asyncio.run(_inspect(url, _tables)) == set()
        migrate.upgrade(url)
        assert asyncio.run(_inspect(url, _diff)) == []


def test_migration_files_have_dated_names() -> None:
    names = sorted(p.name for p in (MIGRATIONS / "versions").glob("*.py"))
    assert names
    for name in names:
        assert re.fullmatch(r"\d{8}_\d{4}_\w+\.py", name), name
