"""Fixtures of the chat tests that run against a live portal with real sockets."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import socketio

from server.db.session import Database
from tests.support.live import live_client, seeded_portal

Live = tuple[str, Database, httpx.AsyncClient]


@pytest.fixture
async def live(backend: str, tmp_path: Path) -> AsyncIterator[Live]:
    """A portal served on a port of its own (base URL, its database, an HTTP client to it)."""
    async with seeded_portal(backend, tmp_path) as (base, db, _), live_client(base) as client:
        yield base, db, client


@pytest.fixture
async def sockets() -> AsyncIterator[list[socketio.AsyncClient]]:
    """Every socket a test opens, closed at its end whatever happened."""
    opened: list[socketio.AsyncClient] = []
    yield opened
    for client in opened:
        if client.connected:
            await client.disconnect()
