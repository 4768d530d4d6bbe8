"""Anonymous writes with nothing else to bound them are counted per client: a visitor's offline tickets and
live conversations per address and per chat token, a member's per account, transcripts (an e-mail to any
address) likewise, and a visitor's trial game launches per address. Past the limit: 429 TOO_MANY_REQUEST;
another address is not affected. The counters live in Redis when the deployment has it."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import httpx
import pytest
import redis.asyncio as aioredis

from server.db.session import Database
from server.games.router import TRIAL_LAUNCHES
from server.http.edge.rate_limit import Limit, RateLimits, client_key
from server.support.router import STARTS, TICKETS, TRANSCRIPTS
from tests.chat.support import CHAT, client_id, member, visitor
from tests.games.support import game_id
from tests.support.portal import failed, ok
from tests.support.services import REDIS_URL, require_redis, worker_name

pytestmark = pytest.mark.usefixtures("demo")


def ticket(n: int) -> dict[str, str]:
    return {"name": f"Visitor {n}", "email": f"v{n}@example.test", "text": f"Question number {n}"}


async def test_a_flood_of_visitor_tickets_from_one_address_stops_at_the_limit(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    async with client_at("203.0.113.80") as flood, client_at("203.0.113.81") as neighbour:
        for n in range(TICKETS.calls):
            ok(await flood.post(f"{CHAT}/tickets", json=ticket(n), headers=visitor()))
        refused = failed(
            await flood.post(f"{CHAT}/tickets", json=ticket(99), headers=visitor()), 429, "TOO_MANY_REQUEST"
        )
        assert refused == {"limit": "chat-ticket"}
        ok(await neighbour.post(f"{CHAT}/tickets", json=ticket(100), headers=visitor()))


async def test_a_visitors_chat_token_is_counted_wherever_it_comes_from(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    addresses = (f"203.0.113.{n}" for n in itertools.count(90))
    async with client_at(next(addresses)) as first:
        token = ok(await first.post(f"{CHAT}/tickets", json=ticket(0), headers=visitor()))["visitorToken"]
    # The first ticket made the token; the next ones carry it, each from another address.
    for n in range(1, TICKETS.calls + 1):
        async with client_at(next(addresses)) as roaming:
            ok(await roaming.post(f"{CHAT}/tickets", json=ticket(n), headers=visitor(token=token)))
    async with client_at(next(addresses)) as roaming:
        answer = await roaming.post(f"{CHAT}/tickets", json=ticket(99), headers=visitor(token=token))
        failed(answer, 429, "TOO_MANY_REQUEST")


async def test_members_are_counted_as_themselves_not_by_address(
    client_at: Callable[[str], httpx.AsyncClient], db: Database
) -> None:
    player1, player2 = await member(db, "player1"), await member(db, "player2")
    async with client_at("203.0.113.120") as office:
        for n in range(TICKETS.calls):
            ok(await office.post(f"{CHAT}/tickets", json=ticket(n), headers=player1))
        failed(
            await office.post(f"{CHAT}/tickets", json=ticket(99), headers=player1), 429, "TOO_MANY_REQUEST"
        )
        # A colleague behind the same address is not refused for it.
        ok(await office.post(f"{CHAT}/tickets", json=ticket(100), headers=player2))


async def test_live_conversations_and_transcripts_are_counted_too(
    client_at: Callable[[str], httpx.AsyncClient],
) -> None:
    async with client_at("203.0.113.130") as flood:
        for _ in range(STARTS.calls):
            # Nobody is at the desk: each try is refused as offline, and still counted.
            answer = await flood.post(
                f"{CHAT}/conversations", json={"clientId": client_id(), "text": "hello"}, headers=visitor()
            )
            failed(answer, 409, "CHAT_OFFLINE")
        answer = await flood.post(
            f"{CHAT}/conversations", json={"clientId": client_id(), "text": "hello"}, headers=visitor()
        )
        failed(answer, 429, "TOO_MANY_REQUEST")
    async with client_at("203.0.113.131") as relay:
        # Two visitors' conversations behind one address: three transcripts each (their own cap), but five
        # from the address in all.
        answers = []
        for n in range(2):
            sent = ok(await relay.post(f"{CHAT}/tickets", json=ticket(n), headers=visitor()))
            own = visitor(token=sent["visitorToken"])
            path = f"{CHAT}/conversations/{sent['conversation']['id']}/transcript"
            for m in range(3):
                answer = await relay.post(path, json={"email": f"to{n}{m}@example.test"}, headers=own)
                answers.append(answer.status_code)
        assert answers == [200] * TRANSCRIPTS.calls + [429]


async def test_trial_launches_are_counted_per_address_members_are_not(
    client_at: Callable[[str], httpx.AsyncClient], db: Database
) -> None:
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    async with client_at("203.0.113.140") as flood, client_at("203.0.113.141") as neighbour:
        for _ in range(TRIAL_LAUNCHES.calls):
            ok(await flood.post("/wps/game/launchGame", json=body, headers=visitor()))
        failed(
            await flood.post("/wps/game/launchGame", json=body, headers=visitor()), 429, "TOO_MANY_REQUEST"
        )
        ok(await neighbour.post("/wps/game/launchGame", json=body, headers=visitor()))
        signed_in = await member(db, "player1")
        ok(await flood.post("/wps/game/launchGame", json=body, headers=signed_in))


def test_an_ipv6_client_is_counted_by_its_64() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("203.0.113.7") == "203.0.113.7"


async def test_processes_sharing_redis_count_together() -> None:
    require_redis()
    limit = Limit(worker_name("test-limit"), calls=3, seconds=60)
    first, second = aioredis.from_url(REDIS_URL), aioredis.from_url(REDIS_URL)
    try:
        one, other = RateLimits(first), RateLimits(second)
        assert [
            await one.hit(limit, "ip:a"),
            await other.hit(limit, "ip:a"),
            await one.hit(limit, "ip:a"),
        ] == [
            True,
            True,
            True,
        ]
        assert await other.hit(limit, "ip:a") is False
        assert await one.hit(limit, "ip:b") is True
        assert 0 < await first.ttl(f"ratelimit:{limit.name}:ip:a") <= 60
    finally:
        await first.delete(f"ratelimit:{limit.name}:ip:a", f"ratelimit:{limit.name}:ip:b")
        await first.aclose()
        await second.aclose()


async def test_without_redis_the_process_counts_and_the_window_ends() -> None:
    now = [1000.0]
    # A Redis that does not answer: the process counts in memory rather than refuse or fail the call.
    gone = aioredis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
    limits = RateLimits(gone, clock=lambda: now[0])
    limit = Limit("test-memory", calls=2, seconds=60)
    try:
        assert [await limits.hit(limit, "k") for _ in range(3)] == [True, True, False]
        now[0] += 61
        assert await limits.hit(limit, "k") is True
    finally:
        await gone.aclose()
