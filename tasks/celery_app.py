"""Celery worker and beat for the distributed set-up: `celery -A tasks.celery_app worker|beat`.

Each worker process keeps one event loop, one database pool and one write-only Socket.IO emitter for its
whole life, so a task does not pay for new connections.
"""

from __future__ import annotations

import asyncio
from typing import Any

from celery import Celery
from celery.signals import worker_process_shutdown, worker_shutdown

from realtime import emitter
from server.db.session import Database
from server.house.wallet_client import WalletClient
from server.logs import configure_logging
from server.observability import metrics
from server.promotions import wiring as promotions_wiring
from server.protection import wiring as protection_wiring
from server.settings import Settings, load_settings
from tasks.jobs import JOBS
from tasks.runner import run_job


def make_celery(settings: Settings) -> Celery:
    app = Celery("portal", broker=settings.redis_url, backend=settings.redis_url)
    app.conf.update(
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        task_acks_late=True,
        worker_prefetch_multiplier=1,
        result_expires=3600,
        broker_connection_retry_on_startup=True,
        worker_hijack_root_logger=False,
        beat_schedule={
            job.name: {
                "task": "portal.run_job",
                "schedule": job.every.total_seconds(),
                "args": (job.name,),
                # A tick that waited longer than its period is stale; the next one will come.
                "options": {"expires": job.every.total_seconds()},
            }
            for job in JOBS.values()
        },
    )
    return app


settings = load_settings()
celery_app = make_celery(settings)
# The worker settles bonus locks (the expiry job): the wallet counts turnover with the promotions' meter.
promotions_wiring.install()
protection_wiring.install()
# Job metrics go to PROMETHEUS_MULTIPROC_DIR, shared with the API, whose /metrics sums them; a pool process
# or the worker that exits leaves the live sum.
worker_process_shutdown.connect(metrics.process_exited)
worker_shutdown.connect(metrics.process_exited)


class _WorkerState:
    loop: asyncio.AbstractEventLoop | None = None
    db: Database | None = None
    house_wallet: WalletClient | None = None
    portal: Any = None


def _house_wallet() -> WalletClient | None:
    """The worker is a composition root too: it hands the house's jobs their wallet client. Over HTTP to
    HOUSE_WALLET_URL when set; else the client of a portal app built here, whose seamless handlers answer it
    in this process (server.games.seamless_direct, against the same database), as in the API process."""
    if not settings.house_enabled:
        return None
    if settings.house_wallet_url:
        return WalletClient(settings.house_wallet_secret, base_url=settings.house_wallet_url)
    from server.app import create_app  # only a worker without HOUSE_WALLET_URL pays for building the portal

    _WorkerState.portal = create_app(settings)
    wallet: WalletClient = _WorkerState.portal.state.house.wallet
    return wallet


def _worker() -> tuple[asyncio.AbstractEventLoop, Database]:
    if _WorkerState.loop is None or _WorkerState.db is None:
        configure_logging(settings.log_level, settings.log_format)
        _WorkerState.loop = asyncio.new_event_loop()
        _WorkerState.db = Database.from_url(settings.database_url)
        _WorkerState.house_wallet = _house_wallet()
        if settings.redis_url:
            emitter.install(emitter.redis_writer(settings.redis_url, settings.realtime_channel))
    return _WorkerState.loop, _WorkerState.db


@celery_app.task(name="portal.run_job")
def run_job_task(name: str) -> str:
    loop, db = _worker()
    result: Any = loop.run_until_complete(
        run_job(db, name, runner="celery", house_wallet=_WorkerState.house_wallet)
    )
    return repr(result)
