"""The database handle and the unit of work: whoever opens a scope owns its commit or rollback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

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


class Database:
    def __init__(self, engine: AsyncEngine, *, bind: AsyncConnection | None = None) -> None:
        self.engine = engine
        self.shared_connection = bind is not None
        # `bind` lets tests run every request inside one outer transaction that they roll back.
        join = "create_savepoint" if bind is not None else "conditional_savepoint"
        self._sessions = async_sessionmaker(
            bind=bind or engine, expire_on_commit=False, join_transaction_mode=join
        )
        self._read_sessions = async_sessionmaker(
            bind=bind or engine.execution_options(**{SQLITE_BEGIN: "DEFERRED"}),
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
    async def read_session(self) -> AsyncIterator[AsyncSession]:
        """A session that never writes: nothing is committed, and on SQLite it does not queue behind
        writers."""
        async with self._read_sessions() as session:
            yield session

    async def ping(self) -> None:
        async with self.engine.connect() as conn:
            await conn.execution_options(**{SQLITE_BEGIN: "DEFERRED"})
            await conn.execute(text("SELECT 1"))

    async def dispose(self) -> None:
        await self.engine.dispose()
