"""Lottery draw fan-out: one `lottery:opened` event pushed to CLIENTS Socket.IO clients of the real portal
app (one uvicorn process, SQLite, REDIS_URL set), published from this process through the product's own
path, `realtime.publish` with the write-only Redis emitter a Celery worker installs. The baseline, in the
same run: the `websockets` library's own `broadcast` to as many plain WebSocket clients of one process
(a room joined the same way, subscribe then ack), the same JSON triggered over Redis pub/sub the same way.
Each side's clients are spread over PROCESSES processes (infra/bench/fanout_clients.py); both sides stay
connected throughout and take turns, so that whatever else the machine does weighs on both.

After WARMUP draws, ROUNDS rounds. Latency: DRAWS draws one at a time per side, each sent INTERVAL after
the previous one reached every client (real draws are minutes apart); p50 and p99 of received - sentAt over
every client and draw of the round. Throughput: a burst per side of DRAWS draws back to back;
deliveries/s = deliveries / (last receive - first sentAt); burst p99 is the latency in it (queueing
included); CPU: the server's and the clients' user + system time over the burst, per delivery (wall-clock
figures on a small shared machine move with its load, CPU time much less). Each goal is the ratio of the
two sides in a round, reported as the median of the rounds with their min and max. Clients stamp a draw on
arrival, after decoding it. Any missed or duplicated delivery fails the benchmark.

The same rounds are run for the mini-games' `minigames:state` push (issue 33): a session's envelopes left
sent to the merchant's room, which every socket of the merchant joins on connecting, against the same
baseline broadcasting the same JSON.

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
from infra.bench.client_processes import cpu_seconds
from infra.bench.fanout_clients import TOPIC, Clients, Record
from infra.bench.report import Goal, median_line
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
Shape = Callable[[str, str], dict[str, Any]]  # a push's payload from its key and the next one's
BENCH_SESSION = 1


def minigames_state(key: str, _next_key: str) -> dict[str, Any]:
    """A red-envelope session's state as the grab path pushes it: the key is "session:envelopes left"."""
    session, left = key.split(":")
    ends = datetime.now(UTC) + timedelta(minutes=1)
    return {
        "sessionId": int(session),
        "rainId": int(session),
        "state": "OPEN",
        "left": int(left),
        "endsAt": int(ends.timestamp() * 1000),
    }


def _lottery_keys() -> Iterator[str]:
    return (f"{datetime.now(UTC):%Y%m%d}-{n:04d}" for n in itertools.count(1))


def _minigames_keys() -> Iterator[str]:
    return (f"{BENCH_SESSION}:{n}" for n in itertools.count(10**9, -1))


@dataclass(frozen=True)
class Figures:
    p50_ms: list[float]  # per round: delivery latency of draws one at a time
    p99_ms: list[float]
    deliveries_per_s: list[float]  # per burst
    burst_p99_ms: list[float]
    server_cpu_us: list[float]  # per burst: the server process's CPU time per delivery
    clients_cpu_us: list[float]  # the client processes', likewise


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

    def __init__(
        self,
        name: str,
        server_pid: int,
        clients: Clients,
        send: Send,
        shape: Shape = draw,
        keys: Iterator[str] | None = None,
    ) -> None:
        self.name, self.server_pid, self.clients, self.send = name, server_pid, clients, send
        self.shape = shape
        self.connected = 0
        self.numbers = keys or _lottery_keys()
        self.pending = next(self.numbers)
        self.latencies: list[list[float]] = []  # per round
        self.burst_latencies: list[list[float]] = []  # per burst
        self.rates: list[float] = []
        self.cpu: list[tuple[float, float]] = []  # per burst: server, clients CPU us per delivery

    async def draws(self, count: int) -> list[Record]:
        """`count` draws back to back, then every delivery of them."""
        issues = []
        for _ in range(count):
            issue, self.pending = self.pending, next(self.numbers)
            payload = self.shape(issue, self.pending)
            payload["sentAt"] = time.time_ns()
            await self.send(payload)
            issues.append(issue)
        records = await asyncio.to_thread(self.clients.collect, issues)
        _check(records, issues, self.connected, self.name)
        return records

    async def one_draw(self, *, keep: bool) -> None:
        records = await self.draws(1)
        if keep:
            if not self.latencies or len(self.latencies[-1]) >= DRAWS * self.connected:
                self.latencies.append([])
            self.latencies[-1] += [(received - sent) / 1e6 for _, sent, received in records]
        await asyncio.sleep(INTERVAL)

    async def burst(self) -> None:
        server, clients = cpu_seconds(self.server_pid), self.clients.cpu_seconds()
        records = await self.draws(DRAWS)
        server = cpu_seconds(self.server_pid) - server
        clients = self.clients.cpu_seconds() - clients
        self.cpu.append((server / len(records) * 1e6, clients / len(records) * 1e6))
        first_sent = min(sent for _, sent, _ in records)
        last_received = max(received for _, _, received in records)
        self.rates.append(len(records) / ((last_received - first_sent) / 1e9))
        self.burst_latencies.append([(received - sent) / 1e6 for _, sent, received in records])
        await asyncio.sleep(INTERVAL)

    def figures(self) -> Figures:
        return Figures(
            p50_ms=[statistics.median(r) for r in self.latencies],
            p99_ms=[_p99(r) for r in self.latencies],
            deliveries_per_s=self.rates,
            burst_p99_ms=[_p99(r) for r in self.burst_latencies],
            server_cpu_us=[server for server, _ in self.cpu],
            clients_cpu_us=[clients for _, clients in self.cpu],
        )


async def _drive(
    product: Clients, baseline: Clients, servers: tuple[int, int], channel: str
) -> tuple[Figures, Figures, Figures, Figures]:
    # As a Celery worker publishes a draw: the write-only Redis emitter, then `realtime.publish`.
    emitter.install(emitter.redis_writer(REDIS_URL, channel))
    redis = aioredis.from_url(REDIS_URL)

    async def through_realtime(payload: dict[str, Any]) -> None:
        await realtime.publish(events.LOTTERY_OPENED, events.lottery_room(GAME), payload, session=None)

    async def state_through_realtime(payload: dict[str, Any]) -> None:
        await realtime.publish(events.MINIGAMES_STATE, events.merchant_room("demo"), payload, session=None)

    async def through_redis(payload: dict[str, Any]) -> None:
        await redis.publish(f"{channel}-baseline", json.dumps(payload))

    sides = (
        Side("Socket.IO", servers[0], product, through_realtime),
        Side("websockets", servers[1], baseline, through_redis),
        Side("Socket.IO", servers[0], product, state_through_realtime, minigames_state, _minigames_keys()),
        Side("websockets", servers[1], baseline, through_redis, minigames_state, _minigames_keys()),
    )
    try:
        for side in sides[:2]:  # the minigames sides share these clients
            side.connected = await asyncio.to_thread(side.clients.ready)
            if side.connected != CLIENTS:
                raise RuntimeError(f"{side.name}: {side.connected} of {CLIENTS} clients connected")
        sides[2].connected, sides[3].connected = sides[0].connected, sides[1].connected
        for _ in range(WARMUP):
            for side in sides:
                await side.one_draw(keep=False)
        for _ in range(ROUNDS):
            for _ in range(DRAWS):
                for side in sides:
                    await side.one_draw(keep=True)
            for side in sides:
                await side.burst()
    finally:
        emitter.install(None)
        await redis.aclose()
    return sides[0].figures(), sides[1].figures(), sides[2].figures(), sides[3].figures()


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


def run() -> tuple[Figures, Figures, Figures, Figures]:
    """The product's figures and the baseline's for the lottery draw, then for `minigames:state`."""
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


def goals(product: Figures, baseline: Figures, state: Figures, state_baseline: Figures) -> list[Goal]:
    """Each round's ratio of the product to the baseline measured beside it, for the lottery draw and the
    mini-games' state push."""
    print(
        f"\nFan-out: {CLIENTS} clients over {PROCESSES} processes per side, one server process each, "
        f"loopback; per round and kind of push {DRAWS} pushes one at a time, then {DRAWS} back to back (a "
        f"burst); {ROUNDS} rounds; no delivery missed"
    )
    kinds = [("lottery draw", product, baseline), ("minigames:state", state, state_baseline)]
    found: list[Goal] = []
    for kind, ours, theirs in kinds:
        for label, f in (("Socket.IO via Redis", ours), ("websockets broadcast (baseline)", theirs)):
            print(median_line(f"  {kind}, {label}: p50", f.p50_ms, "ms"))
            print(median_line(f"  {kind}, {label}: p99", f.p99_ms, "ms"))
            print(median_line(f"  {kind}, {label}: burst p99", f.burst_p99_ms, "ms"))
            print(median_line(f"  {kind}, {label}: deliveries/s in a burst", f.deliveries_per_s, "/s"))
            print(median_line(f"  {kind}, {label}: server CPU per delivery", f.server_cpu_us, "us"))
            print(median_line(f"  {kind}, {label}: client CPU per delivery", f.clients_cpu_us, "us"))
        found += _goals(kind, ours, theirs)
    return found


def _goals(kind: str, product: Figures, baseline: Figures) -> list[Goal]:
    def ratios(ours: list[float], theirs: list[float]) -> list[float]:
        return [a / b for a, b in zip(ours, theirs, strict=True)]

    return [
        Goal(f"{kind} p99, Socket.IO / websockets", "<=", 1.5, ratios(product.p99_ms, baseline.p99_ms)),
        Goal(
            f"{kind} deliveries/s, Socket.IO / websockets",
            ">=",
            0.6,
            ratios(product.deliveries_per_s, baseline.deliveries_per_s),
        ),
        Goal(
            f"{kind}: server CPU per delivery, Socket.IO / websockets",
            "<=",
            2.5,
            ratios(product.server_cpu_us, baseline.server_cpu_us),
        ),
    ]


def main() -> None:
    for goal in goals(*run()):
        print(goal.line())


if __name__ == "__main__":
    main()
