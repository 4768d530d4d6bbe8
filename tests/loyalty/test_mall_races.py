"""Redeems and converts racing on Postgres with real concurrent transactions (issue 32): twenty parallel
redeems of the last item sell it once; twenty parallel redeems or converts of one member cannot spend more
points than the member has; stock and points never go below zero; the books stay clean."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import select

from server.db.session import Database
from server.loyalty.points.models import MallItem
from tests.loyalty.test_points_support import (
    PAYMENT_PASSWORD,
    books_are_clean,
    create_item,
    give_points,
    member_of,
    set_payment_password,
    staff,
)
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import player, sum_balance

pytestmark = pytest.mark.slow


async def with_points(client: httpx.AsyncClient, db: Database, name: str, points: int) -> Portal:
    portal = await player(client, name)
    await set_payment_password(portal)
    merchant, member = await member_of(db, name)
    await give_points(db, merchant, member, points, f"adjust:{name}")
    return portal


def codes(answers: list[httpx.Response]) -> list[str]:
    return sorted(a.json()["errorCode"] or "OK" for a in answers)


async def stock(db: Database, item: int) -> int | None:
    async with db.read_session() as session:
        return await session.scalar(select(MallItem.stock).where(MallItem.id == item))


async def test_twenty_parallel_redeems_of_the_last_item(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    last = await create_item(client, await staff(db), points=100, value="1.00", stock=1)
    portals = [await with_points(client, db, name, 1000) for name in ("player1", "player2", "player3")]
    body = {"itemId": last, "quantity": 1, "paymentPassword": PAYMENT_PASSWORD}
    answers = await asyncio.gather(
        *(
            portals[n % 3].call("POST", "/wps/points/redeem", {**body, "requestId": f"last-item-{n:02d}"})
            for n in range(20)
        )
    )
    assert codes(answers) == ["ITEM_SOLD_OUT"] * 19 + ["OK"], [a.text for a in answers]
    assert await stock(db, last) == 0
    currents = [ok(await client.get("/wps/points/balance", headers=p.headers()))["current"] for p in portals]
    assert sorted(currents) == [900, 1000, 1000]
    assert sorted([await sum_balance(client, p) for p in portals]) == ["0.00", "0.00", "1.00"]
    await books_are_clean(db)


async def test_parallel_redeems_cannot_overdraw(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    item = await create_item(client, await staff(db), points=400, value="4.00")
    portal = await with_points(client, db, "player1", 1000)
    body = {"itemId": item, "quantity": 1, "paymentPassword": PAYMENT_PASSWORD}
    answers = await asyncio.gather(
        *(
            portal.call("POST", "/wps/points/redeem", {**body, "requestId": f"overdraw-{n:02d}"})
            for n in range(20)
        )
    )
    assert codes(answers) == ["OK"] * 2 + ["POINTS_NOT_ENOUGH"] * 18, [a.text for a in answers]
    assert ok(await client.get("/wps/points/balance", headers=portal.headers()))["current"] == 200
    assert await sum_balance(client, portal) == "8.00"
    await books_are_clean(db)


async def test_parallel_converts_cannot_overdraw(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    portal = await with_points(client, db, "player1", 2500)
    body = {"points": 1000, "paymentPassword": PAYMENT_PASSWORD}
    answers = await asyncio.gather(
        *(
            portal.call("POST", "/wps/points/convert", {**body, "requestId": f"convert-{n:02d}"})
            for n in range(20)
        )
    )
    assert codes(answers) == ["OK"] * 2 + ["POINTS_NOT_ENOUGH"] * 18, [a.text for a in answers]
    # One request id sent from five tabs at once: paid once, each tab told the same.
    more = await with_points(client, db, "player2", 1000)
    same = await asyncio.gather(
        *(more.call("POST", "/wps/points/convert", {**body, "requestId": "convert-tabs"}) for _ in range(5))
    )
    assert {str(ok(a)) for a in same} == {str({"points": 1000, "amount": "10.00", "current": 0})}
    assert ok(await client.get("/wps/points/balance", headers=portal.headers()))["current"] == 500
    assert await sum_balance(client, portal) == "20.00"
    assert await sum_balance(client, more) == "10.00"
    await books_are_clean(db)
