"""Socket.IO clients for tests: connect, and wait for what arrives."""

from __future__ import annotations

import asyncio
from typing import Any

import socketio


class Inbox:
    def __init__(self, client: socketio.AsyncClient, *names: str) -> None:
        self.received: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        for name in names:
            client.on(name, self._handler(name))

    def _handler(self, name: str) -> Any:
        async def handle(payload: Any) -> None:
            await self.received.put((name, payload))

        return handle

    async def next(self, within: float = 5) -> tuple[str, Any]:
        return await asyncio.wait_for(self.received.get(), within)

    async def nothing(self, wait: float = 0.5) -> bool:
        await asyncio.sleep(wait)
        return self.received.empty()


async def connect(base: str, auth: dict[str, Any]) -> socketio.AsyncClient:
    client = socketio.AsyncClient(reconnection=False)
    await client.connect(base, auth=auth, transports=["websocket"], wait_timeout=5)
    return client
