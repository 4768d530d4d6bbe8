"""Two tabs marking messages read at once, on Postgres with real concurrent transactions: each answer and each
push counts the other's change too, and the last push is the true count."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from server.db.session import Database
from tests.content.messages.support import MESSAGES, Sent, direct, member, pushes
from tests.support.accounts import member_id
from tests.support.portal import ok

pytestmark = pytest.mark.slow


async def test_concurrent_reads_of_different_messages_count_each_other(
    pg_client: tuple[httpx.AsyncClient, Database], emitted: Sent
) -> None:
    client, db = pg_client
    me = await member_id(db, "player1")
    messages = [await direct(db, me, f"m{n}") for n in range(6)]
    tabs = [await member(db, "player1") for _ in messages]  # a login per tab
    emitted.clear()
    answers = await asyncio.gather(
        *(client.put(f"{MESSAGES}/{m}/read", headers=tab) for m, tab in zip(messages, tabs, strict=True))
    )
    counts = sorted(ok(a)["unread"] for a in answers)
    assert counts == [0, 1, 2, 3, 4, 5]  # one at a time: no two answers saw the same state
    sent = pushes(emitted, f"user:{me}")
    assert sorted(p["count"] for p in sent) == counts
    assert sent[-1] == {"count": 0}
    assert ok(await client.get(f"{MESSAGES}/unread", headers=tabs[0])) == {"count": 0}


async def test_concurrent_reads_of_one_message_move_the_count_once(
    pg_client: tuple[httpx.AsyncClient, Database], emitted: Sent
) -> None:
    client, db = pg_client
    me = await member_id(db, "player2")
    keep = await direct(db, me, "kept unread")
    message = await direct(db, me, "read by four tabs")
    tabs = [await member(db, "player2") for _ in range(4)]
    emitted.clear()
    answers = await asyncio.gather(*(client.put(f"{MESSAGES}/{message}/read", headers=tab) for tab in tabs))
    assert [ok(a)["unread"] for a in answers] == [1, 1, 1, 1]
    assert pushes(emitted, f"user:{me}") == [{"count": 1}]
    # Read-all and a delete at once: both end at zero, whichever goes first.
    both = await asyncio.gather(
        client.put(f"{MESSAGES}/read-all", headers=tabs[0]),
        client.delete(f"{MESSAGES}/{keep}", headers=tabs[1]),
    )
    assert [ok(a)["unread"] for a in both] == [0, 0]
    assert pushes(emitted, f"user:{me}")[-1] == {"count": 0}
