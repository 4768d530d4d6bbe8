"""Mission leaderboards, live: a settled-bet subscriber (server/games/settled.py) adds each round's stake to
the boards it scores on, and the board's top rows are pushed as `missions:leaderboard` to its room, at most
once a second per board and only when they changed, after the round's COMMIT (the extension point runs then).

Where the scores live: a Redis sorted set per board and period when the portal runs with Redis (every API
process adds to the same set, and one Redis key a second decides which process pushes), a dict in the one
process of the embedded default. A board is built from the bet records the first time it is needed (a read,
or a round for a board not built since Redis started), then kept by the rounds. A round that settles in the
instant a board is being built may be missed by the live board; the final ranks, which are paid, are counted
again from the bet records (`leaderboards.pay_closed`).

Per round the subscriber costs one cached look-up of the merchant's boards and, per board the round scores on,
one Redis call (a script: add, and say whether the member is now in the top rows)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import structlog
from sqlalchemy import select

from realtime import emitter, events
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.games.settled import SettledBet
from server.http.core.money import format_amount
from server.promotions import leaderboards
from server.promotions.leaderboards import Board
from server.promotions.models import MISSION, Promotion
from server.promotions.service import is_running

log = structlog.get_logger(__name__)

PUSH_EVERY = 1.0  # seconds, at most, per board
BOARDS_FOR = 5.0  # seconds a process keeps its list of running boards
FLUSH_TICK = 0.05
TURN_RETRY = 0.1  # seconds between asks for a board's turn while another process holds it


class Store(Protocol):
    async def add(self, boards: list[tuple[str, int]], member_id: int, stake: int) -> list[bool | None]:
        """Adds a stake to each (board key, rows shown): per board, None when it is not built, else whether
        the member is now in its top rows."""

    async def built(self, key: str) -> bool: ...
    async def build(self, key: str, scores: list[tuple[int, int]], ttl: timedelta) -> None: ...
    async def top(self, key: str, size: int) -> list[tuple[int, int]]: ...
    async def standing(self, key: str, member_id: int) -> tuple[int | None, int]: ...
    async def take_turn(self, key: str) -> bool:
        """Whether this process may push the board now (nobody did in the last PUSH_EVERY)."""

    async def changed(self, key: str, digest: str) -> bool:
        """Records `digest` as the board's last pushed top rows; whether it differs from the one before."""


class MemoryStore:
    """One process's boards (the embedded default has one process)."""

    def __init__(self) -> None:
        self._scores: dict[str, dict[int, int]] = {}
        self._pushed: dict[str, float] = {}
        self._digest: dict[str, str] = {}

    async def add(self, boards: list[tuple[str, int]], member_id: int, stake: int) -> list[bool | None]:
        found: list[bool | None] = []
        for key, size in boards:
            board = self._scores.get(key)
            if board is None:
                found.append(None)
                continue
            board[member_id] = board.get(member_id, 0) + stake
            rank, _ = await self.standing(key, member_id)
            found.append(rank is not None and rank <= size)
        return found

    async def built(self, key: str) -> bool:
        return key in self._scores

    async def build(self, key: str, scores: list[tuple[int, int]], ttl: timedelta) -> None:
        self._scores[key] = dict(scores)

    def _ranked(self, key: str) -> list[tuple[int, int]]:
        return sorted(self._scores.get(key, {}).items(), key=lambda row: (-row[1], row[0]))

    async def top(self, key: str, size: int) -> list[tuple[int, int]]:
        return self._ranked(key)[:size]

    async def standing(self, key: str, member_id: int) -> tuple[int | None, int]:
        score = self._scores.get(key, {}).get(member_id)
        if score is None:
            return None, 0
        # Counting those ahead: a board's rows are few compared with its rounds.
        ahead = sum(
            1 for other, s in self._scores[key].items() if s > score or (s == score and other < member_id)
        )
        return ahead + 1, score

    async def take_turn(self, key: str) -> bool:
        now = time.monotonic()
        if now - self._pushed.get(key, -PUSH_EVERY) < PUSH_EVERY:
            return False
        self._pushed[key] = now
        return True

    async def changed(self, key: str, digest: str) -> bool:
        before, self._digest[key] = self._digest.get(key), digest
        return before != digest


# A round's stake on every board it scores on, in one call. KEYS: each board's set and its built flag, in
# pairs; ARGV: member, stake, then each board's rows shown. Per board: -1 not built, 1 in the top rows now.
_ADD = """
local found = {}
for i = 1, #KEYS / 2 do
  local board, built = KEYS[2 * i - 1], KEYS[2 * i]
  if redis.call('EXISTS', built) == 0 then
    found[i] = -1
  else
    redis.call('ZINCRBY', board, ARGV[2], ARGV[1])
    local rank = redis.call('ZREVRANK', board, ARGV[1])
    if rank ~= false and rank < tonumber(ARGV[2 + i]) then found[i] = 1 else found[i] = 0 end
  end
end
return found
"""


class RedisStore:
    """Boards shared by every API process. Scores are whole minor units, exact in a sorted set's doubles up
    to 2**53."""

    def __init__(self, redis: Any, prefix: str = "lb") -> None:
        self._redis = redis
        self._prefix = prefix
        self._add = redis.register_script(_ADD)

    def _k(self, key: str, part: str = "") -> str:
        return f"{self._prefix}:{key}{part}"

    async def add(self, boards: list[tuple[str, int]], member_id: int, stake: int) -> list[bool | None]:
        keys = [name for key, _ in boards for name in (self._k(key), self._k(key, ":built"))]
        found = await self._add(keys=keys, args=[member_id, stake, *(size for _, size in boards)])
        return [None if int(f) < 0 else int(f) == 1 for f in found]

    async def built(self, key: str) -> bool:
        return bool(await self._redis.exists(self._k(key, ":built")))

    async def build(self, key: str, scores: list[tuple[int, int]], ttl: timedelta) -> None:
        seconds = max(int(ttl.total_seconds()), 60)
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._k(key))
            if scores:
                pipe.zadd(self._k(key), {str(member): score for member, score in scores})
                pipe.expire(self._k(key), seconds)
            pipe.set(self._k(key, ":built"), 1, ex=seconds)
            await pipe.execute()

    async def top(self, key: str, size: int) -> list[tuple[int, int]]:
        rows = await self._redis.zrevrange(self._k(key), 0, size - 1, withscores=True)
        return [(int(member), int(score)) for member, score in rows]

    async def standing(self, key: str, member_id: int) -> tuple[int | None, int]:
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.zrevrank(self._k(key), member_id)
            pipe.zscore(self._k(key), member_id)
            rank, score = await pipe.execute()
        return (None, 0) if rank is None else (int(rank) + 1, int(score or 0))

    async def take_turn(self, key: str) -> bool:
        return bool(await self._redis.set(self._k(key, ":push"), 1, nx=True, px=int(PUSH_EVERY * 1000)))

    async def changed(self, key: str, digest: str) -> bool:
        before = await self._redis.getset(self._k(key, ":last"), digest)
        await self._redis.expire(self._k(key, ":last"), 86400 * 40)
        return (before.decode() if isinstance(before, bytes) else before) != digest


@dataclass(frozen=True)
class Row:
    rank: int
    member_id: int
    name: str
    score: int
    prize: int | None
    tag: str

    def wire(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "score": format_amount(self.score),
            "prize": None if self.prize is None else format_amount(self.prize),
            "tag": self.tag,
        }


@dataclass(frozen=True)
class LiveBoard:
    board: Board
    merchant_code: str


class LiveBoards:
    """This process's side of the live boards: the settled-bet subscriber, the reads, the pushes."""

    def __init__(
        self,
        database: Database,
        store: Store,
        tag_secret: str,
        *,
        send: Callable[[str, str, Any], Awaitable[None]] = emitter.send,
    ) -> None:
        self._db = database
        self._store = store
        self._tag_key = leaderboards.tag_key(tag_secret)
        self._send = send
        self._boards: dict[int, list[LiveBoard]] = {}
        self._boards_at = -BOARDS_FOR
        self._boards_lock = asyncio.Lock()
        self._names: dict[int, str] = {}
        self._dirty: dict[str, LiveBoard] = {}
        # When this process next asks for a board's turn (monotonic): not before a second after its last push,
        # nor more often than every TURN_RETRY while another process holds it.
        self._next_turn: dict[str, float] = {}
        self._building: dict[str, asyncio.Task[None]] = {}
        self._flusher: asyncio.Task[None] | None = None
        self.pushed = 0  # pushes sent by this process (the bench reads it)

    # --- the subscriber ----------------------------------------------------------------------------------

    async def on_settled(self, bet: SettledBet) -> None:
        scored = [
            live
            for live in await self._running(bet.merchant_id)
            if live.board.counts(bet.category, bet.settled_at)
        ]
        if not scored:
            return
        boards = [(live.board.key, live.board.size) for live in scored]
        for live, in_top in zip(scored, await self._store.add(boards, bet.member_id, bet.stake), strict=True):
            if in_top is None:
                self._build_soon(live)
            elif in_top:
                self._mark(live)

    async def _running(self, merchant_id: int) -> list[LiveBoard]:
        if time.monotonic() - self._boards_at >= BOARDS_FOR:
            async with self._boards_lock:
                if time.monotonic() - self._boards_at >= BOARDS_FOR:
                    self._boards = await self._load_running()
                    self._boards_at = time.monotonic()
        return self._boards.get(merchant_id, [])

    async def _load_running(self) -> dict[int, list[LiveBoard]]:
        now = utcnow()
        found: dict[int, list[LiveBoard]] = {}
        async with self._db.read_session() as session:
            rows = await session.execute(
                select(Promotion, Merchant.code)
                .join(Merchant, Merchant.id == Promotion.merchant_id)
                .where(Promotion.kind == MISSION, Promotion.ended_at.is_(None))
            )
            for promotion, code in rows:
                board = leaderboards.board_of(promotion, now) if is_running(promotion, now) else None
                if board is not None:
                    found.setdefault(promotion.merchant_id, []).append(LiveBoard(board, code))
        return found

    # --- building a board from the bet records ------------------------------------------------------------

    def _build_soon(self, live: LiveBoard) -> None:
        key = live.board.key
        if key not in self._building:
            self._building[key] = asyncio.get_running_loop().create_task(self._build(live))

    async def _build(self, live: LiveBoard) -> None:
        try:
            await self.ensure_built(live.board)
            self._mark(live)
        except Exception:
            log.exception("leaderboard_build_failed", board=live.board.key)
        finally:
            self._building.pop(live.board.key, None)

    async def ensure_built(self, board: Board) -> None:
        if await self._store.built(board.key):
            return
        async with self._db.read_session() as session:
            scores = await leaderboards.scores(session, board, until=None)
        ends = board.window.ends_at or (utcnow() + timedelta(days=40))
        await self._store.build(board.key, scores, ends - utcnow() + timedelta(days=2))

    # --- reading ------------------------------------------------------------------------------------------

    async def rows(self, board: Board) -> list[Row]:
        await self.ensure_built(board)
        top = await self._store.top(board.key, board.size)
        missing = [member for member, _ in top if member not in self._names]
        if missing:
            async with self._db.read_session() as session:
                self._names.update(await leaderboards.names_of(session, missing))
        return [
            Row(
                rank=n + 1,
                member_id=member,
                name=self._names.get(member, "***"),
                score=score,
                prize=board.prizes[n] if n < len(board.prizes) else None,
                tag=leaderboards.tag(self._tag_key, board, member),
            )
            for n, (member, score) in enumerate(top)
        ]

    async def standing(self, board: Board, member_id: int) -> tuple[int | None, int, str]:
        await self.ensure_built(board)
        rank, score = await self._store.standing(board.key, member_id)
        return rank, score, leaderboards.tag(self._tag_key, board, member_id)

    # --- pushing ------------------------------------------------------------------------------------------

    def _mark(self, live: LiveBoard) -> None:
        self._dirty[live.board.key] = live
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        """Pushes each changed board as soon as its turn comes (at most once a second per board, over every
        process), until none is left to push."""
        while self._dirty:
            for key, live in list(self._dirty.items()):
                now = time.monotonic()
                if self._next_turn.get(key, 0.0) > now:
                    continue
                try:
                    if not await self._store.take_turn(key):
                        self._next_turn[key] = now + TURN_RETRY
                        continue
                    self._next_turn[key] = now + PUSH_EVERY
                    self._dirty.pop(key, None)
                    await self._push(live)
                except Exception:
                    self._dirty.pop(key, None)
                    log.exception("leaderboard_push_failed", board=key)
            if self._dirty:
                await asyncio.sleep(FLUSH_TICK)

    async def _push(self, live: LiveBoard) -> None:
        rows = [row.wire() for row in await self.rows(live.board)]
        digest = hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()
        if not await self._store.changed(live.board.key, digest):
            return
        payload = {
            "promotionId": live.board.promotion_id,
            "periodKey": live.board.window.key,
            "rows": rows,
            "at": int(datetime.now(UTC).timestamp() * 1000),
        }
        await self._send(
            events.MISSIONS_LEADERBOARD,
            leaderboards.room(live.merchant_code, live.board.promotion_id),
            payload,
        )
        self.pushed += 1

    async def idle(self) -> None:
        """Waits until no build or push of this process is pending (tests share one connection with it)."""
        while (self._flusher is not None and not self._flusher.done()) or self._building:
            await asyncio.gather(
                *(t for t in (self._flusher, *self._building.values()) if t is not None),
                return_exceptions=True,
            )

    async def stop(self) -> None:
        tasks = [t for t in (self._flusher, *self._building.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
