"""The red-envelope rush on Postgres (issue 33): grabs per second sustained by the product's grab
(`server.minigames.rain.grab.grab`: the session's state, the member's limit upsert, the SKIP LOCKED envelope,
the MINIGAME ledger transfer from the promotion account, the coalesced state push) against the ledger's plain
transfer (`server.wallet.service.grant`: the same money from the same account, nothing else) in the same
run, each by CONCURRENCY tasks with a transaction per call, over MEMBERS players.

Each round opens a fresh session of ENVELOPES envelopes (a limit no member reaches) and grabs every one of
them, and posts as many plain transfers, in alternating order. After the grabs the budget invariant is
checked: every envelope was taken once, the MINIGAME transfers of the session are exactly the envelopes'
amounts and their total is the session's budget, and the whole ledger reconciles (postings sum to zero per
transfer, balances equal their postings). The HTTP edge (auth, the per-member rate limit) is left out of
both sides: it is the same for any call and is measured by the status part.

Run alone: `.venv/bin/python -m infra.bench.minigames`.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

import asyncpg
from sqlalchemy import func, select

from infra.bench.agents_load import dsn, url
from infra.bench.postgres import NoSockets, admin
from infra.bench.report import Goal, median_line
from realtime import emitter
from server.accounts.models import Member
from server.brands.service import Brand, load_brand_by_id
from server.cli import seed_if_empty
from server.db import migrate
from server.db.base import utcnow
from server.db.session import Database
from server.minigames.rain import service as rains
from server.minigames.rain.grab import grab
from server.minigames.rain.models import FLAT, FLAT_LIMIT_MAX, Rain, RainEnvelope
from server.settings import load_settings
from server.wallet.models import LedgerPosting, LedgerTransfer
from server.wallet.reconcile import check_ledger
from server.wallet.service import grant

MEMBERS = int(os.environ.get("BENCH_RUSH_MEMBERS", "200"))
ENVELOPES = int(os.environ.get("BENCH_RUSH_ENVELOPES", "4000"))
CONCURRENCY = int(os.environ.get("BENCH_RUSH_CONCURRENCY", "16"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
ENVELOPE_VALUE = 1_00  # the budget's average per envelope
_MEMBER_COLUMNS = ["id", "merchant_id", "username", "password_hash", "member_type", "rank_level"]
_MEMBER_COLUMNS += ["created_by", "created_at"]


@dataclass(frozen=True)
class Round:
    grabs_per_s: float
    grants_per_s: float

    @property
    def ratio(self) -> float:
        return self.grabs_per_s / self.grants_per_s


async def _players(name: str) -> tuple[int, list[int]]:
    connection = await asyncpg.connect(dsn(name))
    try:
        merchant = int(await connection.fetchval("SELECT id FROM merchants WHERE code = 'demo'"))
        first = int(await connection.fetchval("SELECT coalesce(max(id), 0) + 1 FROM members"))
        await connection.execute("SELECT setval('members_id_seq', $1)", first + MEMBERS - 1)
        created = utcnow() - timedelta(days=1)
        await connection.copy_records_to_table(
            "members",
            columns=_MEMBER_COLUMNS,
            records=[
                (first + n, merchant, f"rush{first + n}", "!unusable", 0, 0, "SELF", created)
                for n in range(MEMBERS)
            ],
        )
    finally:
        await connection.close()
    return merchant, list(range(first, first + MEMBERS))


async def _open_session(db: Database, brand: Brand) -> int:
    async with db.session() as session:
        rain = Rain(
            merchant_id=brand.id,
            names={"EN": "Bench rush"},
            enabled=False,  # one-off sessions only: the daily schedule stays out of the way
            daily_at=0,
            duration_seconds=3600,
            budget=ENVELOPES * ENVELOPE_VALUE,
            envelopes=ENVELOPES,
            min_amount=1,
            wager_multiple=0,
            limit_mode=FLAT,
            flat_limit=FLAT_LIMIT_MAX,  # more than any member grabs here
            vip_limits={},
        )
        session.add(rain)
        await session.flush()
        now = utcnow()
        created = await rains.create_session(session, rain, now - timedelta(seconds=1), one_off=True, now=now)
        assert created is not None
        return created


async def _run_calls(db: Database, count: int, call: Callable[..., Awaitable[object]]) -> float:
    """`count` calls by CONCURRENCY tasks, each call in its own transaction; the seconds they took."""
    numbers = iter(range(count))

    async def worker() -> None:
        for n in numbers:
            async with db.session() as session:
                await call(session, n)

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    return time.perf_counter() - started


async def _check(db: Database, session_id: int, grabbed: int) -> None:
    key = f"minigame:rain:{session_id}:%"
    async with db.read_session() as session:
        taken, envelopes_total = (
            await session.execute(
                select(
                    func.count(RainEnvelope.member_id), func.coalesce(func.sum(RainEnvelope.amount), 0)
                ).where(RainEnvelope.session_id == session_id)
            )
        ).one()
        transfers, paid = (
            await session.execute(
                select(
                    func.count(func.distinct(LedgerTransfer.id)),
                    func.coalesce(func.sum(LedgerPosting.amount), 0),
                )
                .join(LedgerPosting, LedgerPosting.transfer_id == LedgerTransfer.id)
                .where(LedgerTransfer.idempotency_key.like(key), LedgerPosting.amount > 0)
            )
        ).one()
        findings = await check_ledger(session)
    budget = ENVELOPES * ENVELOPE_VALUE
    if not (grabbed == taken == transfers == ENVELOPES and paid == envelopes_total == budget):
        raise RuntimeError(
            f"rush invariant broken: {grabbed} grabs, {taken} envelopes taken, {transfers} transfers of "
            f"{paid} paid, envelopes worth {envelopes_total}, budget {budget}"
        )
    if not findings.clean:
        raise RuntimeError(f"the ledger does not reconcile after the rush: {findings}")


async def _round(name: str, merchant_id: int, players: list[int], n: int) -> Round:
    emitter.install(NoSockets())
    db = Database.from_url(url(name))  # a pool of 20 (+10): every task holds a connection
    try:
        async with db.read_session() as session:
            brand = await load_brand_by_id(session, merchant_id)
        assert brand is not None
        session_id = await _open_session(db, brand)
        cycle = itertools.cycle(players)
        order = [next(cycle) for _ in range(ENVELOPES)]
        tag = uuid.uuid4().hex[:8]

        async def one_grab(session: object, k: int) -> None:
            member = await session.get(Member, order[k])  # type: ignore[attr-defined]
            await grab(session, brand, member, session_id, utcnow())  # type: ignore[arg-type]

        async def one_grant(session: object, k: int) -> None:
            member = await session.get(Member, order[k])  # type: ignore[attr-defined]
            await grant(
                session,  # type: ignore[arg-type]
                brand,
                member,
                amount=ENVELOPE_VALUE,
                kind="BONUS",
                reference="bench:rush",
                idempotency_key=f"bench:rush:{tag}:{k}",
            )

        if n % 2 == 0:
            grabbing = await _run_calls(db, ENVELOPES, one_grab)
            granting = await _run_calls(db, ENVELOPES, one_grant)
        else:
            granting = await _run_calls(db, ENVELOPES, one_grant)
            grabbing = await _run_calls(db, ENVELOPES, one_grab)
        await _check(db, session_id, ENVELOPES)
        return Round(ENVELOPES / grabbing, ENVELOPES / granting)
    finally:
        emitter.install(None)
        await db.dispose()


def run() -> list[Round]:
    name = f"bench_rush_{uuid.uuid4().hex[:8]}"
    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    try:
        migrate.upgrade(url(name))
        seed_if_empty(load_settings(database_url=url(name)))
        merchant_id, players = asyncio.run(_players(name))
        return [asyncio.run(_round(name, merchant_id, players, n)) for n in range(ROUNDS)]
    finally:
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def goals() -> list[Goal]:
    try:
        rounds = run()
    except OSError as exc:
        print(f"\nred-envelope rush benchmark skipped: Postgres unavailable ({exc})")
        return []
    print(
        f"\nRed-envelope rush on Postgres ({os.cpu_count()} cores, a machine shared with other work): "
        f"{ENVELOPES:,} envelopes grabbed by {MEMBERS} players, {CONCURRENCY} at a time, a transaction "
        f"each; budget, envelope count and ledger checked after every round"
    )
    grabs, grants = [r.grabs_per_s for r in rounds], [r.grants_per_s for r in rounds]
    print(median_line("  grabs per second (grab(): limit, envelope, transfer)", grabs, "/s"))
    print(median_line("  plain ledger transfers per second (grant())", grants, "/s"))
    return [Goal("red-envelope grabs/s / plain ledger transfers/s", ">=", 0.5, [r.ratio for r in rounds])]


def main() -> None:
    for goal in goals():
        print(goal.line())


if __name__ == "__main__":
    main()
