"""Which real services this run can use. REQUIRE_SERVICES=1 turns "unreachable" into a failure.

Under pytest-xdist every worker process (PYTEST_XDIST_WORKER: gw0, gw1, ...) has a Redis database of its
own, and names what it creates there after itself (`worker_name`): two tests running at once in different
workers share no Redis key, and no pub/sub channel either (channels are global to the server, not per
database, so every channel name carries the worker and a random part)."""

from __future__ import annotations

import os
import socket
import uuid
from functools import cache
from urllib.parse import urlsplit, urlunsplit

import pytest

# "gw0", "gw1", ... in an xdist worker; empty in a single-process run.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
# Redis's default `databases 16`: 0 to 15.
REDIS_DATABASES = 16


def worker_index() -> int:
    """0 in a single-process run and in xdist's gw0, 1 in gw1, and so on."""
    return int(XDIST_WORKER[2:]) if XDIST_WORKER.startswith("gw") else 0


def worker_name(prefix: str) -> str:
    """A name nobody else in this run uses (a Redis channel, a Celery queue): `prefix`, the worker, a uuid."""
    return f"{prefix}-{XDIST_WORKER or 'main'}-{uuid.uuid4().hex[:8]}"


def per_worker_redis(url: str, index: int) -> str:
    """`url` with its database number moved down by the worker's index: gw0 on 15, gw1 on 14, and so on
    (wrapping below 0)."""
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(database - index) % REDIS_DATABASES}"))


POSTGRES_ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = per_worker_redis(os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15"), worker_index())


@cache
def reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 0), timeout=1):
            return True
    except OSError:
        return False


def require(name: str, url: str) -> None:
    """Skip (or, under REQUIRE_SERVICES=1, fail) when the service does not answer."""
    if reachable(url):
        return
    message = f"{name} is not reachable at {url}"
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(f"{message} and REQUIRE_SERVICES=1", pytrace=False)
    pytest.skip(message)


def require_postgres() -> None:
    require("Postgres", POSTGRES_ADMIN_URL)


def require_redis() -> None:
    require("Redis", REDIS_URL)
