"""Two API processes sharing Postgres and Redis: a message sent through process A moves the badge of a member
whose socket is on process B; a message to everyone, fanned out by A's scheduler, tells B's sockets to ask
again; a read on B moves the badge of a tab on A."""

from __future__ import annotations

import asyncio
from contextlib import ExitStack
from pathlib import Path

import pytest

from realtime import events
from tests.conftest import free_port
from tests.content.messages.support import CONSOLE, MESSAGES
from tests.support.accounts import member_id, token_for
from tests.support.distributed import distributed
from tests.support.live import api_process, live_client
from tests.support.portal import ok
from tests.support.sockets import Inbox, connect

pytestmark = pytest.mark.slow


async def test_the_badge_moves_across_processes(tmp_path: Path) -> None:
    async with distributed() as (db, env):
        with ExitStack() as stack:
            # A runs the jobs (the fan-out among them), as the embedded default does; B is a plain replica.
            api_a = await asyncio.to_thread(
                stack.enter_context,
                api_process(free_port(), {**env, "SCHEDULER": "inprocess"}, tmp_path / "a.log"),
            )
            api_b = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), {**env, "SCHEDULER": "off"}, tmp_path / "b.log")
            )
            me = await member_id(db, "player1")
            tab_a = await token_for(db, "demo", "player1")
            tab_b = await token_for(db, "demo", "player1")
            on_b = await connect(api_b, {"merchant": "demo", "token": tab_b})
            on_a = await connect(api_a, {"merchant": "demo", "token": tab_a})
            inbox_b, inbox_a = Inbox(on_b, events.MESSAGES_UNREAD), Inbox(on_a, events.MESSAGES_UNREAD)
            staff = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "admin1", staff=True)}
            texts = {"EN": {"title": "Hello", "content": "<p>Hi</p>"}}
            try:
                async with live_client(api_a) as a, live_client(api_b) as b:
                    body = {"audience": "MEMBER", "memberId": me, "texts": texts}
                    sent = ok(await a.post(CONSOLE, json=body, headers=staff))
                    assert await inbox_b.next(within=10) == (events.MESSAGES_UNREAD, {"count": 1})
                    assert await inbox_a.next(within=10) == (events.MESSAGES_UNREAD, {"count": 1})

                    ok(await a.post(CONSOLE, json={"audience": "ALL", "texts": texts}, headers=staff))
                    assert await inbox_b.next(within=15) == (events.MESSAGES_UNREAD, {"count": None})
                    assert await inbox_a.next(within=10) == (events.MESSAGES_UNREAD, {"count": None})
                    member_b = {"Merchant": "demo", "Authorization": tab_b}
                    assert ok(await b.get(f"{MESSAGES}/unread", headers=member_b)) == {"count": 2}

                    ok(await b.put(f"{MESSAGES}/{sent['id']}/read", headers=member_b))
                    assert await inbox_a.next(within=10) == (events.MESSAGES_UNREAD, {"count": 1})
            finally:
                for client in (on_a, on_b):
                    await client.disconnect()
