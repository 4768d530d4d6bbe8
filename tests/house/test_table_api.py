"""Dragon tiger, roulette and sic bo over the house's real HTTP app, on the shared-table engine: a bet is
debited through the wallet, the round is dealt once from the seed whose hash was shown before it, each bet
is paid what its game's rules say, the result goes to the table's room, and the ledger stays clean. Bad bet
ids and late bets are refused with the stable error codes before any money moves.

The house app's clock is frozen inside a round's betting window (its module's `time` is replaced), so the
tests never wait for a real round to open."""

from __future__ import annotations

import hashlib
import time
from decimal import Decimal
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from server.db import after_commit
from server.db.session import Database
from server.house import app as house_app
from server.house import tables
from server.house.app import House
from server.house.models import HouseTableBet
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]
DT_RESULT = ["dragonCard", "tigerCard", "outcome"]


class FrozenTime:
    """Stands in for the `time` module inside server.house.app only."""

    def __init__(self, at: float) -> None:
        self.at = at

    def time(self) -> float:
        return self.at

    def monotonic(self) -> float:
        return time.monotonic()


def minor(money: str) -> int:
    return int(Decimal(money) * 100)


@pytest.fixture
def frozen(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> tuple[House, FrozenTime, int]:
    """(the house, its clock, a round now open for bets for several seconds)."""
    house: House = app.state.house
    round_no = house.clock.round_at(time.time()) + 1
    clock = FrozenTime(house.clock.opens(round_no) + 1)
    monkeypatch.setattr(house_app, "time", clock)
    return house, clock, round_no


@pytest.mark.parametrize(
    ("code", "slug", "bets", "result_keys"),
    [
        (
            "dragon-tiger-a",
            "dragon-tiger",
            {"DRAGON": 10_00, "TIE": 1_00},
            ["dragonCard", "tigerCard", "outcome"],
        ),
        ("roulette-a", "roulette", {"N17": 5_00, "RED": 10_00, "DOZEN2": 1_00}, ["number", "color"]),
        ("sicbo-a", "sicbo", {"BIG": 10_00, "S3": 5_00, "T10": 1_00}, ["dice", "total"]),
    ],
)
async def test_a_table_round_is_bet_dealt_paid_and_pushed(
    client: httpx.AsyncClient,
    db: Database,
    frozen: tuple[House, FrozenTime, int],
    emitted: Sent,
    code: str,
    slug: str,
    bets: dict[str, int],
    result_keys: list[str],
) -> None:
    house, clock, round_no = frozen
    await fund(db, "demo", "player1", 100_00, f"dep-{code}")
    opened = await open_game(client, db, code)
    headers = house_headers(opened)
    config = opened["config"]
    assert set(bets) <= set(config["payouts"])
    assert config["table"] == code
    assert config["bettingSeconds"] == config["periodSeconds"] - tables.CLOSED_SECONDS
    state = ok(await client.get("/house/api/table/state", headers=headers))
    assert (state["roundNo"], state["phase"]) == (round_no, "BETTING")
    staked = 0
    for bet_on, stake in bets.items():
        body = {"roundNo": round_no, "betOn": bet_on, "stake": f"{stake / 100:.2f}"}
        placed = ok(await client.post("/house/api/table/bet", json=body, headers=headers))
        staked += stake
        assert placed["bet"]["status"] == "OPEN"
        assert minor(placed["balance"]) == 100_00 - staked

    secret = house.settings.house_table_secret
    closes = house.clock.closes(round_no)
    assert await tables.deal_due_rounds(db, house.wallet, house.clock, secret, closes + 0.5) >= 1
    assert await tables.deal_due_rounds(db, house.wallet, house.clock, secret, closes + 1.0) == 0

    clock.at = closes + 2
    result = ok(await client.get(f"/house/api/table/round/{round_no}", headers=headers))
    assert list(result) == ["table", "roundNo", "serverSeed", "serverSeedHash", *result_keys]
    assert hashlib.sha256(result["serverSeed"].encode()).hexdigest() == state["serverSeedHash"]
    game = tables.game_of(code)
    paid = {bet_on: game.returned(bet_on, stake, result) for bet_on, stake in bets.items()}
    balance = ok(await client.get("/house/api/balance", headers=headers))["balance"]
    assert minor(balance) == 100_00 - staked + sum(paid.values())

    after = ok(await client.get("/house/api/table/state", headers=headers))
    assert after["history"][0]["roundNo"] == round_no
    assert {b["betOn"]: minor(b["win"]) for b in after["myBets"]} == paid
    for b in after["myBets"]:
        won = paid[b["betOn"]]
        stake = bets[b["betOn"]]
        assert b["status"] == ("WON" if won > stake else "PUSH" if won == stake else "LOST")

    await after_commit.drain()
    room = f"house:{slug}:demo:{code}"
    pushed = [
        p for e, r, p in emitted if e == f"house:{slug}:result" and r == room and p["roundNo"] == round_no
    ]
    assert len(pushed) == 1
    assert pushed[0]["serverSeed"] == result["serverSeed"]
    assert pushed[0]["next"]["roundNo"] == round_no + 1
    await ledger_is_clean(db)


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("code", "bet_on"),
    [
        ("roulette-a", "N37"),
        ("roulette-a", "N07"),  # one number, one id
        ("roulette-a", "n7"),
        ("roulette-a", "RED "),
        ("roulette-a", "STRAIGHT17"),
        ("roulette-a", 17),
        ("roulette-a", ["RED"]),
        ("roulette-a", ""),
        ("roulette-a", "DOZEN4"),
        ("roulette-a", "PLAYER"),  # another table's bet
        ("dragon-tiger-a", "BANKER"),
        ("sicbo-a", "T3"),
        ("sicbo-a", "T18"),
        ("sicbo-a", "S7"),
        ("baccarat-a", "DRAGON"),
    ],
)
async def test_a_bet_id_the_table_does_not_take_is_refused(
    client: httpx.AsyncClient, db: Database, frozen: tuple[House, FrozenTime, int], code: str, bet_on: Any
) -> None:
    _, _, round_no = frozen
    await fund(db, "demo", "player1", 100_00, f"dep-bad-{code}")
    opened = await open_game(client, db, code)
    body = {"roundNo": round_no, "betOn": bet_on, "stake": "1.00"}
    value = failed(
        await client.post("/house/api/table/bet", json=body, headers=house_headers(opened)),
        422,
        "VALIDATION_ERROR",
    )
    assert [f["field"] for f in value["fields"]] == ["betOn"]
    async with db.read_session() as read:
        assert await read.scalar(select(func.count()).select_from(HouseTableBet)) == 0
    assert ok(await client.get("/house/api/balance", headers=house_headers(opened)))["balance"] == "100.00"
    await ledger_is_clean(db)


@pytest.mark.parametrize("code", ["dragon-tiger-a", "roulette-a", "sicbo-a"])
async def test_a_bet_after_the_round_closes_is_refused(
    client: httpx.AsyncClient, db: Database, frozen: tuple[House, FrozenTime, int], code: str
) -> None:
    house, clock, round_no = frozen
    await fund(db, "demo", "player1", 100_00, f"dep-late-{code}")
    opened = await open_game(client, db, code)
    bet_on = next(iter(opened["config"]["payouts"]))
    clock.at = house.clock.closes(round_no)  # the cards are being dealt
    assert ok(await client.get("/house/api/table/state", headers=house_headers(opened)))["phase"] == "CLOSED"
    for late in (round_no, round_no - 1):
        body = {"roundNo": late, "betOn": bet_on, "stake": "1.00"}
        failed(
            await client.post("/house/api/table/bet", json=body, headers=house_headers(opened)),
            409,
            "BETTING_CLOSED",
        )
    assert ok(await client.get("/house/api/balance", headers=house_headers(opened)))["balance"] == "100.00"
    await ledger_is_clean(db)


async def test_only_a_table_session_speaks_the_table_api(client: httpx.AsyncClient, db: Database) -> None:
    opened = await open_game(client, db, "highcard-1")
    for answer in (
        await client.get("/house/api/table/state", headers=house_headers(opened)),
        await client.get("/house/api/table/round/1", headers=house_headers(opened)),
        await client.post(
            "/house/api/table/bet",
            json={"roundNo": 1, "betOn": "RED", "stake": "1.00"},
            headers=house_headers(opened),
        ),
    ):
        failed(answer, 404, "NOT_FOUND")
