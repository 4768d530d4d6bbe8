"""The Socket.IO hub over a real socket: who may connect, and which events reach whom."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import socketio
from sqlalchemy import select

from realtime import events, publish
from server.accounts.models import Member
from server.app import create_asgi
from server.db.session import Database
from server.demo.seed import seed_demo
from tests.conftest import free_port, make_settings
from tests.support.accounts import token_for
from tests.support.databases import migrated_async
from tests.support.live import serve_in_process
from tests.support.sockets import Inbox, connect


@pytest.fixture
async def live(backend: str, tmp_path: Path) -> AsyncIterator[tuple[str, Database]]:
    """A server on a real port over a committed database (sockets need data other connections see)."""
    async with migrated_async(backend, tmp_path) as url:
        db = Database.from_url(url)
        async with db.session() as session:
            await seed_demo(session)
        app = create_asgi(make_settings(url), db=db)
        async with serve_in_process(app, free_port()) as base:
            yield base, db
        await db.dispose()


async def member_id(db: Database, username: str) -> int:
    async with db.session() as session:
        found = await session.scalar(select(Member.id).where(Member.username == username))
        assert found is not None
        return found


async def test_visitor_gets_the_merchant_room_only(live: tuple[str, Database]) -> None:
    base, _ = live
    visitor = await connect(base, {"merchant": "demo"})
    inbox = Inbox(visitor, events.SYSTEM_STATUS, events.BALANCE)
    try:
        await publish(events.SYSTEM_STATUS, "merchant:demo", {"status": 1}, session=None)
        await publish(events.SYSTEM_STATUS, "merchant:demo2", {"status": 1}, session=None)
        await publish(events.BALANCE, "user:1", {"sumBalance": "1.00"}, session=None)
        assert await inbox.next() == (events.SYSTEM_STATUS, {"status": 1})
        assert await inbox.nothing()
    finally:
        await visitor.disconnect()


async def test_member_gets_own_events(live: tuple[str, Database]) -> None:
    base, db = live
    token = await token_for(db, "demo", "player1")
    player1 = await connect(base, {"merchant": "demo", "token": token})
    other = await connect(base, {"merchant": "demo", "token": await token_for(db, "demo", "player2")})
    mine, theirs = Inbox(player1, events.BALANCE), Inbox(other, events.BALANCE)
    try:
        await publish(
            events.BALANCE,
            events.user_room(await member_id(db, "player1")),
            {"sumBalance": "5.00"},
            session=None,
        )
        assert await mine.next() == (events.BALANCE, {"sumBalance": "5.00"})
        assert await theirs.nothing()
    finally:
        await player1.disconnect()
        await other.disconnect()


@pytest.mark.parametrize(
    ("auth", "code"),
    [
        ({"merchant": "demo", "token": "not-a-token"}, "UNAUTHORIZED"),
        ({"merchant": "demo", "token": 12345}, "UNAUTHORIZED"),
        ({"merchant": "nobody"}, "MERCHANT_NOT_FOUND"),
    ],
)
async def test_bad_credentials_are_refused(
    live: tuple[str, Database], auth: dict[str, Any], code: str
) -> None:
    base, _ = live
    assert await refusal(base, auth) == code


async def test_token_of_another_merchant_is_refused(live: tuple[str, Database]) -> None:
    base, db = live
    token = await token_for(db, "demo", "player1")
    assert await refusal(base, {"merchant": "demo2", "token": token}) == "UNAUTHORIZED"


async def refusal(base: str, auth: dict[str, Any]) -> str:
    """The errorCode the hub refused the connection with."""
    client = socketio.AsyncClient(reconnection=False)
    reasons: list[Any] = []
    client.on("connect_error", reasons.append)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await client.connect(base, auth=auth, transports=["websocket"], wait_timeout=5)
    assert len(reasons) == 1
    code: str = reasons[0]["data"]["errorCode"]
    return code


async def test_subscriptions(live: tuple[str, Database]) -> None:
    base, db = live
    visitor = await connect(base, {"merchant": "demo"})
    inbox = Inbox(visitor, events.LOTTERY_OPENED, events.BALANCE)
    try:
        assert await visitor.call("subscribe", "lottery:VN_HN") == {"ok": True}
        refused = {"ok": False, "errorCode": "FORBIDDEN"}
        assert await visitor.call("subscribe", f"user:{await member_id(db, 'player1')}") == refused
        assert await visitor.call("subscribe", "merchant:demo2") == refused
        assert await visitor.call("subscribe", {"topic": "x"}) == refused
        await publish(events.LOTTERY_OPENED, "lottery:VN_HN", {"issue": "1"}, session=None)
        assert await inbox.next() == (events.LOTTERY_OPENED, {"issue": "1"})
        assert await visitor.call("unsubscribe", "lottery:VN_HN") == {"ok": True}
        await publish(events.LOTTERY_OPENED, "lottery:VN_HN", {"issue": "2"}, session=None)
        assert await inbox.nothing()
    finally:
        await visitor.disconnect()
