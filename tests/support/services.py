"""Which real services this run can use. REQUIRE_SERVICES=1 turns "unreachable" into a failure."""

from __future__ import annotations

import os
import socket
from functools import cache
from urllib.parse import urlsplit

import pytest

POSTGRES_ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


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
