"""Concurrent vendor bets on one wallet, on Postgres with real concurrent transactions: never below zero,
each transaction id charged once however often it is retried at the same moment."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator

import httpx
import pytest

from server.app import create_app
from server.db import migrate
from server.db.session import Database
from server.demo.seed import seed_demo
from tests.conftest import make_settings
from tests.games.support import fund, game_id, launch_token, ledger_is_clean, vendor_call
from tests.support.accounts import token_for
from tests.support.databases import postgres_database
from tests.support.services import require_postgres

pytestmark = pytest.mark.slow


@pytest.fixture
async def pg_client() -> AsyncIterator[tuple[httpx.AsyncClient, Database]]:
    require_postgres()
    manager = postgres_database()
    url = await asyncio.to_thread(manager.__enter__)
    db = Database.from_url(url)
    try:
        await asyncio.to_thread(migrate.upgrade, url)
        async with db.session() as session:
            await seed_demo(session)
        app = create_app(make_settings(url), db=db)
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
                yield client, db
    finally:
        await db.dispose()
        await asyncio.to_thread(manager.__exit__, None, None, None)


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
