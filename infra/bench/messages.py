"""Platform messages: the fan-out and the unread count.

fan-out  On a fresh Postgres database, 100,000 members of one merchant (made with generate_series): the
         fan-out job (server/content/messages/fanout.py) delivering one message to everyone, in its batches
         of 5,000 each committed on its own, in rows written per second, against one plain
         `INSERT INTO message_recipients … SELECT … FROM members` of the same rows in the same database.
         The recipients table is emptied before each measurement, and the two take turns going first.
unread   GET /wps/member/messages/unread (a member with 20 messages, 5 of them read) against
         GET /wps/system/status (printed) and GET /wps/member/info (the goal: a signed-in call costs the
         session check, which the status call does not), on one uvicorn worker under wrk, as the status
         part runs them.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select, text

from infra.bench.postgres import ADMIN_URL, NoSockets, admin
from infra.bench.report import Goal, median_line
from realtime import emitter
from server.accounts import sessions
from server.accounts.models import Member
from server.brands.models import Merchant
from server.content.messages import fanout, service
from server.content.messages.models import PENDING, SENT, PlatformMessage
from server.db import migrate
from server.db.session import Database
from server.demo.seed import seed_demo

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
MEMBERS = int(os.environ.get("BENCH_MESSAGE_MEMBERS", "100000"))
_DAY = timedelta(days=1)
# The status call is answered ahead of FastAPI from the brand cache; the count is a signed-in FastAPI call
# (the session check, then one indexed count). Its goal: as fast as the lightest signed-in call, within 10%.
UNREAD_GOAL = 0.9
_TEXTS = {"EN": {"title": "To everyone", "content": "<p>Hello, all of you</p>"}}


@dataclass(frozen=True)
class WrkTools:
    """What the status part runs its servers and wrk with (infra/bench/__main__.py), handed in."""

    seeded_sqlite: Callable[[], AbstractContextManager[str]]
    portal_env: Callable[..., dict[str, str]]
    serve: Callable[[list[str], int, dict[str, str], str], AbstractContextManager[str]]
    wrk: Callable[..., float]


def _url(name: str) -> str:
    return ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1) + f"/{name}"


@dataclass(frozen=True)
class FanOutRound:
    rows: int
    job_seconds: float
    plain_seconds: float

    @property
    def job_rate(self) -> float:
        return self.rows / self.job_seconds

    @property
    def plain_rate(self) -> float:
        return self.rows / self.plain_seconds


async def _prepare(db: Database) -> int:
    async with db.session() as session:
        await seed_demo(session)
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
        await session.execute(
            text(
                "INSERT INTO members"
                " (merchant_id, username, password_hash, member_type, rank_level, created_at)"
                " SELECT :merchant, 'bench' || g, '!unusable', 0, g % 10, now()"
                " FROM generate_series(1, :n) AS g"
            ),
            {"merchant": merchant_id, "n": MEMBERS},
        )
    async with db.engine.connect() as connection:
        await connection.execution_options(isolation_level="AUTOCOMMIT")
        await connection.execute(text("VACUUM ANALYZE members"))
    return int(merchant_id)


async def _empty_recipients(db: Database) -> None:
    async with db.session() as session:
        await session.execute(text("TRUNCATE message_recipients"))
    async with db.engine.connect() as connection:
        await connection.execution_options(isolation_level="AUTOCOMMIT")
        await connection.execute(text("CHECKPOINT"))


async def _message(db: Database, merchant_id: int, status: str = PENDING) -> int:
    async with db.session() as session:
        message = PlatformMessage(
            merchant_id=merchant_id,
            audience="ALL",
            kind="STAFF",
            texts=_TEXTS,
            status=status,
            cursor=0,
            recipients=0,
        )
        session.add(message)
        await session.flush()
        return message.id


async def _time_job(db: Database, merchant_id: int) -> tuple[int, float]:
    await _empty_recipients(db)
    await _message(db, merchant_id)
    started = time.perf_counter()
    report = await fanout.fan_out(db)
    return report.delivered, time.perf_counter() - started


async def _time_plain(db: Database, merchant_id: int) -> tuple[int, float]:
    """The same rows (active, non-trial members of the merchant) in one statement, one transaction."""
    await _empty_recipients(db)
    message = await _message(db, merchant_id, SENT)  # not one for the job to find
    started = time.perf_counter()
    async with db.session() as session:
        written = await session.execute(
            text(
                "INSERT INTO message_recipients (message_id, member_id, merchant_id, created_at)"
                " SELECT :message, id, merchant_id, now() FROM members"
                " WHERE merchant_id = :merchant AND status = 'ACTIVE' AND member_type <> 4"
            ),
            {"message": message, "merchant": merchant_id},
        )
    return int(written.rowcount), time.perf_counter() - started  # type: ignore[attr-defined]


async def _fan_out_rounds(url: str) -> list[FanOutRound]:
    emitter.install(NoSockets())
    db = Database.from_url(url)
    try:
        merchant_id = await _prepare(db)
        await _time_job(db, merchant_id)  # warm-up: plans, pages, the pool
        rounds = []
        for n in range(ROUNDS):
            if n % 2 == 0:
                rows, job = await _time_job(db, merchant_id)
                plain_rows, plain = await _time_plain(db, merchant_id)
            else:
                plain_rows, plain = await _time_plain(db, merchant_id)
                rows, job = await _time_job(db, merchant_id)
            if rows != plain_rows:
                raise RuntimeError(f"the job wrote {rows} rows, the plain insert {plain_rows}")
            rounds.append(FanOutRound(rows, job, plain))
        return rounds
    finally:
        await db.dispose()


def fan_out_goals() -> list[Goal]:
    name = f"portal_bench_messages_{uuid.uuid4().hex[:8]}"
    try:
        asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    except OSError as exc:
        print(f"\nmessage fan-out benchmark skipped: Postgres unavailable ({exc})")
        return []
    try:
        url = _url(name)
        migrate.upgrade(url)
        rounds = asyncio.run(_fan_out_rounds(url))
    finally:
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    print(f"\nOne message to everyone of a merchant on Postgres: {rounds[0].rows:,} members")
    print(
        median_line(
            f"  the fan-out job (batches of {fanout.BATCH_SIZE:,}, a transaction each)",
            [r.job_rate for r in rounds],
            "rows/s",
        )
    )
    print(
        median_line("  one plain INSERT … SELECT of the same rows", [r.plain_rate for r in rounds], "rows/s")
    )
    return [
        Goal(
            "message fan-out job / plain INSERT … SELECT (rows/s)",
            ">=",
            0.5,
            [r.job_rate / r.plain_rate for r in rounds],
        )
    ]


async def member_token(url: str, unread: int = 15, read: int = 5) -> str:
    """A session for demo's player1, who has `unread + read` messages."""
    emitter.install(NoSockets())
    db = Database.from_url(url)
    try:
        async with db.session() as session:
            merchant_id, member_id = (
                await session.execute(
                    select(Merchant.id, Member.id)
                    .join(Member, Member.merchant_id == Merchant.id)
                    .where(Merchant.code == "demo", Member.username == "player1")
                )
            ).one()
            ids = [
                await service.send_direct(
                    session,
                    merchant_id=merchant_id,
                    member_id=member_id,
                    kind="STAFF",
                    title=f"Message {n}",
                    content="<p>Hello</p>",
                    sender_staff_id=None,
                )
                for n in range(unread + read)
            ]
            for message in ids[:read]:
                await service.mark_read(session, member_id, message)
            return await sessions.issue(
                session,
                sessions.SessionPolicy(idle=_DAY, absolute=_DAY),
                merchant_id=merchant_id,
                member_id=member_id,
            )
    finally:
        await db.dispose()


def unread_goals(tools: WrkTools) -> list[Goal]:
    """The unread count against the status call (the issue's figure, printed) and against the lightest
    signed-in call, GET /wps/member/info (the goal): the same server, interleaved rounds."""
    with tools.seeded_sqlite() as url:
        token = asyncio.run(member_token(url))
        env = tools.portal_env(url, REDIS_URL="")
        with tools.serve(["--factory", "server.app:factory"], 8949, env, "/readyz") as portal:
            member = ("Merchant: demo", f"Authorization: {token}")
            calls = {
                "status": (f"{portal}/wps/system/status", ("Merchant: demo",)),
                "unread": (f"{portal}/wps/member/messages/unread", member),
                "info": (f"{portal}/wps/member/info", member),
            }
            for call, headers in calls.values():  # warm-up
                tools.wrk(call, *headers)
            rps: dict[str, list[float]] = {name: [] for name in calls}
            for _ in range(ROUNDS):
                for name, (call, headers) in calls.items():
                    rps[name].append(tools.wrk(call, *headers))
    print("\nThe unread count, one uvicorn worker, SQLite (as `make run`)")
    print(median_line("  GET /wps/member/messages/unread", rps["unread"], "req/s"))
    print(median_line("  GET /wps/system/status (the issue's baseline)", rps["status"], "req/s"))
    print(median_line("  GET /wps/member/info (a signed-in call)", rps["info"], "req/s"))
    print(
        median_line(
            "  unread count / status call",
            [100 * a / b for a, b in zip(rps["unread"], rps["status"], strict=True)],
            "%",
        )
    )
    return [
        Goal(
            "GET /wps/member/messages/unread / GET /wps/member/info",
            ">=",
            UNREAD_GOAL,
            [a / b for a, b in zip(rps["unread"], rps["info"], strict=True)],
        )
    ]
