"""The client side of the balance-push benchmark (infra/bench/balance_push.py). `main` is one client process
playing for its share of the members: each member has its house session (bets over one keep-alive HTTP pool
shared by the process) and its own signed-in Socket.IO connection, which is in the member's user room and so
receives the `balance` pushes of the member's money.

The parent drives each process over a pipe: it answers ("ready", n) once every socket is connected, then for
each ("run", (start_ns, seconds, rate)) plays `rate` bets a second from start_ns (time.monotonic_ns, one clock
for every process on the machine) for `seconds`, waits until each bet's push has arrived, and sends back
("records", [...]) with one Record per bet and the count of pushes received; ("stop", None) ends it.

A member never has two bets in flight: it is busy from its bet's request until both the answer and the push
carrying the answer's balance have arrived. The schedule is an open loop: a bet is due every 1/rate s
whatever happened to the earlier ones; when no member is idle, the bet waits for one, and the ones behind it
are sent as soon as they can be (the delay shows as lag and, past the round's end, as a lower rate).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import NamedTuple

import httpx

from infra.bench.client_processes import (
    ClientProcesses,
    Close,
    keep_reading,
    run_child,
    socketio_connect,
    socketio_events,
)

BODY = {"stake": "1.00"}  # the high-card duel's smallest stake
PUSH_TIMEOUT = 5.0


class Record(NamedTuple):
    member_id: int
    balance: str  # the round answer's balance, the sumBalance of the push matched with it
    win: str
    scheduled_ns: int
    sent_ns: int
    answered_ns: int
    pushed_ns: int


@dataclass(frozen=True)
class Player:
    member_id: int
    token: str  # the portal session token, the socket's auth
    house_session: str  # the X-House-Session header of the launched game


@dataclass
class Member:
    """One member's pushes in arrival order; a bet takes the first push from `cursor` on whose balance is its
    answer's (a push the member's earlier activity left, such as a vendor's two-call round's debit, is passed
    over)."""

    player: Player
    pushes: list[tuple[str, int]] = field(default_factory=list)  # sumBalance, arrival (ns)
    cursor: int = 0
    waiting: tuple[str, asyncio.Future[int]] | None = None

    def receive(self, balance: str, at: int) -> None:
        self.pushes.append((balance, at))
        if self.waiting is not None and self.waiting[0] == balance and not self.waiting[1].done():
            self.cursor = len(self.pushes)
            self.waiting[1].set_result(at)
            self.waiting = None

    async def push_of(self, balance: str) -> int:
        for index in range(self.cursor, len(self.pushes)):
            if self.pushes[index][0] == balance:
                self.cursor = index + 1
                return self.pushes[index][1]
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.waiting = (balance, future)
        try:
            return await asyncio.wait_for(future, PUSH_TIMEOUT)
        except TimeoutError:
            seen = [b for b, _ in self.pushes[self.cursor :]]
            raise RuntimeError(
                f"member {self.player.member_id}: no balance push of {balance} within {PUSH_TIMEOUT:.0f} s "
                f"of the answer (pushes since the previous bet: {seen})"
            ) from None
        finally:
            self.waiting = None


async def _socket(url: str, member: Member) -> Close:
    """Signed in as the member, as the web client connects: its user room gets the balance pushes."""
    ws = await socketio_connect(url, {"merchant": "demo", "token": member.player.token})

    def receive(text: str) -> None:
        at = time.monotonic_ns()  # stamped on arrival, before decoding
        member.receive(json.loads(text[2:])[1]["sumBalance"], at)

    return keep_reading(ws, socketio_events("balance", receive))


async def _sleep_until(deadline_ns: int) -> None:
    delay = (deadline_ns - time.monotonic_ns()) / 1e9
    if delay > 0:
        await asyncio.sleep(delay)


class Players:
    """This process's members, their sockets and the HTTP pool their bets go through."""

    def __init__(self, url: str, players: list[Player]) -> None:
        self.url = url
        self.members = [Member(p) for p in players]
        self.http = httpx.AsyncClient(
            base_url=url,
            timeout=30,
            limits=httpx.Limits(max_connections=len(players), max_keepalive_connections=len(players)),
        )
        self.idle: asyncio.Queue[Member] = asyncio.Queue()
        self.closers: list[Close] = []

    async def open(self) -> int:
        self.closers = list(await asyncio.gather(*(_socket(self.url, m) for m in self.members)))
        for member in self.members:
            self.idle.put_nowait(member)
        return len(self.closers)

    async def bet(self, member: Member, scheduled: int) -> Record:
        try:
            sent = time.monotonic_ns()
            answer = await self.http.post(
                "/house/api/round", json=BODY, headers={"X-House-Session": member.player.house_session}
            )
            answered = time.monotonic_ns()
            envelope = answer.json()
            if answer.status_code != 200 or not envelope.get("success"):
                raise RuntimeError(f"member {member.player.member_id}: round refused: {answer.text[:300]}")
            value = envelope["value"]
            pushed = await member.push_of(value["balance"])
            return Record(
                member.player.member_id, value["balance"], value["win"], scheduled, sent, answered, pushed
            )
        finally:
            self.idle.put_nowait(member)

    async def run(self, start: int, seconds: float, rate: float) -> list[Record]:
        interval = 1e9 / rate
        end = start + int(seconds * 1e9)
        bets: list[asyncio.Task[Record]] = []
        for n in itertools.count():
            scheduled = start + int(n * interval)
            if scheduled >= end:
                break
            await _sleep_until(scheduled)
            member = await self.idle.get()
            if time.monotonic_ns() >= end:  # held up past the round's end: that bet is not sent
                self.idle.put_nowait(member)
                break
            bets.append(asyncio.create_task(self.bet(member, scheduled)))
        return list(await asyncio.gather(*bets))

    def pushes(self) -> int:
        return sum(len(m.pushes) for m in self.members)

    async def close(self) -> None:
        await self.http.aclose()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(c() for c in self.closers), return_exceptions=True), 5)


async def _run(url: str, players: list[Player], pipe: Connection) -> None:
    group = Players(url, players)
    pipe.send(("ready", await group.open()))
    try:
        while True:
            command, args = await asyncio.to_thread(pipe.recv)
            if command == "stop":
                break
            records = await group.run(*args)
            pipe.send(("records", (records, group.pushes())))
    finally:
        await group.close()


def main(url: str, players: list[Player], pipe: Connection) -> None:
    """The target of a spawned process."""
    run_child(_run(url, players, pipe), pipe)


class Clients(ClientProcesses):
    """The parent's side: `processes` client processes sharing the members and the rate between them."""

    def __init__(self, url: str, players: list[Player], processes: int) -> None:
        super().__init__(main, [(url, players[n::processes]) for n in range(processes)])

    def __enter__(self) -> Clients:
        return self

    def ready(self) -> int:
        return sum(self.answer(pipe, "ready", 60) for pipe in self.pipes)

    def run(self, seconds: float, rate: float) -> tuple[list[Record], int]:
        """`rate` bets a second for `seconds` over all the processes, their schedules interleaved; every
        bet's record, and how many balance pushes the sockets have received so far."""
        share = rate / len(self.pipes)
        start = time.monotonic_ns() + 300_000_000  # time for every process to get the command
        for n, pipe in enumerate(self.pipes):
            pipe.send(("run", (start + int(n * 1e9 / rate), seconds, share)))
        records: list[Record] = []
        pushes = 0
        for pipe in self.pipes:
            theirs, received = self.answer(pipe, "records", seconds + PUSH_TIMEOUT + 30)
            records += theirs
            pushes += received
        return records, pushes
