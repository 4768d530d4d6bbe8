"""`make bench`: each figure is measured against a baseline in the same run and printed as a ratio.

2. The ledger: bet-like debits per second on Postgres against pgbench's simple-update (infra/bench/ledger.py).

1. GET /wps/system/status against a bare Starlette hello-world, both under the same uvicorn settings,
   loaded by wrk over loopback (FastAPI's own hello-world is printed too, as the framework's ceiling).

3. The lottery fan-out: a draw (`lottery:opened`) pushed through `realtime.publish` and Redis to 2,000
   Socket.IO clients of the portal, against the `websockets` library's own broadcast to as many plain
   WebSocket clients: delivery latency, deliveries per second and server CPU per delivery
   (infra/bench/fanout.py).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx

from server.cli import seed_if_empty
from server.db import migrate
from server.settings import load_settings

PROJECT = Path(__file__).resolve().parents[2]
UVICORN = [
    sys.executable,
    "-m",
    "uvicorn",
    "--host",
    "127.0.0.1",
    "--log-level",
    "warning",
    "--no-access-log",
    "--ws",
    "websockets-sansio",
]
DURATION = os.environ.get("BENCH_DURATION", "8s")
CONNECTIONS = os.environ.get("BENCH_CONNECTIONS", "50")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "2"))


@contextmanager
def serve(args: list[str], port: int, env: dict[str, str], ready_path: str) -> Iterator[str]:
    with tempfile.TemporaryFile() as log:
        child = subprocess.Popen(
            [*UVICORN, "--port", str(port), *args], cwd=PROJECT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            yield _wait_until_ready(child, log, f"http://127.0.0.1:{port}", ready_path)
        finally:
            child.terminate()
            child.wait(timeout=10)


def _wait_until_ready(child: subprocess.Popen[bytes], log: IO[bytes], base: str, ready_path: str) -> str:
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + ready_path, timeout=1).status_code == 200:
                return base
        except httpx.HTTPError:
            pass
        if child.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            raise RuntimeError(f"{base} did not start: {log.read().decode()[-2000:]}")
        time.sleep(0.2)


def wrk(url: str, *headers: str) -> float:
    args = ["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{DURATION}", "--latency"]
    for header in headers:
        args += ["-H", header]
    output = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    match = re.search(r"Requests/sec:\s+([\d.]+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if match is None or non_2xx is not None:
        raise RuntimeError(f"wrk run failed or saw errors:\n{output}")
    return float(match.group(1))


def ledger_figures() -> None:
    from infra.bench import ledger

    try:
        result = ledger.run()
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"\nledger benchmark skipped: Postgres or pgbench unavailable ({exc})")
        return
    print(
        f"\nLedger on Postgres: {ledger.CLIENTS} clients over {ledger.PROCESSES} processes, "
        f"median of {len(result.rounds)} rounds of {ledger.SECONDS:.0f} s"
    )
    print(f"{'bet-like debits through the ledger':40} {result.ledger_tps:10.0f} /s")
    print(f"{'pgbench -b simple-update':40} {result.pgbench_tps:10.0f} tps")
    print(f"{'ledger / pgbench (goal >= 0.5)':40} {result.ledger_tps / result.pgbench_tps:10.2f}")


def fanout_figures() -> None:
    import redis

    from infra.bench import fanout

    try:
        redis.Redis.from_url(fanout.REDIS_URL).ping()
    except redis.RedisError as exc:
        print(f"\nfan-out benchmark skipped: Redis unavailable at {fanout.REDIS_URL} ({exc})")
        return
    fanout.report(*fanout.run())


def main() -> None:
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install wrk")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        migrate.upgrade(url)
        seed_if_empty(load_settings(database_url=url))
        env = {**os.environ, "DATABASE_URL": url, "SCHEDULER": "off", "LOG_LEVEL": "WARNING", "REDIS_URL": ""}
        with (
            serve(["--factory", "server.app:factory"], 8941, env, "/readyz") as portal,
            serve(["infra.bench.hello:app"], 8942, env, "/") as hello,
            serve(["infra.bench.fastapi_hello:app"], 8943, env, "/") as fastapi_hello,
        ):
            status_url = f"{portal}/wps/system/status"
            wrk(status_url, "Merchant: demo")  # warm-up: caches, GeoIP, connection pool
            wrk(f"{hello}/")
            portal_rps, hello_rps, fastapi_rps = [], [], []
            for _ in range(ROUNDS):
                portal_rps.append(wrk(status_url, "Merchant: demo"))
                hello_rps.append(wrk(f"{hello}/"))
                fastapi_rps.append(wrk(f"{fastapi_hello}/"))
    status_rps, baseline_rps = statistics.median(portal_rps), statistics.median(hello_rps)
    framework_rps = statistics.median(fastapi_rps)
    print(f"\nwrk -t1 -c{CONNECTIONS} -d{DURATION}, median of {ROUNDS} rounds, one uvicorn worker each")
    print(f"{'GET /wps/system/status':40} {status_rps:10.0f} req/s")
    print(f"{'Starlette hello-world (baseline)':40} {baseline_rps:10.0f} req/s")
    print(f"{'FastAPI hello-world (reference)':40} {framework_rps:10.0f} req/s")
    print(f"{'status / Starlette hello-world':40} {status_rps / baseline_rps:10.2f}")
    print(f"{'status / FastAPI hello-world':40} {status_rps / framework_rps:10.2f}")
    ledger_figures()
    fanout_figures()


if __name__ == "__main__":
    main()
