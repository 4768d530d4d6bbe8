"""A mission's leaderboard: members ranked by their valid turnover in the mission's period (settled
real-money rounds by settle time, in one category if the board names one), its prizes by rank.

The live board is kept by `live_boards` (in Redis across processes); this module says what a board is, reads
its final ranks from the bet records (the only figures money is paid on), and pays them once when the period
has closed: the job writes the period's LeaderboardPayout row with INSERT ... ON CONFLICT DO NOTHING and, in
the same transaction, the winners' entries and payments, so a second run or a run after a crash pays nothing
twice. Ties rank the member who joined the brand first higher."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import load_brand_by_id
from server.db.base import utcnow
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.games.winners import mask
from server.promotions import entries, periods
from server.promotions.missions import Window, window
from server.promotions.models import (
    BOARD_SUFFIX,
    ISSUED,
    MISSION,
    LeaderboardPayout,
    Promotion,
)

ROOM_PREFIX = "leaderboard:"
CATCH_UP = 2  # closed periods each payout run looks at
GRACE = timedelta(minutes=1)  # after a period's end before it is paid: its last rounds' commits land


@dataclass(frozen=True)
class Board:
    promotion_id: int
    merchant_id: int
    window: Window
    category: str | None
    size: int
    prizes: tuple[int, ...]

    @property
    def key(self) -> str:
        return f"{self.promotion_id}:{self.window.key}"

    def counts(self, category: str, settled_at: datetime) -> bool:
        """Whether a round of `category` settled at `settled_at` scores on this board."""
        return (
            (self.category is None or self.category == category)
            and self.window.starts_at <= settled_at
            and (self.window.ends_at is None or settled_at < self.window.ends_at)
        )


def board_of(promotion: Promotion, now: datetime) -> Board | None:
    """The board of a mission's period holding `now` (None: the mission has no leaderboard)."""
    params = promotion.params.get("leaderboard")
    if promotion.kind != MISSION or not params:
        return None
    return Board(
        promotion_id=promotion.id,
        merchant_id=promotion.merchant_id,
        window=window(promotion, now),
        category=params.get("category"),
        size=int(params.get("size", 10)),
        prizes=tuple(int(p) for p in params["prizes"]),
    )


def room(merchant_code: str, promotion_id: int) -> str:
    return f"{ROOM_PREFIX}{merchant_code}:{promotion_id}"


def is_board_room(topic: str, merchant_code: str) -> bool:
    """A board's room may be followed by anyone on the brand's pages (visitors too); only its own brand's."""
    prefix = f"{ROOM_PREFIX}{merchant_code}:"
    rest = topic.removeprefix(prefix)
    return topic.startswith(prefix) and rest.isdigit() and len(rest) <= 15


def tag(key: bytes, board: Board, member_id: int) -> str:
    """An opaque, per-board name of a member: the member's page finds its own row without the board telling
    anyone member ids."""
    return hmac.new(key, f"{board.promotion_id}:{member_id}".encode(), hashlib.sha256).hexdigest()[:12]


def tag_key(secret: str) -> bytes:
    return hashlib.sha256(f"leaderboard-tag:{secret}".encode()).digest()


async def scores(
    session: AsyncSession, board: Board, *, until: datetime | None = None, limit: int | None = None
) -> list[tuple[int, int]]:
    """(member, turnover) from the bet records, best first (ties: the lower member id), through the merchant's
    settled-at index."""
    end = board.window.ends_at if until is None else until
    query = (
        select(BetRecord.member_id, func.sum(BetRecord.bet_amount).label("score"))
        .where(
            BetRecord.merchant_id == board.merchant_id,
            BetRecord.settled_at >= board.window.starts_at,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
        )
        .group_by(BetRecord.member_id)
        .order_by(func.sum(BetRecord.bet_amount).desc(), BetRecord.member_id)
    )
    if end is not None:
        query = query.where(BetRecord.settled_at < end)
    if board.category is not None:
        query = query.where(BetRecord.category == board.category)
    if limit is not None:
        query = query.limit(limit)
    return [(int(member), int(score)) for member, score in await session.execute(query) if score]


async def names_of(session: AsyncSession, member_ids: list[int]) -> dict[int, str]:
    if not member_ids:
        return {}
    rows = await session.execute(select(Member.id, Member.username).where(Member.id.in_(member_ids)))
    return {int(member_id): mask(username) for member_id, username in rows}


def _closed_windows(promotion: Promotion, now: datetime) -> list[Window]:
    """The mission's last closed periods (its whole run, once it has ended, for a mission without one)."""
    period = promotion.params.get("period")
    ends = [at for at in (promotion.ends_at, promotion.ended_at) if at is not None]
    if period is None:
        if ends and min(ends) <= now - GRACE:
            return [Window(periods.ONCE, promotion.starts_at, min(ends))]
        return []
    found = []
    at = now - GRACE
    for _ in range(CATCH_UP):
        start, end = periods.previous_bounds(period, at)
        at = start
        clipped = Window(periods.key(period, start), max(start, promotion.starts_at), min([end, *ends]))
        if clipped.ends_at is not None and clipped.ends_at > clipped.starts_at:
            found.append(clipped)
    return found


async def pay_closed(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: every mission leaderboard's closed periods not yet paid, ranked from the bet records and paid
    by rank (prizes as bonuses, with the mission's wagering)."""
    now = now or utcnow()
    missions = await session.scalars(
        select(Promotion).where(
            Promotion.kind == MISSION,
            Promotion.paused.is_(False),
            Promotion.starts_at < now,
            or_(Promotion.ended_at.is_(None), Promotion.ended_at > now - timedelta(days=31)),
        )
    )
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    boards = paid = 0
    for promotion in list(missions):
        current = board_of(promotion, now)
        if current is None:
            continue
        for closed in _closed_windows(promotion, now):
            board = Board(
                promotion.id, promotion.merchant_id, closed, current.category, current.size, current.prizes
            )
            ranked = await scores(session, board, limit=board.size)
            ranks: list[dict[str, Any]] = [
                {
                    "rank": n + 1,
                    "memberId": member_id,
                    "score": score,
                    "prize": board.prizes[n] if n < len(board.prizes) else 0,
                }
                for n, (member_id, score) in enumerate(ranked)
            ]
            written = await session.scalar(
                insert_for(LeaderboardPayout)
                .values(
                    merchant_id=promotion.merchant_id,
                    promotion_id=promotion.id,
                    period_key=closed.key,
                    paid_at=now,
                    ranks=ranks,
                )
                .on_conflict_do_nothing(index_elements=["promotion_id", "period_key"])
                .returning(LeaderboardPayout.promotion_id)
            )
            if written is None:
                continue
            boards += 1
            paid += await _pay_prizes(session, promotion, closed.key, ranks, now)
    return {"boards": boards, "paid": paid}


async def _pay_prizes(
    session: AsyncSession, promotion: Promotion, period_key: str, ranks: list[dict[str, Any]], now: datetime
) -> int:
    brand = await load_brand_by_id(session, promotion.merchant_id)
    if brand is None:
        return 0
    paid = 0
    for row in ranks:
        if row["prize"] <= 0:
            continue
        member = await session.get(Member, row["memberId"])
        if member is None:
            continue
        entry_id = await entries.insert_entry(
            session,
            merchant_id=promotion.merchant_id,
            promotion_id=promotion.id,
            member_id=member.id,
            period_key=f"{period_key}{BOARD_SUFFIX}",
            status=ISSUED,
            amount=row["prize"],
            streak=0,
            ip=None,
        )
        if entry_id is not None:
            await entries.pay(session, brand, member, promotion, entry_id, now)
            paid += 1
    return paid


async def final_ranks(
    session: AsyncSession, promotion_id: int, period_key: str
) -> list[dict[str, Any]] | None:
    payout = await session.get(LeaderboardPayout, (promotion_id, period_key))
    return None if payout is None else list(payout.ranks)
