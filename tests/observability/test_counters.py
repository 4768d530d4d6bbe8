"""What the hub, the fan-out and the job runner count: open sockets (a refused one never), deliveries and
their time, job runs by outcome and their time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import socketio
from prometheus_client import REGISTRY
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.db.session import Database
from tasks import jobs
from tasks.jobs import Job
from tasks.runner import run_job
from tests.realtime.test_hub import refusal
from tests.support.live import seeded_portal
from tests.support.sockets import Inbox, connect

Sent = list[tuple[str, str | None, Any]]


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def settles(name: str, expected: float, **labels: str) -> float:
    """The value once it reaches `expected` (the server counts a disconnect when it notices it)."""
    for _ in range(100):
        if value(name, **labels) == expected:
            break
        await asyncio.sleep(0.02)
    return value(name, **labels)


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[str]:
    async with seeded_portal("sqlite", tmp_path) as (base, _, _):
        yield base


async def test_open_sockets_count_accepted_ones_only_and_deliveries_are_counted(served: str) -> None:
    opened = value("portal_sockets_open")
    assert await refusal(served, {"merchant": "no-such-brand"}) == "MERCHANT_NOT_FOUND"
    assert await refusal(served, {"merchant": "demo", "token": "not-a-session"}) == "UNAUTHORIZED"
    assert value("portal_sockets_open") == opened
    first: socketio.AsyncClient = await connect(served, {"merchant": "demo"})
    second: socketio.AsyncClient = await connect(served, {"merchant": "demo"})
    assert value("portal_sockets_open") == opened + 2

    emits = value("portal_realtime_emit_seconds_count")
    deliveries = sum(value("portal_realtime_deliveries_total", path=p) for p in ("direct", "queued"))
    inboxes = [Inbox(first, events.SYSTEM_STATUS), Inbox(second, events.SYSTEM_STATUS)]
    await publish(events.SYSTEM_STATUS, events.merchant_room("demo"), {"status": 1}, session=None)
    for inbox in inboxes:
        assert await inbox.next() == (events.SYSTEM_STATUS, {"status": 1})
    assert value("portal_realtime_emit_seconds_count") == emits + 1
    assert (
        sum(value("portal_realtime_deliveries_total", path=p) for p in ("direct", "queued")) == deliveries + 2
    )

    await first.disconnect()
    assert await settles("portal_sockets_open", opened + 1) == opened + 1
    await second.disconnect()
    assert await settles("portal_sockets_open", opened) == opened


@pytest.mark.usefixtures("demo")
async def test_job_runs_are_counted_by_outcome_and_timed(
    db: Database, emitted: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok = {"job": "brands.announce_status", "runner": "test", "outcome": "ok"}
    runs, timed = (
        value("portal_job_runs_total", **ok),
        value("portal_job_duration_seconds_count", job=ok["job"]),
    )
    await run_job(db, "brands.announce_status", runner="test")
    assert value("portal_job_runs_total", **ok) == runs + 1
    assert value("portal_job_duration_seconds_count", job=ok["job"]) == timed + 1

    async def broken(session: AsyncSession) -> None:
        await asyncio.sleep(0.02)
        raise ValueError("boom")

    monkeypatch.setitem(jobs.JOBS, "test.broken", Job("test.broken", broken, timedelta(seconds=60)))
    failed = {"job": "test.broken", "runner": "test", "outcome": "failed"}
    before = value("portal_job_runs_total", **failed)
    with pytest.raises(ValueError, match="boom"):
        await run_job(db, "test.broken", runner="test")
    assert value("portal_job_runs_total", **failed) == before + 1
    assert value("portal_job_runs_total", **{**failed, "outcome": "ok"}) == 0
    assert value("portal_job_duration_seconds_sum", job="test.broken") >= 0.02
