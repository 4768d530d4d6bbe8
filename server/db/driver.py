"""asyncpg itself, for the few statements where SQLAlchemy's execution costs more than the work.

SQLAlchemy's asyncpg adapter opens its transaction lazily, on the first statement it executes; a statement
sent to asyncpg before that would run outside the unit of work and commit on its own. driver_transaction
therefore opens the adapter's transaction first, through the adapter, so that the session's commit or
rollback still ends it. That reaches into the adapter (SQLAlchemy 2.x keeps `_transaction` and
`_start_transaction` on it); tests/wallet/test_ledger_driver.py fails if a SQLAlchemy upgrade moves them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection


async def driver_transaction(connection: AsyncConnection) -> asyncpg.Connection:
    """The asyncpg connection under `connection`, inside the unit of work's transaction."""
    proxied = await connection.get_raw_connection()
    adapter: Any = proxied.dbapi_connection
    if adapter._transaction is None:
        await adapter._start_transaction()
    driver: asyncpg.Connection = proxied.driver_connection
    return driver


def as_sqlalchemy_error(statement: str, arguments: Sequence[Any], error: asyncpg.PostgresError) -> DBAPIError:
    """The error SQLAlchemy would have raised, so that callers catch one family of errors (a unique
    violation is an IntegrityError either way)."""
    kind = IntegrityError if isinstance(error, asyncpg.IntegrityConstraintViolationError) else DBAPIError
    return kind(statement, tuple(arguments), error)
