"""Feedback under real concurrency, on Postgres: many sends at once from one member still make five an hour,
and of many staff answering one feedback at once exactly one wins."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import func, select

from server.content.messages.models import PlatformMessage
from server.db.session import Database
from tests.content.feedback.support import DESK, member, send, staff, stored
from tests.support.portal import ok

pytestmark = pytest.mark.slow


async def test_eight_sends_at_once_make_five(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    # A login each: requests of one session would wait for each other on its row, and never race.
    logins = [await member(db) for _ in range(8)]
    answers = await asyncio.gather(
        *(send(client, login, content=f"at once {n}") for n, login in enumerate(logins))
    )
    assert sorted(a.status_code for a in answers) == [200] * 5 + [429] * 3, [a.text for a in answers]
    assert {a.json()["errorCode"] for a in answers if a.status_code != 200} == {"TOO_MANY_REQUEST"}
    assert await stored(db) == (5, 0)


async def test_one_of_many_answers_at_once_wins(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    sent = ok(await send(client, await member(db)))
    logins = [
        await staff(db, name) for name in ("support1", "admin1", "support1", "admin1", "support1", "admin1")
    ]
    answers = await asyncio.gather(
        *(
            client.post(f"{DESK}/{sent['id']}/answer", json={"answer": f"answer {n}"}, headers=login)
            for n, login in enumerate(logins)
        )
    )
    assert sorted(a.status_code for a in answers) == [200] + [409] * 5, [a.text for a in answers]
    [winner] = [a.json()["value"]["answer"] for a in answers if a.status_code == 200]
    shown = ok(await client.get(DESK, params={"status": "ANSWERED"}, headers=logins[0]))["list"]
    assert [(f["id"], f["answer"]) for f in shown] == [(sent["id"], winner)]
    # One message reached the member, however many tried.
    async with db.read_session() as session:
        sent_messages = await session.scalar(
            select(func.count()).select_from(PlatformMessage).where(PlatformMessage.kind == "FEEDBACK_ANSWER")
        )
    assert sent_messages == 1
