"""The client side of the fan-out benchmark (infra/bench/fanout.py). `main` is one client process:
`clients` connections of one kind to one server, each subscribed to the bench lottery's topic and
recording, for every draw it receives, the draw's issueNo, its sentAt and when it arrived (time.time_ns,
the same clock in every process). `Clients` is the parent's handle on several such processes.

The parent drives each over a pipe: it answers ("ready", n) once all are connected and subscribed, then
for each ("collect", issues) waits until every client has had every one of those draws (or until
COLLECT_SECONDS have passed) and sends back ("records", [...]); ("stop", []) disconnects and ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import resource
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any, Literal

import uvloop
from websockets.asyncio.client import connect

Kind = Literal["socketio", "websockets"]
Record = tuple[str, int, int]  # issueNo, sentAt (ns), received (ns)
Close = Callable[[], Awaitable[None]]

EVENT = "lottery:opened"
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
        issue = draw["issueNo"]
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
    ws = await connect(
        f"{url.replace('http', 'ws', 1)}/socket.io/?EIO=4&transport=websocket",
        compression=None,
        open_timeout=30,
        ping_interval=None,
        max_size=None,
    )
    opened = await ws.recv()
    if not isinstance(opened, str) or not opened.startswith("0"):
        raise RuntimeError(f"no Engine.IO open packet: {opened!r}")
    await ws.send('40{"merchant":"demo"}')
    connected = await ws.recv()
    if not isinstance(connected, str) or not connected.startswith("40"):
        raise RuntimeError(f"Socket.IO connect refused: {connected!r}")
    await ws.send(f'421["subscribe","{TOPIC}"]')
    answer = await ws.recv()
    if answer != '431[{"ok":true}]':
        raise RuntimeError(f"subscribe {TOPIC} answered {answer!r}")
    event_prefix = f'42["{EVENT}",'

    async def read() -> None:
        async for message in ws:
            if message == "2":  # Engine.IO ping
                await ws.send("3")
            elif isinstance(message, str) and message.startswith(event_prefix):
                inbox.receive(json.loads(message[2:])[1])

    reader = asyncio.create_task(read())

    async def close() -> None:
        await ws.close()
        with contextlib.suppress(Exception):
            await reader

    return close


async def _websocket_client(url: str, inbox: Inbox) -> Close:
    """The baseline's client: plain WebSocket, one text frame per draw, JSON decoded like Socket.IO's."""
    ws = await connect(url, compression=None, open_timeout=30, ping_interval=None, max_size=None)
    await ws.send(TOPIC)
    answer = json.loads(await ws.recv())
    if answer != {"ok": True}:
        raise RuntimeError(f"subscribe {TOPIC} answered {answer!r}")

    async def read() -> None:
        async for message in ws:
            inbox.receive(json.loads(message))

    reader = asyncio.create_task(read())

    async def close() -> None:
        await ws.close()
        with contextlib.suppress(Exception):
            await reader

    return close


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
    try:
        uvloop.run(_run(kind, url, clients, pipe))
    except BaseException as exc:
        pipe.send(("error", f"{type(exc).__name__}: {exc}"))
        raise
    finally:
        pipe.close()


def cpu_seconds(pid: int) -> float:
    """User + system time of a process so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Clients:
    """The parent's side: `processes` client processes holding `clients` connections between them."""

    def __init__(self, kind: Kind, url: str, clients: int, processes: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.processes: list[SpawnProcess] = []
        for n in range(processes):
            share = clients // processes + (1 if n < clients % processes else 0)
            ours, theirs = context.Pipe()
            process = context.Process(target=main, args=(kind, url, share, theirs), daemon=True)
            process.start()
            theirs.close()
            self.pipes.append(ours)
            self.processes.append(process)

    def __enter__(self) -> Clients:
        return self

    def __exit__(self, *_: object) -> None:
        for pipe in self.pipes:
            with contextlib.suppress(OSError):  # that process is gone already
                pipe.send(("stop", []))
        for process in self.processes:
            process.join(20)
            if process.is_alive():
                process.terminate()
                process.join(5)

    def _answer(self, pipe: Connection, expected: str, timeout: float) -> Any:
        if not pipe.poll(timeout):
            raise RuntimeError(f"a client process did not answer {expected} within {timeout:.0f} s")
        kind, value = pipe.recv()
        if kind != expected:
            raise RuntimeError(f"a client process failed: {value}")
        return value

    def ready(self) -> int:
        return sum(self._answer(pipe, "ready", 120) for pipe in self.pipes)

    def collect(self, issues: list[str]) -> list[Record]:
        for pipe in self.pipes:
            pipe.send(("collect", issues))
        timeout = COLLECT_SECONDS + 30
        return [record for pipe in self.pipes for record in self._answer(pipe, "records", timeout)]

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.processes if p.pid is not None)
