"""What the jobs write to a terminal under `make run` (console lines at INFO): nothing for routine runs,
a warning for a slow one, an error with its traceback for a failure (issue 29: `job_done` at info twice a
second scrolled a newcomer's terminal away)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.session import Database
from server.logs import configure_logging
from server.ops.models import JobRun
from tasks import jobs
from tasks.jobs import Job
from tasks.runner import SLOW_SHARE, run_job
from tasks.scheduler import InProcessScheduler

Terminal = Callable[[str], str]


@pytest.fixture
def terminal(capsys: pytest.CaptureFixture[str]) -> Iterator[Terminal]:
    """Logging as `make run` sets it up (LOG_FORMAT=console, the default LOG_LEVEL, INFO) at the given
    level; returns what reached the terminal so far."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level

    def configure(level: str) -> str:
        configure_logging(level, "console")
        return capsys.readouterr().err

    yield configure
    root.handlers[:] = handlers
    root.setLevel(level)


async def test_routine_runs_are_quiet_at_info(
    db: Database, terminal: Terminal, monkeypatch: pytest.MonkeyPatch
) -> None:
    done: list[int] = []
    enough = asyncio.Event()

    async def routine(session: AsyncSession) -> int:
        done.append(1)
        if len(done) >= 3:
            enough.set()
        return len(done)

    # A period a run fits in well (slow is more than half of it), even on a loaded machine.
    job = Job("test.routine", routine, timedelta(seconds=0.8))
    monkeypatch.setitem(jobs.JOBS, job.name, job)
    terminal("INFO")
    # The test's database is one connection: the job alone uses it while the scheduler runs.
    scheduler = InProcessScheduler(db, first_run_after=0, jobs=[job])
    scheduler.start()
    try:
        await asyncio.wait_for(enough.wait(), timeout=10)
    finally:
        await scheduler.stop()
    async with db.read_session() as session:
        assert (await session.scalar(select(JobRun.runs).where(JobRun.job == job.name)) or 0) >= 2
    shown = terminal("DEBUG")
    assert "scheduler_started" in shown  # the terminal is being read
    assert "tasks.runner" not in shown
    # At debug, a developer who asks sees each run.
    await run_job(db, job.name, runner="test")
    assert "job_done" in terminal("DEBUG")


async def test_a_slow_run_is_a_warning(
    db: Database, terminal: Terminal, monkeypatch: pytest.MonkeyPatch
) -> None:
    period = timedelta(seconds=0.2)

    async def slow(session: AsyncSession) -> None:
        await asyncio.sleep(period.total_seconds() * SLOW_SHARE + 0.05)

    monkeypatch.setitem(jobs.JOBS, "test.slow", Job("test.slow", slow, period))
    terminal("INFO")
    await run_job(db, "test.slow", runner="test")
    shown = terminal("INFO")
    assert "warning" in shown
    assert "job_slow" in shown
    assert "test.slow" in shown


async def test_a_failure_is_an_error_with_its_traceback(
    db: Database, terminal: Terminal, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(session: AsyncSession) -> None:
        raise ValueError("boom")

    monkeypatch.setitem(jobs.JOBS, "test.broken", Job("test.broken", broken, timedelta(seconds=60)))
    terminal("INFO")
    with pytest.raises(ValueError, match="boom"):
        await run_job(db, "test.broken", runner="test")
    shown = terminal("INFO")
    assert "job_failed" in shown
    assert "Traceback" in shown
    assert "ValueError: boom" in shown
