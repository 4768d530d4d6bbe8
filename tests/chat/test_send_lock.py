"""The row lock a send takes (storing.locked_for_send on Postgres, conversations.locked elsewhere): the same
owner rule as every other read of a conversation, and what a send writes through it (the first answer's time,
once) kept."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from server.db.session import Database
from server.support.models import Conversation
from tests.chat.support import CHAT, DESK, answer, client_id, member, say, staff, start, visitor
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def test_a_send_locks_only_its_owners_conversation(client: httpx.AsyncClient, db: Database) -> None:
    await ok_at_desk(client, db)
    player = await member(db, "player1")
    cid = (await start(client, player))["conversation"]["id"]
    body = {"clientId": client_id(), "text": "not yours"}
    for stranger in (await member(db, "player2"), visitor(token="x" * 43), visitor()):
        failed(
            await client.post(f"{CHAT}/conversations/{cid}/messages", json=body, headers=stranger),
            404,
            "CHAT_NOT_FOUND",
        )
    other_brand = await staff(db, "admin1", "demo2")
    failed(
        await client.post(f"{DESK}/conversations/{cid}/messages", json=body, headers=other_brand),
        404,
        "CHAT_NOT_FOUND",
    )
    assert (await say(client, player, cid, "mine"))["seq"] == 2


async def test_the_first_answer_is_timed_once(client: httpx.AsyncClient, db: Database) -> None:
    support = await ok_at_desk(client, db)
    player = await member(db, "player1")
    cid = (await start(client, player))["conversation"]["id"]
    first = await answer(client, support, cid, "taken")  # waiting: the answer takes it
    second = await answer(client, support, cid, "and again")  # open: the driver's lock path on Postgres
    await say(client, player, cid, "thanks")
    async with db.read_session() as session:
        row = await session.scalar(select(Conversation).where(Conversation.id == cid))
    assert row is not None
    assert (row.status, row.last_seq) == ("OPEN", 4)
    assert row.first_response_at is not None
    assert int(row.first_response_at.timestamp() * 1000) == first["createdAt"] < second["createdAt"] + 1


async def ok_at_desk(client: httpx.AsyncClient, db: Database) -> dict[str, str]:
    support = await staff(db)
    ok(await client.put(f"{DESK}/presence", json={"presence": "AWAY"}, headers=support))
    return support
