"""A vendor's calls about one round arriving together, on Postgres with real concurrent transactions: exactly
one of a win and a rollback is applied, retries racing each other get the protocol's answer (never a 500),
and the ledger stays balanced."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.db.session import Database
from server.games.models import VendorTransaction
from tests.games.support import fund, game_id, launch_token, ledger_is_clean, vendor_call
from tests.support.accounts import token_for

pytestmark = pytest.mark.slow

PAIRS = 300  # 600 races of a win and a rollback (both orders), 50 pairs at a time
AT_ONCE = 50


async def launched(client: httpx.AsyncClient, db: Database) -> dict[str, Any]:
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    url = (await client.post("/wps/game/launchGame", json=body, headers=headers)).json()["value"]["game_url"]
    player: dict[str, Any] = (
        await vendor_call(client, "authenticate", {"launchToken": launch_token(url)})
    ).json()["value"]
    return player


def outcome(answer: httpx.Response) -> str:
    assert answer.status_code < 500, answer.text
    return str(answer.json().get("errorCode") or "OK")


async def balance(client: httpx.AsyncClient, player: dict[str, Any]) -> str:
    answer = await vendor_call(client, "balance", {"sessionToken": player["sessionToken"]})
    return str(answer.json()["value"]["balance"])


async def test_a_win_and_a_rollback_of_one_round_never_both_apply(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    await fund(db, "demo", "player1", PAIRS * 100, "dep-pairs")
    player = await launched(client, db)
    pid = player["playerId"]

    async def pair(n: int) -> tuple[str, str]:
        bet = {"sessionToken": player["sessionToken"], "txId": f"b{n}", "roundId": f"r{n}", "amount": "1.00"}
        assert outcome(await vendor_call(client, "bet", bet)) == "OK"
        win = vendor_call(
            client, "win", {"playerId": pid, "txId": f"w{n}", "roundId": f"r{n}", "amount": "3.00"}
        )
        back = vendor_call(
            client, "rollback", {"playerId": pid, "txId": f"x{n}", "betTxId": f"b{n}", "roundId": f"r{n}"}
        )
        calls = [win, back] if n % 2 else [back, win]  # both orders of arrival
        first, second = await asyncio.gather(*calls)
        won, rolled = (first, second) if n % 2 else (second, first)
        return outcome(won), outcome(rolled)

    results: list[tuple[str, str]] = []
    for start in range(0, PAIRS, AT_ONCE):
        results += await asyncio.gather(*(pair(n) for n in range(start, min(start + AT_ONCE, PAIRS))))
    tally = Counter(results)
    # Exactly one of the two applied, and the other got the protocol's refusal.
    assert set(tally) <= {("OK", "ROUND_SETTLED"), ("BET_ROLLED_BACK", "OK")}, tally
    wins = tally[("OK", "ROUND_SETTLED")]
    # Each round staked 1.00; a won round paid 3.00, a rolled-back one gave the stake back.
    expected = PAIRS * 100 - PAIRS * 100 + wins * 300 + (PAIRS - wins) * 100
    assert await balance(client, player) == f"{expected // 100}.{expected % 100:02d}"
    await ledger_is_clean(db)


async def test_retries_racing_each_other_get_the_protocols_answers(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    await fund(db, "demo", "player1", 1000_00, "dep-retries")
    player = await launched(client, db)
    pid, token = player["playerId"], player["sessionToken"]
    rounds = 40

    async def bet(tx: str, amount: str = "1.00") -> str:
        body = {"sessionToken": token, "txId": tx, "roundId": f"r-{tx}", "amount": amount}
        return outcome(await vendor_call(client, "bet", body))

    async def rollback(tx: str, bet_tx: str) -> str:
        body = {"playerId": pid, "txId": tx, "betTxId": bet_tx, "roundId": f"r-{bet_tx}"}
        return outcome(await vendor_call(client, "rollback", body))

    # Two rollbacks of one bet under different ids: one refunds, the other is told it was rolled back.
    for n in range(rounds):
        assert await bet(f"a{n}") == "OK"
    twice = await asyncio.gather(*(rollback(f"ra{n}-{k}", f"a{n}") for n in range(rounds) for k in (1, 2)))
    for n in range(rounds):
        assert sorted(twice[2 * n : 2 * n + 2]) == ["BET_ROLLED_BACK", "OK"]

    # A bet racing a rollback of itself: either the bet lands and is refunded, or the rollback comes first
    # and the bet is refused as rolled back. Both always answer.
    raced = await asyncio.gather(
        *(asyncio.gather(bet(f"c{n}"), rollback(f"rc{n}", f"c{n}")) for n in range(rounds))
    )
    assert set(map(tuple, raced)) <= {("OK", "OK"), ("BET_ROLLED_BACK", "OK")}, raced

    # The same id with another amount: one is taken, the other refused as a conflict and flagged.
    same = await asyncio.gather(
        *(asyncio.gather(bet(f"d{n}", "1.00"), bet(f"d{n}", "2.00")) for n in range(rounds))
    )
    assert all(sorted(pair) == ["OK", "VENDOR_TX_CONFLICT"] for pair in same), same
    async with db.read_session() as session:
        flagged = await session.scalars(
            select(VendorTransaction.tx_id).where(VendorTransaction.flagged.is_(True))
        )
        assert set(flagged) == {f"d{n}" for n in range(rounds)}

    # Every stake but the d-bets' came back: 1000.00 less one 1.00 or 2.00 per d-bet.
    async with db.read_session() as session:
        kept = await session.scalars(
            select(VendorTransaction.amount).where(
                VendorTransaction.kind == "BET", VendorTransaction.tx_id.like("d%")
            )
        )
        charged = sum(kept)
    expected = 1000_00 - charged
    assert await balance(client, player) == f"{expected // 100}.{expected % 100:02d}"
    await ledger_is_clean(db)
