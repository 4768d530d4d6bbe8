"""Engine construction per backend."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

SQLITE_BEGIN = "sqlite_begin"  # execution option: "IMMEDIATE" (default) or "DEFERRED" for read-only work


def create_engine(database_url: str, *, echo: bool = False) -> AsyncEngine:
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(database_url, echo=echo)
    # No pre-ping: it costs a round trip on every checkout, a third of a ledger transfer's time. A
    # connection that died (a database restart) fails its one request and is dropped by the pool;
    # recycling keeps connections from outliving proxies' idle timeouts. Twenty kept, ten more at a peak:
    # with ten kept, forty players in play made the pool open and close overflow connections all the time,
    # and each opening (the driver's type introspection on both sides) cost more than the rounds it served
    # (`make bench`, balance part: Postgres CPU per round 5.7 -> 3.7 ms, 91 -> 108 spins/s).
    return create_async_engine(
        database_url,
        echo=echo,
        pool_size=20,
        max_overflow=10,
        pool_pre_ping=False,
        pool_recycle=1800,
    )


def _sqlite_engine(database_url: str, *, echo: bool) -> AsyncEngine:
    url = make_url(database_url)
    if url.database and url.database != ":memory:":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(database_url, echo=echo, connect_args={"timeout": 30})

    # The sqlite3 module opens transactions lazily and breaks SAVEPOINT; take over BEGIN ourselves
    # (the recipe from SQLAlchemy's SQLite dialect documentation). A unit of work that may write takes
    # the write lock up front (BEGIN IMMEDIATE), so two writers queue on busy_timeout instead of one
    # failing to upgrade a read lock; read-only work asks for DEFERRED and, in WAL mode, never waits.
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get(SQLITE_BEGIN, "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")

    return engine
