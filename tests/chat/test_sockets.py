"""The chat over real Socket.IO: who may follow a conversation's rooms (its member, its visitor by the chat
token of the handshake, the merchant's support staff; the staff-only room to staff alone), the typing relay,
and private notes that reach staff and never the player."""

from __future__ import annotations

import socketio

from realtime import events
from tests.chat.conftest import Live
from tests.chat.support import DESK, answer, at_desk, member, say, start, visitor
from tests.support.accounts import token_for
from tests.support.portal import ok
from tests.support.sockets import Inbox, connect

REFUSED = {"ok": False, "errorCode": "FORBIDDEN"}
JOINED = {"ok": True}


async def open_socket(
    opened: list[socketio.AsyncClient], base: str, merchant: str = "demo", **auth: str
) -> socketio.AsyncClient:
    client = await connect(base, {"merchant": merchant, **auth})
    opened.append(client)
    return client


async def test_only_the_owner_and_the_merchants_staff_follow_a_conversation(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    base, db, client = live
    support = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "support1", staff=True)}
    await at_desk(client, support)
    player = await member(db, "player1")
    cid = (await start(client, player, "where is my deposit?"))["conversation"]["id"]
    room, staff_room = events.conversation_room(cid), events.conversation_staff_room(cid)

    mine = await open_socket(sockets, base, token=player["Authorization"])
    inbox = Inbox(mine, events.CHAT_MESSAGE)
    assert await mine.call("subscribe", room) == JOINED
    assert await mine.call("subscribe", staff_room) == REFUSED  # notes are the staff's alone
    said = await answer(client, support, cid, "Let me look")
    assert await inbox.next() == (events.CHAT_MESSAGE, said)
    assert said["side"] == "STAFF"
    assert said["text"] == "Let me look"

    other = await open_socket(sockets, base, token=await token_for(db, "demo", "player2"))
    stranger = await open_socket(sockets, base)
    wrong_token = await open_socket(sockets, base, chatVisitor="x" * 43)
    for socket in (other, stranger, wrong_token):
        assert await socket.call("subscribe", room) == REFUSED
        assert await socket.call("subscribe", staff_room) == REFUSED

    # The merchant's support staff follow both rooms; another merchant's operator neither.
    desk = await open_socket(sockets, base, token=support["Authorization"])
    assert await desk.call("subscribe", room) == JOINED
    assert await desk.call("subscribe", staff_room) == JOINED
    elsewhere = await open_socket(
        sockets, base, "demo2", token=await token_for(db, "demo2", "admin1", staff=True)
    )
    assert await elsewhere.call("subscribe", room) == REFUSED
    assert await elsewhere.call("subscribe", staff_room) == REFUSED


async def test_a_visitor_follows_their_conversation_by_the_chat_token(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    base, db, client = live
    support = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "support1", staff=True)}
    await at_desk(client, support)
    started = await start(client, visitor(), "a question before I sign up")
    cid, token = started["conversation"]["id"], started["visitorToken"]
    room = events.conversation_room(cid)

    theirs = await open_socket(sockets, base, chatVisitor=token)
    inbox = Inbox(theirs, events.CHAT_MESSAGE, events.CHAT_ASSIGNED)
    assert await theirs.call("subscribe", room) == JOINED
    assert await theirs.call("subscribe", events.conversation_staff_room(cid)) == REFUSED
    ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))
    got = dict([await inbox.next(), await inbox.next()])
    assert (got[events.CHAT_MESSAGE]["seq"], got[events.CHAT_MESSAGE]["text"]) == (2, "ASSIGNED")
    assert got[events.CHAT_ASSIGNED] == {
        "conversationId": cid,
        "status": "OPEN",
        "staff": {"id": got[events.CHAT_ASSIGNED]["staff"]["id"], "name": "Support One"},
    }
    # Another visitor's token, and none at all, open nothing; nor does a member.
    other = await start(client, visitor(), "someone else")
    assert other["visitorToken"] != token
    for auth in (
        {"chatVisitor": other["visitorToken"]},
        {},
        {"token": await token_for(db, "demo", "player1")},
    ):
        socket = await open_socket(sockets, base, **auth)
        assert await socket.call("subscribe", room) == REFUSED


async def test_typing_goes_to_the_room_it_was_let_into(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    base, db, client = live
    support = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "support1", staff=True)}
    await at_desk(client, support)
    player = await member(db, "player1")
    cid = (await start(client, player))["conversation"]["id"]
    room = events.conversation_room(cid)
    desk = await open_socket(sockets, base, token=support["Authorization"])
    heard = Inbox(desk, events.CHAT_TYPING)
    assert await desk.call("subscribe", room) == JOINED
    mine = await open_socket(sockets, base, token=player["Authorization"])
    assert await mine.call("subscribe", room) == JOINED

    assert await mine.call(events.CHAT_TYPING, {"conversationId": cid, "typing": True}) == JOINED
    assert await heard.next() == (
        events.CHAT_TYPING,
        {"conversationId": cid, "side": "PLAYER", "typing": True},
    )

    # The same player on a socket that never joined the room, and a stranger: refused, nothing relayed.
    not_joined = await open_socket(sockets, base, token=player["Authorization"])
    stranger = await open_socket(sockets, base, token=await token_for(db, "demo", "player2"))
    for socket in (not_joined, stranger):
        assert await socket.call(events.CHAT_TYPING, {"conversationId": cid, "typing": True}) == REFUSED
    assert await stranger.call(events.CHAT_TYPING, {"conversationId": str(cid), "typing": True}) == {
        "ok": False,
        "errorCode": "VALIDATION_ERROR",
    }
    assert await heard.nothing()

    # Staff typing reaches the player as the staff side.
    seen = Inbox(mine, events.CHAT_TYPING)
    assert await desk.call(events.CHAT_TYPING, {"conversationId": cid, "typing": True}) == JOINED
    assert await seen.next() == (events.CHAT_TYPING, {"conversationId": cid, "side": "STAFF", "typing": True})


async def test_a_private_note_reaches_staff_and_never_the_player(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    base, db, client = live
    support = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "support1", staff=True)}
    await at_desk(client, support)
    player = await member(db, "player1")
    cid = (await start(client, player))["conversation"]["id"]
    ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))
    desk = await open_socket(sockets, base, token=support["Authorization"])
    mine = await open_socket(sockets, base, token=player["Authorization"])
    staff_inbox, player_inbox = Inbox(desk, events.CHAT_MESSAGE), Inbox(mine, events.CHAT_MESSAGE)
    assert await desk.call("subscribe", events.conversation_room(cid)) == JOINED
    assert await desk.call("subscribe", events.conversation_staff_room(cid)) == JOINED
    assert await mine.call("subscribe", events.conversation_room(cid)) == JOINED

    note = ok(
        await client.post(f"{DESK}/conversations/{cid}/notes", json={"text": "asked twice"}, headers=support)
    )
    assert note["kind"] == "NOTE"
    assert await staff_inbox.next() == (events.CHAT_MESSAGE, note)
    assert await player_inbox.nothing()
    # A message the player may see comes after it to both: the note was the only thing held back.
    said = await answer(client, support, cid, "Checking now")
    assert await player_inbox.next() == (events.CHAT_MESSAGE, said)
    assert await staff_inbox.next() == (events.CHAT_MESSAGE, said)
    assert said["seq"] == note["seq"] + 1


async def test_a_players_message_reaches_the_desks_that_list_its_conversation(
    live: Live, sockets: list[socketio.AsyncClient]
) -> None:
    """Waiting, every desk lists it and hears of each message; claimed, only the agent holding it and the
    supervisors (who list every live conversation) do."""
    base, db, client = live
    support = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "support1", staff=True)}
    agent = await at_desk(client, support)
    consoles = {
        name: await open_socket(sockets, base, token=await token_for(db, "demo", name, staff=True))
        for name in ("support1", "admin1", "auditor1")
    }
    heard = {name: Inbox(socket, events.CONSOLE_CHAT) for name, socket in consoles.items()}
    player = await member(db, "player1")
    cid = (await start(client, player, "Hello?"))["conversation"]["id"]
    for name in heard:
        _, news = await heard[name].next()
        assert (news["conversationId"], news["message"]["lastText"]) == (cid, "Hello?"), name
    ok(await client.post(f"{DESK}/conversations/{cid}/claim", headers=support))
    for name in heard:
        assert (await heard[name].next())[1]["status"] == "OPEN", name  # the claim moved it: everyone

    await say(client, player, cid, "Any news?")
    for name in ("support1", "admin1"):
        _, news = await heard[name].next()
        assert (news["assigneeId"], news["message"]["lastText"]) == (agent["id"], "Any news?"), name
    assert await heard["auditor1"].nothing()
