"""What the benchmarks' client processes share: spawning them and talking to them over pipes, running one,
and the Socket.IO protocol spoken over the `websockets` client.

A client process answers its parent over its pipe with (kind, value) pairs, ("error", text) when it fails;
("stop", None) from the parent ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
from collections.abc import Awaitable, Callable, Coroutine
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any

import uvloop
from websockets.asyncio.client import ClientConnection, connect

Close = Callable[[], Awaitable[None]]


def cpu_seconds(pid: int) -> float:
    """User + system time of a process so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_child(work: Coroutine[Any, Any, None], pipe: Connection) -> None:
    """The body of a spawned client process: its work on uvloop, a failure reported to the parent."""
    try:
        uvloop.run(work)
    except BaseException as exc:
        pipe.send(("error", f"{type(exc).__name__}: {exc}"))
        raise
    finally:
        pipe.close()


class ClientProcesses:
    """The parent's side: one spawned process per argument tuple, each given its end of a pipe last."""

    def __init__(self, target: Callable[..., None], arguments: list[tuple[Any, ...]]) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.processes: list[SpawnProcess] = []
        for args in arguments:
            ours, theirs = context.Pipe()
            process = context.Process(target=target, args=(*args, theirs), daemon=True)
            process.start()
            theirs.close()
            self.pipes.append(ours)
            self.processes.append(process)

    def __enter__(self) -> ClientProcesses:
        return self

    def __exit__(self, *_: object) -> None:
        for pipe in self.pipes:
            with contextlib.suppress(OSError):  # that process is gone already
                pipe.send(("stop", None))
        for process in self.processes:
            process.join(20)
            if process.is_alive():
                process.terminate()
                process.join(5)

    @staticmethod
    def answer(pipe: Connection, expected: str, timeout: float) -> Any:
        if not pipe.poll(timeout):
            raise RuntimeError(f"a client process did not answer {expected} within {timeout:.0f} s")
        kind, value = pipe.recv()
        if kind != expected:
            raise RuntimeError(f"a client process failed: {value}")
        return value

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.processes if p.pid is not None)


async def socketio_connect(url: str, auth: dict[str, str]) -> ClientConnection:
    """Engine.IO 4 over WebSocket from the first byte, as the web client connects, and the Socket.IO
    connect with `auth` accepted."""
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
    await ws.send("40" + json.dumps(auth, separators=(",", ":")))
    connected = await ws.recv()
    if not isinstance(connected, str) or not connected.startswith("40"):
        raise RuntimeError(f"Socket.IO connect refused ({auth.get('merchant')}): {connected!r}")
    return ws


def keep_reading(ws: ClientConnection, handle: Callable[[str | bytes], str | None]) -> Close:
    """Hand every message to `handle` until the socket closes, sending back what it answers; the closer."""

    async def read() -> None:
        async for message in ws:
            reply = handle(message)
            if reply is not None:
                await ws.send(reply)

    reader = asyncio.create_task(read())

    async def close() -> None:
        await ws.close()
        with contextlib.suppress(Exception):
            await reader

    return close


def socketio_events(
    events: str | tuple[str, ...], on_event: Callable[[str], None]
) -> Callable[[str | bytes], str | None]:
    """A `keep_reading` handler: Engine.IO pings answered, each packet of one of `events` to `on_event`
    (whose payload is `json.loads(text[2:])[1]`)."""
    prefixes = tuple(f'42["{event}",' for event in ((events,) if isinstance(events, str) else events))

    def handle(message: str | bytes) -> str | None:
        if message == "2":  # Engine.IO ping
            return "3"
        if isinstance(message, str) and message.startswith(prefixes):
            on_event(message)
        return None

    return handle
