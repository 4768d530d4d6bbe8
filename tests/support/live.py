"""Real servers for realtime tests: in this process (uvicorn on a free port) or as child processes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from starlette.types import ASGIApp

from server.app import create_asgi
from server.db.session import Database
from server.demo.seed import seed_demo
from tests.conftest import free_port, make_settings
from tests.support.databases import migrated_async

PROJECT = Path(__file__).resolve().parents[2]
# A real server may keep a request waiting as long as SQLite's busy_timeout (30 s) on a loaded machine; a
# client giving up at httpx's default 5 s turns a slow CI moment into a failure that says nothing.
LIVE_TIMEOUT = httpx.Timeout(35.0)


def live_client(base: str, **options: Any) -> httpx.AsyncClient:
    """An HTTP client for a real server started by these helpers."""
    return httpx.AsyncClient(base_url=base, timeout=LIVE_TIMEOUT, **options)


@asynccontextmanager
async def seeded_portal(backend: str, tmp_path: Path) -> AsyncIterator[tuple[str, Database, ASGIApp]]:
    """The whole served app (Socket.IO, the hot routes, the API) on a real port, over a committed database
    with the demo data (sockets need data that other connections see): its address, database and app."""
    async with migrated_async(backend, tmp_path) as url:
        db = Database.from_url(url)
        async with db.session() as session:
            await seed_demo(session)
        app = create_asgi(make_settings(url), db=db)
        async with serve_in_process(app, free_port()) as base:
            yield base, db, app
        await db.dispose()


@asynccontextmanager
async def serve_in_process(app: ASGIApp, port: int) -> AsyncIterator[str]:
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, lifespan="on"))
    task = asyncio.create_task(server.serve())
    deadline = time.monotonic() + 15
    while not server.started:
        if task.done() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


# What a child process must get from its test, never from the environment pytest runs in: a database, a
# Redis database and channel, or a metrics folder inherited from outside would be shared by tests running
# at the same time in other pytest-xdist workers.
NOT_INHERITED = ("DATABASE_URL", "REDIS_URL", "REALTIME_CHANNEL", "SCHEDULER", "PROMETHEUS_MULTIPROC_DIR")


def child_env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env.update(LOG_FORMAT="console", LOG_LEVEL="WARNING", PYTHONUNBUFFERED="1", **values)
    return env


@contextmanager
def process(args: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        child = subprocess.Popen(args, cwd=PROJECT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield child
    finally:
        child.terminate()
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


@contextmanager
def celery_worker(queue: str, env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A real Celery worker of the product, one process, taking tasks from `queue` only."""
    args = [
        sys.executable, "-m", "celery", "-A", "tasks.celery_app", "worker",
        "--concurrency", "1", "--loglevel", "WARNING", "-Q", queue, "--without-heartbeat",
    ]  # fmt: skip
    with process(args, env, log) as child:
        yield child


@contextmanager
def api_process(port: int, env: dict[str, str], log: Path) -> Iterator[str]:
    # A keep-alive longer than the tests' bursts: with uvicorn's default of 5 s, a pooled connection the
    # server closes as the (CPU-starved, under xdist) client reuses it fails that request with a ReadError
    # (the rush test's 2,000 grabs met it twice); what a test measures is the product, not that race.
    args = [
        *(sys.executable, "-m", "uvicorn", "--factory", "server.app:factory"),
        *("--port", str(port), "--timeout-keep-alive", "120"),
    ]
    with process(args, env, log) as child:
        base = f"http://127.0.0.1:{port}"
        wait_ready(base, child, log)
        yield base


# A child that fails to start exits and is reported at once; this only bounds one that hangs. Generous: with
# pytest-xdist another worker's tests share the two cores while the child imports the whole app.
def wait_ready(base: str, child: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise RuntimeError(f"{base} exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{base} not ready: {log.read_text()[-2000:]}")
