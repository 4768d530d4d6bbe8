"""The house's round call takes a typed body: what each game type plays with is asked for, and anything else
is refused as a validation error, never a server error, before any money moves."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from server.db.session import Database
from server.house.models import HouseRound
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("code", "body", "fields"),
    [
        ("slot-lucky-koi", {}, ["lineBet"]),
        ("slot-lucky-koi", {"stake": "1.00"}, ["lineBet"]),  # another game's body
        ("slot-lucky-koi", {"lineBet": 0.1}, ["lineBet"]),  # a float is no money
        ("slot-lucky-koi", {"lineBet": "0.07"}, ["lineBet"]),  # not one of the line bets
        ("fish-ocean-hunt", {"stake": "1.00"}, ["kind"]),
        ("fish-ocean-hunt", {"kind": ["CLOWN"], "stake": "1.00"}, ["kind"]),
        ("fish-ocean-hunt", {"kind": "KRAKEN", "stake": "1.00"}, ["kind"]),
        ("highcard-1", {"stake": 5}, ["stake"]),
        ("virtual-football", {"stake": "5.00"}, ["matchId", "selection"]),
        (
            "virtual-football",
            {"matchId": "M1N0", "selection": {"code": "HOME"}, "stake": "5.00"},
            ["selection"],
        ),
    ],
)
async def test_a_round_body_that_does_not_fit_its_game_is_refused(
    client: httpx.AsyncClient, db: Database, code: str, body: dict[str, Any], fields: list[str]
) -> None:
    await fund(db, "demo", "player1", 100_00, f"dep-body-{code}")
    opened = await open_game(client, db, code)
    value = failed(
        await client.post("/house/api/round", json=body, headers=house_headers(opened)),
        422,
        "VALIDATION_ERROR",
    )
    assert [f["field"] for f in value["fields"]] == fields
    async with db.read_session() as read:
        assert await read.scalar(select(func.count()).select_from(HouseRound)) == 0
    await ledger_is_clean(db)


async def test_a_table_session_plays_no_instant_round(client: httpx.AsyncClient, db: Database) -> None:
    opened = await open_game(client, db, "baccarat-a")
    failed(
        await client.post("/house/api/round", json={"lineBet": "0.10"}, headers=house_headers(opened)),
        404,
        "NOT_FOUND",
    )


async def test_the_round_answer_keeps_its_wire_shape(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-shape")
    opened = await open_game(client, db, "fish-ocean-hunt")
    assert list(opened) == [
        "sessionId", "game", "player", "merchant", "language", "balance", "fairness", "config",
    ]  # fmt: skip
    assert list(opened["config"]) == ["kinds", "stakes"]
    body = {"kind": opened["config"]["kinds"][0]["kind"], "stake": opened["config"]["stakes"][0]}
    played = ok(await client.post("/house/api/round", json=body, headers=house_headers(opened)))
    assert list(played) == ["roundId", "bet", "win", "balance", "outcome", "fairness"]
    assert list(played["outcome"]) == ["kind", "hit", "multiplier"]
    assert list(played["fairness"]) == [
        "serverSeed", "serverSeedHash", "clientSeed", "nonce", "nextServerSeedHash",
    ]  # fmt: skip
