"""The lucky wheel and the golden egg over HTTP (issue 33): the console's games (audited), GET /wps/minigames
for a visitor and a member, plays earned by deposit, turnover and check-in, NO_PLAYS_LEFT, each prize kind
landing (money with and without wagering, points, raffle tickets) and listed in the reward centre, the outcome
recomputed from the revealed seed, big prizes on the winner board. Money tests end with the ledger check,
points tests with the points check."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from realtime import events
from server.db import after_commit
from server.db.session import Database
from server.house.engine.fair import seed_hash
from server.minigames.prizes.models import PrizePlay
from server.minigames.prizes.play import outcome
from server.promotions.models import RaffleTicket
from server.wallet.models import LedgerTransfer
from tests.loyalty.support import audits
from tests.loyalty.test_points_support import member_of, points_are_clean, settle
from tests.minigames.prizes_support import (
    GAMES,
    checked_in,
    game_body,
    game_of,
    make_game,
    play,
    prize,
    won,
)
from tests.promotions.support import admin
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")


async def test_console_crud_is_audited(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    made = await make_game(client, db, game_body(perDeposit="100.00"))
    assert made["kind"] == "WHEEL"
    assert made["name"] == {"EN": "Test wheel", "CN": "测试转盘"}
    assert made["earn"] == {"perDeposit": "100.00", "perTurnover": None, "perCheckin": 3}
    assert made["expectedCost"] == "3.00"
    assert [p["probability"] for p in made["prizes"]] == ["100", "0"]
    listed = ok(await client.get(GAMES, headers=staff))["list"]
    assert [g["kind"] for g in listed] == ["WHEEL", "EGG", "WHEEL"]  # the demo's two, then ours
    body = game_body(
        [prize("POINTS", "50", value=100), prize("TICKETS", "25", value=2), prize("NOTHING", "25")],
        perCheckin=1,
    )
    body["kind"], body["enabled"] = "EGG", False
    changed = ok(await client.put(f"{GAMES}/{made['id']}", json=body, headers=staff))
    assert (changed["kind"], changed["enabled"], changed["expectedCost"]) == ("EGG", False, "0.50")
    refused = await client.put(
        f"{GAMES}/{made['id']}",
        json=game_body([prize("MONEY", "60", amount="1.00"), prize("NOTHING", "39.99")]),
        headers=staff,
    )
    assert failed(refused, 422, "PRIZE_TABLE_SUM") == {"sum": "99.99"}
    failed(await client.put(f"{GAMES}/999999", json=body, headers=staff), 404, "NOT_FOUND")
    other = {"Merchant": "demo2", "Authorization": staff["Authorization"]}
    assert (await client.get(GAMES, headers=other)).status_code in (401, 403)
    created, updated = await audits(db, "minigames.game_create"), await audits(db, "minigames.game_update")
    assert [a.target for a in created] == [f"prize_game:{made['id']}"]
    assert len(updated) == 1
    assert updated[0].detail is not None
    assert updated[0].detail["kind"] == "EGG"
    # A disabled game is not the portal's.
    games = ok(await client.get("/wps/minigames", headers={"Merchant": "demo"}))["games"]
    assert made["id"] not in [g["id"] for g in games]


@pytest.mark.refused_input
@pytest.mark.parametrize(
    "prizes",
    [
        [prize("MONEY", "100", amount="1.00")],
        [prize("GOLD", "50"), prize("NOTHING", "50")],
        [prize("MONEY", "50", amount="1.001"), prize("NOTHING", "50")],
        [prize("MONEY", "50", amount="1.00", wager=51), prize("NOTHING", "50")],
        [prize("POINTS", "50"), prize("NOTHING", "50")],
        [prize("NOTHING", "50.00001"), prize("NOTHING", "49.99999")],
        [prize("NOTHING", "50")] * 13,
    ],
)
async def test_bad_tables_are_refused(client: httpx.AsyncClient, db: Database, prizes: list[Any]) -> None:
    failed(await client.post(GAMES, json=game_body(prizes), headers=await admin(db)), 422, "VALIDATION_ERROR")


async def test_a_visitor_and_a_member_see_the_games(client: httpx.AsyncClient, db: Database) -> None:
    seen = ok(await client.get("/wps/minigames", headers={"Merchant": "demo", "Language": "CN"}))
    assert isinstance(seen["rains"], list)
    wheel = seen["games"][0]
    assert (wheel["kind"], wheel["name"], len(wheel["prizes"])) == ("WHEEL", "幸运转盘", 8)
    assert wheel["expectedCost"] == "0.58"
    assert wheel["earn"] == {"perDeposit": "100.00", "perTurnover": "1000.00", "perCheckin": 1}
    assert [wheel[k] for k in ("playsEarned", "playsLeft", "checkedInToday", "seedHash", "clientSeed")] == [
        None
    ] * 5
    assert sum(float(p["probability"]) for p in wheel["prizes"]) == 100
    portal = await player(client)
    mine = await game_of(client, portal, wheel["id"])
    assert [mine[k] for k in ("playsEarned", "playsUsed", "playsLeft", "checkedInToday", "nonce")] == [
        0,
        0,
        0,
        False,
        0,
    ]
    assert len(mine["seedHash"]) == 64
    # The commitment holds until the member rotates it.
    assert (await game_of(client, portal, wheel["id"]))["seedHash"] == mine["seedHash"]


async def test_visitors_and_trial_accounts_are_asked_to_log_in(client: httpx.AsyncClient) -> None:
    game = ok(await client.get("/wps/minigames", headers={"Merchant": "demo"}))["games"][0]["id"]
    visitor = Portal(client)
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    for path in (
        f"/wps/minigames/games/{game}/play",
        f"/wps/minigames/games/{game}/seed",
        "/wps/minigames/checkin",
    ):
        failed(await visitor.call("POST", path, {}), 401, "UNAUTHORIZED")
        failed(await trial.call("POST", path, {}), 403, "in_need_true_account")


async def test_check_in_once_a_day_and_no_plays_left(client: httpx.AsyncClient, db: Database) -> None:
    game = (await make_game(client, db, game_body()))["id"]
    portal = await player(client)
    failed(await play(portal, game), 409, "NO_PLAYS_LEFT")
    done = ok(await portal.call("POST", "/wps/minigames/checkin", {}))
    assert done["checkedIn"] is True
    assert len(done["day"]) == 10
    failed(await portal.call("POST", "/wps/minigames/checkin", {}), 409, "CHECKED_IN_ALREADY")
    shown = await game_of(client, portal, game)
    assert (shown["checkedInToday"], shown["playsEarned"], shown["playsLeft"]) == (True, 3, 3)
    lefts = [ok(await play(portal, game))["playsLeft"] for _ in range(3)]
    assert lefts == [2, 1, 0]
    failed(await play(portal, game), 409, "NO_PLAYS_LEFT")
    assert await sum_balance(client, portal) == "9.00"
    failed(await play(portal, 999999), 404, "NOT_FOUND")
    await ledger_is_clean(db)


async def test_plays_earned_by_deposit_and_turnover(client: httpx.AsyncClient, db: Database) -> None:
    body = game_body([prize("NOTHING", "100"), prize("MONEY", "0", amount="1.00")])
    body["earn"] = {"perDeposit": "100.00", "perTurnover": "1000.00", "perCheckin": 2}
    game = (await make_game(client, db, body))["id"]
    portal = await player(client)
    await deposit_bank(client, db, portal, "250.00", "minigame-deposit-1")
    assert (await game_of(client, portal, game))["playsEarned"] == 2
    merchant, member = await member_of(db, "player1")
    await settle(db, merchant, member, "RNG", 2_500_00)
    await settle(db, merchant, member, "LIVE", 500_00, trial=True)  # trial play is not turnover
    assert (await game_of(client, portal, game))["playsEarned"] == 4
    await checked_in(portal)
    shown = await game_of(client, portal, game)
    assert (shown["playsEarned"], shown["playsLeft"]) == (6, 6)
    assert ok(await play(portal, game))["prize"]["kind"] == "NOTHING"
    assert (await game_of(client, portal, game))["playsUsed"] == 1
    await ledger_is_clean(db)


async def _transfer_kinds(db: Database) -> list[str]:
    async with db.read_session() as session:
        rows = await session.scalars(
            select(LedgerTransfer.kind)
            .where(LedgerTransfer.reference.like("minigame:%"))
            .order_by(LedgerTransfer.id)
        )
        return list(rows)


async def test_money_prizes_land_with_and_without_wagering(client: httpx.AsyncClient, db: Database) -> None:
    plain = (await make_game(client, db, game_body()))["id"]
    wagered = (
        await make_game(
            client, db, game_body([prize("MONEY", "100", amount="4.00", wager=2), prize("NOTHING", "0")])
        )
    )["id"]
    portal = await player(client)
    await checked_in(portal)
    first = ok(await play(portal, plain))
    assert (first["prizeIndex"], first["prize"]["amount"], first["prize"]["kind"]) == (0, "3.00", "MONEY")
    second = ok(await play(portal, wagered))
    assert second["prize"]["wagerMultiple"] == 2
    assert await sum_balance(client, portal) == "7.00"
    locks = ok(await client.get("/wps/member/bonus/wagering", headers=portal.headers()))
    assert [(lock["amount"], lock["requirement"]) for lock in locks["locks"]] == [("4.00", "8.00")]
    assert await _transfer_kinds(db) == ["MINIGAME", "MINIGAME"]
    listed = await won(client, portal)
    assert [(w["game"], w["kind"], w["amount"], w["wagerMultiple"]) for w in listed] == [
        ("WHEEL", "MONEY", "4.00", 2),
        ("WHEEL", "MONEY", "3.00", 0),
    ]
    assert listed[0]["id"] == second["playId"]
    assert listed[0]["wonAt"] > 0
    await ledger_is_clean(db)


async def test_points_and_raffle_tickets_land(client: httpx.AsyncClient, db: Database) -> None:
    points = (
        await make_game(client, db, game_body([prize("POINTS", "100", value=25), prize("NOTHING", "0")]))
    )["id"]
    tickets = (
        await make_game(client, db, game_body([prize("TICKETS", "100", value=2), prize("NOTHING", "0")]))
    )["id"]
    portal = await player(client)
    await checked_in(portal)
    played = ok(await play(portal, points))
    assert played["prize"] | {"label": ""} == {
        "index": 0,
        "kind": "POINTS",
        "amount": None,
        "value": 25,
        "wagerMultiple": 0,
        "label": "",
        "probability": "100",
    }
    assert ok(await client.get("/wps/points/balance", headers=portal.headers()))["current"] == 25
    details = ok(await client.get("/wps/points/details", headers=portal.headers()))["list"]
    assert [(d["reason"], d["change"], d["reference"]) for d in details] == [
        ("MINIGAME", 25, f"minigame:{played['playId']}")
    ]
    ticket_play = ok(await play(portal, tickets))
    async with db.read_session() as session:
        found = list(
            await session.scalars(select(RaffleTicket).where(RaffleTicket.source.like("minigame:%")))
        )
        row = await session.get(PrizePlay, ticket_play["playId"])
    assert [(t.tickets, t.source) for t in found] == [(2, f"minigame:{ticket_play['playId']}")]
    assert row is not None
    assert row.raffle_id == found[0].promotion_id
    listed = await won(client, portal)
    assert [(w["kind"], w["value"], w["amount"]) for w in listed] == [
        ("TICKETS", 2, None),
        ("POINTS", 25, None),
    ]
    await points_are_clean(db)
    await ledger_is_clean(db)


async def test_the_outcome_is_recomputed_from_the_revealed_seed(
    client: httpx.AsyncClient, db: Database
) -> None:
    body = game_body(
        [prize("MONEY", "50", amount="0.10"), prize("NOTHING", "30"), prize("POINTS", "20", value=1)]
    )
    body["earn"]["perCheckin"] = 6
    game = (await make_game(client, db, body))["id"]
    portal = await player(client)
    await checked_in(portal)
    before = await game_of(client, portal, game)
    plays = [ok(await play(portal, game, "my-seed_1")) for _ in range(6)]
    assert [p["nonce"] for p in plays] == list(range(6))
    assert {p["seedHash"] for p in plays} == {before["seedHash"]}
    rotated = ok(await portal.call("POST", f"/wps/minigames/games/{game}/seed", {}))
    assert rotated["previousSeedHash"] == before["seedHash"] == seed_hash(rotated["previousSeed"])
    assert (rotated["nonce"], rotated["clientSeed"]) == (0, "my-seed_1")
    assert rotated["seedHash"] != before["seedHash"]
    async with db.read_session() as session:
        stored = await session.get(PrizePlay, plays[0]["playId"])
        assert stored is not None
    table = [{"ppm": 500_000}, {"ppm": 300_000}, {"ppm": 200_000}]
    for p in plays:
        assert outcome(table, rotated["previousSeed"], "my-seed_1", p["nonce"]) == p["prizeIndex"]
    after = await game_of(client, portal, game)
    assert (after["seedHash"], after["nonce"], after["clientSeed"]) == (rotated["seedHash"], 0, "my-seed_1")
    failed(await portal.call("POST", "/wps/minigames/games/999999/seed", {}), 404, "NOT_FOUND")
    failed(await play(portal, game, "bad seed!"), 422, "VALIDATION_ERROR")
    await points_are_clean(db)
    await ledger_is_clean(db)


async def test_big_prizes_make_the_winner_board(
    client: httpx.AsyncClient, db: Database, emitted: list[tuple[str, str | None, Any]]
) -> None:
    big = (
        await make_game(client, db, game_body([prize("MONEY", "100", amount="25.00"), prize("NOTHING", "0")]))
    )["id"]
    portal = await player(client)
    await checked_in(portal)
    ok(await play(portal, big))
    ok(await play(portal, big))
    board = ok(await client.get("/wps/relay/winnerBoard", headers={"Merchant": "demo"}))["list"]
    assert [(w["account"], w["amount"], w["gameName"], w["vassalage"]) for w in board] == [
        ("pl***1", "25.00", "Test wheel", "MINIGAME")
    ] * 2
    await after_commit.drain()
    pushed = [(room, p) for e, room, p in emitted if e == events.WINNERS]
    # Pushed in the order won; the board shows the newest first.
    assert pushed == [("merchant:demo", {"list": [board[1]]}), ("merchant:demo", {"list": [board[0]]})]
    assert ok(await client.get("/wps/relay/winnerBoard", headers={"Merchant": "demo2"}))["list"] == []
    await ledger_is_clean(db)
