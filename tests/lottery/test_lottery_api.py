"""The lottery end to end over HTTP: launched from the portal, bets debited and wins credited through the
seamless-wallet API, issues drawn and settled by the draw job, every cent through the ledger."""

from __future__ import annotations

import asyncio
import hashlib
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from realtime import events
from server.db.session import Database
from server.games.models import BetRecord, Game
from server.house.lottery import draws, results, schedule
from server.house.lottery.catalogue import GAMES_BY_CODE, LotteryGame
from server.house.lottery.models import LotteryBet, LotteryIssue
from server.house.wallet_client import WalletClient, WalletError
from server.http.core.money import parse_amount
from tests.games.support import fund, launch_token, ledger_is_clean
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
GAME = GAMES_BY_CODE["vn-fast-1m"]
Sent = list[tuple[str, str | None, Any]]


async def lottery_session(
    client: httpx.AsyncClient, db: Database, username: str = "player1"
) -> dict[str, str]:
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", username)}
    lobby = {
        "launchMode": "LOTT",
        "lottoArea": "VN",
        "lottoPrizeMode": "Lott",
        "lottoGameCode": GAME.code,
        "lottoView": "betting",
        "device": "WEB",
        "backUrl": "/lottery",
        "language": "EN",
    }
    url = ok(await client.post("/wps/game/launchGame", json=lobby, headers=headers))["game_url"]
    assert url.startswith("/lottery?")
    assert f"gameCode={GAME.code}" in url
    opened = ok(
        await client.post("/lgw/session", json={"token": launch_token(url)}, headers={"Merchant": "demo"})
    )
    return {"Merchant": "demo", "X-House-Session": opened["sessionId"]}


async def state(client: httpx.AsyncClient) -> dict[str, Any]:
    answer: dict[str, Any] = ok(
        await client.get(f"/lgw/games/{GAME.code}/state", headers={"Merchant": "demo"})
    )
    return answer


async def state_at_next(client: httpx.AsyncClient, window: schedule.Window) -> dict[str, Any]:
    """The state once the next issue has opened (a test near the close waits the few seconds for it)."""
    while True:
        answer = await state(client)
        if answer["issue"]["issueNo"] == window.issue_no:
            return answer
        await asyncio.sleep(0.5)


async def open_window(client: httpx.AsyncClient, game: LotteryGame = GAME) -> schedule.Window:
    """An issue taking bets with a few seconds to spare: between an issue's close and its draw nothing takes
    bets, so a test that lands there waits for the next issue to open."""
    while True:
        now = datetime.fromisoformat((await state(client))["now"])
        window = schedule.current(game, now)
        if window.taking_bets(now) and window.closes_at - now > timedelta(seconds=3):
            return window
        await asyncio.sleep(min(1.0, max(0.1, (window.draw_at - now).total_seconds())))


async def bet(
    client: httpx.AsyncClient,
    headers: dict[str, str],
    issue_no: str,
    play: str,
    numbers: list[str],
    stake: str,
) -> httpx.Response:
    body = {
        "gameCode": GAME.code,
        "issueNo": issue_no,
        "prizeMode": "Lott",
        "playType": play,
        "numbers": numbers,
        "stake": stake,
    }
    return await client.post("/lgw/bets", json=body, headers=headers)


async def issue_row(db: Database, issue_no: str) -> LotteryIssue:
    async with db.read_session() as read:
        row = await read.scalar(
            select(LotteryIssue).where(LotteryIssue.game_code == GAME.code, LotteryIssue.issue_no == issue_no)
        )
    assert row is not None
    return row


async def balance(client: httpx.AsyncClient, db: Database, username: str = "player1") -> int:
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", username)}
    return parse_amount(
        ok(await client.get("/wps/v2/wallets/balance", headers=headers))["sumBalance"], allow_zero=True
    )


async def test_bet_draw_and_settle_pays_odds_times_stake_once(
    client: httpx.AsyncClient, app: FastAPI, db: Database, emitted: Sent
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-lot-1")
    headers = await lottery_session(client, db)
    current = await state(client)
    # The commitment is public before the draw, and is the hash of the seed revealed after it.
    window = await open_window(client)
    if window.issue_no != current["issue"]["issueNo"]:
        current = await state_at_next(client, window)
    committed = current["issue"]["commitment"]
    placed = ok(await bet(client, headers, window.issue_no, "LO", ["07", "42"], "2.00"))
    assert placed["bet"]["status"] == "OPEN"
    assert placed["bet"]["total"] == "4.00"
    assert placed["balance"] == "96.00"
    placed_de = ok(await bet(client, headers, window.issue_no, "DE", ["13"], "1.00"))
    assert placed_de["balance"] == "95.00"
    # Every last digit of the special prize: this one wins for sure.
    tails = [str(d) for d in range(10)]
    assert ok(await bet(client, headers, window.issue_no, "TAIL", tails, "1.00"))["balance"] == "85.00"
    assert await balance(client, db) == 85_00

    wallet: WalletClient = app.state.house.wallet
    report = await draws.run(db, wallet, window.draw_at + timedelta(seconds=1))
    assert report.drawn >= 1
    assert report.failed == 0
    again = await draws.run(db, wallet, window.draw_at + timedelta(seconds=2))
    assert again.paid == 0  # a second run finds nothing to pay

    row = await issue_row(db, window.issue_no)
    assert row.status == "SETTLED"
    assert row.tiers is not None
    assert hashlib.sha256(row.seed.encode()).hexdigest() == row.commitment
    assert committed == row.commitment
    assert row.tiers == results.draw(GAME, row.issue_no, row.seed)
    expected_lo = results.settle(GAME, GAME.known_play("LO"), "Lott", ["07", "42"], 2_00, row.tiers).win
    expected_de = results.settle(GAME, GAME.known_play("DE"), "Lott", ["13"], 1_00, row.tiers).win
    expected_tail = results.settle(GAME, GAME.known_play("TAIL"), "Lott", tails, 1_00, row.tiers).win
    assert expected_tail > 0
    assert await balance(client, db) == 85_00 + expected_lo + expected_de + expected_tail

    mine = ok(await client.get("/lgw/bets", headers=headers))
    by_play = {b["playType"]: b for b in mine["list"]}
    assert by_play["LO"]["status"] == ("WON" if expected_lo else "LOST")
    assert parse_amount(by_play["LO"]["win"], allow_zero=True) == expected_lo
    assert by_play["DE"]["status"] == ("WON" if expected_de else "LOST")
    # The sheet marks where each won bet won: the special prize for the tail, each lô number ending in a pick.
    assert by_play["TAIL"]["wonNumbers"] == [{"tier": "special", "index": 0}]
    lo_places = {
        (t["tier"], i) for t in row.tiers for i, n in enumerate(t["numbers"]) if n[-2:] in ("07", "42")
    }
    assert {(w["tier"], w["index"]) for w in by_play["LO"]["wonNumbers"]} == lo_places
    assert bool(lo_places) == bool(expected_lo)
    # Each slip is one settled round of the member's betting record.
    async with db.read_session() as read:
        records = list(
            await read.scalars(select(BetRecord).where(BetRecord.round_id.like(f"L.{GAME.code}.%")))
        )
    assert sorted(r.bet_amount for r in records) == [1_00, 4_00, 10_00]
    assert all(r.settled_at is not None for r in records)
    # The result went to the game's room once, with the next issue to bet on.
    opened = [p for e, room, p in emitted if e == events.LOTTERY_OPENED and room == f"lottery:{GAME.code}"]
    mine_opened = [p for p in opened if p["issueNo"] == window.issue_no]
    assert len(mine_opened) == 1
    assert mine_opened[0]["tiers"] == row.tiers
    assert mine_opened[0]["serverSeed"] == row.seed
    assert mine_opened[0]["next"]["issueNo"] > window.issue_no
    history = ok(
        await client.get(
            "/lgw/vn/numeros/opened/game", params={"gameCode": GAME.code}, headers={"Merchant": "demo"}
        )
    )
    assert history["list"][0]["issueNo"] == window.issue_no
    await ledger_is_clean(db)


class DiesAfterWinCalls(WalletClient):
    """A worker that dies right after the wallet answered its nth win call, before it closes the bet's row."""

    def __init__(self, inner: WalletClient, wins_before_death: int) -> None:
        self._inner = inner
        self._left = wins_before_death

    async def call(self, merchant: str, action: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = await self._inner.call(merchant, action, body)
        if action == "win":
            self._left -= 1
            if self._left < 0:
                raise WalletError(503, "WORKER_KILLED", "killed", None)
        return answer


async def test_a_worker_killed_mid_settlement_and_run_again_pays_nothing_twice(
    client: httpx.AsyncClient, app: FastAPI, db: Database
) -> None:
    await fund(db, "demo", "player1", 50_00, "dep-lot-2")
    await fund(db, "demo", "player2", 50_00, "dep-lot-3")
    first = await lottery_session(client, db, "player1")
    second = await lottery_session(client, db, "player2")
    window = await open_window(client)
    # Every tail digit: exactly one of these picks wins, so there is money to pay twice if it went wrong.
    ok(await bet(client, first, window.issue_no, "TAIL", [str(d) for d in range(5)], "1.00"))
    ok(await bet(client, second, window.issue_no, "TAIL", [str(d) for d in range(5, 10)], "1.00"))
    ok(await bet(client, first, window.issue_no, "DE", ["00"], "1.00"))
    wallet: WalletClient = app.state.house.wallet

    dying = DiesAfterWinCalls(wallet, wins_before_death=1)
    report = await draws.run(db, dying, window.draw_at + timedelta(seconds=1))
    assert report.failed >= 1
    row = await issue_row(db, window.issue_no)
    assert row.status == "DRAWN"  # not settled: some bets were left open
    await draws.run(db, wallet, window.draw_at + timedelta(seconds=5))
    row = await issue_row(db, window.issue_no)
    assert row.status == "SETTLED"
    assert row.tiers is not None
    tail = row.tiers[0]["numbers"][0][-1]
    de_win = 95_00 if row.tiers[0]["numbers"][0][-2:] == "00" else 0
    one_tail_win = 1_00 * 950 // 100
    paid_first = (one_tail_win if int(tail) < 5 else 0) + de_win
    paid_second = one_tail_win if int(tail) >= 5 else 0
    assert await balance(client, db, "player1") == 50_00 - 6_00 + paid_first
    assert await balance(client, db, "player2") == 50_00 - 5_00 + paid_second
    await ledger_is_clean(db)


async def test_refusals_lose_nothing(client: httpx.AsyncClient, app: FastAPI, db: Database) -> None:
    await fund(db, "demo", "player1", 3_00, "dep-lot-4")
    headers = await lottery_session(client, db)
    window = await open_window(client)
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"numbers": ["7"]}, 422, "VALIDATION_ERROR"),  # LO needs two digits
        ({"numbers": ["07", "07"]}, 422, "VALIDATION_ERROR"),
        ({"numbers": [f"{i:02d}" for i in range(11)]}, 422, "VALIDATION_ERROR"),
        ({"playType": "BIG"}, 422, "VALIDATION_ERROR"),  # not a play of this game
        ({"prizeMode": "SEA"}, 422, "VALIDATION_ERROR"),
        ({"stake": "0.50"}, 422, "VALIDATION_ERROR"),  # under the minimum
        ({"stake": "1.234"}, 422, "VALIDATION_ERROR"),
        (
            {"issueNo": schedule.following(GAME, schedule.following(GAME, window)).issue_no},
            409,
            "BETTING_CLOSED",
        ),
        ({"issueNo": "20200101-0001"}, 409, "BETTING_CLOSED"),
        ({"gameCode": "no-such-game"}, 404, "GAME_NOT_FOUND"),
        ({"numbers": ["01", "02"], "stake": "2.00"}, 422, "INSUFFICIENT_FUNDS"),
    ]
    for change, status, code in cases:
        body: dict[str, Any] = {
            "gameCode": GAME.code,
            "issueNo": window.issue_no,
            "prizeMode": "Lott",
            "playType": "LO",
            "numbers": ["07"],
            "stake": "1.00",
        } | change
        answer = await client.post("/lgw/bets", json=body, headers=headers)
        failed(answer, status, code)
    failed(await client.post("/lgw/bets", json={}, headers={"Merchant": "demo"}), 422, "VALIDATION_ERROR")
    bad_session = await bet(
        client, {"Merchant": "demo", "X-House-Session": "x" * 40}, window.issue_no, "LO", ["07"], "1.00"
    )
    failed(bad_session, 401, "HOUSE_SESSION_INVALID")
    assert await balance(client, db) == 3_00
    async with db.read_session() as read:
        kept = await read.scalar(
            select(func.count()).select_from(LotteryBet).where(LotteryBet.status != "VOID")
        )
    assert kept == 0
    await ledger_is_clean(db)


async def test_a_bet_still_pending_at_the_draw_is_rolled_back(
    client: httpx.AsyncClient, app: FastAPI, db: Database
) -> None:
    await fund(db, "demo", "player1", 10_00, "dep-lot-5")
    headers = await lottery_session(client, db)
    window = await open_window(client)
    placed = ok(await bet(client, headers, window.issue_no, "DE", ["55"], "2.00"))
    async with db.session() as session:  # as if the process died between the wallet's answer and the row
        row = await session.get(LotteryBet, placed["bet"]["betId"])
        assert row is not None
        row.status = "PENDING"
    assert await balance(client, db) == 8_00
    await draws.run(db, app.state.house.wallet, window.draw_at + timedelta(seconds=1))
    assert await balance(client, db) == 10_00
    mine = ok(await client.get("/lgw/bets", params={"status": "SETTLED"}, headers=headers))
    assert [b["status"] for b in mine["list"]] == ["VOID"]
    await ledger_is_clean(db)


async def test_menus_popular_recent_and_latest_numbers(
    client: httpx.AsyncClient, app: FastAPI, db: Database
) -> None:
    portal = {"Merchant": "demo", "Language": "CN"}
    menus = ok(await client.get("/lgw/games/game_menus", headers=portal))["menus"]
    assert [m["area"] for m in menus] == ["VN", "FAST", "SEA", "ELOTT"]
    fast = next(m for m in menus if m["area"] == "FAST")["games"][0]
    assert fast["name"] == "越南极速 1 分"
    assert fast["currentIssue"]["commitment"]
    assert {p["code"] for p in fast["playTypes"]} == {"LO", "DE", "HEAD", "TAIL", "3D", "4D"}
    lo = next(p for p in fast["playTypes"] if p["code"] == "LO")
    assert lo["odds"] == {"Lott": "3.50", "ZY": "3.40"}
    assert lo["pick"] == {"kind": "number", "digits": 2, "maxCount": 10, "options": []}
    vn = ok(await client.get("/lgw/vn/games/game_menu", headers=portal))["menus"]
    assert [m["area"] for m in vn] == ["FAST", "VN"]
    popular = ok(await client.get("/lgw/games/popular", params={"count": 3}, headers=portal))["list"]
    assert len(popular) == 3
    sea_only = ok(await client.get("/lgw/games/popular", params={"prizeMode": "SEA"}, headers=portal))["list"]
    assert [g["gameCode"] for g in sea_only] == ["sea-4d"]

    member = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    assert ok(await client.get("/lgw/vn/games/game_menu/recent", headers=member))["list"] == []
    failed(
        await client.get("/lgw/vn/games/game_menu/recent", headers={"Merchant": "demo"}), 401, "UNAUTHORIZED"
    )
    await fund(db, "demo", "player1", 5_00, "dep-lot-6")
    headers = await lottery_session(client, db)
    window = await open_window(client)
    ok(await bet(client, headers, window.issue_no, "HEAD", ["3"], "1.00"))
    recent = ok(await client.get("/lgw/vn/games/game_menu/recent", headers=member))["list"]
    assert [g["gameCode"] for g in recent] == [GAME.code]
    popular = ok(await client.get("/lgw/games/popular", headers=portal))["list"]
    assert popular[0]["gameCode"] == GAME.code
    await draws.run(db, app.state.house.wallet, window.draw_at + timedelta(seconds=1))
    latest = ok(await client.get("/lotto/lgw/games/opened/numero", headers=member))["list"]
    assert window.issue_no in {o["issueNo"] for o in latest if o["gameCode"] == GAME.code}
    failed(
        await client.get("/lgw/vn/numeros/opened/game", params={"gameCode": "nope"}, headers=portal),
        404,
        "GAME_NOT_FOUND",
    )
    too_many = await client.get(
        "/lgw/vn/numeros/opened/game", params={"gameCode": GAME.code, "count": 101}, headers=portal
    )
    failed(too_many, 422, "VALIDATION_ERROR")
    await ledger_is_clean(db)


async def test_a_slip_is_recorded_under_the_game_it_was_placed_on(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 5_00, "dep-lot-7")
    headers = await lottery_session(client, db)  # launched for Fast VN 1'
    other = GAMES_BY_CODE["vn-fast-3m"]
    window = await open_window(client, other)
    body = {
        "gameCode": other.code,
        "issueNo": window.issue_no,
        "prizeMode": "ZY",
        "playType": "TAIL",
        "numbers": ["3"],
        "stake": "1.00",
    }
    placed = ok(await client.post("/lgw/bets", json=body, headers=headers))
    assert placed["bet"]["gameName"] == "Fast VN 3'"
    async with db.read_session() as read:
        recorded = await read.scalar(
            select(Game.game_code)
            .join(BetRecord, BetRecord.game_id == Game.id)
            .where(BetRecord.round_id.like(f"L.{other.code}.%"))
        )
    assert recorded == other.code
    await ledger_is_clean(db)
