"""Lottery draw fan-out: one `lottery:opened` event pushed to CLIENTS Socket.IO clients of the real portal
app (one uvicorn process, SQLite, REDIS_URL set), published from this process through the product's own
path, `realtime.publish` with the write-only Redis emitter a Celery worker installs. The baseline, in the
same run: the `websockets` library's own `broadcast` to as many plain WebSocket clients of one process
(a room joined the same way, subscribe then ack), the same JSON triggered over Redis pub/sub the same way.
Each side's clients are spread over PROCESSES processes (infra/bench/fanout_clients.py); both sides stay
connected throughout and take turns, so that whatever else the machine does weighs on both.

Latency: WARMUP + DRAWS draws one at a time per side, each sent INTERVAL after the previous one reached
every client (real draws are minutes apart); p50 and p99 of received - sentAt over every client and draw.
Throughput: ROUNDS bursts per side of DRAWS draws back to back; deliveries/s = deliveries / (last receive
- first sentAt) in a burst, the median of the rounds; burst p99 is the latency in them (queueing
included); CPU: the server's and the clients' user + system time over the bursts, per delivery (wall-clock
figures on a small shared machine move with its load, CPU time much less). Clients stamp a draw on
arrival, after decoding it. Any missed or duplicated delivery fails the benchmark.

Run alone: `.venv/bin/python -m infra.bench.fanout`.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import multiprocessing
import os
import statistics
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis
import uvloop
from websockets.asyncio.server import ServerConnection, broadcast, serve

import realtime
from infra.bench import fanout_clients
from infra.bench.fanout_clients import TOPIC, Clients, Record, cpu_seconds
from realtime import emitter, events

CLIENTS = int(os.environ.get("BENCH_FANOUT_CLIENTS", "2000"))
PROCESSES = int(os.environ.get("BENCH_FANOUT_PROCESSES", "4"))
DRAWS = int(os.environ.get("BENCH_FANOUT_DRAWS", "20"))
INTERVAL = float(os.environ.get("BENCH_FANOUT_INTERVAL", "0.25"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
WARMUP = 3
GAME = TOPIC.removeprefix("lottery:")
PORTAL_PORT, BASELINE_PORT = 8944, 8945
# A Vietnamese north (XSMB) draw: 27 numbers in eight tiers, (tier, how many, digits).
XSMB = [("special", 1, 5), ("first", 1, 5), ("second", 2, 5), ("third", 6, 5)]
XSMB += [("fourth", 4, 4), ("fifth", 6, 4), ("sixth", 3, 3), ("seventh", 4, 2)]

Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Figures:
    p50_ms: float  # delivery latency of draws one at a time
    p99_ms: float
    deliveries_per_s: float  # median over the bursts
    burst_p99_ms: float
    rounds: list[float]  # deliveries/s of each burst
    server_cpu_us: float  # the server process's CPU time per delivery, over the bursts
    clients_cpu_us: float  # the client processes', likewise


def _seed(issue: str) -> str:
    return hashlib.sha256(f"bench-seed:{issue}".encode()).hexdigest()


def draw(issue: str, next_issue: str) -> dict[str, Any]:
    """A draw shaped like a real one: numbers derived from the revealed seed, the next issue's commitment."""
    seed, now = _seed(issue), datetime.now(UTC)
    tiers = []
    for tier, count, digits in XSMB:
        values = (int(hashlib.sha256(f"{seed}:{tier}:{k}".encode()).hexdigest(), 16) for k in range(count))
        tiers.append({"tier": tier, "numbers": [str(v % 10**digits).zfill(digits) for v in values]})
    return {
        "gameCode": GAME,
        "issueNo": issue,
        "drawnAt": now.isoformat(),
        "tiers": tiers,
        "serverSeed": seed,
        "commitment": hashlib.sha256(seed.encode()).hexdigest(),
        "next": {
            "issueNo": next_issue,
            "closesAt": (now + timedelta(minutes=1)).isoformat(),
            "commitment": hashlib.sha256(_seed(next_issue).encode()).hexdigest(),
        },
    }


def _check(records: list[Record], issues: list[str], clients: int, side: str) -> None:
    counts = Counter(issue for issue, _, _ in records)
    missed = sum(max(0, clients - counts[i]) for i in issues)
    duplicated = sum(max(0, counts[i] - clients) for i in issues)
    if missed or duplicated:
        raise RuntimeError(
            f"{side}: {missed} missed and {duplicated} duplicated deliveries of {clients * len(issues)}"
        )


def child_listening_on(port: int) -> int:
    """The pid of this process's child started with `--port <port>` (serve() yields only the address)."""
    for entry in Path("/proc").iterdir():
        try:
            if int(entry.joinpath("stat").read_text().rsplit(")", 1)[1].split()[1]) != os.getpid():
                continue
            if f"--port\0{port}\0" in entry.joinpath("cmdline").read_text():
                return int(entry.name)
        except (OSError, ValueError, IndexError):
            continue
    raise RuntimeError(f"no child process serves port {port}")


def _p99(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100, method="inclusive")[98]


class Side:
    """One server under test: its clients, how a draw is published to them, what was measured."""

    def __init__(self, name: str, server_pid: int, clients: Clients, send: Send) -> None:
        self.name, self.server_pid, self.clients, self.send = name, server_pid, clients, send
        self.connected = 0
        self.numbers = (f"{datetime.now(UTC):%Y%m%d}-{n:04d}" for n in itertools.count(1))
        self.pending = next(self.numbers)
        self.latencies: list[float] = []
        self.burst_latencies: list[float] = []
        self.rates: list[float] = []
        self.cpu = [0.0, 0.0]  # server, clients: CPU seconds over the bursts

    async def draws(self, count: int) -> list[Record]:
        """`count` draws back to back, then every delivery of them."""
        issues = []
        for _ in range(count):
            issue, self.pending = self.pending, next(self.numbers)
            payload = draw(issue, self.pending)
            payload["sentAt"] = time.time_ns()
            await self.send(payload)
            issues.append(issue)
        records = await asyncio.to_thread(self.clients.collect, issues)
        _check(records, issues, self.connected, self.name)
        return records

    async def one_draw(self, *, keep: bool) -> None:
        records = await self.draws(1)
        if keep:
            self.latencies += [(received - sent) / 1e6 for _, sent, received in records]
        await asyncio.sleep(INTERVAL)

    async def burst(self) -> None:
        server, clients = cpu_seconds(self.server_pid), self.clients.cpu_seconds()
        records = await self.draws(DRAWS)
        self.cpu[0] += cpu_seconds(self.server_pid) - server
        self.cpu[1] += self.clients.cpu_seconds() - clients
        first_sent = min(sent for _, sent, _ in records)
        last_received = max(received for _, _, received in records)
        self.rates.append(len(records) / ((last_received - first_sent) / 1e9))
        self.burst_latencies += [(received - sent) / 1e6 for _, sent, received in records]
        await asyncio.sleep(INTERVAL)

    def figures(self) -> Figures:
        return Figures(
            p50_ms=statistics.median(self.latencies),
            p99_ms=_p99(self.latencies),
            deliveries_per_s=statistics.median(self.rates),
            burst_p99_ms=_p99(self.burst_latencies),
            rounds=self.rates,
            server_cpu_us=self.cpu[0] / len(self.burst_latencies) * 1e6,
            clients_cpu_us=self.cpu[1] / len(self.burst_latencies) * 1e6,
        )


async def _drive(
    product: Clients, baseline: Clients, servers: tuple[int, int], channel: str
) -> tuple[Figures, Figures]:
    # As a Celery worker publishes a draw: the write-only Redis emitter, then `realtime.publish`.
    emitter.install(emitter.redis_writer(REDIS_URL, channel))
    redis = aioredis.from_url(REDIS_URL)

    async def through_realtime(payload: dict[str, Any]) -> None:
        await realtime.publish(events.LOTTERY_OPENED, events.lottery_room(GAME), payload, session=None)

    async def through_redis(payload: dict[str, Any]) -> None:
        await redis.publish(f"{channel}-baseline", json.dumps(payload))

    sides = (
        Side("Socket.IO", servers[0], product, through_realtime),
        Side("websockets", servers[1], baseline, through_redis),
    )
    try:
        for side in sides:
            side.connected = await asyncio.to_thread(side.clients.ready)
            if side.connected != CLIENTS:
                raise RuntimeError(f"{side.name}: {side.connected} of {CLIENTS} clients connected")
        for n in range(WARMUP + DRAWS):
            for side in sides:
                await side.one_draw(keep=n >= WARMUP)
        for _ in range(ROUNDS):
            for side in sides:
                await side.burst()
    finally:
        emitter.install(None)
        await redis.aclose()
    return sides[0].figures(), sides[1].figures()


async def _broadcast_server(port: int, channel: str, ready: Event) -> None:
    room: set[ServerConnection] = set()

    async def handler(ws: ServerConnection) -> None:
        if await ws.recv() != TOPIC:
            return
        room.add(ws)
        try:
            await ws.send('{"ok": true}')
            await ws.wait_closed()
        finally:
            room.discard(ws)

    client = aioredis.from_url(REDIS_URL)
    async with (
        serve(handler, "127.0.0.1", port, compression=None, ping_interval=None),
        client.pubsub() as sub,
    ):
        await sub.subscribe(channel)
        ready.set()
        async for message in sub.listen():
            if message["type"] == "message":
                broadcast(room, message["data"], text=True)


def broadcast_server(port: int, channel: str, ready: Event) -> None:
    """The baseline server, the target of a spawned process: a room of plain WebSockets fed by Redis."""
    fanout_clients.raise_fd_limit()
    uvloop.run(_broadcast_server(port, channel, ready))


@contextmanager
def baseline_server(channel: str) -> Iterator[tuple[str, int]]:
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    process = context.Process(target=broadcast_server, args=(BASELINE_PORT, channel, ready), daemon=True)
    process.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the websockets baseline server did not start")
        yield f"ws://127.0.0.1:{BASELINE_PORT}", process.pid or 0
    finally:
        process.terminate()
        process.join(10)


def run() -> tuple[Figures, Figures]:
    """The product's figures and the baseline's."""
    from infra.bench.__main__ import serve
    from server.cli import seed_if_empty
    from server.db import migrate
    from server.settings import load_settings

    fanout_clients.raise_fd_limit()  # the uvicorn child inherits it
    channel = f"bench-fanout-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        migrate.upgrade(url)
        seed_if_empty(load_settings(database_url=url))
        env = {**os.environ, "DATABASE_URL": url, "SCHEDULER": "off", "LOG_LEVEL": "WARNING"}
        env.update(REDIS_URL=REDIS_URL, REALTIME_CHANNEL=channel)
        with (
            serve(["--factory", "server.app:factory"], PORTAL_PORT, env, "/readyz") as portal,
            baseline_server(f"{channel}-baseline") as (ws_url, baseline_pid),
            Clients("socketio", portal, CLIENTS, PROCESSES) as product,
            Clients("websockets", ws_url, CLIENTS, PROCESSES) as baseline,
        ):
            servers = (child_listening_on(PORTAL_PORT), baseline_pid)
            return uvloop.run(_drive(product, baseline, servers, channel))


def report(product: Figures, baseline: Figures) -> None:
    print(
        f"\nLottery draw fan-out: {CLIENTS} clients over {PROCESSES} processes per side, one server process "
        f"each, loopback;\nlatency of {DRAWS} draws one at a time, deliveries/s median of {ROUNDS} bursts of "
        f"{DRAWS} back to back,\nCPU time in us per delivery over the bursts; no delivery missed"
    )
    columns = ("p50 ms", "p99 ms", "burst p99 ms", "deliveries/s", "server CPU", "client CPU")
    print(f"{'':36}" + "".join(f"{c:>13}" for c in columns))
    for label, f in (
        ("lottery:opened, Socket.IO via Redis", product),
        ("websockets broadcast (baseline)", baseline),
    ):
        values = (f.p50_ms, f.p99_ms, f.burst_p99_ms, f.deliveries_per_s, f.server_cpu_us, f.clients_cpu_us)
        print(f"{label:36}" + "".join(f"{v:13.1f}" for v in values))
    rate_ratio = product.deliveries_per_s / baseline.deliveries_per_s
    cpu_ratio = product.server_cpu_us / baseline.server_cpu_us
    print(f"{'Socket.IO / websockets':36}{'':13}{product.p99_ms / baseline.p99_ms:13.2f}{'':13}", end="")
    print(f"{rate_ratio:13.2f}{cpu_ratio:13.2f}")
    for label, f in (("Socket.IO", product), ("websockets", baseline)):
        print(f"{label} bursts, deliveries/s: " + ", ".join(f"{rate:.0f}" for rate in f.rounds))


def main() -> None:
    report(*run())


if __name__ == "__main__":
    main()
