"""The combined bet-and-win raced on Postgres with real concurrent transactions: the same call twice at once
moves money once and both get its answer; a call and a conflicting one with its id: one applies, the other is
a flagged VENDOR_TX_CONFLICT; a call and a rollback of its id: either the round is settled (the rollback is
ROUND_SETTLED) or the tombstone came first (the call is BET_ROLLED_BACK). Never a 500, and the ledger stays
balanced with the player's balance equal to what the answers say."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx
import pytest
from sqlalchemy import select

from server.db.session import Database
from server.games.models import VendorTransaction
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.games.test_vendor_races import balance, launched, outcome

pytestmark = pytest.mark.slow

ROUNDS = 60


async def test_a_rounds_calls_raced_apply_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    await fund(db, "demo", "player1", 1000_00, "dep-bw-races")
    player = await launched(client, db)
    token, pid = player["sessionToken"], player["playerId"]

    def call(tx: str, amount: str = "1.00", win: str = "3.00") -> dict[str, str]:
        return {"sessionToken": token, "txId": tx, "roundId": f"r-{tx}", "amount": amount, "win": win}

    async def bet_win(body: dict[str, str]) -> tuple[str, str | None]:
        answer = await vendor_call(client, "betWin", body)
        code = outcome(answer)
        return code, answer.json()["value"]["balance"] if code == "OK" else None

    # The same call twice at once: both answered alike, the money moved once (net +2.00 a round).
    same = await asyncio.gather(
        *(asyncio.gather(bet_win(call(f"a{n}")), bet_win(call(f"a{n}"))) for n in range(ROUNDS))
    )
    for first, second in same:
        assert first[0] == second[0] == "OK", (first, second)
        assert first[1] == second[1], (first, second)

    # A call and a conflicting one with its id (another win): one applies, the other is flagged.
    conflicting = await asyncio.gather(
        *(asyncio.gather(bet_win(call(f"b{n}")), bet_win(call(f"b{n}", win="9.00"))) for n in range(ROUNDS))
    )
    assert all(sorted(code for code, _ in pair) == ["OK", "VENDOR_TX_CONFLICT"] for pair in conflicting)
    async with db.read_session() as session:
        flagged = set(
            await session.scalars(select(VendorTransaction.tx_id).where(VendorTransaction.flagged.is_(True)))
        )
        wins = {
            tx: amount
            for tx, amount in await session.execute(
                select(VendorTransaction.related_tx_id, VendorTransaction.amount).where(
                    VendorTransaction.kind == "WIN", VendorTransaction.related_tx_id.like("b%")
                )
            )
        }
    assert flagged == {f"b{n}" for n in range(ROUNDS)}

    # A call and a rollback of its id, in both orders of arrival.
    async def rollback(n: int) -> str:
        body = {"playerId": pid, "txId": f"x{n}", "betTxId": f"c{n}", "roundId": f"r-c{n}"}
        return outcome(await vendor_call(client, "rollback", body))

    async def pair(n: int) -> tuple[str, str]:
        if n % 2:
            played, back = await asyncio.gather(bet_win(call(f"c{n}")), rollback(n))
        else:
            back, played = await asyncio.gather(rollback(n), bet_win(call(f"c{n}")))
        return played[0], back

    raced = Counter(await asyncio.gather(*(pair(n) for n in range(ROUNDS))))
    assert set(raced) <= {("OK", "ROUND_SETTLED"), ("BET_ROLLED_BACK", "OK")}, raced
    played = raced[("OK", "ROUND_SETTLED")]

    expected = 1000_00 + ROUNDS * 2_00 + sum(w - 1_00 for w in wins.values()) + played * 2_00
    assert await balance(client, player) == f"{expected // 100}.{expected % 100:02d}"
    await ledger_is_clean(db)
