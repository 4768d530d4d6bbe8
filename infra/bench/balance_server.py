"""The portal as the balance bench serves it with SUBSCRIBERS dummy subscribers on the settled-bet extension
point (server/games/settled.py): what promotions, missions and loyalty will attach there, each keeping a live
figure cheaply (a per-member running total and a top-10 board), so that the bench can say what the hook costs
the bet path: spins per second with them / without.

Serve it with `uvicorn --factory infra.bench.balance_server:factory`; BENCH_SETTLED_SUBSCRIBERS says how
many."""

from __future__ import annotations

import heapq
import os
from collections import defaultdict

from starlette.types import ASGIApp

from server.app import factory as portal_factory
from server.games import settled

SUBSCRIBERS = int(os.environ.get("BENCH_SETTLED_SUBSCRIBERS", "5"))


class Board:
    """A subscriber as the issue's hooks are meant to be: in memory, a few operations per bet."""

    def __init__(self) -> None:
        self.turnover: dict[int, int] = defaultdict(int)
        self.top: list[tuple[int, int]] = []
        self.seen = 0

    async def __call__(self, bet: settled.SettledBet) -> None:
        self.seen += 1
        self.turnover[bet.member_id] += bet.stake
        self.top = heapq.nlargest(10, [*self.top, (self.turnover[bet.member_id], bet.member_id)])


BOARDS: list[Board] = []


def factory() -> ASGIApp:
    app = portal_factory()
    for _ in range(SUBSCRIBERS):
        board = Board()
        BOARDS.append(board)
        settled.subscribe(board)
    return app
