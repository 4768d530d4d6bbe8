"""Customer-service chat under load: CONVERSATIONS live conversations at once on two API processes (uvicorn as
`make bench` runs it, Postgres, the Socket.IO Redis manager), each side of each conversation sending a
message every INTERVAL seconds (1,000 conversations at one message every 5 s a side: 400 messages a second).

Each conversation is a member (its player socket on process A) and a support agent (the agent's console
socket on process B); both sockets follow the conversation's room, `conversation:{id}`, and both sides send
on their socket, as the web clients do: `chat:send` with an acknowledgement that carries the stored message.
An agent's console holds PER_AGENT conversations over one socket, as the desk routes them (five at once by
default), and hears a `console:chat` for every player message of its conversations (counted). Members,
agents, their session tokens and the OPEN conversations (each assigned to its agent) are written to a fresh
database directly; the sends and the sockets go over WebSocket. A send is stamped just before it leaves, and
the stamp is in the message's text.

The schedule is an open loop spread evenly over the interval: a conversation's player sends at index/N of
each interval, its agent half a slot later, whatever happened to the earlier sends; a send held up past its
round's end is not sent. The per-sender limit (15 messages in 10 s a side) admits it with room to spare: a
send it refuses (TOO_MANY_REQUEST) is counted, not retried. The figures, per round:
  lost          acknowledged as stored, but not received by the other side's socket within LOSS_WAIT s of
                the round's last acknowledgement (goal 0; the first round counts the warm-up's too);
  out of order  a socket receiving, in a conversation, a seq lower than one it has already had (goal 0;
                a seq received twice is printed as a duplicate);
  latency       the other side's socket's arrival minus the send's stamp, p50 and p99 (goal p99 <= 150 ms);
  API CPU       user + system CPU of the two API processes over the round per message stored (goal 2.5 ms);
  rate          messages stored per second of the round against the rate asked: a round below LOW_SHARE of
                it did not hold the load, and every goal of that part counts as missed.
A round that got no answers at all has no figures: its lines say "no answers" and its goals are missed; a
part that fails outright (a server that does not start, a client process that dies) prints why and reports
every goal missed, never a traceback in place of the figures.

The baseline, in the same run: a plain `websockets` relay server (one process) and as many client pairs,
each client sending on the same schedule, which the server writes to the pair's other client; p50 and p99 of
send to arrival. Both sides' connections are held throughout and the two take turns, round by round, after a
WARMUP_SECONDS warm-up each; the client processes (PROCESSES, spawned) run both. The CPU the API processes,
Postgres, the relay and the clients used per round is printed beside: on a machine of two cores the clients'
share is part of the picture.

Run alone: `.venv/bin/python -m infra.bench.chat`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import statistics
import time
import traceback
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event
from typing import Literal, NamedTuple

import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from infra.bench import fanout_clients
from infra.bench.client_processes import (
    ClientProcesses,
    Close,
    cpu_seconds,
    keep_reading,
    run_child,
    socketio_connect,
)
from infra.bench.report import Goal, median_line

CONVERSATIONS = int(os.environ.get("BENCH_CHAT_CONVERSATIONS", "1000"))
# Seconds between two messages of one side of a conversation.
INTERVAL = float(os.environ.get("BENCH_CHAT_INTERVAL", "5"))
SECONDS = float(os.environ.get("BENCH_CHAT_SECONDS", "30"))  # of measured load, over ROUNDS rounds
# Conversations one agent's console holds: the desk's default max_open.
PER_AGENT = int(os.environ.get("BENCH_CHAT_PER_AGENT", "5"))
PROCESSES = int(os.environ.get("BENCH_CHAT_PROCESSES", "2"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
WARMUP_SECONDS = float(os.environ.get("BENCH_CHAT_WARMUP", str(INTERVAL)))  # every conversation once
LOSS_WAIT = 5.0
PORTS = (8983, 8984)  # API process A (players), B (agents)
RELAY_PORT = 8985
MERCHANT = "demo"
CONNECT_CONCURRENCY = 25
P99_GOAL_MS = 150.0
CPU_GOAL_MS = 2.5  # of the two API processes, per message stored
ACK_TIMEOUT = 30.0
LOW_SHARE = 0.95  # of the asked rate: below it a round was not played at the load it names

Side = Literal["PLAYER", "STAFF"]
Kind = Literal["chat", "relay"]
PLAYER: Side = "PLAYER"
STAFF: Side = "STAFF"
_CHAT_EVENT = '42["chat:message",'
_DESK_EVENT = '42["console:chat",'
_ACK = "43"
# A send's answer in the records: stored, refused by the sender limit, refused otherwise, or no answer.
STORED, LIMITED, REFUSED, NO_ANSWER = 200, 429, 1, 0


@dataclass(frozen=True)
class Pair:
    """One conversation as the clients see it."""

    index: int  # its place in the schedule, 0..N-1
    conversation_id: int
    player_token: str
    agent: int  # the console (agent) answering it


class Sent(NamedTuple):
    side: str  # the sender's, PLAYER or STAFF
    pair: int  # the pair's index
    k: int  # the sender's message number, over the whole run
    scheduled_ns: int  # time.monotonic_ns, one clock for every process on the machine
    sent_ns: int  # the stamp in the text
    answered_ns: int  # the HTTP answer's arrival (the relay: the frame written)
    status: int  # HTTP status (the relay: 200); 0 when no answer came
    received_ns: int  # arrival at the other side's socket; 0 if it never came


class Counts(NamedTuple):
    out_of_order: int
    duplicates: int
    desk_events: int  # console:chat received by the consoles


def _other(side: str) -> Side:
    return STAFF if side == PLAYER else PLAYER


def _p99(values: list[float]) -> float:
    """NaN (printed, and a goal missed) when nothing arrived at all."""
    if len(values) < 2:
        return values[0] if values else math.nan
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def _p50(values: list[float]) -> float:
    return statistics.median(values) if values else math.nan


# --- the client processes ---------------------------------------------------------------------------------


@dataclass
class Inbox:
    """What this process's sockets received: arrivals by (kind, sender's side, index, k), and the order
    checks."""

    arrived: dict[tuple[Kind, str, int, int], int] = field(default_factory=dict)
    last_seq: dict[tuple[int, int], int] = field(default_factory=dict)  # (socket, conversation) -> seq
    out_of_order: int = 0
    duplicates: int = 0
    desk_events: int = 0

    def chat(self, socket: int, side: Side, index_of: dict[int, int], text: str) -> None:
        at = time.monotonic_ns()  # stamped on arrival, before decoding
        message = json.loads(text[2:])[1]
        conversation = message["conversationId"]
        seq = message["seq"]
        last = self.last_seq.get((socket, conversation), 0)
        if seq < last:
            self.out_of_order += 1
        elif seq == last:
            self.duplicates += 1
        else:
            self.last_seq[(socket, conversation)] = seq
        words = str(message.get("text")).split()
        index = index_of.get(conversation)
        # The other side's (not the echo of its own) bench message.
        if message["side"] != side and index is not None and len(words) == 3 and words[1].isdigit():
            self.arrived.setdefault(("chat", message["side"], index, int(words[1])), at)

    def relayed(self, side: Side, index: int, text: str) -> None:
        at = time.monotonic_ns()
        k, _sent = text.split()
        self.arrived.setdefault(("relay", _other(side), index, int(k)), at)

    def take_counts(self) -> Counts:
        counts = Counts(self.out_of_order, self.duplicates, self.desk_events)
        self.out_of_order = self.duplicates = self.desk_events = 0
        return counts


async def _subscribe(ws: ClientConnection, rooms: list[str]) -> None:
    """The client's `subscribe` calls, one after the other, each acknowledged (pings answered meanwhile)."""
    for ack, room in enumerate(rooms):
        await ws.send(f'42{ack}["subscribe","{room}"]')
        while True:
            answer = await asyncio.wait_for(ws.recv(), 30)
            if answer == "2":
                await ws.send("3")
            elif isinstance(answer, str) and answer.startswith(f"43{ack}["):
                break
        if answer != f'43{ack}[{{"ok":true}}]':
            raise RuntimeError(f"subscribe {room} answered {answer!r}")


class Acks:
    """One socket's `chat:send` calls waiting for their acknowledgement, by ack id (after the ids the
    subscriptions used)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.next_id = 1000
        self.waiting: dict[int, asyncio.Future[str]] = {}

    async def call(self, payload: str) -> str:
        ack, self.next_id = self.next_id, self.next_id + 1
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.waiting[ack] = answer
        try:
            await self.ws.send(f'42{ack}["chat:send",{payload}]')
            return await asyncio.wait_for(answer, ACK_TIMEOUT)
        finally:
            self.waiting.pop(ack, None)

    def answered(self, message: str) -> None:
        """`43<id>[...]`: the acknowledgement's JSON to its waiting call."""
        bracket = message.find("[")
        answer = self.waiting.get(int(message[2:bracket])) if bracket > 2 else None
        if answer is not None and not answer.done():
            answer.set_result(message[bracket:])


def _chat_handler(
    inbox: Inbox, socket: int, side: Side, index_of: dict[int, int], acks: Acks
) -> Callable[[str | bytes], str | None]:
    def handle(message: str | bytes) -> str | None:
        if message == "2":  # Engine.IO ping
            return "3"
        if isinstance(message, str):
            if message.startswith(_CHAT_EVENT):
                inbox.chat(socket, side, index_of, message)
            elif message.startswith(_ACK):
                acks.answered(message)
            elif message.startswith(_DESK_EVENT):
                inbox.desk_events += 1
        return None

    return handle


async def _sleep_until(deadline_ns: int) -> None:
    delay = (deadline_ns - time.monotonic_ns()) / 1e9
    if delay > 0:
        await asyncio.sleep(delay)


class Group:
    """This process's conversations: the players' sockets (A), the consoles' (B), and the relay's pairs."""

    def __init__(
        self, portals: tuple[str, str], relay: str, pairs: list[Pair], agents: dict[int, str]
    ) -> None:
        self.portals, self.relay, self.pairs, self.agents = portals, relay, pairs, agents
        self.total = 0
        self.inbox = Inbox()
        self.closers: list[Close] = []
        self.relay_sockets: dict[tuple[str, int], ClientConnection] = {}
        self.players: dict[int, Acks] = {}  # by pair index
        self.consoles: dict[int, Acks] = {}  # by agent

    async def open(self, total: int) -> tuple[int, int, int]:
        self.total = total
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
        by_agent: dict[int, list[Pair]] = {}
        for pair in self.pairs:
            by_agent.setdefault(pair.agent, []).append(pair)

        async def player(pair: Pair) -> Close:
            async with gate:
                ws = await socketio_connect(
                    self.portals[0], {"merchant": MERCHANT, "token": pair.player_token}
                )
                await _subscribe(ws, [f"conversation:{pair.conversation_id}"])
            index_of = {pair.conversation_id: pair.index}
            acks = self.players[pair.index] = Acks(ws)
            return keep_reading(ws, _chat_handler(self.inbox, pair.index, PLAYER, index_of, acks))

        async def console(agent: int, pairs: list[Pair]) -> Close:
            async with gate:
                ws = await socketio_connect(
                    self.portals[1], {"merchant": MERCHANT, "token": self.agents[agent]}
                )
                await _subscribe(ws, [f"conversation:{p.conversation_id}" for p in pairs])
            index_of = {p.conversation_id: p.index for p in pairs}
            acks = self.consoles[agent] = Acks(ws)
            return keep_reading(ws, _chat_handler(self.inbox, -1 - agent, STAFF, index_of, acks))

        async def relay_client(pair: Pair, side: Side) -> Close:
            async with gate:
                ws = await connect(self.relay, compression=None, open_timeout=30, ping_interval=None)
                await ws.send(f"{pair.index} {side}")
                if await ws.recv() != "ok":
                    raise RuntimeError("the relay did not take the client")
            self.relay_sockets[(side, pair.index)] = ws

            def handle(message: str | bytes) -> None:
                self.inbox.relayed(
                    side, pair.index, message if isinstance(message, str) else message.decode()
                )

            return keep_reading(ws, handle)

        players = await asyncio.gather(*(player(p) for p in self.pairs))
        consoles = await asyncio.gather(*(console(a, ps) for a, ps in by_agent.items()))
        relayed = await asyncio.gather(*(relay_client(p, s) for p in self.pairs for s in (PLAYER, STAFF)))
        self.closers = [*players, *consoles, *relayed]
        return len(players), len(consoles), len(relayed)

    async def _chat_send(self, pair: Pair, side: Side, k: int, scheduled: int) -> Sent:
        acks = self.players[pair.index] if side == PLAYER else self.consoles[pair.agent]
        sent = time.monotonic_ns()
        body = {
            "conversationId": pair.conversation_id,
            "clientId": f"bench-{side[0].lower()}{pair.index}-{k}",
            "text": f"bench {k} {sent}",
        }
        status = NO_ANSWER
        with contextlib.suppress(TimeoutError, ConnectionError, ConnectionClosed):
            answer = await acks.call(json.dumps(body, separators=(",", ":")))
            status = (
                STORED
                if answer.startswith('[{"ok":true')
                else LIMITED
                if '"TOO_MANY_REQUEST"' in answer
                else REFUSED
            )
        return Sent(side, pair.index, k, scheduled, sent, time.monotonic_ns(), status, 0)

    async def _relay_send(self, pair: Pair, side: Side, k: int, scheduled: int) -> Sent:
        sent = time.monotonic_ns()
        status = NO_ANSWER
        with contextlib.suppress(ConnectionError, ConnectionClosed):
            await self.relay_sockets[(side, pair.index)].send(f"{k} {sent}")
            status = STORED
        return Sent(side, pair.index, k, scheduled, sent, time.monotonic_ns(), status, 0)

    async def run(self, kind: Kind, start: int, seconds: float, first_k: int) -> tuple[list[Sent], Counts]:
        """Every side of every pair a message every INTERVAL s from `start` for `seconds`, then LOSS_WAIT s at
        most for the last ones to arrive."""
        send = self._chat_send if kind == "chat" else self._relay_send
        end = start + int(seconds * 1e9)
        every = int(INTERVAL * 1e9)
        schedule = []
        for pair in self.pairs:
            for side, slot in ((PLAYER, pair.index), (STAFF, pair.index + 0.5)):
                first = start + int(slot / self.total * every)
                schedule += [(first + j * every, j, pair, side) for j in range(math.ceil(seconds / INTERVAL))]
        schedule = sorted((s for s in schedule if s[0] < end), key=lambda s: s[0])
        tasks: list[asyncio.Task[Sent]] = []
        for scheduled, j, pair, side in schedule:
            await _sleep_until(scheduled)
            if time.monotonic_ns() >= end:  # held up past the round's end: not sent
                break
            tasks.append(asyncio.create_task(send(pair, side, first_k + j, scheduled)))
        records = list(await asyncio.gather(*tasks))
        pending = {(kind, r.side, r.pair, r.k) for r in records if r.status == 200}
        deadline = time.monotonic() + LOSS_WAIT
        while pending and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            pending = {key for key in pending if key not in self.inbox.arrived}
        arrived = self.inbox.arrived
        records = [r._replace(received_ns=arrived.get((kind, r.side, r.pair, r.k), 0)) for r in records]
        return records, self.inbox.take_counts()

    async def close(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(c() for c in self.closers), return_exceptions=True), 5)


async def _client(
    portals: tuple[str, str],
    relay: str,
    pairs: list[Pair],
    agents: dict[int, str],
    total: int,
    pipe: Connection,
) -> None:
    group = Group(portals, relay, pairs, agents)
    try:
        pipe.send(("ready", await group.open(total)))
        while True:
            command, args = await asyncio.to_thread(pipe.recv)
            if command == "stop":
                break
            pipe.send(("records", await group.run(*args)))
    finally:
        await group.close()


def client_main(
    portals: tuple[str, str],
    relay: str,
    pairs: list[Pair],
    agents: dict[int, str],
    total: int,
    pipe: Connection,
) -> None:
    """The target of a spawned client process."""
    fanout_clients.raise_fd_limit()
    run_child(_client(portals, relay, pairs, agents, total, pipe), pipe)


class Clients(ClientProcesses):
    """The parent's side: the consoles dealt out over `processes` processes, each with its conversations."""

    def __init__(
        self, portals: tuple[str, str], relay: str, pairs: list[Pair], agents: dict[int, str], processes: int
    ) -> None:
        ids = sorted(agents)
        arguments = []
        for n in range(processes):
            mine = set(ids[n::processes])
            shares = [p for p in pairs if p.agent in mine]
            arguments.append((portals, relay, shares, {a: agents[a] for a in mine}, len(pairs)))
        super().__init__(client_main, arguments)

    def __enter__(self) -> Clients:
        return self

    def ready(self) -> tuple[int, int, int]:
        counts = [self.answer(pipe, "ready", 180) for pipe in self.pipes]
        return (sum(c[0] for c in counts), sum(c[1] for c in counts), sum(c[2] for c in counts))

    def run(self, kind: Kind, seconds: float, first_k: int) -> tuple[list[Sent], Counts]:
        start = time.monotonic_ns() + 500_000_000  # time for every process to get the command
        for pipe in self.pipes:
            pipe.send(("run", (kind, start, seconds, first_k)))
        records: list[Sent] = []
        totals = [0, 0, 0]
        for pipe in self.pipes:
            theirs, counts = self.answer(pipe, "records", seconds + LOSS_WAIT + 60)
            records += theirs
            totals = [a + b for a, b in zip(totals, counts, strict=True)]
        return records, Counts(*totals)


# --- the baseline: a plain websockets relay -----------------------------------------------------------------


async def _relay(port: int, ready: Event) -> None:
    pairs: dict[int, dict[str, ServerConnection]] = {}

    async def handler(ws: ServerConnection) -> None:
        hello = await ws.recv()
        index, side = str(hello).split()
        pair = pairs.setdefault(int(index), {})
        pair[side] = ws
        await ws.send("ok")
        other = _other(side)
        try:
            async for message in ws:
                partner = pair.get(other)
                if partner is not None:
                    await partner.send(message)
        finally:
            pair.pop(side, None)

    async with serve(handler, "127.0.0.1", port, compression=None, ping_interval=None, max_size=None):
        ready.set()
        await asyncio.get_running_loop().create_future()


def relay_server(port: int, ready: Event) -> None:
    """The baseline server, the target of a spawned process: each message to the other client of its pair."""
    fanout_clients.raise_fd_limit()
    uvloop.run(_relay(port, ready))


@contextmanager
def _relay_server() -> Iterator[tuple[str, int]]:
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    process = context.Process(target=relay_server, args=(RELAY_PORT, ready), daemon=True)
    process.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the websockets relay did not start")
        yield f"ws://127.0.0.1:{RELAY_PORT}", process.pid or 0
    finally:
        process.terminate()
        process.join(10)


# --- the parent ------------------------------------------------------------------------------------------


async def _prepare(url: str) -> tuple[list[Pair], dict[int, str]]:
    """Agents and members with a session token each, and an OPEN conversation per member, assigned."""
    from server.accounts import sessions
    from server.accounts.models import Member, Staff
    from server.admin.roles import SUPPORT
    from server.app import session_policy
    from server.brands import service as brands
    from server.db.base import utcnow
    from server.db.session import Database
    from server.settings import load_settings
    from server.support.models import LIVECHAT, OPEN, Conversation

    policy = session_policy(load_settings(database_url=url))
    db = Database.from_url(url)
    pairs: list[Pair] = []
    agents: dict[int, str] = {}
    try:
        async with db.session() as session:
            brand = await brands.load_brand(session, MERCHANT)
            assert brand is not None
            staff_ids = []
            for n in range(math.ceil(CONVERSATIONS / PER_AGENT)):
                staff = Staff(
                    merchant_id=brand.id,
                    username=f"bench-agent{n}",
                    password_hash="!unusable",  # noqa: S106
                    role=SUPPORT,
                    nickname=f"Agent {n}",
                )
                session.add(staff)
                await session.flush()
                staff_ids.append(staff.id)
                agents[n] = await sessions.issue(session, policy, merchant_id=brand.id, staff_id=staff.id)
            for n in range(CONVERSATIONS):
                member = Member(merchant_id=brand.id, username=f"chat{n}", password_hash="!unusable")  # noqa: S106
                session.add(member)
                await session.flush()
                token = await sessions.issue(session, policy, merchant_id=brand.id, member_id=member.id)
                conversation = Conversation(
                    merchant_id=brand.id,
                    queue=LIVECHAT,
                    status=OPEN,
                    member_id=member.id,
                    staff_id=staff_ids[n // PER_AGENT],
                    language="EN",
                    claimed_at=utcnow(),
                )
                session.add(conversation)
                await session.flush()
                pairs.append(Pair(n, conversation.id, token, n // PER_AGENT))
    finally:
        await db.dispose()
    return pairs, agents


@dataclass(frozen=True)
class Round:
    kind: Kind
    seconds: float
    records: list[Sent]
    counts: Counts
    usage: dict[str, float]  # CPU cores used over the round, by part; its "elapsed" seconds
    warmup_lost: int = 0  # the first round's: lost in the warm-up before it

    def accepted(self) -> list[Sent]:
        return [r for r in self.records if r.status == 200]

    def stored_rate(self) -> float:
        """Messages stored per second, over the round or until its last acknowledgement came, whichever is
        longer: a server that falls behind acknowledges a round's sends late, and its rate is what it stored
        in the time it took, not what the clients asked of it."""
        stored = self.accepted()
        if not stored:
            return 0.0
        took = (max(r.answered_ns for r in stored) - min(r.scheduled_ns for r in self.records)) / 1e9
        return len(stored) / max(self.seconds, took)

    def lost(self) -> int:
        return self.warmup_lost + sum(1 for r in self.accepted() if r.received_ns == 0)

    def latencies(self, side: str | None = None) -> list[float]:
        return [
            (r.received_ns - r.sent_ns) / 1e6
            for r in self.accepted()
            if r.received_ns and (side is None or r.side == side)
        ]

    def http(self) -> list[float]:
        return [(r.answered_ns - r.sent_ns) / 1e6 for r in self.records if r.status]

    def lag(self) -> list[float]:
        return [(r.sent_ns - r.scheduled_ns) / 1e6 for r in self.records]

    def status(self, code: int) -> int:
        return sum(1 for r in self.records if r.status == code)


async def _connections_opened(database: str) -> float:
    """Connections the bench database has had so far (Postgres's statistics, reported at most once a second
    by a backend: a round's count is good to a second's worth)."""
    import asyncpg

    from infra.bench.ledger import ADMIN_URL

    connection = await asyncpg.connect(ADMIN_URL)
    try:
        return float(
            await connection.fetchval("SELECT sessions FROM pg_stat_database WHERE datname = $1", database)
        )
    finally:
        await connection.close()


def _play(clients: Clients, pids: dict[str, int], database: str) -> list[Round]:
    """A warm-up of each kind, then ROUNDS rounds of each, taking turns: the relay first, then the chat."""
    from infra.bench.balance_push import _machine_cpu, _postgres_cpu, _waiting_for_cpu

    def used() -> dict[str, float]:
        waiting = {f"{name}_waiting": _waiting_for_cpu(pid) for name, pid in pids.items() if name != "relay"}
        return (
            {name: cpu_seconds(pid) for name, pid in pids.items()}
            | waiting
            | {
                "postgres": _postgres_cpu(),
                "clients": clients.cpu_seconds(),
                "machine": _machine_cpu(),
                "connections": asyncio.run(_connections_opened(database)),
            }
        )

    rounds: list[Round] = []
    next_k: dict[Kind, int] = {"chat": 0, "relay": 0}
    warm: dict[Kind, tuple[int, Counts]] = {}
    kinds: tuple[Kind, Kind] = ("relay", "chat")
    for n in range(ROUNDS + 1):
        seconds = WARMUP_SECONDS if n == 0 else SECONDS / ROUNDS
        for kind in kinds:
            before, started = used(), time.monotonic()
            records, counts = clients.run(kind, seconds, next_k[kind])
            elapsed = time.monotonic() - started
            after = used()
            next_k[kind] += math.ceil(seconds) + 1
            if n == 0:
                warm[kind] = (sum(1 for r in records if r.status == 200 and not r.received_ns), counts)
                continue
            earlier = 0
            if n == 1:  # the warm-up's losses and order faults are the first round's
                earlier, warm_counts = warm[kind]
                counts = Counts(*(a + b for a, b in zip(counts, warm_counts, strict=True)))
            usage = {k: (after[k] - before[k]) / elapsed for k in after} | {"elapsed": elapsed}
            rounds.append(Round(kind, seconds, records, counts, usage, earlier))
    return rounds


def run() -> list[Round] | None:
    from infra.bench.__main__ import serve as serve_api
    from infra.bench.fanout import child_listening_on
    from infra.bench.ledger import _admin, _url
    from server.cli import seed_if_empty
    from server.db import migrate
    from server.settings import load_settings

    fanout_clients.raise_fd_limit()  # the uvicorn children inherit it
    name = f"bench_chat_{uuid.uuid4().hex[:8]}"
    channel = f"bench-chat-{uuid.uuid4().hex[:8]}"
    try:
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    except OSError as exc:
        print(f"\nchat benchmark skipped: Postgres unavailable ({exc})")
        return None
    try:
        url = _url(name)
        migrate.upgrade(url)
        seed_if_empty(load_settings(database_url=url))
        pairs, agents = asyncio.run(_prepare(url))
        env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": REDIS_URL, "REALTIME_CHANNEL": channel}
        env.update(SCHEDULER="off", LOG_LEVEL="WARNING")
        with ExitStack() as stack:
            a, b = (
                stack.enter_context(serve_api(["--factory", "server.app:factory"], p, env, "/readyz"))
                for p in PORTS
            )
            relay, relay_pid = stack.enter_context(_relay_server())
            clients = stack.enter_context(Clients((a, b), relay, pairs, agents, PROCESSES))
            players, consoles, relayed = clients.ready()
            if (players, consoles, relayed) != (len(pairs), len(agents), 2 * len(pairs)):
                raise RuntimeError(
                    f"connected {players} players, {consoles} consoles, {relayed} relay clients "
                    f"of {len(pairs)}, {len(agents)}, {2 * len(pairs)}"
                )
            pids = {"api_a": child_listening_on(PORTS[0]), "api_b": child_listening_on(PORTS[1])}
            return _play(clients, pids | {"relay": relay_pid}, name)
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _api_ms_per_message(r: Round) -> float:
    """NaN (no answers) for a round that stored nothing: CPU over zero messages is not a figure."""
    stored = len(r.accepted())
    if not stored:
        return math.nan
    return 1000 * (r.usage["api_a"] + r.usage["api_b"]) * r.usage["elapsed"] / stored


def _target() -> float:
    return 2 * CONVERSATIONS / INTERVAL


def _goals(chat: list[Round]) -> list[Goal]:
    """The part's goals over its chat rounds; with no round at all (the part failed), each goal has one round
    with no answers, and so is missed. The figures hold only at the load they name: a round below LOW_SHARE
    of the asked rate misses the last goal, and with it the part."""
    target = _target()
    load = f"{CONVERSATIONS} conversations at {target:.0f} messages/s"

    def rounds(values: list[float]) -> list[float]:
        return values or [math.nan]

    def counted(r: Round, value: int) -> float:
        # Nothing lost of nothing stored is no figure: a round whose sends were all unanswered has none.
        return float(value) if r.accepted() else math.nan

    return [
        Goal(f"chat messages lost, {load}", "<=", 0, rounds([counted(r, r.lost()) for r in chat])),
        Goal(
            "chat messages received out of order",
            "<=",
            0,
            rounds([counted(r, r.counts.out_of_order) for r in chat]),
        ),
        Goal(
            f"chat send to the other side's socket p99, {load}",
            "<=",
            P99_GOAL_MS,
            rounds([_p99(r.latencies()) for r in chat]),
            unit="ms",
        ),
        Goal(
            "chat CPU of the two API processes per message",
            "<=",
            CPU_GOAL_MS,
            rounds([_api_ms_per_message(r) for r in chat]),
            unit="ms",
        ),
        Goal(
            "chat messages stored per second / asked",
            ">=",
            LOW_SHARE,
            rounds([r.stored_rate() / target for r in chat]),
        ),
    ]


def goals() -> list[Goal]:
    try:
        rounds = run()
    except Exception as exc:  # a part that cannot run reports its goals missed, and the bench goes on
        traceback.print_exc()
        why = f"{type(exc).__name__}: {exc}".strip().splitlines()[0][:300]
        print(f"\nchat benchmark failed ({why}): every chat goal counts as missed")
        return _goals([])
    if rounds is None:  # Postgres unavailable: said so already
        return []
    chat = [r for r in rounds if r.kind == "chat"]
    relay = [r for r in rounds if r.kind == "relay"]
    target = _target()
    consoles = math.ceil(CONVERSATIONS / PER_AGENT)
    print(
        f"\nCustomer-service chat: {CONVERSATIONS} conversations, players' sockets on API process A, "
        f"{consoles} agents' consoles ({PER_AGENT} conversations each) on B (Postgres, Redis), each side "
        f"sending `chat:send` on its socket every {INTERVAL:g} s ({target:.0f}/s); {PROCESSES} client "
        f"processes; {ROUNDS} rounds of {SECONDS / ROUNDS:.1f} s after {WARMUP_SECONDS:.0f} s of warm-up, "
        f"taking turns with the baseline: a `websockets` relay (one process) and {CONVERSATIONS} client "
        f"pairs at the same rate"
    )
    lines: list[tuple[str, list[float], str]] = [
        ("chat: send to the other side's socket p50", [_p50(r.latencies()) for r in chat], "ms"),
        ("chat: send to the other side's socket p99", [_p99(r.latencies()) for r in chat], "ms"),
        ("chat: player -> agent p99", [_p99(r.latencies(PLAYER)) for r in chat], "ms"),
        ("chat: agent -> player p99", [_p99(r.latencies(STAFF)) for r in chat], "ms"),
        ("relay (baseline): send to the other client p50", [_p50(r.latencies()) for r in relay], "ms"),
        ("relay (baseline): send to the other client p99", [_p99(r.latencies()) for r in relay], "ms"),
        ("chat: send's acknowledgement p50", [_p50(r.http()) for r in chat], "ms"),
        ("chat: send's acknowledgement p99", [_p99(r.http()) for r in chat], "ms"),
        ("chat: send behind its schedule p99", [_p99(r.lag()) for r in chat], "ms"),
        ("chat: messages sent per second", [len(r.records) / r.seconds for r in chat], "/s"),
        (
            "chat: messages stored per second (until the round's last acknowledgement)",
            [r.stored_rate() for r in chat],
            "/s",
        ),
        ("relay (baseline): messages sent per second", [len(r.records) / r.seconds for r in relay], "/s"),
        ("chat: refused by the sender limit", [float(r.status(LIMITED)) for r in chat], ""),
        ("chat: refused otherwise", [float(r.status(REFUSED)) for r in chat], ""),
        ("chat: no acknowledgement within 30 s", [float(r.status(NO_ANSWER)) for r in chat], ""),
        ("chat: a seq received twice by a socket", [float(r.counts.duplicates) for r in chat], ""),
        ("relay (baseline): messages lost", [float(r.lost()) for r in relay], ""),
        (
            "chat: console:chat received by the consoles",
            [r.counts.desk_events / r.seconds for r in chat],
            "/s",
        ),
    ]
    for part, label in (("api_a", "API process A"), ("api_b", "API process B"), ("postgres", "Postgres")):
        lines.append((f"chat: CPU of {label}", [r.usage[part] for r in chat], "cores"))
    # The relay's rounds are the API processes' idle time with every socket held (pings, the hub's expiry
    # sweep of signed-in sockets): what they spend whatever the messages.
    idle = [r.usage["api_a"] + r.usage["api_b"] for r in relay]
    lines += [
        ("chat: CPU of the two API processes while idle (the relay's turn)", idle, "cores"),
        (
            "chat: CPU of the two API processes per message stored, less their idle CPU",
            [
                _api_ms_per_message(r) * (1 - statistics.median(idle) / (r.usage["api_a"] + r.usage["api_b"]))
                if idle and r.accepted() and r.usage["api_a"] + r.usage["api_b"] > 0
                else math.nan
                for r in chat
            ],
            "ms",
        ),
        (
            "chat: CPU of the two API processes per message stored",
            [_api_ms_per_message(r) for r in chat],
            "ms",
        ),
        (
            "chat: API processes ready to run but waiting for a core",
            [r.usage["api_a_waiting"] + r.usage["api_b_waiting"] for r in chat],
            "s/s",
        ),
        ("chat: Postgres connections opened (about)", [r.usage["connections"] for r in chat], "/s"),
        ("chat: CPU of the clients", [r.usage["clients"] for r in chat], "cores"),
        (
            f"chat: CPU of the whole machine (of {os.cpu_count()})",
            [r.usage["machine"] for r in chat],
            "cores",
        ),
        ("relay (baseline): CPU of the relay", [r.usage["relay"] for r in relay], "cores"),
        ("relay (baseline): CPU of the clients", [r.usage["clients"] for r in relay], "cores"),
    ]
    for label, values, unit in lines:
        print(median_line(f"  {label}", values, unit))
    names = {STORED: "stored", LIMITED: "TOO_MANY_REQUEST", REFUSED: "refused otherwise", NO_ANSWER: "none"}
    answers = Counter(names.get(r.status, str(r.status)) for round_ in chat for r in round_.records)
    shown = ", ".join(f"{name} x{n}" for name, n in answers.items())
    print(f"  chat: the sends' acknowledgements over the rounds: {shown}")
    floor = LOW_SHARE * target
    rates = [r.stored_rate() for r in chat]
    low = [f"{n + 1} ({rate:.0f}/s)" for n, rate in enumerate(rates) if rate < floor]
    if low:
        print(
            f"  NOT AT LOAD: fewer than {floor:.0f} messages/s stored in round(s) {', '.join(low)}: "
            f"the part did not hold its load"
        )
    return _goals(chat)


def main() -> None:
    for goal in goals():
        print(goal.line())


if __name__ == "__main__":
    main()
