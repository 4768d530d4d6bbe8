"""The database handle and the unit of work: whoever opens a scope owns its commit or rollback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from server.db.driver import as_sqlalchemy_error
from server.db.engine import SQLITE_BEGIN, create_engine


@asynccontextmanager
async def _unit_of_work(session: AsyncSession) -> AsyncIterator[None]:
    try:
        yield
        await session.commit()
    except BaseException as exc:
        if getattr(exc, "commit_changes", False):
            await session.commit()
        else:
            await session.rollback()
        raise


@asynccontextmanager
async def _savepoint(connection: AsyncConnection) -> AsyncIterator[AsyncConnection]:
    savepoint = await connection.begin_nested()
    try:
        yield connection
    except BaseException as exc:
        if getattr(exc, "commit_changes", False):
            await savepoint.commit()
        else:
            await savepoint.rollback()
        raise
    await savepoint.commit()


async def _end(connection: AsyncConnection, *, commit: bool) -> None:
    """The end of transaction()'s unit of work. The transaction begins with the first statement, as
    SQLAlchemy's autobegin, or the first one sent to asyncpg directly (server/db/driver.py opens it on
    SQLAlchemy's adapter). When SQLAlchemy has begun it, SQLAlchemy ends it. When only the driver's
    statements ran (a posting), it is ended on the adapter here: SQLAlchemy's commit would cost two
    greenlet hops per posting for a transaction it never saw. Like the adapter's own commit, the
    asyncpg transaction is dropped from the adapter whether its COMMIT succeeds or not."""
    if connection.in_transaction():
        await (connection.commit() if commit else connection.rollback())
        return
    sync = connection.sync_connection
    if sync is None or sync.invalidated:
        return
    adapter: Any = sync.connection.dbapi_connection
    transaction = getattr(adapter, "_transaction", None)
    if transaction is None:
        return
    adapter._transaction = None
    try:
        await (transaction.commit() if commit else transaction.rollback())
    except asyncpg.PostgresError as exc:
        raise as_sqlalchemy_error("COMMIT" if commit else "ROLLBACK", (), exc) from exc


class Database:
    def __init__(self, engine: AsyncEngine, *, bind: AsyncConnection | None = None) -> None:
        self.engine = engine
        self.shared_connection = bind is not None
        self._bind = bind
        # `bind` lets tests run every request inside one outer transaction that they roll back.
        join = "create_savepoint" if bind is not None else "conditional_savepoint"
        self._sessions = async_sessionmaker(
            bind=bind or engine, expire_on_commit=False, join_transaction_mode=join
        )
        self._read_engine = engine.execution_options(**{SQLITE_BEGIN: "DEFERRED"})
        # One statement is its own transaction on Postgres: no BEGIN and COMMIT around it, two messages less
        # for each (on SQLite, whose BEGIN is ours, the ordinary unit).
        self._autocommit = (
            engine.execution_options(isolation_level="AUTOCOMMIT")
            if engine.dialect.name == "postgresql"
            else None
        )
        self._read_sessions = async_sessionmaker(
            bind=bind or self._read_engine,
            expire_on_commit=False,
            join_transaction_mode=join,
        )

    @classmethod
    def from_url(cls, url: str) -> Database:
        return cls(create_engine(url))

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """One unit of work: commit when the block ends normally, roll back when it raises, unless the
        error asks for what was written to be kept (a failure's own bookkeeping, see AppError)."""
        async with self._sessions() as session, _unit_of_work(session):
            yield session

    @asynccontextmanager
    async def session_on(self, connection: AsyncConnection) -> AsyncIterator[AsyncSession]:
        """session(), on a connection the caller holds (and keeps after the COMMIT)."""
        async with AsyncSession(bind=connection, expire_on_commit=False) as session, _unit_of_work(session):
            yield session

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """session()'s unit of work on a bare connection, for work that needs no ORM (a money posting:
        ledger.post_on). The same rules: COMMIT when the block ends normally, ROLLBACK when it raises unless
        the error has `commit_changes`. With `bind` (tests), a savepoint on the shared connection, as the
        sessions' create_savepoint. It skips the session's own bookkeeping (its commit and close cost more
        client CPU than a posting's round trip: infra/bench/ledger.py)."""
        if self._bind is not None:
            async with _savepoint(self._bind) as connection:
                yield connection
            return
        async with self.engine.connect() as connection:
            try:
                yield connection
            except BaseException as exc:
                await _end(connection, commit=getattr(exc, "commit_changes", False))
                raise
            await _end(connection, commit=True)

    @asynccontextmanager
    async def read_session(self) -> AsyncIterator[AsyncSession]:
        """A session that never writes: nothing is committed, and on SQLite it does not queue behind
        writers."""
        async with self._read_sessions() as session:
            yield session

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncConnection]:
        """read_session() as a bare connection, for Core reads on a hot path: no ORM session to set up and
        close. Nothing is written; on SQLite it does not queue behind writers. On Postgres each statement
        runs on its own (READ COMMITTED gives every statement its own snapshot anyway)."""
        if self._bind is not None:
            async with _savepoint(self._bind) as connection:
                yield connection
            return
        async with (self._autocommit or self._read_engine).connect() as connection:
            yield connection

    @asynccontextmanager
    async def one_statement(self) -> AsyncIterator[AsyncConnection]:
        """transaction() for a unit of work that is ONE statement (a compare-and-set): on Postgres that
        statement commits on its own, without BEGIN and COMMIT around it."""
        if self._bind is not None or self._autocommit is None:
            async with self.transaction() as connection:
                yield connection
            return
        async with self._autocommit.connect() as connection:
            yield connection

    async def ping(self) -> None:
        async with self.engine.connect() as conn:
            await conn.execution_options(**{SQLITE_BEGIN: "DEFERRED"})
            await conn.execute(text("SELECT 1"))

    async def dispose(self) -> None:
        await self.engine.dispose()
