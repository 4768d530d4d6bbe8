"""Two API processes sharing Postgres and Redis: staff answering through process A reach a player whose socket
is on process B, every message and in order; a player who was away finds exactly what they missed by asking
for the messages after the last seq they had."""

from __future__ import annotations

import asyncio
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from realtime import events
from server.db.session import Database
from server.support.conversations import RATE_WINDOW
from tests.chat.support import DESK, answer, at_desk, history, member, say, staff, start
from tests.conftest import free_port
from tests.support.distributed import distributed
from tests.support.live import api_process, live_client
from tests.support.portal import ok
from tests.support.sockets import Inbox, connect

pytestmark = pytest.mark.slow


async def age(db: Database, conversation_id: int) -> None:
    """Move the conversation's messages out of the rate limit's window (RATE_LIMIT a side per ten seconds),
    so that more staff messages can be sent quickly without waiting the window out."""
    async with db.session() as session:
        await session.execute(
            text(
                "UPDATE chat_messages SET created_at = created_at - make_interval(secs => :window)"
                " WHERE conversation_id = :conversation"
            ),
            {"window": RATE_WINDOW.total_seconds(), "conversation": conversation_id},
        )


async def test_staff_on_one_process_reach_the_player_on_another_in_order(tmp_path: Path) -> None:
    async with distributed() as (db, env):
        with ExitStack() as stack:
            api_a = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), {**env, "SCHEDULER": "off"}, tmp_path / "a.log")
            )
            api_b = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), {**env, "SCHEDULER": "off"}, tmp_path / "b.log")
            )
            support = await staff(db)
            player = await member(db)
            async with live_client(api_a) as a, live_client(api_b) as b:
                await at_desk(a, support)
                cid = (await start(b, player, "Hello from B"))["conversation"]["id"]
                ok(await a.post(f"{DESK}/conversations/{cid}/claim", headers=support))
                room = events.conversation_room(cid)

                on_b = await connect(api_b, {"merchant": "demo", "token": player["Authorization"]})
                try:
                    inbox = Inbox(on_b, events.CHAT_MESSAGE)
                    assert await on_b.call("subscribe", room) == {"ok": True}
                    sent = []
                    for n in range(20):
                        if n == 10:
                            await age(db, cid)
                        sent.append(await answer(a, support, cid, f"answer {n}"))
                    heard = [(await inbox.next(within=10))[1] for _ in sent]
                    assert heard == sent
                    seqs = [m["seq"] for m in heard]
                    assert seqs == sorted(seqs)
                    assert len(set(seqs)) == 20
                    assert await inbox.nothing()
                finally:
                    await on_b.disconnect()
                last = seqs[-1]

                # Away: three more answers; back: the socket again, and what came after the last seq.
                await age(db, cid)
                missed = [await answer(a, support, cid, f"while away {n}") for n in range(3)]
                back = await connect(api_b, {"merchant": "demo", "token": player["Authorization"]})
                try:
                    after = Inbox(back, events.CHAT_MESSAGE)
                    assert await back.call("subscribe", room) == {"ok": True}
                    found = await history(b, player, cid, after=last)
                    assert found == missed
                    assert [m["seq"] for m in found] == [last + 1, last + 2, last + 3]
                    assert await after.nothing()
                    # And the room works again for the next answer.
                    following = await answer(a, support, cid, "welcome back")
                    assert await after.next(within=10) == (events.CHAT_MESSAGE, following)
                finally:
                    await back.disconnect()


async def test_both_sides_at_once_on_two_processes_arrive_in_seq_order_everywhere(tmp_path: Path) -> None:
    """The player sends through B while staff answer through A at the same moment: the row lock numbers
    the messages, and each is pushed in its turn, so every socket, on either process, hears them in seq
    order, each once."""
    async with distributed() as (db, env):
        with ExitStack() as stack:
            api_a, api_b = [
                await asyncio.to_thread(
                    stack.enter_context,
                    api_process(free_port(), {**env, "SCHEDULER": "off"}, tmp_path / f"{name}.log"),
                )
                for name in ("a", "b")
            ]
            support = await staff(db)
            player = await member(db)
            async with live_client(api_a) as a, live_client(api_b) as b:
                await at_desk(a, support)
                cid = (await start(b, player, "Hello from B"))["conversation"]["id"]
                ok(await a.post(f"{DESK}/conversations/{cid}/claim", headers=support))
                room = events.conversation_room(cid)
                sockets = [
                    await connect(api_b, {"merchant": "demo", "token": player["Authorization"]}),
                    await connect(api_a, {"merchant": "demo", "token": support["Authorization"]}),
                    await connect(api_b, {"merchant": "demo", "token": support["Authorization"]}),
                ]
                try:
                    inboxes = [Inbox(socket, events.CHAT_MESSAGE) for socket in sockets]
                    for socket in sockets:
                        assert await socket.call("subscribe", room) == {"ok": True}
                    sent: list[Any] = []
                    for burst in range(3):
                        await age(db, cid)
                        for n in range(9):
                            sent += await asyncio.gather(
                                say(b, player, cid, f"player {burst}.{n}"),
                                answer(a, support, cid, f"staff {burst}.{n}"),
                            )
                    expected = sorted(m["seq"] for m in sent)
                    assert expected == list(range(expected[0], expected[0] + len(sent)))
                    for inbox in inboxes:
                        heard = [(await inbox.next(within=10))[1]["seq"] for _ in sent]
                        assert heard == expected
                        assert await inbox.nothing()
                finally:
                    for socket in sockets:
                        await socket.disconnect()
