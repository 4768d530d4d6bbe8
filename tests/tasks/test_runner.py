"""Jobs run by the in-process scheduler (the embedded default): recorded, and their pushes after commit."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands import service as brands
from server.db.session import Database
from server.ops.models import JobRun
from tasks import jobs
from tasks.jobs import Job
from tasks.runner import UnknownJob, run_job
from tasks.scheduler import InProcessScheduler

pytestmark = pytest.mark.usefixtures("demo")

Sent = list[tuple[str, str | None, Any]]


async def runs_of(db: Database, name: str) -> JobRun | None:
    async with db.read_session() as session:
        return await session.scalar(select(JobRun).where(JobRun.job == name))


async def test_announce_job_pushes_each_change_once(db: Database, emitted: Sent) -> None:
    async with db.session() as session:
        await brands.set_maintenance(session, "demo2", on=True)
    assert await run_job(db, "brands.announce_status", runner="test") == ["demo2"]
    assert emitted == [("system:status", "merchant:demo2", {"status": 1})]
    # Nothing changed since: nothing is pushed again.
    assert await run_job(db, "brands.announce_status", runner="test") == []
    assert len(emitted) == 1
    run = await runs_of(db, "brands.announce_status")
    assert run is not None
    assert (run.runs, run.failures, run.last_ok) == (2, 0, True)


async def test_a_change_and_its_undoing_between_two_runs_is_still_announced(
    db: Database, emitted: Sent
) -> None:
    async with db.session() as session:
        await brands.set_maintenance(session, "demo2", on=True)
    assert await run_job(db, "brands.announce_status", runner="test") == ["demo2"]
    # Off and on again before the job runs: a page loaded meanwhile read "normal" and must hear "maintenance".
    async with db.session() as session:
        await brands.set_maintenance(session, "demo2", on=False)
    async with db.session() as session:
        await brands.set_maintenance(session, "demo2", on=True)
    assert await run_job(db, "brands.announce_status", runner="test") == ["demo2"]
    assert emitted == [("system:status", "merchant:demo2", {"status": 1})] * 2


async def test_a_failing_job_is_recorded_and_rolled_back(
    db: Database, emitted: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    from realtime import publish

    async def broken(session: AsyncSession) -> None:
        await publish("system:status", "merchant:demo", {"status": 1}, session=session)
        raise ValueError("boom")

    monkeypatch.setitem(jobs.JOBS, "test.broken", Job("test.broken", broken, timedelta(seconds=60)))
    with pytest.raises(ValueError, match="boom"):
        await run_job(db, "test.broken", runner="test")
    assert emitted == []  # the push of a rolled-back job never leaves
    run = await runs_of(db, "test.broken")
    assert run is not None
    assert (run.runs, run.failures, run.last_ok) == (1, 1, False)
    assert "boom" in (run.last_detail or "")


async def test_unknown_job() -> None:
    with pytest.raises(UnknownJob):
        await run_job(Database.from_url("sqlite+aiosqlite:///:memory:"), "no.such.job", runner="test")


async def test_in_process_scheduler_runs_the_jobs(db: Database, emitted: Sent) -> None:
    async with db.session() as session:
        await brands.set_maintenance(session, "demo", on=True)
    # One job only: the test's database is a single connection, which cannot serve jobs side by side.
    scheduler = InProcessScheduler(db, first_run_after=0, jobs=[jobs.JOBS["brands.announce_status"]])
    scheduler.start()
    try:
        for _ in range(100):
            if emitted:
                break
            await asyncio.sleep(0.05)
    finally:
        await scheduler.stop()
    assert emitted == [("system:status", "merchant:demo", {"status": 1})]
    run = await runs_of(db, "brands.announce_status")
    assert run is not None
    assert run.last_runner == "inprocess"
