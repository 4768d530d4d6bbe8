"""Alembic environment: async engine, our naming convention, batch mode so ALTERs work on SQLite."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

from server.db.engine import create_engine
from server.db.models import Base
from server.settings import load_settings

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or load_settings().database_url


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
        if connection.dialect.name == "sqlite":
            broken = connection.execute(text("PRAGMA foreign_key_check")).all()
            if broken:
                raise RuntimeError(f"the migration left rows pointing nowhere: {broken[:10]}")


async def _foreign_keys(connection: AsyncConnection, on: bool) -> None:
    """SQLite alters a table by copying it and dropping the old one, which rows of other tables point at:
    with foreign keys enforced that DROP fails. The switch only works outside a transaction, so it goes to
    the driver before SQLAlchemy begins one; the references are checked before the COMMIT instead."""
    if connection.dialect.name != "sqlite":
        return
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None
    await driver.execute(f"PRAGMA foreign_keys = {'ON' if on else 'OFF'}")


async def _run_online() -> None:
    engine = create_engine(_url())
    try:
        async with engine.connect() as connection:
            await _foreign_keys(connection, on=False)
            await connection.run_sync(_configure)
            await connection.commit()
            await _foreign_keys(connection, on=True)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_online())
