"""Ledger throughput: bet-like debits (a member's main wallet to the vendor clearing account) posted
through the ledger service on Postgres, each its own unit of work (`Database.transaction()` and
`ledger.post_on`, the wallet's path for a posting that needs no ORM session), against
`pgbench -b simple-update` on the same server in the same run, with the same number of clients (CLIENTS,
spread over PROCESSES Python processes as over as many pgbench threads).

A third figure, for reading the first: pgbench's C client posting the same transfers through the same
ledger_post function, each in its own transaction (BEGIN, the call, END). It is what the database itself
does per transfer; the gap between it and the ledger service is the Python side."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import re
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass
from typing import Any

import asyncpg
import uvloop

from realtime import emitter
from server.accounts.models import Member
from server.brands import service as brands
from server.db import migrate
from server.db.session import Database
from server.demo.seed import seed_demo
from server.wallet import ledger, transfers
from server.wallet.ledger import Leg
from server.wallet.models import MAIN, VENDOR_CLEARING
from server.wallet.reconcile import check_ledger

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
SECONDS = float(os.environ.get("BENCH_LEDGER_SECONDS", "8"))
CLIENTS = int(os.environ.get("BENCH_LEDGER_CLIENTS", "8"))
PROCESSES = int(os.environ.get("BENCH_LEDGER_PROCESSES", "2"))
MEMBERS = 64


@dataclass(frozen=True)
class Result:
    rounds: list[tuple[float, float, float]]  # the ledger service, simple-update, ledger_post from pgbench


async def _admin(statement: str) -> None:
    connection = await asyncpg.connect(ADMIN_URL)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def _url(name: str) -> str:
    return ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1) + f"/{name}"


class _NoSockets:
    """The seed's deposits push balances; here no one listens."""

    async def emit(self, event: str, data: Any = None, *, room: str | None = None) -> None:
        return None


async def _prepare(url: str) -> list[tuple[int, int, int]]:
    """Members with money; returns (member, main account, clearing account) for each."""
    emitter.install(_NoSockets())
    db = Database.from_url(url)
    accounts = []
    async with db.session() as session:
        await seed_demo(session)
        brand = await brands.load_brand(session, "demo")
        assert brand is not None
        for n in range(MEMBERS):
            member = Member(merchant_id=brand.id, username=f"bench{n}", password_hash="!unusable")  # noqa: S106
            session.add(member)
            await session.flush()
            await transfers.deposit(session, brand, member.id, 10_000_000_00, f"bench-seed-{n}")
            main = await transfers.account(session, brand, member.id, MAIN)
            clearing = await transfers.house(session, brand, VENDOR_CLEARING, member.id)
            accounts.append((member.id, main.id, clearing.id))
    await db.dispose()
    return accounts


async def _worker_loop(
    url: str, merchant_id: int, accounts: list[tuple[int, int, int]], clients: int, until: float
) -> float:
    """Postings per second of this process's clients, timed from the moment their connections are open:
    pgbench's tps, which this is read against, is "without initial connection time" too."""
    db = Database.from_url(url)
    done = 0

    async def connect() -> None:
        async with db.engine.connect() as connection:
            await connection.exec_driver_sql("SELECT 1")
            await asyncio.sleep(0.05)  # held, so that the pool opens one connection per client

    await asyncio.gather(*(connect() for _ in range(clients)))
    begun = time.monotonic()

    async def client(n: int) -> None:
        nonlocal done
        i = 0
        while time.monotonic() < until:
            _, main, clearing = accounts[(n * 7 + i) % len(accounts)]
            i += 1
            async with db.transaction() as connection:
                await ledger.post_on(
                    connection,
                    merchant_id=merchant_id,
                    kind="BET",
                    reference="bench",
                    idempotency_key=f"bench-{uuid.uuid4().hex}",
                    legs=[Leg(main, -1_00), Leg(clearing, 1_00)],
                )
            done += 1

    await asyncio.gather(*(client(n) for n in range(clients)))
    rate = done / (time.monotonic() - begun)
    await db.dispose()
    return rate


def _worker(args: tuple[str, int, list[tuple[int, int, int]], int, float]) -> float:
    # On uvloop, as the API process runs the wallet's path (uvicorn picks it when installed).
    return uvloop.run(_worker_loop(*args))


def _pgbench_env() -> dict[str, str]:
    dsn_base = ADMIN_URL.rsplit("/", 1)[0].removeprefix("postgresql://")
    user, _, host_port = dsn_base.rpartition("@")
    host, _, port = host_port.partition(":")
    return {**os.environ, "PGUSER": user or "postgres", "PGHOST": host, "PGPORT": port or "5432"}


def _ledger_post_script(merchant_id: int, accounts: list[tuple[int, int, int]]) -> str:
    mains = ",".join(str(main) for _, main, _ in accounts)
    clearings = ",".join(str(clearing) for _, _, clearing in accounts)
    return (
        f"\\set k random(1, {len(accounts)})\n"
        "BEGIN;\n"
        f"SELECT * FROM ledger_post({merchant_id}, 'BET', 'bench', md5(random()::text || :client_id), "
        "repeat('d', 64), NULL, '{}'::json, "
        f"ARRAY[(ARRAY[{mains}]::bigint[])[:k], (ARRAY[{clearings}]::bigint[])[:k]], "
        "ARRAY[-100, 100]::bigint[], now());\n"
        "END;\n"
    )


def _pgbench(database: str, seconds: float, script: list[str]) -> float:
    output = subprocess.run(
        [
            "pgbench",
            *script,
            "-c",
            str(CLIENTS),
            "-j",
            str(PROCESSES),
            "-T",
            str(int(seconds)),
            database,
        ],
        check=True,
        env=_pgbench_env(),
        capture_output=True,
        text=True,
    ).stdout
    match = re.search(r"tps = ([\d.]+)", output)
    if match is None:
        raise RuntimeError(output)
    return float(match.group(1))


def run() -> Result:
    """Rounds alternate between the three, so that whatever else the machine does weighs on both."""
    name = f"bench_ledger_{uuid.uuid4().hex[:8]}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    try:
        url = _url(name)
        migrate.upgrade(url)
        accounts = asyncio.run(_prepare(url))
        merchant_id = asyncio.run(_merchant_id(url))
        subprocess.run(
            ["pgbench", "-i", "-q", "-s", "1", name], check=True, env=_pgbench_env(), capture_output=True
        )
        per_process = max(1, CLIENTS // PROCESSES)
        rounds = []
        with (
            tempfile.NamedTemporaryFile("w", suffix=".sql") as script,
            multiprocessing.get_context("spawn").Pool(PROCESSES) as pool,
        ):
            script.write(_ledger_post_script(merchant_id, accounts))
            script.flush()
            pool.map(_worker, [(url, merchant_id, accounts, per_process, time.monotonic() + 1.5)] * PROCESSES)
            for _ in range(ROUNDS):
                started = time.monotonic()
                rates = pool.map(
                    _worker, [(url, merchant_id, accounts, per_process, started + SECONDS)] * PROCESSES
                )
                ledger_tps = sum(rates)
                simple_update = _pgbench(name, SECONDS, ["-b", "simple-update"])
                same_transfer = _pgbench(name, SECONDS, ["-M", "prepared", "-f", script.name])
                rounds.append((ledger_tps, simple_update, same_transfer))
        asyncio.run(_assert_clean(url))
        return Result(rounds)
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _merchant_id(url: str) -> int:
    db = Database.from_url(url)
    async with db.read_session() as session:
        brand = await brands.load_brand(session, "demo")
    await db.dispose()
    assert brand is not None
    return brand.id


async def _assert_clean(url: str) -> None:
    db = Database.from_url(url)
    async with db.read_session() as session:
        findings = await check_ledger(session)
    await db.dispose()
    if not findings.clean:
        raise RuntimeError(f"ledger invariants broken by the benchmark: {findings}")
