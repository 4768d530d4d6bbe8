"""`chat:send` on the socket: the same message, numbering, idempotence, rate limit and error codes as the HTTP
send, for the player and the staff desk alike, on a real server with real Socket.IO clients; and on Postgres,
parallel sends over both ways in at once numbered gaplessly in the order they were stored."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
import socketio
from sqlalchemy import update

from realtime import events
from realtime.chat import CHAT_SEND
from server.accounts.models import AuthSession
from server.db.base import utcnow
from server.db.session import Database
from server.support import sockets as socket_sends
from server.support.conversations import RATE_LIMIT
from tests.chat.conftest import Live
from tests.chat.support import (
    CHAT,
    DESK,
    at_desk,
    client_id,
    history,
    member,
    say,
    staff,
    start,
    stored_messages,
)
from tests.support.live import live_client, seeded_portal
from tests.support.portal import ok
from tests.support.services import require_postgres
from tests.support.sockets import Inbox, connect


async def socket_of(opened: list[socketio.AsyncClient], base: str, headers: dict[str, str]) -> Any:
    client = await connect(base, {"merchant": headers["Merchant"], "token": headers["Authorization"]})
    opened.append(client)
    return client


async def send(socket: socketio.AsyncClient, payload: Any) -> Any:
    return await socket.call(CHAT_SEND, payload, timeout=10)


async def open_conversation(
    client: httpx.AsyncClient, db: Database
) -> tuple[int, dict[str, str], dict[str, str]]:
    support = await staff(db)
    await at_desk(client, support, "AWAY")
    player = await member(db)
    cid = (await start(client, player, "hello"))["conversation"]["id"]  # seq 1
    ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))  # seq 2
    return cid, player, support


async def test_both_sides_send_on_the_socket_and_hear_each_other(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    base, db, client = live
    cid, player, support = await open_conversation(client, db)
    mine, desk = await socket_of(sockets, base, player), await socket_of(sockets, base, support)
    room = events.conversation_room(cid)
    for socket in (mine, desk):
        assert await socket.call("subscribe", room) == {"ok": True}
    heard_by_desk, heard_by_player = Inbox(desk, events.CHAT_MESSAGE), Inbox(mine, events.CHAT_MESSAGE)

    first = client_id()
    answer = await send(mine, {"conversationId": cid, "clientId": first, "text": "on the socket"})
    assert answer["ok"] is True
    message = answer["message"]
    assert (message["seq"], message["side"], message["text"], message["clientId"]) == (
        3,
        "PLAYER",
        "on the socket",
        first,
    )
    assert await heard_by_desk.next() == (events.CHAT_MESSAGE, message)

    reply = await send(desk, {"conversationId": cid, "clientId": client_id(), "text": "and back"})
    assert reply["ok"] is True
    assert (reply["message"]["seq"], reply["message"]["side"]) == (4, "STAFF")
    assert reply["message"]["staffName"] == "Support One"
    assert await heard_by_desk.next() == (events.CHAT_MESSAGE, reply["message"])  # its own, too
    # The player heard its own message, then the answer, in seq order.
    assert [(await heard_by_player.next())[1]["seq"] for _ in range(2)] == [3, 4]

    # The same client id again answers the message stored then, and pushes nothing.
    again = await send(mine, {"conversationId": cid, "clientId": first, "text": "on the socket"})
    assert again == answer
    assert await heard_by_desk.nothing(0.3)
    # HTTP and the socket number one sequence, and read back what the socket stored.
    assert (await say(client, player, cid, "over HTTP"))["seq"] == 5
    stored = await history(client, player, cid)
    assert [m["seq"] for m in stored] == [1, 2, 3, 4, 5]
    assert stored[2] == message


async def test_refusals_carry_the_http_codes(
    live: Live, sockets: list[socketio.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, db, client = live
    cid, player, support = await open_conversation(client, db)
    mine = await socket_of(sockets, base, player)
    other = await socket_of(sockets, base, await member(db, "player2"))
    stranger = await connect(base, {"merchant": "demo"})
    sockets.append(stranger)

    def body(**changes: Any) -> dict[str, Any]:
        return {"conversationId": cid, "clientId": client_id(), "text": "hi"} | changes

    refused = {"ok": False, "errorCode": "VALIDATION_ERROR"}
    for payload in (
        "text",
        None,
        body(conversationId="1"),
        body(conversationId=True),
        body(conversationId=0),
        body(conversationId=2**53 + 1),
        body(clientId="short"),
        body(clientId="bad id with spaces"),
        body(text=""),
        body(text="x" * 5000),
        body(text=7),
    ):
        assert await send(mine, payload) == refused, payload
    # Another player's conversation, or nobody's: not found, as over HTTP.
    assert await send(other, body()) == {"ok": False, "errorCode": "CHAT_NOT_FOUND"}
    assert await send(stranger, body()) == {"ok": False, "errorCode": "CHAT_NOT_FOUND"}
    assert await send(mine, body(conversationId=cid + 1000)) == {"ok": False, "errorCode": "CHAT_NOT_FOUND"}

    # Staff whose role reads the desk but may not answer: refused as the HTTP answer route refuses them.
    auditor = await staff(db, "auditor1")
    assert (await client.post(f"{DESK}/conversations/{cid}/messages", json=body(), headers=auditor)).json()[
        "errorCode"
    ] == "FORBIDDEN"
    assert await send(await socket_of(sockets, base, auditor), body()) == {
        "ok": False,
        "errorCode": "FORBIDDEN",
    }

    # The rate limit counts socket and HTTP sends together (seq 1 was the player's first message).
    for n in range(RATE_LIMIT - 2):
        assert (await send(mine, body(text=f"fast {n}")))["ok"] is True
    assert (await say(client, player, cid, "the last one allowed"))["seq"] == RATE_LIMIT + 1
    assert await send(mine, body()) == {"ok": False, "errorCode": "TOO_MANY_REQUEST"}
    over_http = await client.post(
        f"{CHAT}/conversations/{cid}/messages", json={"clientId": client_id(), "text": "x"}, headers=player
    )
    assert over_http.json()["errorCode"] == "TOO_MANY_REQUEST"

    # A session that ended since the socket connected (every session here: the test's last step) is refused
    # once its row is read again.
    monkeypatch.setattr(socket_sends, "SESSION_CHECK_SECONDS", 0.0)
    desk = await socket_of(sockets, base, support)
    assert (await send(desk, body()))["ok"] is True
    async with db.session() as session:
        await session.execute(update(AuthSession).values(expires_at=utcnow()))
    assert await send(desk, body()) == {"ok": False, "errorCode": "UNAUTHORIZED"}


async def test_a_closed_conversation_refuses_socket_sends(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    base, db, client = live
    cid, player, support = await open_conversation(client, db)
    ok(await client.post(f"{DESK}/conversations/{cid}/close", headers=support))
    for headers in (player, support):
        socket = await socket_of(sockets, base, headers)
        answer = await send(socket, {"conversationId": cid, "clientId": client_id(), "text": "still there?"})
        assert answer == {"ok": False, "errorCode": "CHAT_CLOSED"}


@pytest.mark.slow
async def test_parallel_sends_over_both_ways_number_gaplessly_on_postgres(
    tmp_path: Path, sockets: list[socketio.AsyncClient]
) -> None:
    """Both sides at once, each over several sockets and over HTTP, racing into one conversation: every
    stored message has its own seq with no gap, each side stops at the rate limit (never past it, never
    short of it), and what each sender was acknowledged is what was stored under that seq."""
    require_postgres()
    async with seeded_portal("postgres", tmp_path) as (base, db, _), live_client(base) as client:
        cid, player, support = await open_conversation(client, db)
        players = [await socket_of(sockets, base, await member(db)) for _ in range(6)]
        desks = [await socket_of(sockets, base, await staff(db)) for _ in range(6)]
        watcher = await socket_of(sockets, base, await staff(db))
        assert await watcher.call("subscribe", events.conversation_room(cid)) == {"ok": True}
        heard = Inbox(watcher, events.CHAT_MESSAGE)

        async def by_socket(socket: socketio.AsyncClient, text: str) -> tuple[str, Any]:
            cid_ = client_id()
            answer = await send(socket, {"conversationId": cid, "clientId": cid_, "text": text})
            return cid_, answer

        async def by_http(path: str, headers: dict[str, str], text: str) -> tuple[str, Any]:
            cid_ = client_id()
            answer = await client.post(path, json={"clientId": cid_, "text": text}, headers=headers)
            body = answer.json()
            if body.get("success"):
                return cid_, {"ok": True, "message": body["value"]}
            return cid_, {"ok": False, "errorCode": body["errorCode"]}

        calls = []
        for n in range(16):
            calls.append(by_socket(players[n % 6], f"player {n}"))
            calls.append(by_socket(desks[n % 6], f"staff {n}"))
            if n % 4 == 0:
                calls.append(by_http(f"{CHAT}/conversations/{cid}/messages", player, f"player http {n}"))
                calls.append(by_http(f"{DESK}/conversations/{cid}/messages", support, f"staff http {n}"))
        answers = await asyncio.gather(*calls)
        codes = Counter(a["errorCode"] for _, a in answers if not a["ok"])
        assert set(codes) <= {"TOO_MANY_REQUEST"}, codes
        told = {a["message"]["seq"]: (sent, a["message"]["side"]) for sent, a in answers if a["ok"]}
        stored = await stored_messages(db, cid)
        assert [m.seq for m in stored] == list(range(1, len(stored) + 1))
        sides = Counter(m.side for m in stored)
        assert sides == {"PLAYER": RATE_LIMIT, "STAFF": RATE_LIMIT, "SYSTEM": 1}
        assert told == {m.seq: (m.client_id, m.side) for m in stored if m.seq > 2}
        # A socket in the room heard them in the order they were numbered.
        seqs = [(await heard.next())[1]["seq"] for _ in range(len(told))]
        assert seqs == sorted(told)
