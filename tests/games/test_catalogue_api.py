"""The games catalogue over HTTP: vendors by category, the lobby's list with its filters and pages, hot,
favourite and recent games, PVP rooms, the winner board with its push, launch refusals."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from realtime import events
from server.db import after_commit
from server.db.session import Database
from tests.games.support import fund, game_id, launch_token, vendor_call
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
DEMO = {"Merchant": "demo"}
Sent = list[tuple[str, str | None, Any]]


async def test_vendors_grouped_by_category_in_order(client: httpx.AsyncClient) -> None:
    value = ok(await client.get("/wps/relay/GCS_gameVendor", params={"merchantCode": "demo"}, headers=DEMO))
    assert [s["gameCategory"] for s in value["sorting"]] == [
        "ELOTT",
        "LOTT",
        "LIVE",
        "SPORTS",
        "FISH",
        "RNG",
        "PVP",
        "ESPORTS",
    ]
    assert value["groups"]["RNG"][0]["vassalage"] == "HOUSE_RNG"
    assert value["groups"]["RNG"][0]["singleGameId"] is None  # many slots
    sports = value["groups"]["SPORTS"][0]
    assert sports["singleGameId"] is not None  # one game: a click launches it
    assert value["groups"]["LIVE"][0]["isHot"] == 1
    assert value["groups"]["LOTT"][0]["vassalage"] == "HOUSE_LOTT"
    assert value["groups"]["ELOTT"][0]["vassalage"] == "HOUSE_ELOTT"


async def test_game_list_pages_and_filters(client: httpx.AsyncClient) -> None:
    first = ok(
        await client.get(
            "/wps/relay/GCS_gameList",
            params={"vassalage": "HOUSE_RNG", "pageNo": 1, "pageSize": 4},
            headers=DEMO,
        )
    )
    assert first["total"] == 6
    assert first["totalPages"] == 2
    assert len(first["games"]) == 4
    second = ok(
        await client.get(
            "/wps/relay/GCS_gameList",
            params={"vassalage": "HOUSE_RNG", "pageNo": 2, "pageSize": 4},
            headers=DEMO,
        )
    )
    ids = [g["gameId"] for g in first["games"] + second["games"]]
    assert len(ids) == len(set(ids)) == 6
    assert [g["isHot"] for g in first["games"] + second["games"]] == [True] * 3 + [False] * 3  # hot first
    search = ok(
        await client.get(
            "/wps/relay/GCS_gameList", params={"gameName": "dragon", "vassalage": "HOUSE_RNG"}, headers=DEMO
        )
    )
    assert [g["name"] for g in search["games"]] == ["Golden Dragon"]
    cheap = ok(
        await client.get(
            "/wps/relay/GCS_gameList",
            params={"vassalage": "HOUSE_RNG", "minBet": "1", "pageSize": 100},
            headers=DEMO,
        )
    )
    # Each title starts at 0.05 a line: 5 lines at 0.25 up to 30 lines at 1.50.
    assert sorted((g["lines"], g["minBet"]) for g in cheap["games"]) == [
        (5, "0.25"),
        (10, "0.50"),
        (15, "0.75"),
        (20, "1.00"),
    ]
    lines = ok(
        await client.get(
            "/wps/relay/GCS_gameList",
            params={"vassalage": "HOUSE_RNG", "minLineNum": 25, "pageSize": 100},
            headers=DEMO,
        )
    )
    assert sorted(g["name"] for g in lines["games"]) == ["Pharaoh's Fortune", "Viking Raid"]
    live = ok(await client.get("/wps/relay/GCS_gameList", params={"category": "LIVE"}, headers=DEMO))
    assert {g["classification"] for g in live["games"]} == {"Baccarat", "Dragon Tiger", "Roulette", "Sicbo"}
    # A wildcard in a search is a character, not a pattern.
    assert (
        ok(await client.get("/wps/relay/GCS_gameList", params={"gameName": "%"}, headers=DEMO))["total"] == 0
    )
    failed(
        await client.get("/wps/relay/GCS_gameList", params={"minBet": "abc"}, headers=DEMO),
        422,
        "VALIDATION_ERROR",
    )
    failed(
        await client.get("/wps/relay/GCS_gameList", params={"category": "NOPE"}, headers=DEMO),
        422,
        "VALIDATION_ERROR",
    )
    # Names follow the Language header where a translation exists.
    cn = ok(
        await client.get(
            "/wps/relay/GCS_gameList", params={"category": "LIVE"}, headers=DEMO | {"Language": "CN"}
        )
    )
    assert "百家乐 A" in [g["name"] for g in cn["games"]]


async def test_hot_types_and_rooms(client: httpx.AsyncClient, db: Database) -> None:
    hot = ok(await client.get("/wps/relay/GCS_hotGames", params={"vassalage": "HOUSE_RNG"}, headers=DEMO))[
        "list"
    ]
    assert [g["name"] for g in hot] == ["Golden Dragon", "Lucky Koi", "Pharaoh's Fortune"]
    types = ok(
        await client.get("/wps/relay/GCS_vendorGameType", params={"vassalage": "HOUSE_LIVE"}, headers=DEMO)
    )
    assert sorted(types["types"], key=lambda t: t["gameType"]) == [
        {"gameType": "BACCARAT", "count": 2},
        {"gameType": "DRAGON_TIGER", "count": 1},
        {"gameType": "ROULETTE", "count": 1},
        {"gameType": "SICBO", "count": 1},
    ]
    failed(await client.get("/wps/relay/GLS2_roomList", headers=DEMO), 401, "UNAUTHORIZED")
    member = DEMO | {"Authorization": await token_for(db, "demo", "player1")}
    rooms = ok(await client.get("/wps/relay/GLS2_roomList", headers=member))["rooms"]
    assert [r["roomId"] for r in rooms] == ["HC-1", "HC-2"]
    assert rooms[1]["minBet"] == "10.00"


async def test_favourites_belong_to_the_member(client: httpx.AsyncClient, db: Database) -> None:
    one = DEMO | {"Authorization": await token_for(db, "demo", "player1")}
    two = DEMO | {"Authorization": await token_for(db, "demo", "player2")}
    koi = await game_id(db, "demo", "slot-lucky-koi")
    assert ok(
        await client.post("/wps/relay/GCS_favourite", json={"gameId": koi, "favourite": True}, headers=one)
    )["isFavourite"]
    ok(await client.post("/wps/relay/GCS_favourite", json={"gameId": koi, "favourite": True}, headers=one))
    assert [
        g["gameId"] for g in ok(await client.get("/wps/relay/GCS_favouriteList", headers=one))["list"]
    ] == [koi]
    assert ok(await client.get("/wps/relay/GCS_favouriteList", headers=two))["list"] == []
    listed = ok(await client.get("/wps/relay/GCS_gameList", params={"gameName": "koi"}, headers=one))["games"]
    assert listed[0]["isFavourite"] is True
    ok(await client.post("/wps/relay/GCS_favourite", json={"gameId": koi, "favourite": False}, headers=one))
    assert ok(await client.get("/wps/relay/GCS_favouriteList", headers=one))["list"] == []
    failed(
        await client.post(
            "/wps/relay/GCS_favourite", json={"gameId": 999999, "favourite": True}, headers=one
        ),
        404,
        "GAME_NOT_FOUND",
    )
    # Another merchant's game is not found here either.
    other = await game_id(db, "demo2", "slot-lucky-koi")
    failed(
        await client.post("/wps/relay/GCS_favourite", json={"gameId": other, "favourite": True}, headers=one),
        404,
        "GAME_NOT_FOUND",
    )
    failed(await client.get("/wps/relay/GCS_favouriteList", headers=DEMO), 401, "UNAUTHORIZED")


async def test_big_wins_reach_the_board_and_the_merchant_room(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    await fund(db, "demo", "player1", 50_00, "dep-board")
    headers = DEMO | {"Authorization": await token_for(db, "demo", "player1")}
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    url = ok(await client.post("/wps/game/launchGame", json=body, headers=headers))["game_url"]
    player = ok(await vendor_call(client, "authenticate", {"launchToken": launch_token(url)}))
    session = player["sessionToken"]
    ok(
        await vendor_call(
            client, "bet", {"sessionToken": session, "txId": "b1", "roundId": "big", "amount": "1.00"}
        )
    )
    ok(
        await vendor_call(
            client, "win", {"sessionToken": session, "txId": "w1", "roundId": "big", "amount": "150.00"}
        )
    )
    ok(
        await vendor_call(
            client, "bet", {"sessionToken": session, "txId": "b2", "roundId": "small", "amount": "1.00"}
        )
    )
    ok(
        await vendor_call(
            client, "win", {"sessionToken": session, "txId": "w2", "roundId": "small", "amount": "2.00"}
        )
    )
    board = ok(await client.get("/wps/relay/winnerBoard", headers=DEMO))["list"]
    assert [(w["account"], w["amount"], w["gameName"]) for w in board] == [
        ("pl***1", "150.00", "Golden Dragon")
    ]
    await after_commit.drain()
    pushed = [(room, p) for e, room, p in emitted if e == events.WINNERS]
    assert pushed == [("merchant:demo", {"list": [board[0]]})]
    # demo2's board is its own.
    assert ok(await client.get("/wps/relay/winnerBoard", headers={"Merchant": "demo2"}))["list"] == []


async def test_launch_refusals(client: httpx.AsyncClient, db: Database) -> None:
    failed(
        await client.post("/wps/game/launchGame", json={"gameId": 999999}, headers=DEMO),
        404,
        "GAME_NOT_FOUND",
    )
    failed(
        await client.post("/wps/game/launchGame", json={"gameId": "x"}, headers=DEMO), 422, "VALIDATION_ERROR"
    )
    failed(
        await client.post(
            "/wps/game/launchGame", json={"gameId": 1}, headers=DEMO | {"Authorization": "bad"}
        ),
        401,
        "UNAUTHORIZED",
    )
