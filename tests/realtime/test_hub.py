"""The Socket.IO hub over a real socket: who may connect, and which events reach whom."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import socketio
from sqlalchemy import select, update

from realtime import events, publish
from realtime.hub import MAX_TOPICS_PER_SOCKET
from server.accounts.models import AuthSession, Member
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.house.config import BACCARAT_TABLES
from server.house.lottery.catalogue import GAMES_BY_CODE as LOTTERY_GAMES
from tests.support.accounts import member_id, token_for
from tests.support.live import live_client, seeded_portal
from tests.support.portal import Portal, ok
from tests.support.sockets import Inbox, connect


@pytest.fixture
async def live(backend: str, tmp_path: Path) -> AsyncIterator[tuple[str, Database]]:
    async with seeded_portal(backend, tmp_path) as (base, db, _):
        yield base, db


async def test_visitor_gets_the_merchant_room_only(live: tuple[str, Database]) -> None:
    base, _ = live
    visitor = await connect(base, {"merchant": "demo"})
    inbox = Inbox(visitor, events.SYSTEM_STATUS, events.BALANCE)
    try:
        await publish(events.SYSTEM_STATUS, "merchant:demo", {"status": 1}, session=None)
        await publish(events.SYSTEM_STATUS, "merchant:demo2", {"status": 1}, session=None)
        await publish(events.BALANCE, "user:1", {"sumBalance": "1.00"}, session=None)
        assert await inbox.next() == (events.SYSTEM_STATUS, {"status": 1})
        assert await inbox.nothing()
    finally:
        await visitor.disconnect()


async def test_member_gets_own_events(live: tuple[str, Database]) -> None:
    base, db = live
    token = await token_for(db, "demo", "player1")
    player1 = await connect(base, {"merchant": "demo", "token": token})
    other = await connect(base, {"merchant": "demo", "token": await token_for(db, "demo", "player2")})
    mine, theirs = Inbox(player1, events.BALANCE), Inbox(other, events.BALANCE)
    try:
        await publish(
            events.BALANCE,
            events.user_room(await member_id(db, "player1")),
            {"sumBalance": "5.00"},
            session=None,
        )
        assert await mine.next() == (events.BALANCE, {"sumBalance": "5.00"})
        assert await theirs.nothing()
    finally:
        await player1.disconnect()
        await other.disconnect()


@pytest.mark.parametrize(
    ("auth", "code"),
    [
        ({"merchant": "demo", "token": "not-a-token"}, "UNAUTHORIZED"),
        ({"merchant": "demo", "token": 12345}, "UNAUTHORIZED"),
        ({"merchant": "nobody"}, "MERCHANT_NOT_FOUND"),
    ],
)
async def test_bad_credentials_are_refused(
    live: tuple[str, Database], auth: dict[str, Any], code: str
) -> None:
    base, _ = live
    assert await refusal(base, auth) == code


async def test_token_of_another_merchant_is_refused(live: tuple[str, Database]) -> None:
    base, db = live
    token = await token_for(db, "demo", "player1")
    assert await refusal(base, {"merchant": "demo2", "token": token}) == "UNAUTHORIZED"


async def refusal(base: str, auth: dict[str, Any]) -> str:
    """The errorCode the hub refused the connection with."""
    client = socketio.AsyncClient(reconnection=False)
    reasons: list[Any] = []
    client.on("connect_error", reasons.append)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await client.connect(base, auth=auth, transports=["websocket"], wait_timeout=5)
    assert len(reasons) == 1
    code: str = reasons[0]["data"]["errorCode"]
    return code


async def test_subscriptions(live: tuple[str, Database]) -> None:
    base, db = live
    visitor = await connect(base, {"merchant": "demo"})
    inbox = Inbox(visitor, events.LOTTERY_OPENED, events.BALANCE)
    try:
        assert await visitor.call("subscribe", "lottery:vn-north") == {"ok": True}
        refused = {"ok": False, "errorCode": "FORBIDDEN"}
        assert await visitor.call("subscribe", f"user:{await member_id(db, 'player1')}") == refused
        assert await visitor.call("subscribe", "merchant:demo2") == refused
        assert await visitor.call("subscribe", {"topic": "x"}) == refused
        await publish(events.LOTTERY_OPENED, "lottery:vn-north", {"issue": "1"}, session=None)
        assert await inbox.next() == (events.LOTTERY_OPENED, {"issue": "1"})
        assert await visitor.call("unsubscribe", "lottery:vn-north") == {"ok": True}
        await publish(events.LOTTERY_OPENED, "lottery:vn-north", {"issue": "2"}, session=None)
        assert await inbox.nothing()
    finally:
        await visitor.disconnect()


async def test_public_rooms_are_real_games_of_the_sockets_merchant(live: tuple[str, Database]) -> None:
    base, _ = live
    visitor = await connect(base, {"merchant": "demo"})
    refused = {"ok": False, "errorCode": "FORBIDDEN"}
    try:
        assert await visitor.call("subscribe", "house:baccarat:demo:baccarat-a") == {"ok": True}
        assert await visitor.call("subscribe", "house:baccarat:demo2:baccarat-a") == refused
        assert await visitor.call("subscribe", "house:baccarat:demo:no-such-table") == refused
        assert await visitor.call("subscribe", "lottery:no-such-game") == refused
        assert await visitor.call("subscribe", "house:anything") == refused
    finally:
        await visitor.disconnect()


async def test_a_socket_follows_a_bounded_number_of_topics(
    live: tuple[str, Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, _ = live
    topics = [f"lottery:{code}" for code in LOTTERY_GAMES] + [
        f"house:baccarat:demo:{table}" for table in BACCARAT_TABLES
    ]
    # Every real topic fits under the cap at once; a smaller cap shows it is enforced.
    assert len(topics) <= MAX_TOPICS_PER_SOCKET
    monkeypatch.setattr("realtime.hub.MAX_TOPICS_PER_SOCKET", 3)  # the server runs in this process
    visitor = await connect(base, {"merchant": "demo"})
    try:
        for topic in topics[:3] + topics[:3]:  # subscribing again to one followed costs nothing
            assert await visitor.call("subscribe", topic) == {"ok": True}
        assert await visitor.call("subscribe", topics[3]) == {"ok": False, "errorCode": "TOO_MANY_TOPICS"}
        assert await visitor.call("unsubscribe", topics[0]) == {"ok": True}
        assert await visitor.call("subscribe", topics[3]) == {"ok": True}
    finally:
        await visitor.disconnect()


async def test_a_socket_whose_session_expired_is_ended(live: tuple[str, Database]) -> None:
    base, db = live
    token = await token_for(db, "demo", "player1")
    player = await connect(base, {"merchant": "demo", "token": token})
    inbox = Inbox(player, events.SESSION_REVOKED)
    try:
        assert await player.call("subscribe", "lottery:vn-north") == {"ok": True}
        async with db.session() as session:
            await session.execute(update(AuthSession).values(expires_at=utcnow() - timedelta(minutes=1)))
        answer = await player.call("subscribe", "lottery:vn-south")
        assert answer == {"ok": False, "errorCode": "UNAUTHORIZED"}
        assert await inbox.next() == (events.SESSION_REVOKED, {"reason": "expired"})
    finally:
        await player.disconnect()


async def test_an_idle_socket_is_ended_when_its_session_expires(
    live: tuple[str, Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, db = live
    monkeypatch.setattr("realtime.hub.EXPIRY_SWEEP_SECONDS", 0.3)  # the server runs in this process
    player = await connect(base, {"merchant": "demo", "token": await token_for(db, "demo", "player1")})
    ended = asyncio.Event()
    player.on("disconnect", ended.set)
    inbox = Inbox(player, events.SESSION_REVOKED)
    try:
        assert await inbox.nothing()  # a live session is left alone by the sweep
        async with db.session() as session:
            await session.execute(update(AuthSession).values(last_seen_at=utcnow() - timedelta(days=1)))
        # It asks for nothing; the sweep finds the session idle past its limit and ends the socket.
        assert await inbox.next() == (events.SESSION_REVOKED, {"reason": "expired"})
        await asyncio.wait_for(ended.wait(), timeout=5)
    finally:
        await player.disconnect()


async def test_the_cashier_desk_hears_new_requests_and_no_one_else(live: tuple[str, Database]) -> None:
    base, db = live

    async def staff(username: str, **kwargs: bool) -> socketio.AsyncClient:
        return await connect(
            base, {"merchant": "demo", "token": await token_for(db, "demo", username, staff=True, **kwargs)}
        )

    finance, auditor = await staff("finance1"), await staff("auditor1")
    support, unenrolled = await staff("support1"), await staff("admin1", enrolled=False)
    member = await connect(base, {"merchant": "demo", "token": await token_for(db, "demo", "player1")})
    desk = [Inbox(sock, events.CONSOLE_CASHIER) for sock in (finance, auditor)]
    deaf = [Inbox(sock, events.CONSOLE_CASHIER) for sock in (support, unenrolled, member)]
    try:
        refused = {"ok": False, "errorCode": "FORBIDDEN"}
        assert await member.call("subscribe", events.console_room("demo")) == refused
        async with live_client(base) as client:
            portal = Portal(client)
            ok(await portal.login("player1"))
            body = {"channel": "BANK", "amount": "150.00", "requestId": "desk-0001", "payerReference": "ref"}
            order = ok(await portal.call("POST", "/wps/cashier/deposits", body))
        for inbox in desk:
            heard = {"kind": "deposit", "orderNo": order["orderNo"], "amount": "150.00"}
            assert await inbox.next() == (events.CONSOLE_CASHIER, heard)
        for inbox in deaf:
            assert await inbox.nothing()
    finally:
        for sock in (finance, auditor, support, unenrolled, member):
            await sock.disconnect()


async def member_of_merchant(db: Database, merchant: str, username: str) -> int:
    async with db.session() as session:
        found = await session.scalar(
            select(Member.id)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Merchant.code == merchant, Member.username == username)
        )
        assert found is not None
        return found


async def test_staff_watch_a_member_of_their_own_merchant(live: tuple[str, Database]) -> None:
    base, db = live
    player1 = await member_of_merchant(db, "demo", "player1")
    elsewhere = await member_of_merchant(db, "demo2", "player1")

    async def staff(username: str, **kwargs: bool) -> socketio.AsyncClient:
        return await connect(
            base, {"merchant": "demo", "token": await token_for(db, "demo", username, staff=True, **kwargs)}
        )

    support, unenrolled = await staff("support1"), await staff("admin1", enrolled=False)
    player2 = await connect(base, {"merchant": "demo", "token": await token_for(db, "demo", "player2")})
    watcher = Inbox(support, events.BALANCE)
    try:
        refused = {"ok": False, "errorCode": "FORBIDDEN"}
        assert await support.call("subscribe", events.user_room(elsewhere)) == refused
        assert await support.call("subscribe", "user:999999999") == refused
        assert await support.call("subscribe", "user:not-a-number") == refused
        assert await unenrolled.call("subscribe", events.user_room(player1)) == refused
        assert await player2.call("subscribe", events.user_room(player1)) == refused
        assert await support.call("subscribe", events.user_room(player1)) == {"ok": True}

        operator = await token_for(db, "demo", "admin1", staff=True)
        async with live_client(base) as client:

            async def bonus(request_id: str) -> None:
                answer = await client.post(
                    "/wps/admin/members/player1/bonus",
                    headers={"Merchant": "demo", "Authorization": operator},
                    json={"amount": "5.00", "reason": "watched", "requestId": request_id},
                )
                assert answer.json()["success"], answer.text

            await bonus("watch-0001")
            name, payload = await watcher.next()
            assert name == events.BALANCE
            assert payload["sumBalance"]
            # Left: the member's events stop reaching the page that closed; its own rooms it cannot leave.
            assert await support.call("unsubscribe", events.user_room(player1)) == {"ok": True}
            assert await support.call("unsubscribe", events.user_room(elsewhere)) == refused
            await bonus("watch-0002")
            assert await watcher.nothing()
    finally:
        for sock in (support, unenrolled, player2):
            await sock.disconnect()
