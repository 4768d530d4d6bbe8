"""A scheduled job through a real Celery worker: it runs, records itself, and its push reaches a browser
connected to an API process, through Redis."""

from __future__ import annotations

import asyncio
import uuid
from contextlib import ExitStack
from pathlib import Path

import pytest
from sqlalchemy import select

from realtime import events
from server.brands import service as brands
from server.ops.models import JobRun
from server.settings import load_settings
from tasks.celery_app import make_celery
from tests.conftest import free_port
from tests.support.distributed import distributed
from tests.support.live import api_process, celery_worker
from tests.support.services import REDIS_URL
from tests.support.sockets import Inbox, connect

pytestmark = pytest.mark.slow


async def test_job_runs_on_a_celery_worker(tmp_path: Path) -> None:
    async with distributed() as (db, env):
        async with db.session() as session:
            await brands.set_maintenance(session, "demo", on=True)  # not announced yet: the job will
        queue = f"test-{uuid.uuid4().hex[:8]}"
        with ExitStack() as stack:
            stack.enter_context(celery_worker(queue, env, tmp_path / "worker.log"))
            api = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "api.log")
            )
            browser = await connect(api, {"merchant": "demo"})
            inbox = Inbox(browser, events.SYSTEM_STATUS)
            try:
                sender = make_celery(load_settings(redis_url=REDIS_URL))
                result = sender.send_task("portal.run_job", args=["brands.announce_status"], queue=queue)
                answer = await asyncio.to_thread(result.get, timeout=60)
                assert answer == "['demo']"
                assert await inbox.next(within=10) == (events.SYSTEM_STATUS, {"status": 1})
            finally:
                await browser.disconnect()
        async with db.read_session() as session:
            run = await session.scalar(select(JobRun).where(JobRun.job == "brands.announce_status"))
        assert run is not None
        assert (run.runs, run.last_ok, run.last_runner) == (1, True, "celery")


def test_beat_schedules_every_job() -> None:
    from tasks.jobs import JOBS

    schedule = make_celery(load_settings(redis_url=REDIS_URL)).conf.beat_schedule
    assert set(schedule) == set(JOBS)
    for name, entry in schedule.items():
        assert entry["task"] == "portal.run_job"
        assert entry["args"] == (name,)
        assert entry["schedule"] == JOBS[name].every.total_seconds()
