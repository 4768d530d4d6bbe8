"""Automatic transfer under real concurrency (Postgres, each request on its own connection): two launches at
once, a launch racing the player's leaving, a bet racing the sweep back and the idle job racing a bet. In each
round exactly one order of events is what the money shows: nothing moves twice, no wallet goes below zero, the
money is all there, and the ledger balances (postings sum to zero, balances equal their postings)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import httpx
import pytest

from server.db.base import utcnow
from server.db.session import Database
from server.wallet import game_money
from tests.games.auto_transfer import MERCHANT, authenticate, headers, launch, leave, wallets
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.support.portal import ok

pytestmark = pytest.mark.slow

ROUNDS = 25


def cents(amount: str) -> int:
    whole, _, part = amount.partition(".")
    return int(whole) * 100 + int(part or 0)


def outcome(answer: httpx.Response) -> str:
    assert answer.status_code < 500, answer.text
    return str(answer.json().get("errorCode") or "OK")


async def bet(client: httpx.AsyncClient, player: dict[str, Any], n: int) -> httpx.Response:
    body = {"sessionToken": player["sessionToken"], "txId": f"rb{n}", "roundId": f"rr{n}", "amount": "1.00"}
    return await vendor_call(client, "bet", body, merchant=MERCHANT)


async def test_two_launches_at_once_move_the_money_in_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    who = await headers(db)
    total = 0
    for n in range(ROUNDS):
        await fund(db, MERCHANT, "player1", 10_00, f"two-{n}")
        total += 10_00
        first, second = await asyncio.gather(launch(client, db, who=who), launch(client, db, who=who))
        moved = sorted(cents(ok(answer)["movedIn"]) for answer in (first, second))
        assert moved == [0, 10_00]  # the deposit went in once; the other launch found it there
        assert await wallets(db) == {"": 0, "HOUSE": total}
    await ledger_is_clean(db)


async def test_a_launch_racing_the_leaving_ends_in_one_of_the_two_orders(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    who = await headers(db)
    total = 0
    orders = set()
    for n in range(ROUNDS):
        ok(await leave(client, who))
        await fund(db, MERCHANT, "player1", 5_00, f"race-{n}")
        total += 5_00
        launched, left = await asyncio.gather(launch(client, db, who=who), leave(client, who))
        moved, returned = cents(ok(launched)["movedIn"]), cents(ok(left)["returned"])
        assert moved == total  # the leaving before it had nothing to take; the one after takes it all back
        now = await wallets(db)
        if returned:
            orders.add("launch first")
            assert (returned, now) == (total, {"": total, "HOUSE": 0})
        else:
            orders.add("leave first")
            assert now == {"": 0, "HOUSE": total}
    assert orders  # at least one order seen; both are right
    await ledger_is_clean(db)


async def test_a_bet_racing_the_sweep_back_is_taken_or_refused_never_both(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    who = await headers(db)
    await fund(db, MERCHANT, "player1", 50_00, "bet-race")
    expected = 50_00
    for n in range(ROUNDS):
        player = await authenticate(client, ok(await launch(client, db, who=who)))
        staked, left = await asyncio.gather(bet(client, player, n), leave(client, who))
        taken = outcome(staked)
        assert taken in ("OK", "INSUFFICIENT_FUNDS")
        expected -= 1_00 if taken == "OK" else 0
        # Whichever came first, the sweep took what the bet left, and the wallets never went below zero.
        assert cents(ok(left)["returned"]) == expected
        assert await wallets(db) == {"": expected, "HOUSE": 0}
    await ledger_is_clean(db)


async def test_the_idle_job_racing_a_bet_moves_each_cent_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    who = await headers(db)
    await fund(db, MERCHANT, "player1", 30_00, "job-race")
    expected = 30_00
    later = utcnow() + timedelta(minutes=game_money.IDLE_MINUTES + 1)

    async def job() -> dict[str, int]:
        async with db.session() as session:
            return await game_money.return_idle_game_money(session, now=later)

    for n in range(ROUNDS):
        player = await authenticate(client, ok(await launch(client, db, who=who)))
        staked, swept = await asyncio.gather(bet(client, player, n), job())
        expected -= 1_00 if outcome(staked) == "OK" else 0
        assert swept["returned"] == expected
        assert await wallets(db) == {"": expected, "HOUSE": 0}
    await ledger_is_clean(db)
