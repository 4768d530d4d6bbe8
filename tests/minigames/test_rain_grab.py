"""Grabbing over HTTP: who may (visitor 401, trial 403, another merchant's session 404), when (before the
start and after the close RAIN_NOT_OPEN), how often (the limit GRAB_LIMIT, flat or by VIP level; more than 5 a
second 429), the last envelope (RAIN_EMPTY); each grab paid once as MINIGAME; the seed hidden until the
session closes, then published and recomputing every envelope. Every money test ends with the ledger check."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest

from realtime import events
from server.db.session import Database
from server.minigames.rain import live
from server.minigames.rain.amounts import draw, seed_hash
from tests.minigames.rain_support import (
    end_session,
    envelopes,
    ledger_is_clean,
    make_rain,
    make_session,
    member,
    minigame_transfers,
    open_session,
    trial_headers,
)
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
RAINS = "/wps/minigames/rains"


@pytest.fixture(autouse=True)
def _fresh_pushes() -> None:
    live.reset()


async def grab(client: httpx.AsyncClient, headers: dict[str, str], session_id: int) -> httpx.Response:
    return await client.post(f"{RAINS}/{session_id}/grab", json={}, headers=headers)


async def test_grabs_pay_the_drawn_envelopes_once_each(
    client: httpx.AsyncClient, db: Database, emitted: list[tuple[str, str | None, Any]]
) -> None:
    sid = await open_session(db, budget=10_00, envelopes=4, flat_limit=2)
    drawn = [a for _, a, _ in await envelopes(db, sid)]
    p1, p2 = await member(db, "player1"), await member(db, "player2")
    first = ok(await grab(client, p1, sid))
    assert first == {"seq": 0, "amount": f"{drawn[0] / 100:.2f}", "left": 3, "myGrabs": 1, "myLimit": 2}
    assert ok(await grab(client, p2, sid))["seq"] == 1
    assert ok(await grab(client, p1, sid))["myGrabs"] == 2
    assert failed(await grab(client, p1, sid), 409, "GRAB_LIMIT") == {"limit": 2}
    last = ok(await grab(client, p2, sid))
    assert (last["seq"], last["left"]) == (3, 0)
    failed(await grab(client, await member(db, "player3"), sid), 409, "RAIN_NOT_OPEN")  # closed: all taken
    paid = await minigame_transfers(db)
    assert paid == [(f"minigame:rain:{sid}:{k}", drawn[k]) for k in range(4)]
    assert sum(a for _, a in paid) == 10_00
    await live.drain()
    pushes = [p for e, room, p in emitted if e == events.MINIGAMES_STATE and room == "merchant:demo"]
    assert pushes[0]["left"] == 3
    assert pushes[-1] == {**pushes[-1], "state": "CLOSED", "left": 0}
    assert len(pushes) < 5  # grabs inside 500 ms are coalesced
    await ledger_is_clean(db)


async def test_who_may_grab(client: httpx.AsyncClient, db: Database) -> None:
    sid = await open_session(db)
    failed(await grab(client, {"Merchant": "demo"}, sid), 401, "UNAUTHORIZED")
    failed(await grab(client, await trial_headers(db), sid), 403, "in_need_true_account")
    failed(await grab(client, await member(db, "player1", "demo2"), sid), 404, "NOT_FOUND")
    other = await open_session(db, "demo2")
    failed(await grab(client, await member(db, "player1"), other), 404, "NOT_FOUND")
    failed(await grab(client, await member(db, "player1"), 999_999), 404, "NOT_FOUND")
    assert await minigame_transfers(db) == []


async def test_before_the_start_and_after_the_close(client: httpx.AsyncClient, db: Database) -> None:
    rain = await make_rain(db)
    later = await make_session(db, rain, starts_in=timedelta(minutes=5))
    p1 = await member(db, "player1")
    failed(await grab(client, p1, later), 409, "RAIN_NOT_OPEN")
    now = await make_session(db, rain)
    ok(await grab(client, p1, now))
    await end_session(db, now)
    failed(await grab(client, p1, now), 409, "RAIN_NOT_OPEN")
    await ledger_is_clean(db)


async def test_the_last_envelope_then_rain_empty(client: httpx.AsyncClient, db: Database) -> None:
    sid = await open_session(db, budget=2_00, envelopes=2, flat_limit=5)
    p1 = await member(db, "player1")
    ok(await grab(client, p1, sid))
    last = ok(await grab(client, p1, sid))
    assert last["left"] == 0
    failed(await grab(client, p1, sid), 409, "RAIN_NOT_OPEN")
    await ledger_is_clean(db)


async def test_rain_empty_while_open(client: httpx.AsyncClient, db: Database) -> None:
    """A session whose envelopes are gone but which is not closed yet (the grab that took the last one saw
    another still in flight): RAIN_EMPTY, and nothing is counted against the member."""
    sid = await open_session(db, budget=1_00, envelopes=1, flat_limit=5)
    p1, p2 = await member(db, "player1"), await member(db, "player2")
    ok(await grab(client, p1, sid))
    async with db.session() as session:
        from sqlalchemy import update

        from server.minigames.rain.models import RainSession

        await session.execute(update(RainSession).where(RainSession.id == sid).values(closed_at=None))
    failed(await grab(client, p2, sid), 409, "RAIN_EMPTY")
    shown = ok(await client.get(f"{RAINS}/{sid}", headers=p2))
    assert (shown["myGrabs"], shown["left"]) == (0, 0)
    await ledger_is_clean(db)


async def test_vip_limits(client: httpx.AsyncClient, db: Database) -> None:
    """The demo's ladder positions: player2 level 1, player1 level 2, player3 level 6."""
    sid = await open_session(
        db, budget=50_00, envelopes=50, limit_mode="VIP", vip_limits={"0": 1, "2": 2, "4": 3}
    )
    for name, limit in (("player2", 1), ("player1", 2), ("player3", 3)):
        headers = await member(db, name)
        for n in range(limit):
            assert ok(await grab(client, headers, sid))["myLimit"] == limit, (name, n)
        assert failed(await grab(client, headers, sid), 409, "GRAB_LIMIT") == {"limit": limit}
    none_below = await open_session(db, limit_mode="VIP", vip_limits={"2": 4})
    assert failed(await grab(client, await member(db, "player2"), none_below), 409, "GRAB_LIMIT") == {
        "limit": 0
    }
    await ledger_is_clean(db)


async def test_more_than_five_grabs_a_second_is_refused(client: httpx.AsyncClient, db: Database) -> None:
    sid = await open_session(db, budget=20_00, envelopes=20, flat_limit=20)
    p1 = await member(db, "player1")
    answers = [await grab(client, p1, sid) for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 5 + [429]
    assert answers[-1].json()["errorCode"] == "TOO_MANY_REQUEST"
    await ledger_is_clean(db)


async def test_a_wager_multiple_locks_the_envelope(client: httpx.AsyncClient, db: Database) -> None:
    sid = await open_session(db, wager_multiple=5)
    got = ok(await grab(client, await member(db, "player1"), sid))
    from sqlalchemy import select

    from server.wallet.models import BonusLock

    async with db.read_session() as session:
        lock = await session.scalar(select(BonusLock).where(BonusLock.source == f"minigame:rain:{sid}"))
    assert lock is not None
    assert lock.amount == int(got["amount"].replace(".", ""))
    assert lock.requirement == 5 * lock.amount
    await ledger_is_clean(db)


async def test_the_seed_is_hidden_until_closed_then_recomputes_every_grab(
    client: httpx.AsyncClient, db: Database
) -> None:
    sid = await open_session(db, budget=7_77, envelopes=5, flat_limit=5)
    p1 = await member(db, "player1")
    before = ok(await client.get(f"{RAINS}/{sid}", headers={"Merchant": "demo"}))
    assert before["state"] == "OPEN"
    assert before["seed"] is None
    assert before["grabs"] == []
    assert (before["myGrabs"], before["myLimit"], before["myWon"]) == (None, None, None)
    assert before["name"] == "Test rain"
    assert before["budget"] == "7.77"
    assert before["minAmount"] == "0.01"
    got = [ok(await grab(client, p1, sid)) for _ in range(3)]
    mine = ok(await client.get(f"{RAINS}/{sid}", headers={**p1, "Language": "CN"}))
    assert mine["name"] == "测试红包雨"
    assert mine["myGrabs"] == 3
    assert mine["myLimit"] == 5
    assert mine["seed"] is None
    assert mine["grabs"] == []
    await end_session(db, sid)
    after = ok(await client.get(f"{RAINS}/{sid}", headers={"Merchant": "demo"}))
    assert after["state"] == "CLOSED"
    assert seed_hash(after["seed"]) == after["seedHash"] == before["seedHash"]
    drawn = draw(after["seed"], sid, 7_77, 5, 1)
    assert [(g["seq"], g["amount"], g["account"]) for g in after["grabs"]] == [
        (k, f"{drawn[k] // 100}.{drawn[k] % 100:02d}", "pl***1") for k in range(3)
    ]
    assert [g["amount"] for g in got] == [g["amount"] for g in after["grabs"]]
    assert "HMAC-SHA256" in after["rule"]
    await ledger_is_clean(db)
