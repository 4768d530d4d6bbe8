"""A session's last-seen time is written at most once a minute (issue 29), and the idle expiry still holds,
exact to within that minute."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import event, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from server.accounts import sessions
from server.accounts.models import AuthSession, Member
from server.accounts.sessions import TOUCH_EVERY, SessionPolicy
from server.db.base import utcnow
from server.db.session import Database
from tests.support.portal import Portal, ok

pytestmark = pytest.mark.usefixtures("demo")
POLICY = SessionPolicy(idle=timedelta(minutes=120), absolute=timedelta(hours=24))


async def issued(db: Database, at: datetime) -> str:
    async with db.session() as session:
        member = await session.scalar(select(Member).where(Member.username == "player1"))
        assert member is not None
        token = await sessions.issue(session, POLICY, merchant_id=member.merchant_id, member_id=member.id)
        await session.execute(
            update(AuthSession)
            .where(AuthSession.token_hash == sessions.hash_token(token))
            .values(last_seen_at=at)
        )
    return token


async def use(db: Database, token: str, at: datetime) -> bool:
    """One request with this token at that moment: was the session live?"""
    async with db.session() as session:
        return await sessions.authenticate(session, POLICY, token, now=at) is not None


async def last_seen(db: Database, token: str) -> datetime:
    async with db.read_session() as session:
        found = await session.scalar(
            select(AuthSession.last_seen_at).where(AuthSession.token_hash == sessions.hash_token(token))
        )
    assert found is not None
    return found


@pytest.fixture
def session_writes(engine: AsyncEngine) -> Iterator[list[str]]:
    """The UPDATEs of auth_sessions the database receives."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE AUTH_SESSIONS"):
            seen.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", record)
    yield seen
    event.remove(engine.sync_engine, "before_cursor_execute", record)


async def test_written_at_most_once_a_minute(db: Database) -> None:
    start = utcnow().replace(microsecond=0)
    token = await issued(db, start)
    assert await use(db, token, start + timedelta(seconds=30))
    assert await last_seen(db, token) == start
    assert await use(db, token, start + TOUCH_EVERY)
    assert await last_seen(db, token) == start + TOUCH_EVERY
    assert await use(db, token, start + TOUCH_EVERY + timedelta(seconds=59))
    assert await last_seen(db, token) == start + TOUCH_EVERY


async def test_requests_within_a_minute_cost_one_write(
    client: httpx.AsyncClient, db: Database, session_writes: list[str]
) -> None:
    portal = Portal(client)
    ok(await portal.login("player1"))
    session_writes.clear()
    for _ in range(4):
        ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert session_writes == []  # the login saw it a moment ago
    async with db.session() as session:
        await session.execute(update(AuthSession).values(last_seen_at=utcnow() - timedelta(minutes=2)))
    session_writes.clear()
    for _ in range(4):
        ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert len(session_writes) == 1


async def test_a_session_in_use_lives_and_an_idle_one_ends_within_the_minute(db: Database) -> None:
    start = utcnow().replace(microsecond=0)
    token = await issued(db, start)
    # Used every 50 s for three hours (longer than the idle limit): never idle, though written once a minute.
    at = start
    for _ in range(3 * 60 * 60 // 50):
        at += timedelta(seconds=50)
        assert await use(db, token, at)
    written = await last_seen(db, token)
    assert at - written < TOUCH_EVERY
    # Then idle: it ends an idle limit after the written time, which is no sooner than a minute before the
    # limit counted from the last use.
    async with db.read_session() as session:
        just_before = written + POLICY.idle - timedelta(seconds=1)
        assert await sessions.authenticate(session, POLICY, token, now=just_before, touch=False)
    assert not await use(db, token, written + POLICY.idle)
    assert written + POLICY.idle > at + POLICY.idle - TOUCH_EVERY


async def test_a_look_that_is_no_use_writes_nothing(db: Database, session_writes: list[str]) -> None:
    start = utcnow().replace(microsecond=0) - timedelta(minutes=5)
    token = await issued(db, start)
    session_writes.clear()
    async with db.read_session() as session:
        assert await sessions.authenticate(session, POLICY, token, touch=False) is not None
    assert session_writes == []
    assert await last_seen(db, token) == start


async def test_parallel_uses_write_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    """On Postgres, parallel requests that all read a stale time: the conditional UPDATE lets one write."""
    client, db = pg_client
    portal = Portal(client)
    ok(await portal.login("player1"))
    async with db.session() as session:
        await session.execute(update(AuthSession).values(last_seen_at=utcnow() - timedelta(minutes=5)))
    moved: list[int] = []

    def record(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE AUTH_SESSIONS"):
            moved.append(cursor.rowcount)

    event.listen(db.engine.sync_engine, "after_cursor_execute", record)
    try:
        answers = await asyncio.gather(
            *(client.get("/wps/member/info", headers=portal.headers()) for _ in range(8))
        )
    finally:
        event.remove(db.engine.sync_engine, "after_cursor_execute", record)
    for answer in answers:
        ok(answer)
    assert sum(moved) == 1
