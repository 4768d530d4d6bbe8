"""Running one job: its own transaction, its side effects after commit, its run recorded either way."""

from __future__ import annotations

import time
from typing import Any

import structlog

from server.db import after_commit
from server.db.base import utcnow
from server.db.session import Database
from server.house.wallet_client import WalletClient
from server.observability import metrics
from server.ops.service import record_run
from tasks.jobs import JOBS, DatabaseJob

log = structlog.get_logger(__name__)

# A run that takes more than this share of its job's period is slow: it leaves the next tick little room
# (Celery beat drops a tick older than the period), and it is worth a look. Routine runs log at debug only:
# at INFO (make run's level) a job due every two seconds would fill the terminal.
SLOW_SHARE = 0.5


class UnknownJob(KeyError):
    pass


async def run_job(db: Database, name: str, *, runner: str, house_wallet: WalletClient | None = None) -> Any:
    job = JOBS.get(name)
    if job is None:
        raise UnknownJob(name)
    started = utcnow()
    clock = time.perf_counter()
    try:
        if isinstance(job, DatabaseJob):
            result = await job.run(db, house_wallet)
        else:
            async with db.session() as session:
                result = await job.run(session)
    except Exception as exc:
        metrics.job_finished(name, runner, ok=False, started=clock)
        log.exception("job_failed", job=name, runner=runner)
        async with db.session() as session:
            await record_run(session, name, started=started, ok=False, runner=runner, detail=repr(exc))
        raise
    metrics.job_finished(name, runner, ok=True, started=clock)
    async with db.session() as session:
        await record_run(session, name, started=started, ok=True, runner=runner, detail=repr(result))
    # Events the job published leave after its commit; wait for them before the caller moves on
    # (a Celery task must not return while its pushes are still in flight).
    await after_commit.drain()
    seconds = round(time.perf_counter() - clock, 3)
    period = job.every.total_seconds()
    if seconds > period * SLOW_SHARE:
        log.warning("job_slow", job=name, runner=runner, seconds=seconds, period_seconds=period)
    else:
        log.debug("job_done", job=name, runner=runner, seconds=seconds)
    return result
