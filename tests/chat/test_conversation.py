"""A conversation from both sides over the API: offline, the ticket, the queue, claiming, answering, notes,
read marks, closing, rating and the transcript, with what each side may see."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.accounts.models import EmailOutbox
from server.db.session import Database
from server.support.conversations import RATE_LIMIT
from tests.chat.support import (
    CHAT,
    DESK,
    answer,
    at_desk,
    client_id,
    history,
    member,
    say,
    staff,
    start,
    visitor,
)
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
Emitted = list[tuple[str, str | None, Any]]


async def test_the_entry_is_the_chat_and_vip_above_rank_four(client: httpx.AsyncClient, db: Database) -> None:
    assert ok(await client.get(f"{CHAT}/entries", headers=visitor()))["list"] == [
        {"type": "3", "csType": "LIVECHAT", "path": "/chat"}
    ]
    player = ok(await client.get(f"{CHAT}/entries", headers=await member(db, "player1")))["list"]
    assert [e["csType"] for e in player] == ["LIVECHAT"]
    agent = ok(await client.get(f"{CHAT}/entries", headers=await member(db, "agent1")))["list"]
    assert [e["csType"] for e in agent] == ["VIP"]


async def test_offline_a_visitor_leaves_a_message_that_becomes_a_ticket_answered_later(
    client: httpx.AsyncClient, db: Database
) -> None:
    status = ok(await client.get(f"{CHAT}/status", headers=visitor()))
    assert status["online"] is False
    assert status["hours"] == {"opens": "09:00", "closes": "23:00", "timeZone": "Asia/Manila"}
    assert status["conversation"] is None
    failed(
        await client.post(
            f"{CHAT}/conversations", json={"clientId": client_id(), "text": "hi"}, headers=visitor()
        ),
        409,
        "CHAT_OFFLINE",
    )
    failed(
        await client.post(f"{CHAT}/tickets", json={"text": "hi"}, headers=visitor()), 422, "VALIDATION_ERROR"
    )
    left = ok(
        await client.post(
            f"{CHAT}/tickets",
            json={"name": "Ann", "email": "ann@example.test", "text": "Can I deposit by bank?"},
            headers=visitor(),
        )
    )
    token = left["visitorToken"]
    assert isinstance(token, str)
    assert len(token) >= 40
    ticket = left["conversation"]
    assert (ticket["queue"], ticket["status"], ticket["position"]) == ("TICKET", "WAITING", 1)
    # Only the token's holder sees it.
    failed(
        await client.get(f"{CHAT}/conversations/{ticket['id']}/messages", headers=visitor()),
        404,
        "CHAT_NOT_FOUND",
    )
    failed(
        await client.get(f"{CHAT}/conversations/{ticket['id']}/messages", headers=visitor(token="x" * 43)),
        404,
        "CHAT_NOT_FOUND",
    )

    support = await staff(db)
    desk = ok(await client.get(f"{DESK}/desk", headers=support))
    [row] = desk["queues"]["TICKET"]
    assert (row["id"], row["visitorName"], row["visitorEmail"], row["lastText"]) == (
        ticket["id"],
        "Ann",
        "ann@example.test",
        "Can I deposit by bank?",
    )
    reply = await answer(client, support, ticket["id"], "Yes: bank transfer is in the cashier.")
    assert (reply["side"], reply["staffName"]) == ("STAFF", "Support One")
    async with db.read_session() as session:
        mails = list(
            await session.scalars(select(EmailOutbox).where(EmailOutbox.to_address == "ann@example.test"))
        )
    assert len(mails) == 1
    assert "Yes: bank transfer is in the cashier." in mails[0].body

    mine = ok(await client.get(f"{CHAT}/status", headers=visitor(token=token)))["conversation"]
    assert (mine["id"], mine["status"], mine["staff"]["name"]) == (ticket["id"], "OPEN", "Support One")
    said = await history(client, visitor(token=token), ticket["id"])
    assert [(m["seq"], m["side"], m["kind"], m["text"]) for m in said] == [
        (1, "PLAYER", "TEXT", "Can I deposit by bank?"),
        (2, "STAFF", "TEXT", "Yes: bank transfer is in the cashier."),
    ]


async def test_a_live_conversation_from_queue_to_rating(
    client: httpx.AsyncClient, db: Database, emitted: Emitted
) -> None:
    support = await staff(db)
    agent = await at_desk(client, support, "AWAY")
    assert (agent["name"], agent["presence"], agent["queues"]) == ("Support One", "AWAY", ["VIP", "LIVECHAT"])
    player = await member(db, "player1")
    assert ok(await client.get(f"{CHAT}/status", headers=player))["online"] is True

    started = await start(client, player, "<b>Hi</b> <script>alert(1)</script>")
    conversation = started["conversation"]
    cid = conversation["id"]
    assert (conversation["queue"], conversation["status"], conversation["position"]) == (
        "LIVECHAT",
        "WAITING",
        1,
    )
    assert started["visitorToken"] is None
    assert started["message"]["text"] == "<b>Hi</b> <script>alert(1)</script>"  # text, shown as text
    vip = await start(client, await member(db, "agent1"), "VIP here")
    assert (vip["conversation"]["queue"], vip["conversation"]["position"]) == ("VIP", 1)

    second = (await start(client, await member(db, "player2"), "Me too"))["conversation"]
    assert second["position"] == 2
    desk = ok(await client.get(f"{DESK}/desk", headers=support))
    assert [(r["id"], r["position"]) for r in desk["queues"]["LIVECHAT"]] == [(cid, 1), (second["id"], 2)]
    assert [r["position"] for r in desk["queues"]["VIP"]] == [1]
    assert [r["member"]["username"] for r in desk["queues"]["VIP"]] == ["agent1"]
    claimed = ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))
    assert (claimed["status"], claimed["staff"]["name"]) == ("OPEN", "Support One")
    failed(
        await client.post(f"{DESK}/conversations/{cid}/claim", headers=await staff(db, "admin1")),
        409,
        "CHAT_ALREADY_CLAIMED",
    )
    assert ("chat:assigned", f"conversation:{cid}") in [(e, r) for e, r, _ in emitted]

    await answer(client, support, cid, "Hello! How can I help?")
    ok(
        await client.post(
            f"{DESK}/conversations/{cid}/notes", json={"text": "VIP candidate"}, headers=support
        )
    )
    await say(client, player, cid, "My deposit is late")
    said = await history(client, player, cid)
    assert [(m["seq"], m["side"], m["kind"], m["text"]) for m in said] == [
        (1, "PLAYER", "TEXT", "<b>Hi</b> <script>alert(1)</script>"),
        (2, "SYSTEM", "SYSTEM", "ASSIGNED"),
        (3, "STAFF", "TEXT", "Hello! How can I help?"),
        (5, "PLAYER", "TEXT", "My deposit is late"),
    ]  # seq 4 is the private note: never the player's
    staff_view = ok(await client.get(f"{DESK}/conversations/{cid}/messages", headers=support))["list"]
    assert [m["kind"] for m in staff_view] == ["TEXT", "SYSTEM", "TEXT", "NOTE", "TEXT"]
    notes = [(e, r) for e, r, p in emitted if e == "chat:message" and p["kind"] == "NOTE"]
    assert notes == [("chat:message", f"conversation:{cid}:staff")]
    # Only the newer messages after a reconnect.
    assert [m["seq"] for m in await history(client, player, cid, after=3)] == [5]
    # The desk hears of a player's message with what its row shows: the whole desk while it waits, the
    # agent holding it and the supervisors once claimed.
    desk_news = [
        (r, p["message"])
        for e, r, p in emitted
        if e == "console:chat" and "message" in p and p["conversationId"] == cid
    ]
    assert [(room, news["seq"], news["lastText"]) for room, news in desk_news] == [
        ("console:demo:chat", 1, "<b>Hi</b> <script>alert(1)</script>"),
        (f"staff:{agent['id']}", 5, "My deposit is late"),
        ("console:demo:chat:live", 5, "My deposit is late"),
    ]

    ok(await client.post(f"{CHAT}/conversations/{cid}/read", json={"seq": 3}, headers=player))
    ok(await client.post(f"{DESK}/conversations/{cid}/read", json={"seq": 5}, headers=support))
    marks = ok(await client.get(f"{CHAT}/conversations/{cid}/messages", headers=player))["conversation"]
    assert (marks["memberReadSeq"], marks["staffReadSeq"]) == (3, 5)
    assert (
        "chat:read",
        f"conversation:{cid}",
        {"conversationId": cid, "side": "PLAYER", "seq": 3},
    ) in emitted

    detail = ok(await client.get(f"{DESK}/conversations/{cid}", headers=support))
    assert detail["profile"]["username"] == "player1"
    assert detail["conversation"]["unread"] == 0

    failed(
        await client.post(f"{CHAT}/conversations/{cid}/rating", json={"score": 5}, headers=player),
        409,
        "CHAT_NOT_CLOSED",
    )
    closed = ok(await client.post(f"{DESK}/conversations/{cid}/close", headers=support))
    assert closed["status"] == "CLOSED"
    failed(
        await client.post(
            f"{CHAT}/conversations/{cid}/messages",
            json={"clientId": client_id(), "text": "?"},
            headers=player,
        ),
        409,
        "CHAT_CLOSED",
    )
    rated = ok(
        await client.post(
            f"{CHAT}/conversations/{cid}/rating", json={"score": 4, "comment": "quick"}, headers=player
        )
    )
    assert rated["rating"] == 4
    failed(
        await client.post(f"{CHAT}/conversations/{cid}/rating", json={"score": 1}, headers=player),
        409,
        "CHAT_ALREADY_RATED",
    )
    ok(
        await client.post(
            f"{CHAT}/conversations/{cid}/transcript", json={"email": "p1@example.test"}, headers=player
        )
    )
    async with db.read_session() as session:
        [mail] = list(
            await session.scalars(select(EmailOutbox).where(EmailOutbox.to_address == "p1@example.test"))
        )
    assert "My deposit is late" in mail.body
    assert "VIP candidate" not in mail.body


async def test_an_online_agent_gets_conversations_routed_least_busy_first(
    client: httpx.AsyncClient, db: Database
) -> None:
    support, admin = await staff(db, "support1"), await staff(db, "admin1")
    await at_desk(client, support, "ONLINE")
    await at_desk(client, admin, "ONLINE")
    first = await start(client, await member(db, "player1"))
    second = await start(client, await member(db, "player2"))
    third = await start(client, await member(db, "agent1"))
    names = [c["conversation"]["staff"]["name"] for c in (first, second, third)]
    assert [c["conversation"]["status"] for c in (first, second, third)] == ["OPEN"] * 3
    # Alternating while loads are equal: neither gets two before the other has one.
    assert sorted(names[:2]) == ["Admin One", "Support One"]
    # Away: no more routed; the next waits in the queue.
    await at_desk(client, support, "AWAY")
    await at_desk(client, admin, "AWAY")
    fourth = await start(client, await member(db, "player3"))
    assert (fourth["conversation"]["status"], fourth["conversation"]["position"]) == ("WAITING", 1)


async def test_resending_a_client_id_is_the_same_message_and_limits_hold(
    client: httpx.AsyncClient, db: Database
) -> None:
    support = await staff(db)
    await at_desk(client, support)
    player = await member(db)
    cid = (await start(client, player))["conversation"]["id"]
    again = {"clientId": "same-id-0001", "text": "once"}
    one = ok(await client.post(f"{CHAT}/conversations/{cid}/messages", json=again, headers=player))
    two = ok(await client.post(f"{CHAT}/conversations/{cid}/messages", json=again, headers=player))
    assert one == two
    assert [m["text"] for m in await history(client, player, cid)].count("once") == 1
    too_long = {"clientId": client_id(), "text": "x" * 4001}
    failed(
        await client.post(f"{CHAT}/conversations/{cid}/messages", json=too_long, headers=player),
        422,
        "VALIDATION_ERROR",
    )
    bad_id = {"clientId": "no spaces allowed", "text": "x"}
    failed(
        await client.post(f"{CHAT}/conversations/{cid}/messages", json=bad_id, headers=player),
        422,
        "VALIDATION_ERROR",
    )
    answers = [
        await client.post(
            f"{CHAT}/conversations/{cid}/messages",
            json={"clientId": client_id(), "text": f"n{n}"},
            headers=player,
        )
        for n in range(RATE_LIMIT)
    ]
    assert [a.status_code for a in answers].count(429) >= 1
    assert {a.json()["errorCode"] for a in answers if a.status_code == 429} == {"TOO_MANY_REQUEST"}


async def test_nobody_reads_another_players_or_merchants_conversation(
    client: httpx.AsyncClient, db: Database
) -> None:
    await at_desk(client, await staff(db))
    cid = (await start(client, await member(db, "player1")))["conversation"]["id"]
    for headers in (await member(db, "player2"), visitor(), await member(db, "player1", "demo2")):
        failed(
            await client.get(f"{CHAT}/conversations/{cid}/messages", headers=headers), 404, "CHAT_NOT_FOUND"
        )
        failed(
            await client.post(
                f"{CHAT}/conversations/{cid}/messages",
                json={"clientId": client_id(), "text": "x"},
                headers=headers,
            ),
            404,
            "CHAT_NOT_FOUND",
        )
    other_brand = await staff(db, "admin1", "demo2")
    failed(await client.get(f"{DESK}/conversations/{cid}", headers=other_brand), 404, "CHAT_NOT_FOUND")
    failed(await client.post(f"{DESK}/conversations/{cid}/claim", headers=other_brand), 404, "CHAT_NOT_FOUND")
    assert ok(await client.get(f"{DESK}/desk", headers=other_brand))["queues"]["LIVECHAT"] == []


async def test_a_visitors_conversation_becomes_the_members_after_login(
    client: httpx.AsyncClient, db: Database
) -> None:
    await at_desk(client, await staff(db))
    started = await start(client, visitor(), "before login")
    token = started["visitorToken"]
    player = await member(db, "player2")
    moved = ok(await client.post(f"{CHAT}/claim", headers={**player, "Chat-Visitor": token}))
    assert moved == {"claimed": 1}
    assert (
        ok(await client.get(f"{CHAT}/status", headers=player))["conversation"]["id"]
        == started["conversation"]["id"]
    )
    # The token no longer opens it, and another member claiming with it gets nothing.
    failed(
        await client.get(
            f"{CHAT}/conversations/{started['conversation']['id']}/messages", headers=visitor(token=token)
        ),
        404,
        "CHAT_NOT_FOUND",
    )
    other = await member(db, "player1")
    assert ok(await client.post(f"{CHAT}/claim", headers={**other, "Chat-Visitor": token})) == {"claimed": 0}
