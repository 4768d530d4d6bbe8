"""The in-process scheduler of the embedded default: the same jobs Celery beat runs, on asyncio timers."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable

import structlog

from server.db.session import Database
from server.house.wallet_client import WalletClient
from tasks.jobs import JOBS, DatabaseJob, Job
from tasks.runner import run_job

log = structlog.get_logger(__name__)


class InProcessScheduler:
    def __init__(
        self,
        db: Database,
        *,
        house_wallet: WalletClient | None = None,
        first_run_after: float = 1.0,
        jobs: Iterable[Job | DatabaseJob] | None = None,
    ) -> None:
        self._db = db
        self._house_wallet = house_wallet
        self._first_run_after = first_run_after
        self._jobs = list(JOBS.values() if jobs is None else jobs)
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._every(job), name=f"job:{job.name}") for job in self._jobs]
        log.info("scheduler_started", jobs=sorted(job.name for job in self._jobs))

    async def _every(self, job: Job | DatabaseJob) -> None:
        await asyncio.sleep(self._first_run_after)
        while True:
            # run_job logged and recorded a failure; the next tick tries again.
            with contextlib.suppress(Exception):
                await run_job(self._db, job.name, runner="inprocess", house_wallet=self._house_wallet)
            await asyncio.sleep(job.every.total_seconds())

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
