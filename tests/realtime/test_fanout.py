"""Two real API processes sharing Redis: an event published in one reaches a client of the other."""

from __future__ import annotations

import asyncio
from contextlib import ExitStack
from pathlib import Path

import pytest

from realtime import events
from tests.conftest import free_port
from tests.support.accounts import token_for
from tests.support.distributed import distributed
from tests.support.live import api_process, live_client
from tests.support.portal import Portal, ok
from tests.support.sockets import Inbox, connect

pytestmark = pytest.mark.slow


async def test_event_from_process_a_reaches_a_client_of_process_b(tmp_path: Path) -> None:
    async with distributed() as (db, env):
        with ExitStack() as stack:
            api_a = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "a.log")
            )
            api_b = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "b.log")
            )
            on_b = await connect(api_b, {"merchant": "demo"})
            on_a = await connect(api_a, {"merchant": "demo"})
            other_brand = await connect(api_b, {"merchant": "demo2"})
            inbox_b = Inbox(on_b, events.SYSTEM_STATUS)
            inbox_a = Inbox(on_a, events.SYSTEM_STATUS)
            inbox_other = Inbox(other_brand, events.SYSTEM_STATUS)
            try:
                token = await token_for(db, "demo", "admin1", staff=True)
                async with live_client(api_a) as client:
                    answer = await client.put(
                        "/wps/admin/merchant/maintenance",
                        json={"on": True},
                        headers={"Merchant": "demo", "Authorization": token},
                    )
                assert answer.status_code == 200, answer.text
                assert await inbox_b.next(within=10) == (events.SYSTEM_STATUS, {"status": 1})
                assert await inbox_a.next(within=10) == (events.SYSTEM_STATUS, {"status": 1})
                assert await inbox_other.nothing()
                # Process B sees the new state in the shared database as well.
                async with live_client(api_b) as client:
                    status = await client.get("/wps/system/status", headers={"Merchant": "demo"})
                assert status.json()["value"]["status"] == 1
            finally:
                for client in (on_a, on_b, other_brand):
                    await client.disconnect()


async def test_a_password_change_in_process_a_disconnects_a_socket_on_process_b(tmp_path: Path) -> None:
    async with distributed() as (_, env):
        with ExitStack() as stack:
            api_a = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "a.log")
            )
            api_b = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "b.log")
            )
            async with live_client(api_a) as on_a, live_client(api_b) as on_b:
                here, there = Portal(on_a), Portal(on_b)
                ok(await here.login("player1"))
                ok(await there.login("player1"))
                socket = await connect(api_b, {"merchant": "demo", "token": there.token or ""})
                inbox = Inbox(socket, events.SESSION_REVOKED)
                try:
                    change = {
                        "oldPassword": "Demo1234",
                        "newPassword": "Moved1234",
                        "confirmNewPassword": "Moved1234",
                    }
                    ok(await here.call("POST", "/wps/member/password", change, encrypted=True))
                    assert await inbox.next(within=10) == (
                        events.SESSION_REVOKED,
                        {"reason": "password_changed"},
                    )
                    for _ in range(100):
                        if not socket.connected:
                            break
                        await asyncio.sleep(0.05)
                    assert not socket.connected, "process B did not disconnect the revoked session's socket"
                finally:
                    if socket.connected:
                        await socket.disconnect()
