"""Sessions end: logout, and a password change that ends the other sessions and their sockets."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
import socketio
from sqlalchemy import select, update

from realtime import events
from server.accounts.models import AuthSession
from server.db.base import utcnow
from server.db.session import Database
from tests.support.live import live_client, seeded_portal
from tests.support.portal import Portal, failed, ok
from tests.support.sockets import Inbox, connect


@pytest.mark.usefixtures("demo")
async def test_logout_revokes_the_token(client: httpx.AsyncClient) -> None:
    portal = Portal(client)
    ok(await portal.login("player1"))
    ok(await client.delete("/wps/session/logout", headers=portal.headers()))
    failed(await client.get("/wps/member/info", headers=portal.headers()), 401, "UNAUTHORIZED")
    failed(await client.delete("/wps/session/logout", headers=portal.headers()), 401, "UNAUTHORIZED")


@pytest.mark.usefixtures("demo")
async def test_idle_and_absolute_expiry(client: httpx.AsyncClient, db: Database) -> None:
    idle, old = Portal(client), Portal(client)
    ok(await idle.login("player1"))
    ok(await old.login("player2"))
    async with db.session() as session:
        await session.execute(
            update(AuthSession)
            .where(AuthSession.last_seen_at.is_not(None))
            .values(last_seen_at=utcnow() - timedelta(minutes=121))
        )
    failed(await client.get("/wps/member/info", headers=idle.headers()), 401, "UNAUTHORIZED")
    async with db.session() as session:
        await session.execute(update(AuthSession).values(last_seen_at=utcnow(), expires_at=utcnow()))
    failed(await client.get("/wps/member/info", headers=old.headers()), 401, "UNAUTHORIZED")


@pytest.mark.usefixtures("demo")
async def test_tokens_are_stored_hashed(client: httpx.AsyncClient, db: Database) -> None:
    portal = Portal(client)
    ok(await portal.login("player3"))
    async with db.read_session() as session:
        hashes = set(await session.scalars(select(AuthSession.token_hash)))
    assert portal.token not in hashes
    assert all(len(h) == 64 for h in hashes)


@pytest.fixture
async def live(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    async with seeded_portal(backend, tmp_path) as (base, _, _):
        yield base


async def test_a_password_change_ends_the_other_sessions_and_their_sockets(live: str) -> None:
    async with live_client(live) as http:
        here, there = Portal(http), Portal(http)
        ok(await here.login("player1"))
        ok(await there.login("player1"))
        assert there.token is not None
        socket = await connect(live, {"merchant": "demo", "token": there.token})
        own_socket = await connect(live, {"merchant": "demo", "token": here.token or ""})
        inbox = Inbox(socket, events.SESSION_REVOKED)
        own_inbox = Inbox(own_socket, events.SESSION_REVOKED)
        try:
            change = {
                "oldPassword": "Demo1234",
                "newPassword": "Changed123",
                "confirmNewPassword": "Changed123",
            }
            ok(await here.call("POST", "/wps/member/password", change, encrypted=True))
            assert await inbox.next() == (events.SESSION_REVOKED, {"reason": "password_changed"})
            for _ in range(50):  # the hub then disconnects that socket
                if not socket.connected:
                    break
                await asyncio.sleep(0.05)
            assert not socket.connected
            failed(await http.get("/wps/member/info", headers=there.headers()), 401, "UNAUTHORIZED")
            # This session and its socket carry on.
            assert await own_inbox.nothing()
            assert own_socket.connected
            ok(await http.get("/wps/member/info", headers=here.headers()))
            # A revoked token cannot open a new socket either.
            client = socketio.AsyncClient(reconnection=False)
            with pytest.raises(socketio.exceptions.ConnectionError):
                await client.connect(
                    live, auth={"merchant": "demo", "token": there.token}, transports=["websocket"]
                )
        finally:
            for sock in (socket, own_socket):
                if sock.connected:
                    await sock.disconnect()


async def test_logout_ends_the_socket_of_that_session(live: str) -> None:
    async with live_client(live) as http:
        portal = Portal(http)
        ok(await portal.login("player2"))
        socket = await connect(live, {"merchant": "demo", "token": portal.token or ""})
        inbox = Inbox(socket, events.SESSION_REVOKED)
        ok(await http.delete("/wps/session/logout", headers=portal.headers()))
        assert await inbox.next() == (events.SESSION_REVOKED, {"reason": "logout"})
        for _ in range(50):
            if not socket.connected:
                break
            await asyncio.sleep(0.05)
        assert not socket.connected
