"""Counters of calls per client over a window, for writes whose rows keep nothing to count by: an anonymous
visitor's chat ticket or conversation, a trial game launch. (Where a row keeps the address or the account, the
limit counts those rows instead, inside the transaction: registrations, captchas, SMS codes, applications.)

Redis when the deployment has it, so that every API process counts together: one SET NX EX and one INCR in a
MULTI, atomic however many calls arrive at once. Without Redis, or while it does not answer, this process's
memory: the embedded set-up is one process, and a distributed one counts per process meanwhile rather than
refuse every call (Redis carries counters, never a fact: ARCHITECTURE rule 1). The window starts at a key's
first call and the count resets when it ends.

A client is its address; an IPv6 address counts by its /64, which one subscriber usually holds whole."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass

import redis.asyncio as aioredis
import structlog
from redis.exceptions import RedisError
from starlette.requests import Request

from server.http.core import errors
from server.http.core.errors import AppError

log = structlog.get_logger(__name__)

_PREFIX = "ratelimit:"
_PURGE_FROM = 10_000  # memory entries before the expired ones are swept


@dataclass(frozen=True)
class Limit:
    name: str
    calls: int
    seconds: int


class RateLimits:
    def __init__(self, redis: aioredis.Redis | None, clock: Callable[[], float] = time.monotonic) -> None:
        self._redis = redis
        self._clock = clock
        self._memory: dict[str, tuple[float, int]] = {}
        self._purge_at = _PURGE_FROM

    async def hit(self, limit: Limit, key: str) -> bool:
        """Count this call for `key`; False once it is past the limit's calls in the window."""
        name = f"{_PREFIX}{limit.name}:{key}"
        count = await self._redis_count(name, limit.seconds) if self._redis is not None else None
        if count is None:
            count = self._memory_count(name, limit.seconds)
        return count <= limit.calls

    async def _redis_count(self, name: str, seconds: int) -> int | None:
        assert self._redis is not None
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.set(name, 0, ex=seconds, nx=True)
                pipe.incr(name)
                _, count = await pipe.execute()
            return int(count)
        except (RedisError, OSError) as exc:
            log.warning("rate_limit_redis_unavailable", error=repr(exc))
            return None

    def _memory_count(self, name: str, seconds: int) -> int:
        # No await between the read and the write: one event loop, so no other call interleaves.
        now = self._clock()
        ends, count = self._memory.get(name, (0.0, 0))
        if ends <= now:
            ends, count = now + seconds, 0
        self._memory[name] = (ends, count + 1)
        if len(self._memory) > self._purge_at:
            self._memory = {k: v for k, v in self._memory.items() if v[0] > now}
            self._purge_at = max(_PURGE_FROM, 2 * len(self._memory))
        return count + 1


def client_key(ip: str) -> str:
    """The address an IPv4 client is counted by, or the /64 network of an IPv6 one."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def rate_limits(request: Request) -> RateLimits:
    limits: RateLimits = request.app.state.rate_limits
    return limits


async def spend(request: Request, limit: Limit, *keys: str) -> None:
    """Count the call against each key (the client's address, the device it names, the account); refused
    with TOO_MANY_REQUEST (429) when any of them is past the limit. Every key is counted either way, so that
    a refused call still costs its sender."""
    limits = rate_limits(request)
    allowed = [await limits.hit(limit, key) for key in keys]
    if not all(allowed):
        raise AppError(errors.TOO_MANY_REQUEST, value={"limit": limit.name})
