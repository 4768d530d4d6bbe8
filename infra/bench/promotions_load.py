"""What the balance bench adds for promotions (issue 31): the same spins again with one open bonus for every
player and five running missions, each with a leaderboard of 10,000 members, and the leaderboard's push
latency under that load.

- `prepare`: five weekly missions (tasks and a leaderboard of every category) for the demo brand; 10,000
  other members on their boards (one settled round each of a few cents, written with one INSERT ... SELECT),
  so every board holds 10,000 members before the first spin; one bonus for every bench player, its wagering
  requirement out of reach and a maximum stake above the spins', so it stays open and the wallet checks it
  on every bet.
- `Boards`: the server's `missions:leaderboard` emits as its Redis channel carries them, stamped on arrival.
- `push_latency`: for every spin whose player was already on a board's top rows, the time from the spin's
  answer at the client to the first push of that board showing the player's score with that spin in it
  (a player's score is a count of its spins: every spin stakes the same); a spin whose player is overtaken
  off the top rows before a push shows it is not counted (its change is no longer on the board). A board is
  pushed at most once a second, so this is about a second at most by design.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections import defaultdict
from datetime import timedelta
from typing import Any

import redis.asyncio as aioredis
from sqlalchemy import insert, text, update

from infra.bench.balance_clients import Record
from realtime import events
from server.accounts.models import Member
from server.brands import service as brands
from server.db.base import utcnow
from server.db.session import Database
from server.promotions.leaderboards import tag_key
from server.promotions.models import MISSION, Promotion
from server.wallet import bonus_locks

MISSIONS = 5
BOARD_MEMBERS = 10_000
STAKE = 1_00  # every bench spin's stake (balance_clients.BODY)
BONUS = 10_00  # each player's open bonus


def _task(kind: str, target: int) -> dict[str, Any]:
    return {
        "type": kind,
        "target": target,
        "category": None,
        "reward": 1_00,
        "tickets": None,
        "raffleId": None,
    }


TASKS = [_task("BET_COUNT", 100), _task("TURNOVER", 500_00), _task("LOGIN_DAYS", 3)]


async def end_demo_missions(url: str) -> None:
    """The demo's own missions ended, so that neither run counts them: the baseline runs with none."""
    db = Database.from_url(url)
    try:
        async with db.session() as session:
            await session.execute(
                update(Promotion).where(Promotion.kind == MISSION).values(ended_at=utcnow())
            )
    finally:
        await db.dispose()


async def prepare(url: str, member_ids: list[int]) -> list[int]:
    """The missions, their 10,000 board members and the players' open bonuses; the missions' ids."""
    db = Database.from_url(url)
    try:
        async with db.session() as session:
            brand = await brands.load_brand(session, "demo")
            assert brand is not None
            ids = []
            for n in range(MISSIONS):
                mission = Promotion(
                    merchant_id=brand.id,
                    kind=MISSION,
                    category="CASINO",
                    starts_at=utcnow() - timedelta(days=8),
                    sort_order=100 + n,
                    texts={"EN": {"title": f"Bench mission {n}", "content": ""}},
                    params={
                        "period": "WEEKLY",
                        "tasks": TASKS,
                        "leaderboard": {"prizes": [50_00, 20_00, 10_00], "category": None, "size": 10},
                        "claimDays": 7,
                        "wagerMultiple": 1,
                        "wagerBase": "BONUS",
                        "expiryDays": 7,
                    },
                )
                session.add(mission)
                await session.flush()
                ids.append(mission.id)
            # The boards' other members: a few cents each, this week, so the players top them at once.
            await session.execute(
                insert(Member),
                [
                    {"merchant_id": brand.id, "username": f"board{n}", "password_hash": "!unusable"}
                    for n in range(BOARD_MEMBERS)
                ],
            )
            await session.execute(
                text(
                    "INSERT INTO bet_records (merchant_id, vendor_id, member_id, category, round_id, "
                    "bet_amount, win_amount, status, trial, placed_at, settled_at) "
                    "SELECT m.merchant_id, v.id, m.id, 'RNG', 'bench-board-' || m.id, 1 + m.id % 90, 0, "
                    "'SETTLED', false, now() - interval '1 minute', now() - interval '1 minute' "
                    "FROM members m, (SELECT id FROM game_vendors ORDER BY id LIMIT 1) v "
                    "WHERE m.merchant_id = :merchant AND m.username LIKE 'board%'"
                ),
                {"merchant": brand.id},
            )
            for member_id in member_ids:
                member = await session.get(Member, member_id)
                assert member is not None
                await bonus_locks.grant_bonus(
                    session,
                    brand,
                    member,
                    amount=BONUS,
                    requirement=10_000_000_00,
                    max_stake=1_000_00,
                    expires_at=utcnow() + timedelta(days=30),
                    reference="bench",
                    idempotency_key=f"bench-bonus:{member_id}",
                    source="bench",
                )
        return ids
    finally:
        await db.dispose()


class Boards:
    """Every leaderboard push the server publishes on its Redis channel: (arrival, room, rows)."""

    def __init__(self, redis_url: str) -> None:
        self.redis_url = redis_url
        self.pushes: list[tuple[int, str, list[dict[str, Any]]]] = []

    def take(self, message: dict[str, Any]) -> None:
        emit = json.loads(message["data"])
        if emit.get("event") == events.MISSIONS_LEADERBOARD:
            self.pushes.append((time.monotonic_ns(), emit["room"], emit["data"][0]["rows"]))

    async def listen(self, channel: str) -> None:
        client = aioredis.from_url(self.redis_url)
        try:
            async with client.pubsub() as sub:
                await sub.subscribe(channel)
                async for message in sub.listen():
                    if message["type"] == "message":
                        self.take(message)
        finally:
            await client.aclose()


def push_latency(
    records: list[Record], boards: Boards, missions: list[int], tag_secret: str, before_ns: int
) -> list[float]:
    """Milliseconds, per measured spin and board: the spin's answer -> the first push showing it."""
    key = tag_key(tag_secret)
    by_room: dict[str, list[tuple[int, dict[str, int]]]] = defaultdict(list)
    for at, room, rows in boards.pushes:
        scores = {row["tag"]: int(row["score"].replace(".", "")) for row in rows}  # "40.00": 2 decimals
        by_room[room].append((at, scores))
    rooms = {p: r for p in missions for r in by_room if r.endswith(f":{p}")}
    spins: dict[int, int] = defaultdict(int)  # the board members' few cents are below one spin's stake
    found = []
    for record in sorted(records, key=lambda r: r.answered_ns):
        spins[record.member_id] += 1
        if record.answered_ns < before_ns:
            continue
        for promotion_id, room in rooms.items():
            name = f"{promotion_id}:{record.member_id}".encode()
            tag = hmac.new(key, name, hashlib.sha256).hexdigest()[:12]
            pushes = by_room[room]
            earlier = [scores for at, scores in pushes if at <= record.answered_ns]
            if not earlier or tag not in earlier[-1]:
                continue  # not on the top rows when it spun: its spin changed nothing shown
            wanted = spins[record.member_id] * STAKE
            for at, scores in pushes:
                if at <= record.answered_ns:
                    continue
                if tag not in scores:
                    break  # overtaken off the top rows meanwhile: its spin no longer shows, whenever pushed
                if scores[tag] >= wanted:
                    found.append((at - record.answered_ns) / 1e6)
                    break
    return found
