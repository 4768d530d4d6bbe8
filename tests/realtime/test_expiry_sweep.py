"""The hub's expiry sweep beside requests that write: it only reads, so on SQLite it never fails with
"database is locked" (issue 29: it used to write the session's last-seen time inside its read transaction,
which SQLite refuses at once when another connection has written since the read began)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select, update

from realtime import events
from realtime.hub import Hub
from server.accounts.models import AuthSession
from server.accounts.sessions import hash_token
from server.db.base import utcnow
from server.db.session import Database
from tests.support.accounts import token_for
from tests.support.live import seeded_portal
from tests.support.sockets import Inbox, connect

ROUNDS = 12


@pytest.fixture
async def live(backend: str, tmp_path: Path) -> AsyncIterator[tuple[str, Database]]:
    async with seeded_portal(backend, tmp_path) as (base, db, _):
        yield base, db


async def test_the_sweep_waits_its_turn_beside_a_writer(
    live: tuple[str, Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, db = live
    monkeypatch.setattr("realtime.hub.EXPIRY_SWEEP_SECONDS", 0.05)  # the server runs in this process
    looks: list[list[str] | Exception] = []  # each sweep's sockets to end
    enough = asyncio.Event()
    original = Hub._expired_sockets

    async def recorded(self: Hub) -> list[str]:
        try:
            ended = await original(self)
        except Exception as failure:
            looks.append(failure)
            raise
        looks.append(ended)
        if len(looks) >= ROUNDS:
            enough.set()
        return ended

    monkeypatch.setattr(Hub, "_expired_sockets", recorded)
    token = await token_for(db, "demo", "player1")
    mine = AuthSession.token_hash == hash_token(token)
    player = await connect(base, {"merchant": "demo", "token": token})  # a use: it moves last_seen_at
    inbox = Inbox(player, events.SESSION_REVOKED)
    # Seen five minutes ago: a use would move it, and it is far from idle.
    seen = utcnow().replace(microsecond=0) - timedelta(minutes=5)
    async with db.session() as session:
        await session.execute(update(AuthSession).where(mine).values(last_seen_at=seen))
    stop = asyncio.Event()

    async def writer() -> None:
        # Requests writing all the time, the same session's row among them, each holding the lock a while.
        n = 0
        while not stop.is_set():
            n += 1
            async with db.session() as session:
                await session.execute(update(AuthSession).where(mine).values(user_agent=f"writer {n}"))
                await asyncio.sleep(0.01)

    writing = asyncio.create_task(writer())
    try:
        await asyncio.wait_for(enough.wait(), timeout=30)
        stop.set()
        await writing
        assert [look for look in looks if look != []] == []
        async with db.read_session() as session:
            assert await session.scalar(select(AuthSession.last_seen_at).where(mine)) == seen
        # Idle past the limit: the sweep still ends it.
        async with db.session() as session:
            await session.execute(
                update(AuthSession).where(mine).values(last_seen_at=utcnow() - timedelta(days=1))
            )
        assert await inbox.next() == (events.SESSION_REVOKED, {"reason": "expired"})
    finally:
        stop.set()
        await asyncio.gather(writing, return_exceptions=True)
        await player.disconnect()
