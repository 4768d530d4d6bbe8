"""Several real processes writing to one PROMETHEUS_MULTIPROC_DIR: two API processes and a Celery worker.
Any API process's /metrics is the sum over all of them; a process that has exited keeps its counts there,
but no longer its open sockets."""

from __future__ import annotations

import asyncio
import uuid
from contextlib import ExitStack
from pathlib import Path

import pytest

from server.settings import load_settings
from tasks.celery_app import make_celery
from tests.conftest import free_port
from tests.observability.scrape import scrape, total
from tests.support.distributed import distributed
from tests.support.live import api_process, celery_worker, live_client
from tests.support.services import REDIS_URL
from tests.support.sockets import connect

pytestmark = pytest.mark.slow

STATUS = {"method": "GET", "route": "/wps/system/status", "status": "200"}
COUNT = "portal_http_request_duration_seconds_count"


async def metrics_of(base: str) -> str:
    async with live_client(base) as client:  # from loopback, as a local scraper
        return await scrape(client)


async def status_calls(base: str, times: int) -> None:
    async with live_client(base, headers={"Merchant": "demo"}) as client:
        for _ in range(times):
            assert (await client.get("/wps/system/status")).status_code == 200


async def test_two_api_processes_are_summed_and_an_exited_one_keeps_its_counts_only(tmp_path: Path) -> None:
    shared = tmp_path / "metrics"
    async with distributed() as (_, env):
        env = {**env, "PROMETHEUS_MULTIPROC_DIR": str(shared)}
        with ExitStack() as stack, ExitStack() as b_stack:
            api_a = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "a.log")
            )
            api_b = await asyncio.to_thread(
                b_stack.enter_context, api_process(free_port(), env, tmp_path / "b.log")
            )
            await status_calls(api_a, 3)
            await status_calls(api_b, 5)
            on_a = await connect(api_a, {"merchant": "demo"})
            on_b = await connect(api_b, {"merchant": "demo"})
            try:
                for base in (api_a, api_b):
                    text = await metrics_of(base)
                    assert total(text, COUNT, **STATUS) == 8
                    assert total(text, "portal_sockets_open") == 2
                # Process B stops with its socket still open: its sockets leave the sum, its requests stay.
                await asyncio.to_thread(b_stack.close)
                text = await metrics_of(api_a)
                assert total(text, "portal_sockets_open") == 1
                assert total(text, COUNT, **STATUS) == 8
            finally:
                for client in (on_a, on_b):
                    if client.connected:
                        await client.disconnect()
    # Each process wrote files of its own, named by host and pid.
    assert len({path.stem.rsplit("_", 1)[1] for path in shared.glob("histogram_*.db")}) == 2


async def test_a_celery_workers_job_runs_show_on_the_apis_metrics(tmp_path: Path) -> None:
    async with distributed() as (_, env):
        env = {**env, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")}
        queue = f"test-{uuid.uuid4().hex[:8]}"
        with ExitStack() as stack:
            stack.enter_context(celery_worker(queue, env, tmp_path / "worker.log"))
            api = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "api.log")
            )
            sender = make_celery(load_settings(redis_url=REDIS_URL))
            result = sender.send_task("portal.run_job", args=["brands.announce_status"], queue=queue)
            await asyncio.to_thread(result.get, timeout=60)
            text = await metrics_of(api)
        ran = {"job": "brands.announce_status", "runner": "celery"}
        assert total(text, "portal_job_runs_total", **ran, outcome="ok") == 1
        assert total(text, "portal_job_runs_total", **ran, outcome="failed") == 0
        assert total(text, "portal_job_duration_seconds_count", job="brands.announce_status") == 1
