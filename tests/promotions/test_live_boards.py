"""Mission leaderboards across processes (issue 31): two API processes keep one board in Redis, each adding
the rounds it settles; the board's room hears at most one push a second whichever process settles, only
when the top rows changed, and the board is built from the bet records when Redis has none."""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from sqlalchemy import select

from realtime import events
from server.accounts.models import Member
from server.db.session import Database
from server.games.settled import SettledBet
from server.promotions.leaderboards import Board, board_of
from server.promotions.live_boards import LiveBoards, RedisStore
from server.promotions.models import Promotion
from tests.promotions.support import admin, body
from tests.support.portal import ok
from tests.support.services import REDIS_URL, require_redis

# An app on a database of its own (Postgres): the boards read it from tasks of their own.
pytestmark = pytest.mark.slow


@pytest.fixture
async def redis() -> AsyncIterator[Any]:
    require_redis()
    client = aioredis.from_url(REDIS_URL)
    yield client
    await client.aclose()


async def mission(client: httpx.AsyncClient, db: Database) -> tuple[Board, dict[str, int]]:
    params = {
        "tasks": [{"type": "LOGIN_DAYS", "target": "1", "reward": "1.00"}],
        "leaderboard": {"prizes": ["5.00"]},
    }
    made = body("MISSION", params, category="CASINO")
    promotion_id = ok(await client.post("/wps/admin/promotions", json=made, headers=await admin(db)))["id"]
    async with db.read_session() as session:
        promotion = await session.get(Promotion, promotion_id)
        assert promotion is not None
        board = board_of(promotion, datetime.now(UTC))
        members = dict(
            (
                await session.execute(
                    select(Member.username, Member.id).where(Member.merchant_id == promotion.merchant_id)
                )
            ).all()
        )
    assert board is not None
    return board, {name: int(member) for name, member in members.items()}


def bet(board: Board, member_id: int, stake: int, n: int) -> SettledBet:
    return SettledBet(
        board.merchant_id, member_id, "HOUSE", "RNG", None, f"r{n}", stake, 0, datetime.now(UTC)
    )


async def test_two_processes_share_a_board_and_push_once_a_second(
    pg_client: tuple[httpx.AsyncClient, Database], redis: Any
) -> None:
    client, db = pg_client
    board, members = await mission(client, db)
    prefix = f"lb-test-{uuid.uuid4().hex[:8]}"  # tests' Redis is shared: keys of this test only
    sent: list[tuple[float, str, str, Any]] = []

    async def send(event: str, room: str, payload: Any) -> None:
        sent.append((time.monotonic(), event, room, payload))

    one, two = (LiveBoards(db, RedisStore(redis, prefix), "secret", send=send) for _ in range(2))
    # No board in Redis yet: the first round builds it from the bet records, where a real round would already
    # be (this one, made up for the test, is not: the board starts empty), then the rounds count on.
    await one.on_settled(bet(board, members["player1"], 10_00, 0))
    await one.idle()
    assert await RedisStore(redis, prefix).built(board.key)
    for n in range(12):  # both processes settle rounds, faster than once a second
        process = one if n % 2 else two
        await process.on_settled(bet(board, members["player2" if n % 3 else "player1"], 5_00, n + 1))
    await one.idle()
    await two.idle()
    # The demo's own slots mission has a board of its own: this test's board is the one in its room.
    ours = f"leaderboard:demo:{board.promotion_id}"
    pushes = [(at, p) for at, event, room, p in sent if event == events.MISSIONS_LEADERBOARD and room == ours]
    assert all(later[0] - earlier[0] >= 0.95 for earlier, later in itertools.pairwise(pushes))
    final = [(row["rank"], row["name"], row["score"], row["prize"]) for row in pushes[-1][1]["rows"]]
    # player1: 4 rounds of 5.00; player2: 8 rounds of 5.00.
    assert final == [(1, "pl***2", "40.00", "5.00"), (2, "pl***1", "20.00", None)]
    # Nothing changed: nothing more is pushed.
    before = len(pushes)
    two._mark(await _live(two, board))  # a board marked for no reason
    await two.idle()
    assert len([s for s in sent if s[1] == events.MISSIONS_LEADERBOARD and s[2] == ours]) == before
    rank, score, tag = await one.standing(board, members["player1"])
    assert (rank, score, tag) == (2, 20_00, pushes[-1][1]["rows"][1]["tag"])
    for key in await redis.keys(f"{prefix}:*"):
        await redis.delete(key)


async def _live(boards: LiveBoards, board: Board) -> Any:
    [live] = [b for b in await boards._running(board.merchant_id) if b.board.key == board.key]
    return live
