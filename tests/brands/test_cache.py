"""The brand cache: one read at a cold start however many ask; past its time an entry is still answered at
once while one read in the background renews it; a failed renewal keeps the entry."""

from __future__ import annotations

import asyncio

from server.brands.cache import _TtlMap


class Loads:
    def __init__(self) -> None:
        self.count = 0
        self.gate = asyncio.Event()
        self.fail = False

    async def __call__(self) -> int:
        self.count += 1
        await self.gate.wait()
        if self.fail:
            raise RuntimeError("database gone")
        return self.count


async def test_a_cold_start_reads_once_and_an_old_entry_is_answered_while_it_is_renewed() -> None:
    cache: _TtlMap[int] = _TtlMap(ttl=0.05)
    load = Loads()
    waiting = [asyncio.create_task(cache.get("demo", load)) for _ in range(5)]
    await asyncio.sleep(0.01)
    assert not any(task.done() for task in waiting)  # nothing to answer yet: they wait for the one read
    load.gate.set()
    assert await asyncio.gather(*waiting) == [1] * 5
    assert load.count == 1

    await asyncio.sleep(0.06)  # past its time
    load.gate.clear()
    assert await cache.get("demo", load) == 1  # answered at once, not waiting on the read
    assert await cache.get("demo", load) == 1
    await asyncio.sleep(0)
    assert load.count == 2  # one renewal, however many asked
    load.gate.set()
    await asyncio.sleep(0.01)
    assert await cache.get("demo", load) == 2


async def test_a_failed_renewal_keeps_the_entry_and_the_next_request_tries_again() -> None:
    cache: _TtlMap[int] = _TtlMap(ttl=0.01)
    load = Loads()
    load.gate.set()
    assert await cache.get("demo", load) == 1
    await asyncio.sleep(0.02)
    load.fail = True
    assert await cache.get("demo", load) == 1
    await asyncio.sleep(0.01)
    assert load.count == 2
    load.fail = False
    assert await cache.get("demo", load) == 1  # still the old one, and a new renewal started
    await asyncio.sleep(0.01)
    assert load.count == 3
    assert await cache.get("demo", load) == 3
