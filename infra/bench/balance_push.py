"""Balance push after a bet: members play the house's high-card duel (`POST /house/api/round`, a stake of
1.00) against one portal API process (uvicorn as `make bench` runs it, Postgres, Redis), RATE bets a second
in an open loop spread over MEMBERS members, each with its own signed-in Socket.IO connection. A round moves
its money in one seamless-wallet call (betWin) inside the same process: the stake and the win are two ledger
transfers in one transaction, and the member's new `sumBalance` is pushed once, after COMMIT. The figure is,
for every bet, the arrival of the push whose balance is the round answer's minus the arrival of that answer,
both at the client: negative when the push wins the race, as it does when the wallet's COMMIT is well before
the answer leaves (the house still closes its round after the wallet answers). A push missing 5 s after its
answer fails the benchmark.

Members, their deposits and their session tokens are written to the database directly; the launch, the
house session, the bets and the sockets go over HTTP and WebSocket to the running server. The clients run in
PROCESSES spawned processes (infra/bench/balance_clients.py). After a warm-up, ROUNDS rounds of SECONDS s.

To tell where a late push spends its time, this process also listens on the server's Redis channel: the
server's Socket.IO manager writes an emit to its own sockets, then publishes it there for the other API
processes, so its arrival here stamps the emit on the server's side. The answer -> emit and emit -> client
parts are printed beside the figure, with the CPU the server, Postgres and the clients used per round.

Run alone: `.venv/bin/python -m infra.bench.balance_push`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import statistics
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import redis.asyncio as aioredis
import uvloop
from sqlalchemy import select

from infra.bench import loyalty_load, promotions_load
from infra.bench.balance_clients import Clients, Player, Record
from infra.bench.client_processes import cpu_seconds
from infra.bench.report import Goal, median_line, ratios
from realtime import emitter, events
from server.accounts import sessions
from server.accounts.models import Member
from server.brands import service as brands
from server.db.session import Database
from server.games.models import Game
from server.protection import limits
from server.wallet import transfers

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
SECONDS = float(os.environ.get("BENCH_BALANCE_SECONDS", "10"))
RATE = float(os.environ.get("BENCH_BALANCE_RATE", "200"))
MEMBERS = int(os.environ.get("BENCH_BALANCE_MEMBERS", "40"))
PROCESSES = int(os.environ.get("BENCH_BALANCE_PROCESSES", "2"))
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
WARMUP_SECONDS = 3.0
PORT = 8981
GAME = "highcard-1"
LOW_RATE = 0.95 * RATE  # below this a round was not played at the asked load (190 at 200)
DEPOSIT = 100_000_00


@dataclass(frozen=True)
class Figures:
    p50_ms: list[float]  # per round: push arrival - answer arrival
    p99_ms: list[float]
    credited_p99_ms: list[float]  # the same of the rounds that paid something back
    rate: list[float]  # bets sent per second of the round
    http_p50_ms: list[float]  # the bet's request to its answer
    http_p99_ms: list[float]
    lag_p99_ms: list[float]  # a bet's send behind its schedule
    to_redis_p50_ms: list[float]  # answer arrival -> the push's emit (its publish seen on Redis)
    to_redis_p99_ms: list[float]
    from_redis_p50_ms: list[float]  # the emit -> the push's arrival at the client
    from_redis_p99_ms: list[float]
    usage: list[dict[str, float]]  # per round: per second (see _counters); transactions, server CPU per bet
    pushes: tuple[int, int]  # received, expected (one per round: betWin pushes stake and win together)
    records: list[Record]  # every bet, the warm-up's too
    measured_from_ns: int  # the first measured round's start (monotonic)
    leaderboard_ms: list[float] = field(default_factory=list)  # promotions_load.push_latency, if measured


class _NoSockets:
    """The seed's deposits push balances before any server runs; no one listens then."""

    async def emit(self, event: str, data: Any = None, *, room: str | None = None) -> None:
        return None


async def _prepare(url: str, *, limited: bool = False) -> tuple[list[tuple[int, str]], int]:
    """Members with money and a session token each, and the game's id; with `limited`, each member holds a
    loss limit and a wager limit for the day, the week and the month (issue 34), high enough never to refuse
    a spin of the run: every stake is checked and counted against them."""
    from server.app import session_policy
    from server.settings import load_settings

    policy = session_policy(load_settings(database_url=url))
    emitter.install(_NoSockets())
    db = Database.from_url(url)
    members = []
    try:
        async with db.session() as session:
            brand = await brands.load_brand(session, "demo")
            assert brand is not None
            game_id = await session.scalar(
                select(Game.id).where(Game.merchant_id == brand.id, Game.game_code == GAME)
            )
            if game_id is None:
                raise RuntimeError(f"the demo merchant has no {GAME}")
            for n in range(MEMBERS):
                member = Member(merchant_id=brand.id, username=f"push{n}", password_hash="!unusable")  # noqa: S106
                session.add(member)
                await session.flush()
                await transfers.deposit(session, brand, member.id, DEPOSIT, f"bench-push-{n}")
                if limited:
                    for kind, period in itertools.product(("LOSS", "WAGER"), ("DAY", "WEEK", "MONTH")):
                        await limits.set_limit(session, member, kind, period, DEPOSIT)
                token = await sessions.issue(session, policy, merchant_id=brand.id, member_id=member.id)
                members.append((member.id, token))
    finally:
        emitter.install(None)
        await db.dispose()
    return members, int(game_id)


def _value(answer: httpx.Response) -> Any:
    body = answer.json()
    if answer.status_code != 200 or not body.get("success"):
        raise RuntimeError(f"{answer.request.url.path} refused: {answer.text[:300]}")
    return body["value"]


async def _launch(
    portal: str, members: list[tuple[int, str]], game_id: int, balance: int = DEPOSIT
) -> list[Player]:
    """Each member launches the game as the web client does, and the game page opens its house session."""
    players = []
    async with httpx.AsyncClient(base_url=portal, timeout=30) as client:
        for member_id, token in members:
            headers = {"Merchant": "demo", "Authorization": token}
            launched = _value(
                await client.post("/wps/game/launchGame", json={"gameId": game_id}, headers=headers)
            )
            launch_token = httpx.URL(launched["game_url"]).params["token"]
            opened = _value(
                await client.post("/house/api/session", json={"token": launch_token, "merchant": "demo"})
            )
            if opened["balance"] != f"{balance // 100}.{balance % 100:02d}":
                raise RuntimeError(f"member {member_id} opened the game with {opened['balance']}")
            players.append(Player(member_id, token, opened["sessionId"]))
    return players


class Published:
    """Every balance push the server publishes on its Redis channel, by room, as this process sees it."""

    def __init__(self, boards: promotions_load.Boards | None = None) -> None:
        self.by_room: dict[str, list[tuple[str, int]]] = defaultdict(list)
        self.cursors: dict[str, int] = defaultdict(int)
        self.boards = boards

    async def listen(self, channel: str) -> None:
        client = aioredis.from_url(REDIS_URL)
        try:
            async with client.pubsub() as sub:
                await sub.subscribe(channel)
                async for message in sub.listen():
                    if message["type"] != "message":
                        continue
                    at = time.monotonic_ns()
                    if self.boards is not None:
                        self.boards.take(message)
                    emit = json.loads(message["data"])
                    if emit.get("event") == events.BALANCE:
                        self.by_room[emit["room"]].append((emit["data"][0]["sumBalance"], at))
        finally:
            await client.aclose()

    def seen(self, record: Record) -> int | None:
        """When the push matched with this bet went through Redis (bets of one member taken in order)."""
        room = events.user_room(record.member_id)
        published = self.by_room[room]
        for index in range(self.cursors[room], len(published)):
            if published[index][0] == record.balance:
                self.cursors[room] = index + 1
                return published[index][1]
        return None


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def _postgres_cpu() -> float:
    """User + system time of every Postgres process on the machine (any other database's work included),
    with the time of the backends that have ended since the server started: the postmaster reaps them, and
    the kernel adds their time to its children's."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            if entry.joinpath("comm").read_text().strip() != "postgres":
                continue
            fields = entry.joinpath("stat").read_text().rsplit(")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])
            parent = Path(f"/proc/{fields[1]}/comm")
            if not parent.exists() or parent.read_text().strip() != "postgres":  # the postmaster
                ticks += int(fields[13]) + int(fields[14])
            total += ticks / os.sysconf("SC_CLK_TCK")
    return total


def _machine_cpu() -> float:
    """Busy time of all the machine's cores together (/proc/stat: everything but idle and iowait)."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def _waiting_for_cpu(pid: int) -> float:
    """How long a process was ready to run but waited for a core (Linux schedstat), in seconds: on a shared
    machine, the part of a slow round that was the neighbours'."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


async def _counters(server_pid: int, clients: Clients, database: str) -> dict[str, float]:
    """What the run has used so far: CPU seconds of the server, Postgres, the clients and the whole machine,
    and the server's time spent waiting for a core;
    the bench database's transactions and connections opened (Postgres's statistics, which a backend
    reports at most once a second: a round's count is good to a second's worth)."""
    from infra.bench.ledger import ADMIN_URL

    connection = await asyncpg.connect(ADMIN_URL)
    try:
        stats = await connection.fetchrow(
            "SELECT xact_commit + xact_rollback AS xacts, sessions FROM pg_stat_database WHERE datname = $1",
            database,
        )
    finally:
        await connection.close()
    assert stats is not None
    return {
        "server": cpu_seconds(server_pid),
        "server_waiting": _waiting_for_cpu(server_pid),
        "postgres": _postgres_cpu(),
        "clients": clients.cpu_seconds(),
        "machine": _machine_cpu(),
        "transactions": float(stats["xacts"]),
        "connections": float(stats["sessions"]),
    }


async def _drive(
    portal: str,
    players: list[Player],
    channel: str,
    server_pid: int,
    database: str,
    boards: promotions_load.Boards | None = None,
) -> Figures:
    published = Published(boards)
    listener = asyncio.create_task(published.listen(channel))
    rounds: dict[str, list[float]] = defaultdict(list)
    usage: list[dict[str, float]] = []
    bets = pushes = 0
    every: list[Record] = []
    measured_from = 0
    try:
        with Clients(portal, players, PROCESSES) as clients:
            connected = await asyncio.to_thread(clients.ready)
            if connected != len(players):
                raise RuntimeError(f"{connected} of {len(players)} sockets connected")
            for n in range(ROUNDS + 1):
                seconds = WARMUP_SECONDS if n == 0 else SECONDS
                before = await _counters(server_pid, clients, database)
                started = time.monotonic()
                if n == 1:
                    measured_from = time.monotonic_ns()
                records, pushes = await asyncio.to_thread(clients.run, seconds, RATE)
                elapsed = time.monotonic() - started
                # The server publishes an emit on Redis after writing it to the socket: let the last ones in.
                await asyncio.sleep(0.2)
                after = await _counters(server_pid, clients, database)
                bets += len(records)
                every += records
                records.sort(key=lambda r: r.sent_ns)
                split = [(r, published.seen(r)) for r in records]
                if n == 0:
                    continue
                _keep(rounds, records, split, seconds)
                used = {k: after[k] - before[k] for k in after}
                used = {k: v / elapsed for k, v in used.items()} | {
                    "transactions": used["transactions"] / len(records),
                    "server_per_bet": used["server"] / len(records),
                }
                usage.append(used)
    finally:
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener
    if pushes < bets:
        raise RuntimeError(f"{pushes} balance pushes arrived for {bets} rounds")
    return Figures(
        **{name: rounds[name] for name in Figures.__dataclass_fields__ if name in rounds},
        usage=usage,
        pushes=(pushes, bets),
        records=every,
        measured_from_ns=measured_from,
    )


def _keep(
    rounds: dict[str, list[float]],
    records: list[Record],
    split: list[tuple[Record, int | None]],
    seconds: float,
) -> None:
    ms = 1e6
    latency = [(r.pushed_ns - r.answered_ns) / ms for r in records]
    http = [(r.answered_ns - r.sent_ns) / ms for r in records]
    to_redis = [(seen - r.answered_ns) / ms for r, seen in split if seen is not None]
    from_redis = [(r.pushed_ns - seen) / ms for r, seen in split if seen is not None]
    if len(to_redis) != len(records):
        raise RuntimeError(f"{len(records) - len(to_redis)} pushes of {len(records)} not seen on Redis")
    rounds["p50_ms"].append(statistics.median(latency))
    rounds["p99_ms"].append(_p99(latency))
    credited = [(r.pushed_ns - r.answered_ns) / ms for r in records if r.win != "0.00"]
    rounds["credited_p99_ms"].append(_p99(credited))
    rounds["rate"].append(len(records) / seconds)
    rounds["http_p50_ms"].append(statistics.median(http))
    rounds["http_p99_ms"].append(_p99(http))
    rounds["lag_p99_ms"].append(_p99([(r.sent_ns - r.scheduled_ns) / ms for r in records]))
    rounds["to_redis_p50_ms"].append(statistics.median(to_redis))
    rounds["to_redis_p99_ms"].append(_p99(to_redis))
    rounds["from_redis_p50_ms"].append(statistics.median(from_redis))
    rounds["from_redis_p99_ms"].append(_p99(from_redis))


def run(promotions: bool = False, loyalty: bool = False, limited: bool = False) -> Figures:
    """One measurement against a fresh database; with `promotions`, every player holds an open bonus and five
    missions run, each with a leaderboard of 10,000 members (infra/bench/promotions_load.py); with `loyalty`,
    loyalty's jobs run beside the spins (infra/bench/loyalty_load.py); with `limited`, every player holds loss
    and wager limits (issue 34)."""
    from infra.bench.__main__ import serve
    from infra.bench.fanout import child_listening_on
    from infra.bench.ledger import _admin, _assert_clean, _url
    from server.cli import seed_if_empty
    from server.db import migrate
    from server.settings import load_settings

    name = f"bench_push_{uuid.uuid4().hex[:8]}"
    channel = f"bench-push-{uuid.uuid4().hex[:8]}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    try:
        url = _url(name)
        migrate.upgrade(url)
        seed_if_empty(load_settings(database_url=url))
        members, game_id = asyncio.run(_prepare(url, limited=limited))
        asyncio.run(promotions_load.end_demo_missions(url))
        missions = asyncio.run(promotions_load.prepare(url, [m for m, _ in members])) if promotions else []
        boards = promotions_load.Boards(REDIS_URL) if promotions else None
        env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": REDIS_URL, "REALTIME_CHANNEL": channel}
        env.update(SCHEDULER="off", LOG_LEVEL="WARNING")
        jobs = loyalty_load.jobs_running(url) if loyalty else contextlib.nullcontext()
        with serve(["--factory", "server.app:factory"], PORT, env, "/readyz") as portal, jobs:
            bonus = promotions_load.BONUS if promotions else 0
            players = asyncio.run(_launch(portal, members, game_id, DEPOSIT + bonus))
            figures = uvloop.run(_drive(portal, players, channel, child_listening_on(PORT), name, boards))
        asyncio.run(_assert_clean(url))
        if boards is not None:
            secret = load_settings(database_url=url).house_table_secret
            figures.leaderboard_ms.extend(
                promotions_load.push_latency(
                    figures.records, boards, missions, secret, figures.measured_from_ns
                )
            )
            if not figures.leaderboard_ms:
                raise RuntimeError(f"no leaderboard push measured ({len(boards.pushes)} pushes seen)")
        return figures
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def goals() -> list[Goal]:
    f = run()
    print(
        f"\nBalance push after a bet: {MEMBERS} members over {PROCESSES} client processes, one API process "
        f"(Postgres, Redis), {GAME} rounds of 1.00 at {RATE:.0f}/s, {ROUNDS} rounds of {SECONDS:.0f} s; "
        f"{f.pushes[0]} pushes for {f.pushes[1]} rounds, none missing"
    )
    emit = "server's emit (seen on Redis)"
    lines: list[tuple[str, list[float], str]] = [
        ("push after the answer p50", f.p50_ms, "ms"),
        ("push after the answer p99, rounds paying back", f.credited_p99_ms, "ms"),
        ("bets sent per second", f.rate, "/s"),
        ("bet's HTTP answer p50", f.http_p50_ms, "ms"),
        ("bet's HTTP answer p99", f.http_p99_ms, "ms"),
        ("bet sent behind its schedule p99", f.lag_p99_ms, "ms"),
        (f"answer at the client -> {emit} p50", f.to_redis_p50_ms, "ms"),
        (f"answer at the client -> {emit} p99", f.to_redis_p99_ms, "ms"),
        (f"{emit} -> push at the client p50", f.from_redis_p50_ms, "ms"),
        (f"{emit} -> push at the client p99", f.from_redis_p99_ms, "ms"),
    ]
    for part in ("server", "postgres", "clients"):
        lines.append((f"CPU of the {part}", [u[part] for u in f.usage], "cores"))
    lines += [
        ("server CPU per bet", [u["server_per_bet"] * 1000 for u in f.usage], "ms"),
        ("server ready to run but waiting for a core", [u["server_waiting"] for u in f.usage], "s/s"),
    ]
    lines += [
        (f"CPU of the whole machine (of {os.cpu_count()})", [u["machine"] for u in f.usage], "cores"),
        (
            "Postgres transactions per bet (about)",
            [u["transactions"] for u in f.usage],
            "",
        ),
        ("Postgres connections opened (about)", [u["connections"] for u in f.usage], "/s"),
    ]
    for label, rounds, unit in lines:
        print(median_line(f"  {label}", rounds, unit))
    low = [f"{n + 1} ({r:.0f}/s)" for n, r in enumerate(f.rate) if r < LOW_RATE]
    if low:
        print(f"  NOT AT LOAD: fewer than {LOW_RATE:.0f} bets/s were sent in round(s) {', '.join(low)}")
    # The same again with an open bonus for every player and five missions with their leaderboards (the
    # live boards on the settled-bet extension point): what promotions cost a spin.
    hooked = run(promotions=True)
    with_them = f"an open bonus and {promotions_load.MISSIONS} missions"
    print(median_line(f"  spins/s with {with_them}", hooked.rate, "/s"))
    print(
        median_line(
            "  server CPU per bet with them", [u["server_per_bet"] * 1000 for u in hooked.usage], "ms"
        )
    )
    board = hooked.leaderboard_ms
    print(
        f"  leaderboard pushes: {len(board)} spins measured on boards of {promotions_load.BOARD_MEMBERS:,} "
        f"members, p50 {statistics.median(board):.0f} ms, max {max(board):.0f} ms"
    )
    # And with loyalty on: its jobs counting points, cashback, ranks and invite rewards beside the spins.
    loyal = run(loyalty=True)
    print(median_line("  spins/s with loyalty's jobs running", loyal.rate, "/s"))
    print(
        median_line(
            "  server CPU per bet with loyalty on", [u["server_per_bet"] * 1000 for u in loyal.usage], "ms"
        )
    )
    push = Goal(f"balance push after a bet p99 at {RATE:.0f} bets/s", "<=", 50, f.p99_ms, unit="ms")
    if low:
        # The push figure holds only at the load it names: measured at a lower one, it is not that figure.
        shown = ", ".join(f"{r:.0f}" for r in f.rate)
        p99 = ", ".join(f"{p:.1f}" for p in f.p99_ms)
        push = Goal.failed(push.figure, f"not at load: the rounds played {shown} bets/s (p99 there {p99} ms)")
    # Per round: the API process (the house runs inside it, as `make run` has it) and every Postgres process.
    per_round = [(u["server"] + u["postgres"]) / r * 1000 for u, r in zip(f.usage, f.rate, strict=True)]
    return [
        # Spins the server completed per second of the round (a member bets again only once its answer and
        # push are in, so below the asked rate this is the server's capacity).
        Goal(f"house spins/s sustained at {RATE:.0f} asked", ">=", LOW_RATE, f.rate, unit="/s"),
        push,
        Goal("CPU per round (API with the house, and Postgres)", "<=", 5, per_round, unit="ms"),
        Goal(
            f"spins/s with {with_them} / without",
            ">=",
            0.9,
            # The two runs are not paired round by round: their rounds are compared in order of rate.
            ratios(sorted(hooked.rate), sorted(f.rate)),
        ),
        Goal("spins/s with loyalty on / off", ">=", 0.9, ratios(sorted(loyal.rate), sorted(f.rate))),
        Goal(
            f"leaderboard push p99 after the score changed ({promotions_load.BOARD_MEMBERS:,} members, "
            f"{RATE:.0f} spins/s)",
            "<=",
            1000,
            [_p99(board)],
            unit="ms",
        ),
    ]


def protection_goals() -> list[Goal]:
    """Issue 34: the same spins with and without a loss and a wager limit on every player (each stake's check
    and count is one more conditional UPDATE in its transaction). At the asked rate both keep up; the CPU
    per bet says what the limits cost."""
    free = run()
    limited = run(limited=True)
    for label, figures in (("without limits", free), ("with loss and wager limits", limited)):
        print(median_line(f"  spins/s {label}", figures.rate, "/s"))
        print(
            median_line(
                f"  server CPU per bet {label}", [u["server_per_bet"] * 1000 for u in figures.usage], "ms"
            )
        )
        print(median_line(f"  Postgres CPU {label}", [u["postgres"] for u in figures.usage], "cores"))
    return [
        Goal(
            "spins/s with a loss and a wager limit on every player / none",
            ">=",
            0.9,
            ratios(sorted(limited.rate), sorted(free.rate)),
        ),
        Goal(
            "server CPU per bet: none / with the limits",
            ">=",
            0.9,
            ratios(
                sorted(u["server_per_bet"] for u in free.usage),
                sorted(u["server_per_bet"] for u in limited.usage),
            ),
        ),
    ]


def main() -> None:
    for goal in goals():
        print(goal.line())


if __name__ == "__main__":
    main()
