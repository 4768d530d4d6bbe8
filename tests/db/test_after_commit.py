"""Events wait for COMMIT and vanish on ROLLBACK (ARCHITECTURE rule 9)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import text

from realtime import publish
from server.db import after_commit
from server.db.session import Database

Sent = list[tuple[str, str | None, Any]]


async def test_sent_only_after_commit(db: Database, emitted: Sent) -> None:
    async with db.session() as session:
        await publish("balance", "user:1", {"sumBalance": "10.00"}, session=session)
        await session.execute(text("SELECT 1"))
        assert emitted == []
    await after_commit.drain()
    assert emitted == [("balance", "user:1", {"sumBalance": "10.00"})]


async def test_dropped_on_rollback(db: Database, emitted: Sent) -> None:
    async def failing_bet() -> None:
        async with db.session() as session:
            await publish("balance", "user:1", {"sumBalance": "99.00"}, session=session)
            raise RuntimeError("the bet failed")

    with pytest.raises(RuntimeError):
        await failing_bet()
    await after_commit.drain()
    assert emitted == []
    # The next unit of work on a fresh session starts with nothing queued.
    async with db.session() as session:
        await session.execute(text("SELECT 1"))
    await after_commit.drain()
    assert emitted == []


async def test_without_a_session_it_leaves_at_once(emitted: Sent) -> None:
    await publish("winners", "merchant:demo", [], session=None)
    assert emitted == [("winners", "merchant:demo", [])]


async def test_a_failure_can_keep_its_bookkeeping(db: Database) -> None:
    """AppError(commit_changes=True) commits what was written before it; any other error rolls back."""
    from sqlalchemy import select

    from server.http.core import errors
    from server.http.core.errors import AppError
    from server.ops.models import JobRun
    from server.ops.service import record_run

    async def fail(keep: bool) -> None:
        async with db.session() as session:
            await record_run(
                session, f"kept-{keep}", started=datetime.now(UTC), ok=False, runner="t", detail=""
            )
            raise AppError(errors.CONFLICT, commit_changes=keep)

    for keep in (True, False):
        with pytest.raises(AppError):
            await fail(keep)
    async with db.read_session() as session:
        names = set(await session.scalars(select(JobRun.job)))
    assert "kept-True" in names
    assert "kept-False" not in names


async def test_a_released_savepoint_sends_nothing_before_commit(db: Database, emitted: Sent) -> None:
    async with db.session() as session:
        await publish("balance", "before", 1, session=session)
        async with session.begin_nested():
            await publish("balance", "inside", 2, session=session)
        await session.execute(text("SELECT 1"))
        await after_commit.drain()
        assert emitted == []
    await after_commit.drain()
    assert [room for _, room, _ in emitted] == ["before", "inside"]


async def test_a_rolled_back_savepoint_drops_only_its_own(db: Database, emitted: Sent) -> None:
    async with db.session() as session:
        await publish("balance", "before", 1, session=session)
        try:
            async with session.begin_nested():
                await publish("balance", "inside", 2, session=session)
                raise ValueError("the savepoint fails")
        except ValueError:
            pass
        async with session.begin_nested():
            await publish("balance", "kept", 3, session=session)
    await after_commit.drain()
    assert [room for _, room, _ in emitted] == ["before", "kept"]
