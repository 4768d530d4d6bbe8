"""10,000 sockets held by two API processes sharing Redis, as a deployment of two workers would: what each
connection costs in memory, and how long a lottery draw takes to reach all of them.

Both processes serve the portal on one seeded SQLite file; SOCKETS clients (infra/bench/fanout_clients.py,
the Socket.IO protocol over the `websockets` client) connect, half to each, over PROCESSES client processes
per server, and subscribe to a real lottery's topic. Memory per connection: the growth of the two server
processes' resident memory (VmRSS) from before the first connection to after the last, over SOCKETS.
Then ROUNDS rounds of DRAWS draws, one at a time, published through `realtime.publish` and Redis as a worker
publishes them; p99 of received - sentAt over every socket and draw of a round. Any missed or duplicated
delivery fails the benchmark.

Run alone: `.venv/bin/python -m infra.bench.sockets`.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import uvloop

import realtime
from infra.bench import fanout_clients
from infra.bench.fanout import GAME, REDIS_URL, _check, _p99, child_listening_on, draw
from infra.bench.fanout_clients import Clients
from infra.bench.report import Goal, median_line
from realtime import emitter, events

SOCKETS = int(os.environ.get("BENCH_SOCKETS", "10000"))
PROCESSES = int(os.environ.get("BENCH_SOCKETS_PROCESSES", "2"))  # client processes per server
DRAWS = int(os.environ.get("BENCH_SOCKETS_DRAWS", "5"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
INTERVAL = 0.5
PORTS = (8946, 8947)


def resident_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


async def _draws(sides: list[Clients], connected: int, channel: str) -> list[float]:
    """`connected` sockets on each side."""
    emitter.install(emitter.redis_writer(REDIS_URL, channel))
    numbers = iter(range(1, 1_000_000))
    issue = f"sockets-{next(numbers)}"
    rounds: list[list[float]] = []
    try:
        for n in range(1 + ROUNDS * DRAWS):  # the first is a warm-up
            next_issue = f"sockets-{next(numbers)}"
            payload: dict[str, Any] = draw(issue, next_issue)
            payload["sentAt"] = time.time_ns()
            await realtime.publish(events.LOTTERY_OPENED, events.lottery_room(GAME), payload, session=None)
            records = [r for side in sides for r in await asyncio.to_thread(side.collect, [issue])]
            _check(records, [issue], connected * len(sides), "sockets")
            if n > 0:
                if (n - 1) % DRAWS == 0:
                    rounds.append([])
                rounds[-1] += [(received - sent) / 1e6 for _, sent, received in records]
            issue = next_issue
            await asyncio.sleep(INTERVAL)
    finally:
        emitter.install(None)
    return [_p99(r) for r in rounds]


def run() -> tuple[float, list[float]]:
    """Memory per connection in kB, and each round's draw p99 in ms."""
    from infra.bench.__main__ import portal_env, seeded_sqlite, serve

    fanout_clients.raise_fd_limit()
    channel = f"bench-sockets-{uuid.uuid4().hex[:8]}"
    with seeded_sqlite() as url, ExitStack() as stack:
        env = portal_env(url, REDIS_URL=REDIS_URL, REALTIME_CHANNEL=channel)
        bases = [
            stack.enter_context(serve(["--factory", "server.app:factory"], p, env, "/readyz")) for p in PORTS
        ]
        servers = [child_listening_on(port) for port in PORTS]
        time.sleep(1)
        before = sum(resident_kb(pid) for pid in servers)
        share = SOCKETS // len(bases)
        sides = [stack.enter_context(Clients("socketio", base, share, PROCESSES)) for base in bases]
        connected = sum(side.ready() for side in sides)
        if connected != share * len(bases):
            raise RuntimeError(f"{connected} of {share * len(bases)} sockets connected")
        time.sleep(2)
        after = sum(resident_kb(pid) for pid in servers)
        p99s = uvloop.run(_draws(sides, share, channel))
        return (after - before) / connected, p99s


def goals() -> list[Goal]:
    per_connection, p99s = run()
    print(
        f"\n{SOCKETS} sockets over two API processes with Redis ({PROCESSES} client processes each); "
        f"{ROUNDS} rounds of {DRAWS} draws to all of them, one at a time"
    )
    print(median_line("  a draw to every socket: p99", p99s, "ms"))
    return [Goal(f"memory per connection, {SOCKETS} sockets", "<=", 40, [per_connection], unit="kB")]


def main() -> None:
    for goal in goals():
        print(goal.line())


if __name__ == "__main__":
    main()
