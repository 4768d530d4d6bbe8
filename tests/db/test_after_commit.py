"""Events wait for COMMIT and vanish on ROLLBACK (ARCHITECTURE rule 9)."""

from __future__ import annotations

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
