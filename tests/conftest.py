"""Shared fixtures. Database tests run once on SQLite and once on Postgres (when it answers); each test
runs inside a transaction that is rolled back, on a database built by the real migrations (copied from a
migrated template: tests/support/databases.py)."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.dependencies import models as fastapi_dependencies
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from realtime import emitter
from server.accounts import passwords
from server.app import create_app
from server.db.engine import create_engine
from server.db.session import Database
from server.demo.seed import seed_demo
from server.settings import Settings, load_settings
from tests.support.databases import drop_templates, migrated, migrated_async
from tests.support.services import require_postgres

BACKENDS = ("sqlite", "postgres")
TEST_CLIENT_ADDRESS = ("127.0.0.1", 40000)

# FastAPI keeps, for every endpoint and dependency callable it has met, whether it is a coroutine or
# generator function, in module-level caches of 4,096 entries each. Some of those callables are closures
# create_app makes for each app, and as keys they keep each test's whole app alive: a test process grew to
# ~3.5 GB (twice that under pytest-xdist's two workers) and 17 million objects, which made each full garbage
# collection a stall of 10-30 s inside whichever test it fell on (a live server's client timed out on a busy
# machine). Emptied after each test; if a FastAPI release renames or drops them, nothing is cleared and
# nothing breaks.
FASTAPI_CALLABLE_CACHES = (
    "_is_gen_callable_cached",
    "_is_async_gen_callable_cached",
    "_is_coroutine_callable_cached",
)


# The backend rule. A database test runs on SQLite and on Postgres, because the two differ (types, locks,
# isolation, what a constraint refuses). A parametrized test marked `refused_input` varies only a request
# the portal refuses with a stable code (a validation error, a refusal), writing nothing: that decision is
# Python's and the same on both, so its first case runs on both backends and every other case on SQLite
# only (the rest are reported as deselected). Not for a test whose cases vary what is stored or read, reach
# the ledger or race, nor for input refused because of a database's limits (64-bit integers, NUL, dates).
REFUSED_INPUT = "refused_input"


# argon2 at the production cost spends ~240 ms of CPU (four lanes) on each hash and check, and the suite
# makes thousands of them: it runs at argon2id's least cost instead. The production parameters are tested
# where they matter (tests/accounts/test_passwords.py, the rehash on login), under `production_hasher`.
TEST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def pytest_configure(config: pytest.Config) -> None:
    passwords.use_hasher(TEST_HASHER)
    config.addinivalue_line(
        "markers",
        f"{REFUSED_INPUT}: cases vary only input refused with a stable code; the first runs on both "
        "backends, the others on SQLite (tests/conftest.py)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    first_on_postgres: set[tuple[str, str]] = set()
    for item in items:
        callspec = getattr(item, "callspec", None)
        if (
            isinstance(item, pytest.Function)
            and callspec is not None
            and callspec.params.get("backend") == "postgres"
            and item.get_closest_marker(REFUSED_INPUT) is not None
        ):
            function = (item.nodeid.split("::", 1)[0], item.originalname)
            if function in first_on_postgres:
                dropped.append(item)
                continue
            first_on_postgres.add(function)
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_sessionfinish() -> None:
    # The migrated templates this process copied its fresh databases from (tests/support/databases.py).
    drop_templates()


@pytest.fixture(autouse=True)
def _release_apps() -> Iterator[None]:
    yield
    for name in FASTAPI_CALLABLE_CACHES:
        cache_clear = getattr(getattr(fastapi_dependencies, name, None), "cache_clear", None)
        if cache_clear is not None:
            cache_clear()


@pytest.fixture
def production_hasher() -> Iterator[None]:
    passwords.use_hasher(passwords.PRODUCTION_HASHER)
    try:
        yield
    finally:
        passwords.use_hasher(TEST_HASHER)


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    if name == "postgres":
        require_postgres()
    return name


@pytest.fixture(scope="session")
def database_url(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with migrated(backend, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture(scope="session")
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    engine = create_engine(database_url)
    yield engine
    await engine.dispose()


@pytest.fixture
async def db(engine: AsyncEngine) -> AsyncIterator[Database]:
    """A Database whose every unit of work is a savepoint inside one transaction rolled back at the end."""
    async with engine.connect() as connection:
        transaction = await connection.begin()
        try:
            yield Database(engine, bind=connection)
        finally:
            await transaction.rollback()


@pytest.fixture
async def session(db: Database) -> AsyncIterator[AsyncSession]:
    async with db.session() as session:
        yield session


@pytest.fixture
async def demo(db: Database) -> None:
    async with db.session() as session:
        await seed_demo(session)


def make_settings(database_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": database_url,
        "environment": "test",
        "scheduler": "off",
        "brand_cache_seconds": 0,
        "log_format": "console",
        "frontend_dist": Path("/nonexistent"),
        # Tests deal table rounds themselves: a background dealer would share the test's connection.
        "house_dealer": False,
    }
    values.update(overrides)
    return load_settings(**values)


@pytest.fixture
def settings(database_url: str) -> Settings:
    return make_settings(database_url, trusted_proxies="127.0.0.1/32")


@pytest.fixture
async def app(settings: Settings, db: Database) -> AsyncIterator[FastAPI]:
    app = create_app(settings, db=db)
    async with app.router.lifespan_context(app):
        yield app


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        yield client


@pytest.fixture
def client_at(app: FastAPI) -> Callable[[str], httpx.AsyncClient]:
    """A client whose address is `ip`, as our trusted local proxy reports it (X-Forwarded-For)."""

    def make(ip: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS)
        return httpx.AsyncClient(
            transport=transport, base_url="http://127.0.0.1", headers={"X-Forwarded-For": ip}
        )

    return make


class RecordingEmitter:
    def __init__(self) -> None:
        self.sent: list[tuple[str, str | None, Any]] = []

    async def emit(self, event: str, data: Any = None, *, room: str | None = None) -> None:
        self.sent.append((event, room, data))


@pytest.fixture
def emitted(request: pytest.FixtureRequest) -> Iterator[list[tuple[str, str | None, Any]]]:
    """Events published during the test, as (event, room, payload)."""
    if "app" in request.fixturenames:
        request.getfixturevalue("app")  # its start-up installs the hub; ours must come after
    recorder = RecordingEmitter()
    previous = emitter.installed()
    emitter.install(recorder)
    yield recorder.sent
    emitter.install(previous)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
async def pg_client() -> AsyncIterator[tuple[httpx.AsyncClient, Database]]:
    """A whole app on a fresh Postgres database of its own, for races that need real concurrent
    transactions (each request on its own connection, nothing rolled back around them)."""
    require_postgres()
    async with migrated_async("postgres") as url:
        db = Database.from_url(url)
        try:
            async with db.session() as session:
                await seed_demo(session)
            app = create_app(make_settings(url), db=db)
            async with app.router.lifespan_context(app):
                transport = httpx.ASGITransport(app=app)
                async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
                    yield client, db
        finally:
            await db.dispose()
