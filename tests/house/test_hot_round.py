"""The round call as the served app answers it, ahead of FastAPI (server.house.hot_round), against the house
app's own route: the same answers, the same refusals with the same envelopes, and the round's money through
the wallet as ever. The FastAPI route is made unreachable for the hot client, so that every answer below
really came from the hot path."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select
from starlette.types import Receive, Scope, Send

from server.app import edge_middleware
from server.db.session import Database
from server.house.hot_round import MAX_BODY, ROUND_PATH, round_endpoint
from server.house.models import HouseRound
from server.http.edge.raw_route import HotRoutes
from server.settings import Settings
from tests.conftest import TEST_CLIENT_ADDRESS
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


@pytest.fixture
async def hot(app: FastAPI, settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async def no_round_here(scope: Scope, receive: Receive, send: Send) -> None:
        assert scope.get("path") != ROUND_PATH, "the round went through FastAPI"
        await app(scope, receive, send)

    served = HotRoutes(
        no_round_here,
        {},
        edge=edge_middleware(settings),
        posts={ROUND_PATH: round_endpoint(app.state.house)},
    )
    transport = httpx.ASGITransport(app=served, client=TEST_CLIENT_ADDRESS)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        yield client


def shape(value: Any) -> Any:
    """The keys of an answer, all the way down, without the values a seed decides."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    return type(value).__name__  # a list's length is the seed's


async def test_a_round_on_the_hot_path_is_the_routes_round(
    client: httpx.AsyncClient, hot: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-hot-1")
    opened = await open_game(client, db, "slot-golden-dragon")
    body = {"lineBet": "0.10"}
    by_route = ok(await client.post(ROUND_PATH, json=body, headers=house_headers(opened)))
    by_hot = ok(await hot.post(ROUND_PATH, json=body, headers=house_headers(opened)))
    assert shape(by_hot) == shape(by_route)
    # The hot round played on the seed the route's round committed to next.
    assert by_hot["fairness"]["serverSeedHash"] == by_route["fairness"]["nextServerSeedHash"]
    assert by_hot["fairness"]["nonce"] == by_route["fairness"]["nonce"] + 1
    spent = 2 * 20 * 10  # two rounds of 20 lines at 0.10
    won = sum(round(float(r["win"]) * 100) for r in (by_route, by_hot))
    assert round(float(by_hot["balance"]) * 100) == 100_00 - spent + won
    async with db.read_session() as read:
        assert await read.scalar(select(func.count()).select_from(HouseRound)) == 2
    await ledger_is_clean(db)


@pytest.mark.parametrize(
    ("code", "body"),
    [
        ("slot-lucky-koi", {"stake": "1.00"}),  # another game's body
        ("slot-lucky-koi", {"lineBet": 0.1}),  # a float is no money
        ("fish-ocean-hunt", {"kind": ["CLOWN"], "stake": "1.00"}),
        ("highcard-1", {"stake": "1000.00"}),  # more than the balance
        ("baccarat-a", {"lineBet": "0.10"}),  # a table plays no instant round
        ("highcard-1", [1, 2]),  # not an object
    ],
)
async def test_a_refusal_on_the_hot_path_is_the_routes_refusal(
    client: httpx.AsyncClient, hot: httpx.AsyncClient, db: Database, code: str, body: Any
) -> None:
    await fund(db, "demo", "player1", 20_00, f"dep-hot-{code}")
    opened = await open_game(client, db, code)
    by_route = await client.post(ROUND_PATH, json=body, headers=house_headers(opened))
    by_hot = await hot.post(ROUND_PATH, json=body, headers=house_headers(opened))
    assert by_route.status_code >= 400
    assert (by_hot.status_code, by_hot.json()) == (by_route.status_code, by_route.json())


async def test_no_session_a_broken_body_or_a_huge_one_is_refused(
    client: httpx.AsyncClient, hot: httpx.AsyncClient, db: Database
) -> None:
    opened = await open_game(client, db, "highcard-1")
    for answer in (
        await hot.post(ROUND_PATH, json={"stake": "1.00"}),
        await hot.post(ROUND_PATH, json={"stake": "1.00"}, headers={"X-House-Session": "x" * 40}),
    ):
        failed(answer, 401, "HOUSE_SESSION_INVALID")
    headers = house_headers(opened) | {"Content-Type": "application/json"}
    broken = [await c.post(ROUND_PATH, content=b'{"stake": ', headers=headers) for c in (hot, client)]
    assert broken[0].json() == broken[1].json()
    failed(broken[0], 422, "VALIDATION_ERROR")
    huge = b'{"stake": "1.00", "pad": "' + b"x" * MAX_BODY + b'"}'
    failed(await hot.post(ROUND_PATH, content=huge, headers=headers), 422, "VALIDATION_ERROR")
    async with db.read_session() as read:
        assert await read.scalar(select(func.count()).select_from(HouseRound)) == 0
