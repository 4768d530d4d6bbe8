"""`make bench`: each figure measured against a baseline in the same run, in rounds, and printed against its
goal as the median of the rounds with their min and max (infra/bench/report.py). Parts:

status   GET /wps/system/status against a bare Starlette hello-world, both under the same uvicorn
         settings, loaded by wrk over loopback (FastAPI's own hello-world is printed too).
ledger   bet-like debits per second through the ledger on Postgres against pgbench's C client posting the
         same transfers through ledger_post; simple-update for reference (infra/bench/ledger.py).
fanout   a lottery draw, and a mini-game session's `minigames:state`, pushed through `realtime.publish` and
         Redis to 2,000 Socket.IO clients, against the `websockets` library's own broadcast
         (infra/bench/fanout.py).
sockets  10,000 sockets held by two API processes with Redis: memory per connection, a draw to all of
         them (infra/bench/sockets.py).
balance  the balance push after a bet at 200 bets/s: the bet's HTTP answer to the `balance` event on the
         same member's socket (infra/bench/balance_push.py).
messages one message fanned out to 100,000 members on Postgres against a plain INSERT … SELECT, and the
         unread-count call against the status call (infra/bench/messages.py).
agents   the daily salaries and dividends of a 5-level tree of 10,000 members with 1,000,000 settled bets
         on Postgres against one plain SQL aggregation of the same bets, and the real-time salary job on one
         5-minute window of them (infra/bench/agents.py).
loyalty  the points accrual job over 1,000,000 settled bets of 10,000 players on Postgres against one plain
         SQL aggregation of the same bets, and the daily cashback's batch beside it
         (infra/bench/loyalty_accrual.py).
protection the balance part's spins again with a loss and a wager limit on every player, against none
         (infra/bench/balance_push.py protection_goals).
minigames the red-envelope rush: grabs per second on Postgres, the budget checked, against the ledger's
         plain transfer in the same run (infra/bench/minigames.py); its `minigames:state` push is in fanout.
chat     500 customer-service conversations on two API processes with Redis, each side sending a message a
         second: messages lost, out of order, send-to-receive latency, against a plain `websockets` relay
         (infra/bench/chat.py).
page     the initial JavaScript of the home page and its LCP in Chromium on a slow phone
         (frontend/scripts/budget.mjs, infra/bench/lcp.mjs).

`python -m infra.bench [part ...]` runs some of them; no argument runs all. A part that fails or measures
nothing is reported as missed and the run goes on (run_part).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx

from infra.bench.report import Goal, median_line, ratios, summary
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
    "--no-proxy-headers",  # as the product runs: X-Forwarded-For is read by its own trusted-proxy rule
    "--ws",
    "websockets-sansio",
]
DURATION = os.environ.get("BENCH_DURATION", "8s")
CONNECTIONS = os.environ.get("BENCH_CONNECTIONS", "50")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
# The status ratio moves by a few hundredths from round to round on a shared machine: five rounds' median.
STATUS_ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))


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


@contextmanager
def seeded_sqlite() -> Iterator[str]:
    """A migrated and seeded SQLite database in a temporary folder, as `make run` has it."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        migrate.upgrade(url)
        seed_if_empty(load_settings(database_url=url))
        yield url


def portal_env(url: str, **values: str) -> dict[str, str]:
    return {**os.environ, "DATABASE_URL": url, "SCHEDULER": "off", "LOG_LEVEL": "WARNING", **values}


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


def status_goals() -> list[Goal]:
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install wrk")
    with seeded_sqlite() as url:
        env = portal_env(url, REDIS_URL="")
        with (
            serve(["--factory", "server.app:factory"], 8941, env, "/readyz") as portal,
            serve(["infra.bench.hello:app"], 8942, env, "/") as hello,
            serve(["infra.bench.fastapi_hello:app"], 8943, env, "/") as fastapi_hello,
        ):
            status_url = f"{portal}/wps/system/status"
            wrk(status_url, "Merchant: demo")  # warm-up: caches, GeoIP, connection pool
            wrk(f"{hello}/")
            portal_rps, hello_rps, fastapi_rps = [], [], []
            # Interleaved, so that the machine's load weighs on all three alike.
            for _ in range(STATUS_ROUNDS):
                portal_rps.append(wrk(status_url, "Merchant: demo"))
                hello_rps.append(wrk(f"{hello}/"))
                fastapi_rps.append(wrk(f"{fastapi_hello}/"))
    print(f"\nwrk -t1 -c{CONNECTIONS} -d{DURATION} per round, one uvicorn worker each")
    print(median_line("  GET /wps/system/status", portal_rps, "req/s"))
    print(median_line("  Starlette hello-world (baseline)", hello_rps, "req/s"))
    print(median_line("  FastAPI hello-world (reference)", fastapi_rps, "req/s"))
    return [
        Goal(
            "GET /wps/system/status / Starlette hello-world",
            ">=",
            0.45,
            ratios(portal_rps, hello_rps),
        )
    ]


def ledger_goals() -> list[Goal]:
    from infra.bench import ledger

    try:
        result = ledger.run()
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"\nledger benchmark skipped: Postgres or pgbench unavailable ({exc})")
        return []
    print(
        f"\nLedger on Postgres: {ledger.CLIENTS} clients over {ledger.PROCESSES} processes, "
        f"rounds of {ledger.SECONDS:.0f} s"
    )
    print(median_line("  bet-like debits through the ledger", [r[0] for r in result.rounds], "/s"))
    print(median_line("  pgbench -b simple-update", [r[1] for r in result.rounds], "tps"))
    print(
        median_line(
            "  the same transfers from pgbench's C client (BEGIN; ledger_post; END)",
            [r[2] for r in result.rounds],
            "tps",
        )
    )
    ledger_rounds = [r[0] for r in result.rounds]
    print(
        median_line(
            "  bet-like debits through the ledger / pgbench simple-update (reference)",
            ratios(ledger_rounds, [r[1] for r in result.rounds]),
            "",
            digits=2,
        )
    )
    # The goal is read against the database's own cost of the same transfer (pgbench's C client calling
    # ledger_post, BEGIN and END around it): what is left between the two is the Python side's.
    return [
        Goal(
            "bet-like debits through the ledger / the same ledger_post transfers from pgbench",
            ">=",
            0.6,
            ratios(ledger_rounds, [r[2] for r in result.rounds]),
        )
    ]


def _redis_or_skip(part: str) -> bool:
    import redis

    from infra.bench.fanout import REDIS_URL

    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.RedisError as exc:
        print(f"\n{part} benchmark skipped: Redis unavailable at {REDIS_URL} ({exc})")
        return False
    return True


def fanout_goals() -> list[Goal]:
    from infra.bench import fanout

    return fanout.goals(*fanout.run()) if _redis_or_skip("fan-out") else []


def sockets_goals() -> list[Goal]:
    from infra.bench import sockets

    return sockets.goals() if _redis_or_skip("sockets") else []


def balance_goals() -> list[Goal]:
    from infra.bench import balance_push

    return balance_push.goals() if _redis_or_skip("balance push") else []


def messages_goals() -> list[Goal]:
    from infra.bench import messages

    tools = messages.WrkTools(seeded_sqlite=seeded_sqlite, portal_env=portal_env, serve=serve, wrk=wrk)
    return messages.fan_out_goals() + messages.unread_goals(tools)


def agents_goals() -> list[Goal]:
    from infra.bench import agents

    return agents.goals()


def protection_goals() -> list[Goal]:
    from infra.bench import balance_push

    return balance_push.protection_goals() if _redis_or_skip("protection") else []


def minigames_goals() -> list[Goal]:
    from infra.bench import minigames

    return minigames.goals()


def loyalty_goals() -> list[Goal]:
    from infra.bench import loyalty_accrual

    return loyalty_accrual.goals()


def chat_goals() -> list[Goal]:
    from infra.bench import chat

    return chat.goals() if _redis_or_skip("chat") else []


DIST = PROJECT / "frontend" / "dist"


def page_goals() -> list[Goal]:
    """The built web client as `make run` serves it (precompressed, by Accept-Encoding)."""
    budget = subprocess.run(
        ["node", "scripts/budget.mjs", str(DIST)], cwd=PROJECT / "frontend", capture_output=True, text=True
    )
    found = re.search(r"initial JavaScript \(gzip\).*?([\d.]+) kB$", budget.stdout, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"budget.mjs printed no figure:\n{budget.stdout}{budget.stderr}")
    rounds = str(max(ROUNDS, 5))
    with seeded_sqlite() as url:
        env = portal_env(url, REDIS_URL="", FRONTEND_DIST=str(DIST))
        with serve(["--factory", "server.app:factory"], 8948, env, "/readyz") as portal:
            lcp = subprocess.run(
                ["node", str(PROJECT / "infra" / "bench" / "lcp.mjs"), portal],
                env={**os.environ, "LCP_ROUNDS": rounds},
                capture_output=True,
                text=True,
                check=True,
            )
    result = json.loads(lcp.stdout.strip().splitlines()[-1])
    print(
        f"\nThe home page in Chromium: 390x844, 150 ms and 1.6 Mbit/s (slow 4G), CPU 4x slower, cache off; "
        f"LCP element {result['element']}, {result['js_kB_on_wire']:.0f} kB of JavaScript on the wire"
    )
    return [
        Goal("JavaScript loaded before the home page can render (gzip)", "<=", 110, [float(found[1])], "kB"),
        Goal("home page LCP on a slow phone", "<=", 2.5, [ms / 1000 for ms in result["rounds_ms"]], "s"),
    ]


PARTS: dict[str, Callable[[], list[Goal]]] = {
    "status": status_goals,
    "ledger": ledger_goals,
    "fanout": fanout_goals,
    "sockets": sockets_goals,
    "balance": balance_goals,
    "messages": messages_goals,
    "agents": agents_goals,
    "loyalty": loyalty_goals,
    "minigames": minigames_goals,
    "protection": protection_goals,
    "chat": chat_goals,
    "page": page_goals,
}


def main() -> None:
    chosen = sys.argv[1:] or list(PARTS)
    unknown = [name for name in chosen if name not in PARTS]
    if unknown:
        sys.exit(f"unknown part(s) {', '.join(unknown)}; choose from {', '.join(PARTS)}")
    goals: list[Goal] = []
    for name in chosen:
        found = run_part(name, PARTS[name])
        for goal in found:
            print(goal.line(), flush=True)
        goals += found
    print(summary(goals))
    print("\n".join(goal.line() for goal in goals))


def run_part(name: str, part: Callable[[], list[Goal]]) -> list[Goal]:
    """One part, guarded: whatever it raises (a crash, a server that did not start, a tool's sys.exit) or a
    part that measured nothing (its service unavailable) is reported as that part's missed goal, and the run
    goes on to the next part. Ctrl-C still stops the run."""
    try:
        found = part()
    except (Exception, SystemExit) as exc:
        traceback.print_exc()
        error = f"{type(exc).__name__}: {exc}".strip().splitlines()[0][:300]
        return [Goal.failed(f"{name} part", error)]
    return found or [Goal.failed(f"{name} part", "measured nothing (see its output above)")]


if __name__ == "__main__":
    main()
