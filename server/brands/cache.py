"""Per-process cache of brand snapshots: the configuration is read on nearly every request but changes
rarely. Entries live `ttl` seconds, so an operator's change reaches every process within that time (and one
read). An entry past its time is still answered while one read in the background renews it: a request never
waits on the database for the brand once it has been read, so no request holding a connection waits for
another one to read it (a burst of those, with the pool's connections all held, would wait on each other)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

import structlog

from server.brands import service
from server.brands.service import Brand
from server.db.session import Database

V = TypeVar("V")
log = structlog.get_logger(__name__)


class _TtlMap(Generic[V]):
    def __init__(self, ttl: float) -> None:
        self._ttl = ttl
        self._entries: dict[str, tuple[float, V]] = {}
        self._loading: dict[str, asyncio.Future[V]] = {}
        self._renewing: set[asyncio.Task[None]] = set()

    async def get(self, key: str, load: Callable[[], Awaitable[V]]) -> V:
        entry = self._entries.get(key)
        if entry is not None:
            if entry[0] <= time.monotonic() and key not in self._loading:
                task = asyncio.get_running_loop().create_task(self._renew(key, load))
                self._renewing.add(task)
                task.add_done_callback(self._renewing.discard)
            return entry[1]
        return await self._load(key, load)

    async def _renew(self, key: str, load: Callable[[], Awaitable[V]]) -> None:
        try:
            await self._load(key, load)
        except Exception:
            # The entry stays as it was; the next request past its time tries again.
            log.warning("brand_cache_renew_failed", key=key, exc_info=True)

    async def _load(self, key: str, load: Callable[[], Awaitable[V]]) -> V:
        # One load per key at a time: a burst of requests at a cold start waits on the same query.
        pending = self._loading.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        self._loading[key] = future
        try:
            value = await load()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters get it, nobody logs "never retrieved"
            raise
        finally:
            self._loading.pop(key, None)
        future.set_result(value)
        if self._ttl > 0:
            self._entries[key] = (time.monotonic() + self._ttl, value)
        return value

    def fresh(self, key: str) -> V | None:
        """The value while it is within its time, without a load or a renewal (None otherwise): for those
        who keep something made from it and must know it still holds (server/http/edge/status_cache.py)."""
        entry = self._entries.get(key)
        return entry[1] if entry is not None and entry[0] > time.monotonic() else None

    def clear(self) -> None:
        self._entries.clear()


class BrandCache:
    def __init__(self, db: Database, ttl: float, *, offered: service.OfferedCounts | None = None) -> None:
        self._db = db
        # The catalogue's counts, which the home page's words state (the composition root hands them in).
        self._offered = offered
        self._brands: _TtlMap[Brand | None] = _TtlMap(ttl)
        self._domains: _TtlMap[str | None] = _TtlMap(ttl)

    async def by_code(self, code: str) -> Brand | None:
        async def load() -> Brand | None:
            async with self._db.read_session() as session:
                return await service.load_brand(session, code, offered=self._offered)

        return await self._brands.get(code, load)

    async def code_for_domain(self, domain: str) -> str | None:
        host = service.normalise_domain(domain)

        async def load() -> str | None:
            async with self._db.read_session() as session:
                return await service.merchant_code_for_domain(session, host)

        return await self._domains.get(host, load)

    def fresh(self, code: str) -> Brand | None:
        """The snapshot `by_code` answers now without reading or renewing, or None."""
        return self._brands.fresh(code)

    def fresh_domain(self, domain: str) -> str | None:
        """The code `code_for_domain` answers now without reading or renewing, or None."""
        return self._domains.fresh(service.normalise_domain(domain))

    def invalidate(self) -> None:
        self._brands.clear()
        self._domains.clear()
