"""Room events written straight to a socket's frames (realtime/fanout.py) arrive once each and in order,
whether a socket takes the direct write, its queue (polling), or first the queue and then the direct write
again (a client that stopped reading for a while)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import socketio
from engineio.payload import Payload
from fastapi import FastAPI

from realtime import events, publish
from realtime.fanout import DIRECT, Deliveries
from realtime.hub import Hub
from server.http.edge.raw_route import HotRoutes
from server.http.edge.status_cache import StatusCache
from tests.support.live import seeded_portal

TOPIC = "lottery:vn-north"


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[str, Hub]]:
    async with seeded_portal("sqlite", tmp_path) as (base, _, app):
        assert isinstance(app, StatusCache)  # the status call's fast path, outermost
        app = app.app
        assert isinstance(app, socketio.ASGIApp)
        assert isinstance(app.other_asgi_app, HotRoutes)
        api = app.other_asgi_app.app  # Socket.IO, then the hot routes, then the API
        assert isinstance(api, FastAPI)
        yield base, api.state.hub


class Numbers:
    """A client subscribed to the topic, keeping the `n` of every draw it receives."""

    def __init__(self) -> None:
        self.client = socketio.AsyncClient(reconnection=False)
        self.seen: list[int] = []
        self.client.on(events.LOTTERY_OPENED, self._receive)

    async def _receive(self, payload: dict[str, Any]) -> None:
        self.seen.append(payload["n"])

    async def connect(self, base: str, transport: str) -> Numbers:
        await self.client.connect(base, auth={"merchant": "demo"}, transports=[transport], wait_timeout=5)
        assert await self.client.call("subscribe", TOPIC, timeout=5) == {"ok": True}
        return self

    async def wait_for(self, count: int) -> list[int]:
        for _ in range(500):
            if len(self.seen) >= count:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)  # a duplicate would arrive about now
        return self.seen


async def draws(numbers: range) -> None:
    for n in numbers:
        await publish(events.LOTTERY_OPENED, TOPIC, {"n": n}, session=None)


async def test_a_burst_reaches_websocket_and_polling_clients_once_each_in_order(
    served: tuple[str, Hub], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, hub = served
    # A burst queued for a polling client leaves in one long-poll answer, as the browser's client takes it;
    # the Python test client refuses answers of more than 16 packets unless told otherwise.
    monkeypatch.setattr(Payload, "max_decode_packets", 1000)
    websocket = await Numbers().connect(base, "websocket")
    polling = await Numbers().connect(base, "polling")
    direct, queued = Deliveries.direct, Deliveries.queued
    try:
        await draws(range(300))
        assert await websocket.wait_for(300) == list(range(300))
        assert await polling.wait_for(300) == list(range(300))
    finally:
        await websocket.client.disconnect()
        # The server ends the long poll it holds; the client leaves without waiting for it (its own
        # disconnect would sit out the poll, 30 s).
        await hub.sio.disconnect(polling.client.get_sid())
        await polling.client.eio.disconnect(abort=True)
    # Both ways were taken: the WebSocket's frames directly, the polling client's packets through its queue.
    assert Deliveries.direct - direct >= 250
    assert Deliveries.queued - queued >= 300


async def test_events_queued_while_a_client_pushes_back_are_not_overtaken(served: tuple[str, Hub]) -> None:
    base, hub = served
    reader = await Numbers().connect(base, "websocket")
    try:
        (socket,) = hub.sio.eio.sockets.values()
        protocol = getattr(socket, DIRECT)._protocol
        await draws(range(0, 5))
        protocol.pause_writing()  # what the transport does when the client's buffer is full
        queued = Deliveries.queued
        await draws(range(5, 50))
        assert Deliveries.queued - queued == 45  # nothing was written past the pause
        protocol.resume_writing()
        await draws(range(50, 100))  # while the queue drains, these must wait behind it
        assert await reader.wait_for(100) == list(range(100))
        direct = Deliveries.direct
        await draws(range(100, 110))
        assert await reader.wait_for(110) == list(range(110))
        assert Deliveries.direct - direct == 10  # once drained, straight to the frames again
    finally:
        await reader.client.disconnect()
