"""The chat under real concurrency, on Postgres (each request on its own connection, nothing rolled back
around them): many staff claiming one conversation, many tabs of one player starting one, both sides typing
fast into one, routing to agents with one place left, and many ratings of one ended conversation.

Every parallel request has a login of its own: requests of one session would wait for each other on its
session row, and never race."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable

import httpx
import pytest
from sqlalchemy import func, select, update

from server.db.session import Database
from server.support.conversations import RATE_LIMIT
from server.support.models import ChatAgent, Conversation
from tests.chat.support import (
    CHAT,
    DESK,
    account_id,
    at_desk,
    client_id,
    member,
    more_agents,
    staff,
    start,
    stored_messages,
)
from tests.support.portal import ok

pytestmark = pytest.mark.slow
PgClient = tuple[httpx.AsyncClient, Database]
ALTERNATING_STAFF = ("support1", "admin1") * 3


async def at_once(*calls: Awaitable[httpx.Response]) -> list[httpx.Response]:
    """The calls run concurrently, every one to its end: a request the app failed on (an unhandled error,
    as a missing lock would cause) is a failure of the test, reported once all have finished."""
    answers = await asyncio.gather(*calls, return_exceptions=True)
    broken = [a for a in answers if isinstance(a, BaseException)]
    assert not broken, f"{len(broken)} of {len(answers)} requests failed: {broken[0]!r}"
    return [a for a in answers if isinstance(a, httpx.Response)]


def statuses(answers: list[httpx.Response]) -> list[int]:
    return sorted(a.status_code for a in answers)


def error_codes(answers: list[httpx.Response]) -> set[str]:
    return {a.json()["errorCode"] for a in answers if a.status_code != 200}


async def test_six_staff_claiming_at_once_one_gets_it(pg_client: PgClient) -> None:
    client, db = pg_client
    await at_desk(client, await staff(db), "AWAY")
    cid = (await start(client, await member(db)))["conversation"]["id"]
    names = ["support1", "admin1", *await more_agents(db, 4)]
    logins = [await staff(db, name) for name in names]
    answers = await at_once(
        *(client.post(f"{DESK}/conversations/{cid}/claim", headers=login) for login in logins)
    )
    assert statuses(answers) == [200] + [409] * 5, [a.text for a in answers]
    assert error_codes(answers) == {"CHAT_ALREADY_CLAIMED"}
    [winner] = [a.json()["value"]["staff"]["name"] for a in answers if a.status_code == 200]
    stored = await stored_messages(db, cid)
    assert [(m.seq, m.kind, m.body) for m in stored] == [
        (1, "TEXT", "Hello, I need help"),
        (2, "SYSTEM", "ASSIGNED"),
    ]
    desk = ok(await client.get(f"{DESK}/conversations/{cid}", headers=logins[0]))["conversation"]
    assert (desk["status"], desk["staff"]["name"]) == ("OPEN", winner)
    # The holder's other tab claiming again is a repeat: answered, nothing added.
    [holder] = [name for name, a in zip(names, answers, strict=True) if a.status_code == 200]
    again = ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=await staff(db, holder)))
    assert again["staff"]["name"] == winner
    assert len(await stored_messages(db, cid)) == 2


async def test_six_tabs_starting_at_once_make_one_conversation(pg_client: PgClient) -> None:
    client, db = pg_client
    await at_desk(client, await staff(db), "AWAY")
    logins = [await member(db) for _ in range(6)]
    sent = [client_id() for _ in logins]
    answers = await at_once(
        *(
            client.post(f"{CHAT}/conversations", json={"clientId": cid, "text": f"tab {n}"}, headers=login)
            for n, (cid, login) in enumerate(zip(sent, logins, strict=True))
        )
    )
    assert statuses(answers) == [200] * 6, [a.text for a in answers]
    conversations = {a.json()["value"]["conversation"]["id"] for a in answers}
    assert len(conversations) == 1
    [cid] = conversations
    me = await account_id(db, "player1")
    async with db.read_session() as session:
        in_progress = await session.scalar(
            select(func.count())
            .select_from(Conversation)
            .where(Conversation.member_id == me, Conversation.status != "CLOSED")
        )
    assert in_progress == 1
    stored = await stored_messages(db, cid)
    assert [m.seq for m in stored] == [1, 2, 3, 4, 5, 6]
    assert sorted(m.client_id or "" for m in stored) == sorted(sent)
    assert sorted(a.json()["value"]["message"]["seq"] for a in answers) == [1, 2, 3, 4, 5, 6]


async def test_both_sides_typing_fast_number_gaplessly_within_the_rate_limit(pg_client: PgClient) -> None:
    client, db = pg_client
    support = await staff(db)
    await at_desk(client, support, "AWAY")
    cid = (await start(client, await member(db)))["conversation"]["id"]  # seq 1: one of the player's limit
    ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))  # seq 2: not counted
    players = [await member(db) for _ in range(20)]
    agents = [await staff(db, ALTERNATING_STAFF[n % 2]) for n in range(20)]
    player_ids = [client_id() for _ in players]
    staff_ids = [client_id() for _ in agents]
    calls = [
        client.post(
            f"{CHAT}/conversations/{cid}/messages",
            json={"clientId": player_ids[n], "text": f"player {n}"},
            headers=players[n],
        )
        for n in range(20)
    ] + [
        client.post(
            f"{DESK}/conversations/{cid}/messages",
            json={"clientId": staff_ids[n], "text": f"staff {n}"},
            headers=agents[n],
        )
        for n in range(20)
    ]
    # Interleaved, so that neither side's requests all start before the other's.
    order = [i for pair in zip(range(20), range(20, 40), strict=True) for i in pair]
    answers_by_index = dict(zip(order, await at_once(*(calls[i] for i in order)), strict=True))
    player_answers = [answers_by_index[i] for i in range(20)]
    staff_answers = [answers_by_index[i] for i in range(20, 40)]
    for answers in (player_answers, staff_answers):
        assert set(statuses(answers)) <= {200, 429}, [a.text for a in answers]
        assert error_codes(answers) <= {"TOO_MANY_REQUEST"}
    player_ok = sum(a.status_code == 200 for a in player_answers)
    staff_ok = sum(a.status_code == 200 for a in staff_answers)
    # All of it well within one ten-second window: at most the limit per side, the first message included.
    assert player_ok + 1 <= RATE_LIMIT
    assert staff_ok <= RATE_LIMIT
    # Nothing refused needlessly.
    assert player_ok + 1 == RATE_LIMIT, (player_ok, staff_ok)
    assert staff_ok == RATE_LIMIT, (player_ok, staff_ok)
    stored = await stored_messages(db, cid)
    assert [m.seq for m in stored] == list(range(1, len(stored) + 1))
    assert len(stored) == 2 + player_ok + staff_ok
    sides = Counter(m.side for m in stored)
    assert sides == {"PLAYER": player_ok + 1, "STAFF": staff_ok, "SYSTEM": 1}
    kept = [m.client_id for m in stored if m.seq > 2]  # after the first message and the claim
    assert len(kept) == len(set(kept))
    accepted = {a.json()["value"]["clientId"] for a in player_answers + staff_answers if a.status_code == 200}
    assert set(kept) == accepted
    # What each sender was told is what was stored.
    told = {
        a.json()["value"]["seq"]: a.json()["value"]["clientId"]
        for a in player_answers + staff_answers
        if a.status_code == 200
    }
    assert told == {m.seq: m.client_id for m in stored if m.client_id in accepted}


async def test_routing_at_once_never_gives_an_agent_more_than_it_takes(pg_client: PgClient) -> None:
    client, db = pg_client
    for name in ("support1", "admin1"):
        await at_desk(client, await staff(db, name), "ONLINE")
    async with db.session() as session:
        await session.execute(update(ChatAgent).values(max_open=1))
    players = [await member(db, name) for name in ("player1", "player2", "player3", "agent1")]
    answers = await at_once(
        *(
            client.post(f"{CHAT}/conversations", json={"clientId": client_id(), "text": "hi"}, headers=login)
            for login in players
        )
    )
    assert statuses(answers) == [200] * 4, [a.text for a in answers]
    async with db.read_session() as session:
        rows = (await session.execute(select(Conversation.status, Conversation.staff_id))).all()
    assert len(rows) == 4
    per_agent = Counter(staff_id for status, staff_id in rows if status == "OPEN")
    assert all(count == 1 for count in per_agent.values()), per_agent
    assert set(per_agent) <= {
        await account_id(db, "support1", of_staff=True),
        await account_id(db, "admin1", of_staff=True),
    }
    assert Counter(status for status, _ in rows) == {"OPEN": 2, "WAITING": 2}
    assert all(staff_id is None for status, staff_id in rows if status == "WAITING")


async def test_eight_ratings_at_once_one_counts(pg_client: PgClient) -> None:
    client, db = pg_client
    support = await staff(db)
    await at_desk(client, support, "AWAY")
    cid = (await start(client, await member(db)))["conversation"]["id"]
    ok(await client.post(f"{DESK}/conversations/{cid}/close", headers=support))
    logins = [await member(db) for _ in range(8)]
    answers = await at_once(
        *(
            client.post(f"{CHAT}/conversations/{cid}/rating", json={"score": n % 5 + 1}, headers=login)
            for n, login in enumerate(logins)
        )
    )
    assert statuses(answers) == [200] + [409] * 7, [a.text for a in answers]
    assert error_codes(answers) == {"CHAT_ALREADY_RATED"}
    [rated] = [a.json()["value"]["rating"] for a in answers if a.status_code == 200]
    async with db.read_session() as session:
        assert await session.scalar(select(Conversation.rating).where(Conversation.id == cid)) == rated
