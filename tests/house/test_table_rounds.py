"""A table's round history comes from the records, not from the page's session: a member who reopens a table
(a new launch, a new house session) sees the rounds they played there, each with its bets, what they won and
what the round dealt; nobody else's rounds, and nothing of another table. The state's own bets are the
member's too, so a bet placed before reopening still shows on its spot."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from server.db.session import Database
from server.house import tables
from server.house.app import House
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.house.test_table_api import FrozenTime, frozen, minor
from tests.support.portal import ok

pytestmark = pytest.mark.usefixtures("demo")
__all__ = ["frozen"]  # the fixture, imported for the tests below


async def bet(
    client: httpx.AsyncClient, opened: dict[str, Any], round_no: int, bet_on: str, stake: str
) -> None:
    body = {"roundNo": round_no, "betOn": bet_on, "stake": stake}
    ok(await client.post("/house/api/table/bet", json=body, headers=house_headers(opened)))


async def deal(db: Database, house: House, round_no: int) -> None:
    secret = house.settings.house_table_secret
    assert await tables.deal_due_rounds(
        db, house.wallet, house.clock, secret, house.clock.closes(round_no) + 0.5
    )


async def my_rounds(client: httpx.AsyncClient, opened: dict[str, Any]) -> list[dict[str, Any]]:
    value: list[dict[str, Any]] = ok(
        await client.get("/house/api/table/myRounds", headers=house_headers(opened))
    )
    return value


async def test_a_reopened_table_shows_the_members_rounds_from_the_records(
    client: httpx.AsyncClient, db: Database, frozen: tuple[House, FrozenTime, int]
) -> None:
    house, clock, round_no = frozen
    await fund(db, "demo", "player1", 100_00, "dep-rounds-1")
    await fund(db, "demo", "player2", 100_00, "dep-rounds-2")
    first = await open_game(client, db, "roulette-a")
    await bet(client, first, round_no, "RED", "10.00")
    await bet(client, first, round_no, "N17", "1.00")
    other = await open_game(client, db, "roulette-a", username="player2")
    await bet(client, other, round_no, "BLACK", "5.00")
    elsewhere = await open_game(client, db, "dragon-tiger-a")
    await bet(client, elsewhere, round_no, "DRAGON", "2.00")
    await deal(db, house, round_no)

    clock.at = house.clock.opens(round_no + 1) + 1
    await bet(client, first, round_no + 1, "ODD", "3.00")  # the next round, not dealt yet
    reopened = await open_game(client, db, "roulette-a")
    assert reopened["sessionId"] != first["sessionId"]

    rounds = await my_rounds(client, reopened)
    assert [r["roundNo"] for r in rounds] == [round_no + 1, round_no]
    pending, dealt = rounds
    assert pending["result"] is None
    assert [(b["betOn"], b["stake"], b["status"]) for b in pending["bets"]] == [("ODD", "3.00", "OPEN")]

    number = ok(await client.get(f"/house/api/table/round/{round_no}", headers=house_headers(reopened)))[
        "number"
    ]
    assert dealt["result"]["roundNo"] == round_no
    assert dealt["result"]["number"] == number
    assert [b["betOn"] for b in dealt["bets"]] == ["RED", "N17"]
    game = tables.game_of("roulette-a")
    paid = game.returned("RED", 10_00, {"number": number}) + game.returned("N17", 1_00, {"number": number})
    assert (dealt["stake"], minor(dealt["win"])) == ("11.00", paid)
    assert sum(minor(b["win"]) for b in dealt["bets"]) == paid

    # The state's bets of this round and the last are the member's, from whichever session placed them.
    state = ok(await client.get("/house/api/table/state", headers=house_headers(reopened)))
    assert sorted((b["roundNo"], b["betOn"]) for b in state["myBets"]) == [
        (round_no, "N17"),
        (round_no, "RED"),
        (round_no + 1, "ODD"),
    ]

    # The other player sees only their own round; the dragon tiger table only its own.
    assert [[b["betOn"] for b in r["bets"]] for r in await my_rounds(client, other)] == [["BLACK"]]
    assert [[b["betOn"] for b in r["bets"]] for r in await my_rounds(client, elsewhere)] == [["DRAGON"]]
    await ledger_is_clean(db)


async def test_a_visitors_free_play_is_its_own_session(
    client: httpx.AsyncClient, db: Database, frozen: tuple[House, FrozenTime, int]
) -> None:
    house, _, round_no = frozen
    visitor = await open_game(client, db, "roulette-a", username=None)
    assert visitor["player"]["demo"] is True
    await bet(client, visitor, round_no, "EVEN", "4.00")
    await deal(db, house, round_no)
    assert [r["roundNo"] for r in await my_rounds(client, visitor)] == [round_no]
    another = await open_game(client, db, "roulette-a", username=None)
    assert await my_rounds(client, another) == []


async def test_rounds_of_long_ago_still_show_and_other_games_are_not_asked(
    client: httpx.AsyncClient, db: Database, frozen: tuple[House, FrozenTime, int]
) -> None:
    house, clock, round_no = frozen
    await fund(db, "demo", "player1", 100_00, "dep-rounds-old")
    opened = await open_game(client, db, "sicbo-a")
    await bet(client, opened, round_no, "BIG", "1.00")
    await deal(db, house, round_no)
    assert len(await my_rounds(client, opened)) == 1
    clock.at += 8 * 24 * 3600  # a week later, in a new session, the round is still the member's
    assert [r["roundNo"] for r in await my_rounds(client, await open_game(client, db, "sicbo-a"))] == [
        round_no
    ]
    slot = await open_game(client, db, "slot-golden-dragon")
    answer = await client.get("/house/api/table/myRounds", headers=house_headers(slot))
    assert answer.status_code == 404
