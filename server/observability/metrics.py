"""The portal's Prometheus metrics, and the one-line helpers the code that counts calls.

Several processes (the API's uvicorn processes, the Celery worker's) may write to one shared directory,
PROMETHEUS_MULTIPROC_DIR, which /metrics reads back summed over all of them (prometheus-client's multiprocess
mode, chosen when the variable is set). Without it, the process's default registry.

This module imports nothing of ours and no web framework (an import-linter contract says so): the ledger,
the realtime hub and the jobs all count through it.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    multiprocess,
    values,
)
from prometheus_client.exposition import choose_encoder

MULTIPROCESS_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None

# Each process writes its own files, named after an identifier of the process. prometheus-client's default
# is the pid, which is not unique across containers sharing the directory (each API replica's uvicorn is
# pid 1 in its own container): two processes would write over each other's file. The host name (a
# container's id) makes it unique. It is computed once, and again in a forked child (Celery's pool), since
# prometheus-client asks for it on every increment. ("_" separates the parts of the file name.)
_HOST = socket.gethostname().replace("_", "-")
_identity = [f"{_HOST}-{os.getpid()}"]


def _forked() -> None:
    _identity[0] = f"{_HOST}-{os.getpid()}"


if MULTIPROCESS_DIR:
    os.makedirs(MULTIPROCESS_DIR, exist_ok=True)
    os.register_at_fork(after_in_child=_forked)
    # Before any metric below exists: each takes its value class when it is built.
    values.ValueClass = values.MultiProcessValue(process_identifier=lambda: _identity[0])  # type: ignore[no-untyped-call]

# A `_created` series beside every counter and histogram doubles the scrape for a timestamp nobody graphs
# (the multiprocess mode has none anyway).
disable_created_metrics()  # type: ignore[no-untyped-call]

HTTP_REQUEST_SECONDS = Histogram(
    "portal_http_request_duration_seconds",
    'HTTP requests by method, route template ("unmatched" for none) and status: the time until the '
    "answer was sent.",
    ("method", "route", "status"),
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
SOCKETS_OPEN = Gauge(
    "portal_sockets_open",
    "Socket.IO connections accepted and not yet closed (summed over the live processes).",
    multiprocess_mode="livesum",
)
REALTIME_DELIVERIES = Counter(
    "portal_realtime_deliveries_total",
    "Room events delivered to a socket: written straight to its WebSocket (direct), or left on its queue "
    "(queued: polling, upgrading, busy or slow sockets).",
    ("path",),
)
REALTIME_EMIT_SECONDS = Histogram(
    "portal_realtime_emit_seconds",
    "The time one process takes to deliver one room event to its own sockets in the room.",
    buckets=(0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1),
)
LEDGER_POSTINGS = Counter(
    "portal_ledger_postings_total",
    "Ledger transfers posted (each writes two or more postings that sum to zero), by kind; an idempotent "
    "replay is not counted.",
    ("kind",),
)
JOB_RUNS = Counter(
    "portal_job_runs_total", "Scheduled job runs, by job, runner and outcome.", ("job", "runner", "outcome")
)
JOB_SECONDS = Histogram(
    "portal_job_duration_seconds",
    "The time a job run took, failed or not.",
    ("job",),
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)

# A process that restarts under the same identifier (a container restarted in place) reopens its old files:
# counters rightly go on from where they were, but its open sockets start from none.
SOCKETS_OPEN.set(0)

# labels() validates and locks on every call: the children are kept, keyed by their label values (all of
# them bounded: methods are folded into a fixed set, routes are templates, kinds and jobs are the code's).
_requests: dict[tuple[str, str, int], Histogram] = {}
_postings: dict[str, Counter] = {}
_direct = REALTIME_DELIVERIES.labels("direct")
_queued = REALTIME_DELIVERIES.labels("queued")
_counted_sockets: set[str] = set()


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    key = (method, route, status)
    child = _requests.get(key)
    if child is None:
        child = _requests[key] = HTTP_REQUEST_SECONDS.labels(method, route, str(status))
    child.observe(seconds)


def socket_opened(sid: str) -> None:
    """A socket the hub accepted (called once its connect handler has succeeded)."""
    if sid not in _counted_sockets:
        _counted_sockets.add(sid)
        SOCKETS_OPEN.inc()


def socket_closed(sid: str) -> None:
    """A socket went away; only one that was counted open is counted closed (a refused one never was)."""
    if sid in _counted_sockets:
        _counted_sockets.remove(sid)
        SOCKETS_OPEN.dec()


def room_emitted(direct: int, queued: int, started: float) -> None:
    """One room event delivered by this process; `started` is the time.perf_counter() before it began."""
    REALTIME_EMIT_SECONDS.observe(time.perf_counter() - started)
    if direct:
        _direct.inc(direct)
    if queued:
        _queued.inc(queued)


def ledger_posted(kind: str, *, replayed: bool) -> None:
    if replayed:
        return
    child = _postings.get(kind)
    if child is None:
        child = _postings[kind] = LEDGER_POSTINGS.labels(kind)
    child.inc()


def job_finished(job: str, runner: str, *, ok: bool, started: float) -> None:
    """One job run ended; `started` is the time.perf_counter() before it began."""
    JOB_SECONDS.labels(job).observe(time.perf_counter() - started)
    JOB_RUNS.labels(job, runner, "ok" if ok else "failed").inc()


def process_exited(**_: Any) -> None:
    """This process writes no more: its live gauges (open sockets) leave the sum. The API calls it at the
    end of its lifespan, the Celery worker's pool processes as they exit (their signal's arguments are
    ignored); without a shared directory there is nothing to do."""
    if MULTIPROCESS_DIR:
        multiprocess.mark_process_dead(_identity[0], MULTIPROCESS_DIR)  # type: ignore[no-untyped-call]


def exposition(accept: str) -> tuple[bytes, str]:
    """The metrics and their content type, in the format the scraper's Accept header asks for (the plain
    text format unless it asks for OpenMetrics): summed over every process that wrote to the shared
    directory, or this process's."""
    encode, content_type = choose_encoder(accept)
    if MULTIPROCESS_DIR is None:
        return encode(REGISTRY), content_type
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, MULTIPROCESS_DIR)  # type: ignore[no-untyped-call]
    return encode(registry), content_type
