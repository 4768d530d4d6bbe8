"""Missions (issue 31): tasks counted from what the member did in the period (rounds, turnover in a category,
deposits, games new to the member, days signed in), claimed once each for bonus money or raffle tickets, the
summary's badge; the leaderboard read live and paid once when its period has closed. The ledger stays
clean."""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select

from realtime import events
from server.db import after_commit
from server.db.session import Database
from server.games.models import BetRecord
from server.promotions.leaderboards import pay_closed
from server.promotions.live_boards import LiveBoards
from server.promotions.models import PromotionEntry, RaffleTicket
from tests.games.support import fund
from tests.games.test_house_api import house_headers, open_game
from tests.promotions.support import admin, body
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")

TASKS = [
    {"type": "BET_COUNT", "target": "2", "reward": "1.00"},
    {"type": "TURNOVER", "target": "40.00", "category": "RNG", "reward": "2.00"},
    {"type": "TURNOVER", "target": "40.00", "category": "LIVE", "reward": "3.00"},
    {"type": "NEW_GAME", "target": "1", "reward": "0.50"},
    {"type": "LOGIN_DAYS", "target": "1", "reward": "0.25"},
]


async def create(
    client: httpx.AsyncClient, headers: dict[str, str], kind: str, params: dict[str, Any], **extra: Any
) -> int:
    made = body(kind, params, category="CASINO", **extra)
    return int(ok(await client.post("/wps/admin/promotions", json=made, headers=headers))["id"])


async def spin(client: httpx.AsyncClient, opened: dict[str, Any], times: int) -> None:
    for _ in range(times):
        ok(await client.post("/house/api/round", json={"lineBet": "1.00"}, headers=house_headers(opened)))


async def test_tasks_count_what_the_member_did_and_pay_once(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    mission = await create(client, staff, "MISSION", {"period": "WEEKLY", "tasks": TASKS, "wagerMultiple": 1})
    portal = await player(client)
    before = ok(await client.get("/wps/relay/missionSummary", headers=portal.headers()))
    [shown] = [m for m in before["list"] if m["promotion"]["id"] == mission]
    assert [t["progress"] for t in shown["tasks"]] == ["0", "0.00", "0.00", "0", "1"]  # signed in today
    failed(
        await portal.call("POST", f"/wps/promotions/{mission}/tasks/0/claim", {}),
        409,
        "PROMOTION_TASK_NOT_DONE",
    )

    await fund(db, "demo", "player1", 100_00, "mission-fund")
    await spin(client, await open_game(client, db, "slot-golden-dragon"), 2)  # two slot rounds of 20.00
    summary = ok(await client.get("/wps/relay/missionSummary", headers=portal.headers()))
    [shown] = [m for m in summary["list"] if m["promotion"]["id"] == mission]
    tasks = shown["tasks"]
    assert [(t["progress"], t["done"]) for t in tasks] == [
        ("2", True),
        ("40.00", True),
        ("0.00", False),  # live casino only
        ("1", True),
        ("1", True),
    ]
    assert summary["count"] >= 4
    detail = ok(await client.get(f"/wps/promotions/{mission}", headers=portal.headers()))
    assert detail["status"] == "PROCESS"
    assert detail["mission"]["tasks"] == tasks

    start = await sum_balance(client, portal)
    for index in (0, 1, 3, 4):
        paid = ok(await portal.call("POST", f"/wps/promotions/{mission}/tasks/{index}/claim", {}))
        assert paid["reward"]["status"] == "CLAIMED"
    failed(
        await portal.call("POST", f"/wps/promotions/{mission}/tasks/0/claim", {}), 409, "PROMOTION_ALREADY"
    )
    failed(
        await portal.call("POST", f"/wps/promotions/{mission}/tasks/2/claim", {}),
        409,
        "PROMOTION_TASK_NOT_DONE",
    )
    failed(await portal.call("POST", f"/wps/promotions/{mission}/tasks/7/claim", {}), 404, "NOT_FOUND")
    after = ok(await client.get("/wps/relay/missionSummary", headers=portal.headers()))
    [shown] = [m for m in after["list"] if m["promotion"]["id"] == mission]
    assert [t["claimed"] for t in shown["tasks"]] == [True, True, False, True, True]
    assert float(await sum_balance(client, portal)) * 100 == pytest.approx(float(start) * 100 + 375)
    # Bonus money with the mission's wagering: 1x the rewards.
    wagering = ok(await client.get("/wps/member/bonus/wagering", headers=portal.headers()))
    assert sorted(lock["amount"] for lock in wagering["locks"]) == ["0.25", "0.50", "1.00", "2.00"]
    await ledger_is_clean(db)


async def test_a_deposit_task_and_tickets_for_a_raffle(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    ends = (datetime.now(UTC) + timedelta(days=3)).isoformat()
    raffle = await create(
        client,
        staff,
        "RAFFLE",
        {"ticketBy": "DEPOSIT", "ticketEvery": "100.00", "prizes": ["10.00"]},
        endsAt=ends,
    )
    tasks = [{"type": "DEPOSIT", "target": "150.00", "tickets": 3, "raffleId": raffle}]
    mission = await create(client, staff, "MISSION", {"tasks": tasks})
    elsewhere = await admin(db, "demo2")
    failed(
        await client.post(
            "/wps/admin/promotions",
            json=body("MISSION", {"tasks": tasks}, category="CASINO"),
            headers=elsewhere,
        ),
        422,
        "VALIDATION_ERROR",
    )
    portal = await player(client)
    await deposit_bank(client, db, portal, "150.00", "mission-dep-0001")
    paid = ok(await portal.call("POST", f"/wps/promotions/{mission}/tasks/0/claim", {}))
    assert paid["reward"]["amount"] == "0.00"
    async with db.read_session() as session:
        tickets = list(await session.scalars(select(RaffleTicket).where(RaffleTicket.promotion_id == raffle)))
    assert [(t.tickets, t.source.startswith(f"mission:{mission}:")) for t in tickets] == [(3, True)]
    await ledger_is_clean(db)


async def test_trial_accounts_and_bad_tasks_are_refused(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"tasks": [{"type": "BET_COUNT", "target": "2.5", "reward": "1.00"}]}, "params.tasks.0.target"),
        ({"tasks": [{"type": "TURNOVER", "target": "10.00"}]}, "params.tasks.0.reward"),
        ({"tasks": [{"type": "DEPOSIT", "target": "10.00", "tickets": 2}]}, "params.tasks.0.raffleId"),
        ({"tasks": TASKS, "leaderboard": {"prizes": ["5.00", "10.00"]}}, "params.leaderboard.prizes.1"),
    ]
    for params, field in bad:
        answer = failed(
            await client.post("/wps/admin/promotions", json=body("MISSION", params), headers=staff),
            422,
            "VALIDATION_ERROR",
        )
        assert answer["fields"][0]["field"] == field, answer
    mission = await create(client, staff, "MISSION", {"tasks": TASKS[4:]})
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    claimed = await trial.call("POST", f"/wps/promotions/{mission}/tasks/0/claim", {})
    failed(claimed, 403, "in_need_true_account")


@pytest.mark.slow
async def test_the_leaderboard_is_live_and_its_closed_period_is_paid_once(
    pg_client: tuple[httpx.AsyncClient, Database], emitted: list[tuple[str, str | None, Any]]
) -> None:
    # A whole app on a database of its own: the boards read it from tasks of their own, which the other
    # tests' one shared connection does not allow (the app leaves the boards off there).
    client, db = pg_client
    app = cast(FastAPI, cast(httpx.ASGITransport, client._transport).app)
    live: LiveBoards = app.state.live_boards
    staff = await admin(db)
    params = {
        "period": "DAILY",
        "tasks": TASKS[:1],
        "leaderboard": {"prizes": ["8.00", "4.00"], "category": "RNG", "size": 10},
    }
    mission = await create(client, staff, "MISSION", params)
    visitor = ok(
        await client.get(f"/wps/relay/missionLeaderboard?promotionId={mission}", headers={"Merchant": "demo"})
    )
    assert (visitor["rows"], visitor["me"], visitor["room"]) == ([], None, f"leaderboard:demo:{mission}")
    assert visitor["prizes"] == ["8.00", "4.00"]

    await fund(db, "demo", "player1", 100_00, "board-fund-1")
    await fund(db, "demo", "player2", 100_00, "board-fund-2")
    await spin(client, await open_game(client, db, "slot-golden-dragon"), 1)
    await spin(client, await open_game(client, db, "slot-golden-dragon", "player2"), 2)
    await after_commit.drain()
    await live.idle()  # a push waits for its board's turn, at most one a second
    room = f"leaderboard:demo:{mission}"
    pushes = [p for e, r, p in emitted if e == events.MISSIONS_LEADERBOARD and r == room]
    assert pushes, emitted
    assert [(row["rank"], row["name"], row["score"]) for row in pushes[-1]["rows"]] == [
        (1, "pl***2", "40.00"),
        (2, "pl***1", "20.00"),
    ]
    # Three rounds each changed the top rows: at most a push each, and never two within a second.
    assert len(pushes) <= 3
    assert all(later["at"] - earlier["at"] >= 950 for earlier, later in itertools.pairwise(pushes))

    one = await player(client)
    board = ok(
        await client.get(f"/wps/relay/missionLeaderboard?promotionId={mission}", headers=one.headers())
    )
    assert [(r["rank"], r["name"], r["score"], r["prize"]) for r in board["rows"]] == [
        (1, "pl***2", "40.00", "8.00"),
        (2, "pl***1", "20.00", "4.00"),
    ]
    assert (board["me"]["rank"], board["me"]["tag"]) == (2, board["rows"][1]["tag"])
    listed = ok(await client.get("/wps/relay/missionLeaderboards", headers={"Merchant": "demo"}))["list"]
    assert [b["promotionId"] for b in listed if b["promotionId"] == mission] == [mission]

    # The day closes (its rounds moved back a day): the job pays rank 1 and 2 once.
    async with db.session() as session:
        for record in await session.scalars(select(BetRecord).where(BetRecord.settled_at.is_not(None))):
            assert record.settled_at is not None
            record.placed_at -= timedelta(days=1)
            record.settled_at -= timedelta(days=1)
    async with db.session() as session:
        first = await pay_closed(session)
    async with db.session() as session:
        again = await pay_closed(session)
    # The demo's own slots mission pays its board of the same rounds too.
    assert (first["paid"] >= 2, again) == (True, {"boards": 0, "paid": 0})
    async with db.read_session() as session:
        prizes = sorted(
            (e.amount, e.status, e.transfer_id is not None)
            for e in await session.scalars(
                select(PromotionEntry).where(
                    PromotionEntry.promotion_id == mission, PromotionEntry.period_key.like("%#LB")
                )
            )
        )
    assert prizes == [(4_00, "ISSUED", True), (8_00, "ISSUED", True)]
    await ledger_is_clean(db)


@pytest.mark.slow
async def test_twenty_parallel_task_claims_pay_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    staff = await admin(db)
    mission = await create(
        client, staff, "MISSION", {"tasks": [{"type": "LOGIN_DAYS", "target": "1", "reward": "2.00"}]}
    )
    portal = await player(client)
    answers = await asyncio.gather(
        *(portal.call("POST", f"/wps/promotions/{mission}/tasks/0/claim", {}) for _ in range(20))
    )
    codes = sorted(a.json()["errorCode"] or "PAID" for a in answers)
    assert codes == ["PAID"] + ["PROMOTION_ALREADY"] * 19, [a.text for a in answers]
    assert await sum_balance(client, portal) == "2.00"
    await ledger_is_clean(db)
