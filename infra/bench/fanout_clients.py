"""The client side of the fan-out benchmark (infra/bench/fanout.py). `main` is one client process:
`clients` connections of one kind to one server, each subscribed to the bench lottery's topic and
recording, for every draw it receives, the draw's issueNo, its sentAt and when it arrived (time.time_ns,
the same clock in every process). `Clients` is the parent's handle on several such processes.

The parent drives each over a pipe: it answers ("ready", n) once all are connected and subscribed, then
for each ("collect", issues) waits until every client has had every one of those draws (or until
COLLECT_SECONDS have passed) and sends back ("records", [...]); ("stop", None) disconnects and ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import time
from collections import Counter
from multiprocessing.connection import Connection
from typing import Any, Literal

from websockets.asyncio.client import connect

from infra.bench.client_processes import (
    ClientProcesses,
    Close,
    keep_reading,
    run_child,
    socketio_connect,
    socketio_events,
)

Kind = Literal["socketio", "websockets"]
Record = tuple[str, int, int]  # issueNo, sentAt (ns), received (ns)

EVENTS = ("lottery:opened", "minigames:state")
TOPIC = "lottery:vn-north"  # a real game: made-up rooms are refused
CONNECT_CONCURRENCY = 25
COLLECT_SECONDS = 30.0


def raise_fd_limit() -> None:
    """2,000 sockets do not fit the usual soft limit of 1,024 descriptors."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    if soft == resource.RLIM_INFINITY or soft >= target:
        return
    with contextlib.suppress(ValueError, OSError):  # above fs.nr_open: keep the soft limit
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


class Inbox:
    """What this process's clients received, all of them together."""

    def __init__(self, clients: int) -> None:
        self.clients = clients
        self.records: list[Record] = []
        self.counts: Counter[str] = Counter()
        self.pending: set[str] = set()  # issues some client still waits for
        self.complete = asyncio.Event()

    def receive(self, draw: Any) -> None:
        received = time.time_ns()
        # A lottery draw is known by its issue, a mini-game state push by its session and envelopes left.
        issue = draw["issueNo"] if "issueNo" in draw else f"{draw['sessionId']}:{draw['left']}"
        self.records.append((issue, draw["sentAt"], received))
        self.counts[issue] += 1
        if self.counts[issue] == self.clients and issue in self.pending:
            self.pending.discard(issue)
            if not self.pending:
                self.complete.set()

    async def wait_for(self, issues: list[str]) -> None:
        self.pending = {issue for issue in issues if self.counts[issue] < self.clients}
        self.complete.clear()
        if self.pending:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.complete.wait(), COLLECT_SECONDS)

    def take(self, issues: list[str]) -> list[Record]:
        wanted = set(issues)
        taken = [r for r in self.records if r[0] in wanted]
        self.records = [r for r in self.records if r[0] not in wanted]
        return taken


async def _socketio_client(url: str, inbox: Inbox) -> Close:
    """A visitor's tab as the server sees it: Engine.IO 4 over WebSocket from the first byte (as the web
    client connects), the Socket.IO handshake with the merchant, a subscribe call and its acknowledgement,
    pings answered. It speaks the protocol on the same `websockets` client as the baseline's, so that the two
    sides differ by what their servers do, not by the weight of a client library (python-socketio's own
    client costs about twice as much CPU per event as the plain one, and on two shared cores that shows in
    the latency)."""
    ws = await socketio_connect(url, {"merchant": "demo"})
    await ws.send(f'421["subscribe","{TOPIC}"]')
    answer = await ws.recv()
    if answer != '431[{"ok":true}]':
        raise RuntimeError(f"subscribe {TOPIC} answered {answer!r}")
    return keep_reading(ws, socketio_events(EVENTS, lambda text: inbox.receive(json.loads(text[2:])[1])))


async def _websocket_client(url: str, inbox: Inbox) -> Close:
    """The baseline's client: plain WebSocket, one text frame per draw, JSON decoded like Socket.IO's."""
    ws = await connect(url, compression=None, open_timeout=30, ping_interval=None, max_size=None)
    await ws.send(TOPIC)
    answer = json.loads(await ws.recv())
    if answer != {"ok": True}:
        raise RuntimeError(f"subscribe {TOPIC} answered {answer!r}")

    def receive(message: str | bytes) -> None:
        inbox.receive(json.loads(message))

    return keep_reading(ws, receive)


async def _run(kind: Kind, url: str, clients: int, pipe: Connection) -> None:
    inbox = Inbox(clients)
    opener = _socketio_client if kind == "socketio" else _websocket_client
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def open_one() -> Close:
        async with gate:
            return await opener(url, inbox)

    closers = await asyncio.gather(*(open_one() for _ in range(clients)))
    pipe.send(("ready", len(closers)))
    while True:
        command, issues = await asyncio.to_thread(pipe.recv)
        if command == "stop":
            break
        await inbox.wait_for(issues)
        pipe.send(("records", inbox.take(issues)))
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(close() for close in closers), return_exceptions=True), 5)


def main(kind: Kind, url: str, clients: int, pipe: Connection) -> None:
    """The target of a spawned process."""
    raise_fd_limit()
    run_child(_run(kind, url, clients, pipe), pipe)


class Clients(ClientProcesses):
    """The parent's side: `processes` client processes holding `clients` connections between them."""

    def __init__(self, kind: Kind, url: str, clients: int, processes: int) -> None:
        shares = [clients // processes + (1 if n < clients % processes else 0) for n in range(processes)]
        super().__init__(main, [(kind, url, share) for share in shares])

    def __enter__(self) -> Clients:
        return self

    def ready(self) -> int:
        return sum(self.answer(pipe, "ready", 120) for pipe in self.pipes)

    def collect(self, issues: list[str]) -> list[Record]:
        for pipe in self.pipes:
            pipe.send(("collect", issues))
        timeout = COLLECT_SECONDS + 30
        return [record for pipe in self.pipes for record in self.answer(pipe, "records", timeout)]
