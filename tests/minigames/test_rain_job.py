"""The job `minigames.rains`: the demo's daily rain (20:00 Manila) scheduled 24 h ahead once however often
the job runs, its envelopes drawn from the seed whose hash is stored; "OPEN" pushed once when it starts; the
session closed and "CLOSED" pushed when its time or its envelopes run out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from realtime import events
from server.db.session import Database
from server.minigames.rain import live
from server.minigames.rain.amounts import draw, seed_hash
from server.minigames.rain.jobs import run_rains
from server.minigames.rain.models import Rain, RainEnvelope, RainSession
from tasks.jobs import JOBS
from tests.content.messages.support import add_members

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]
# 18:00 in Manila (UTC+8): the demo's 20:00 rain is 2 hours ahead, tomorrow's beyond the 24 hours.
MORNING = datetime(2026, 12, 14, 10, 0, tzinfo=UTC)
STARTS = datetime(2026, 12, 14, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_pushes() -> None:
    live.reset()


async def run(db: Database, now: datetime) -> dict[str, int]:
    async with db.session() as session:
        return await run_rains(session, now=now)


async def sessions(db: Database) -> list[RainSession]:
    async with db.read_session() as session:
        return list(await session.scalars(select(RainSession).order_by(RainSession.starts_at)))


def states(sent: Sent) -> list[tuple[str, int]]:
    return [(p["state"], p["left"]) for e, room, p in sent if e == events.MINIGAMES_STATE]


def test_registered_every_15_seconds() -> None:
    assert JOBS["minigames.rains"].every == timedelta(seconds=15)


async def test_scheduled_once_opened_and_closed_by_time(db: Database, emitted: Sent) -> None:
    assert await run(db, MORNING) == {"scheduled": 1, "opened": 0, "closed": 0}
    assert await run(db, MORNING + timedelta(seconds=15)) == {"scheduled": 0, "opened": 0, "closed": 0}
    (row,) = await sessions(db)
    assert (row.starts_at, row.ends_at) == (STARTS, STARTS + timedelta(seconds=60))
    assert (row.budget, row.envelopes, row.min_amount, row.limit_mode) == (100_00, 200, 1, "VIP")
    assert row.seed_hash == seed_hash(row.seed)
    assert row.opened_at is None
    assert row.closed_at is None
    async with db.read_session() as session:
        amounts = list(
            await session.scalars(
                select(RainEnvelope.amount)
                .where(RainEnvelope.session_id == row.id)
                .order_by(RainEnvelope.seq)
            )
        )
    assert amounts == draw(row.seed, row.id, 100_00, 200, 1)
    assert emitted == []

    # Started: announced once; tomorrow's 20:00 is now within 24 hours, so it is scheduled too.
    assert await run(db, STARTS + timedelta(seconds=1)) == {"scheduled": 1, "opened": 1, "closed": 0}
    assert await run(db, STARTS + timedelta(seconds=16)) == {"scheduled": 0, "opened": 0, "closed": 0}
    assert [(e, room) for e, room, _ in emitted] == [(events.MINIGAMES_STATE, "merchant:demo")]
    assert emitted[0][2] == {
        "sessionId": row.id,
        "rainId": row.rain_id,
        "state": "OPEN",
        "left": 200,
        "endsAt": int((STARTS + timedelta(seconds=60)).timestamp() * 1000),
    }

    # Past its end: closed once.
    assert await run(db, STARTS + timedelta(seconds=61)) == {"scheduled": 0, "opened": 0, "closed": 1}
    assert (await run(db, STARTS + timedelta(seconds=76)))["closed"] == 0
    assert states(emitted) == [("OPEN", 200), ("CLOSED", 200)]
    today, tomorrow = await sessions(db)
    assert today.closed_at == STARTS + timedelta(seconds=60)
    assert tomorrow.starts_at == STARTS + timedelta(days=1)


async def test_closed_when_the_envelopes_run_out(db: Database, emitted: Sent) -> None:
    await run(db, MORNING)
    (row,) = await sessions(db)
    await run(db, STARTS + timedelta(seconds=1))
    (who,) = await add_members(db, "demo", "rainjob", 1)
    async with db.session() as session:
        await session.execute(
            update(RainEnvelope)
            .where(RainEnvelope.session_id == row.id)
            .values(member_id=who, taken_at=STARTS + timedelta(seconds=2))
        )
    assert (await run(db, STARTS + timedelta(seconds=5)))["closed"] == 1
    assert states(emitted) == [("OPEN", 200), ("CLOSED", 0)]
    assert (await sessions(db))[0].closed_at == STARTS + timedelta(seconds=5)


async def test_a_disabled_rain_is_not_scheduled(db: Database) -> None:
    async with db.session() as session:
        await session.execute(update(Rain).values(enabled=False))
    assert (await run(db, MORNING))["scheduled"] == 0
    assert await sessions(db) == []
