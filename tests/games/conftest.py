"""The games tests' own fixtures: a whole app on a fresh Postgres database, for races that need real
concurrent transactions (each request its own connection)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest

from server.app import create_app
from server.db import migrate
from server.db.session import Database
from server.demo.seed import seed_demo
from tests.conftest import make_settings
from tests.support.databases import postgres_database
from tests.support.services import require_postgres


@pytest.fixture
async def pg_client() -> AsyncIterator[tuple[httpx.AsyncClient, Database]]:
    require_postgres()
    manager = postgres_database()
    url = await asyncio.to_thread(manager.__enter__)
    db = Database.from_url(url)
    try:
        await asyncio.to_thread(migrate.upgrade, url)
        async with db.session() as session:
            await seed_demo(session)
        app = create_app(make_settings(url), db=db)
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
                yield client, db
    finally:
        await db.dispose()
        await asyncio.to_thread(manager.__exit__, None, None, None)
