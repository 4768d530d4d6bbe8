"""Concurrent vendor bets on one wallet, on Postgres with real concurrent transactions: never below zero,
each transaction id charged once however often it is retried at the same moment."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx
import pytest

from server.db.session import Database
from tests.games.support import fund, game_id, launch_token, ledger_is_clean, vendor_call
from tests.support.accounts import token_for

pytestmark = pytest.mark.slow


async def test_forty_concurrent_bets_on_a_wallet_for_twenty(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    await fund(db, "demo", "player1", 100_00, "dep-race")
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    url = (await client.post("/wps/game/launchGame", json=body, headers=headers)).json()["value"]["game_url"]
    player = (await vendor_call(client, "authenticate", {"launchToken": launch_token(url)})).json()["value"]

    async def bet(tx: str) -> str:
        answer = await vendor_call(
            client,
            "bet",
            {"sessionToken": player["sessionToken"], "txId": tx, "roundId": f"r-{tx}", "amount": "5.00"},
        )
        return str(answer.json().get("errorCode") or "OK")

    # Forty different bets of 5.00 against 100.00, and every one of them sent twice at the same time.
    ids = [f"race-{i}" for i in range(40)]
    answers = await asyncio.gather(*(bet(tx) for tx in ids + ids))
    tally = Counter(answers)
    assert tally["OK"] == 40  # twenty bets, each answered twice (once as the replay)
    assert tally["INSUFFICIENT_FUNDS"] == 40
    balance = await vendor_call(client, "balance", {"sessionToken": player["sessionToken"]})
    assert balance.json()["value"]["balance"] == "0.00"
    await ledger_is_clean(db)
