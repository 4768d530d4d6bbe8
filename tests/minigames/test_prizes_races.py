"""Plays racing on Postgres with real concurrent transactions (issue 33): ten parallel plays with three plays
earned pay exactly three outcomes, each once, with three distinct nonces; the books stay clean."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import func, select

from server.db.session import Database
from server.minigames.prizes.models import PrizeCounter, PrizePlay
from tests.loyalty.test_points_support import books_are_clean
from tests.minigames.prizes_support import checked_in, game_body, make_game, play
from tests.support.portal import ok
from tests.wallet.test_cashier_api import player, sum_balance

pytestmark = pytest.mark.slow


async def test_ten_parallel_plays_with_three_earned(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    game = (await make_game(client, db, game_body()))["id"]  # 3.00 every play, 3 plays a check-in
    portal = await player(client)
    await checked_in(portal)
    answers = await asyncio.gather(*(play(portal, game) for _ in range(10)))
    codes = sorted(a.json()["errorCode"] or "OK" for a in answers)
    assert codes == ["NO_PLAYS_LEFT"] * 7 + ["OK"] * 3, [a.text for a in answers]
    assert sorted(ok(a)["nonce"] for a in answers if a.status_code == 200) == [0, 1, 2]
    assert await sum_balance(client, portal) == "9.00"
    async with db.read_session() as session:
        assert await session.scalar(select(func.count()).select_from(PrizePlay)) == 3
        assert await session.scalar(select(PrizeCounter.used).where(PrizeCounter.game_id == game)) == 3
    await books_are_clean(db)
