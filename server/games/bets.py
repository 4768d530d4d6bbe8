"""Bet records: one row per player and round, built from the vendor's settlements, and what the betting
record and the personal profit-and-loss pages read from them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Select, Table, bindparam, case, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.db.base import utcnow
from server.games.models import BetRecord, Game, GameVendor
from server.http.core import errors
from server.http.core.errors import AppError

OPEN, SETTLED, CANCELLED = "OPEN", "SETTLED", "CANCELLED"


async def _row(session: AsyncSession, vendor: GameVendor, member: Member, round_id: str) -> BetRecord | None:
    return await session.scalar(
        select(BetRecord).where(
            BetRecord.vendor_id == vendor.id, BetRecord.member_id == member.id, BetRecord.round_id == round_id
        )
    )


async def add_stake(
    session: AsyncSession,
    merchant_id: int,
    vendor: GameVendor,
    member: Member,
    game_id: int | None,
    round_id: str,
    amount: int,
) -> BetRecord:
    # Called inside the bet's savepoint: a racing insert of the same round fails the whole bet, which the
    # vendor retries with the same transaction id and then finds the row.
    record = await _row(session, vendor, member, round_id)
    if record is None:
        record = BetRecord(
            merchant_id=merchant_id,
            vendor_id=vendor.id,
            member_id=member.id,
            game_id=game_id,
            category=vendor.category,
            round_id=round_id,
            bet_amount=0,
            win_amount=0,
            status=OPEN,
            trial=member.member_type == TRIAL_MEMBER,
            placed_at=utcnow(),
        )
        session.add(record)
    record.bet_amount += amount
    await session.flush()
    return record


async def add_win(
    session: AsyncSession, vendor: GameVendor, member: Member, round_id: str, amount: int
) -> BetRecord:
    record = await _row(session, vendor, member, round_id)
    assert record is not None, "a win is accepted only for a round with a bet"
    record.win_amount += amount
    record.status = SETTLED
    record.settled_at = utcnow()
    await session.flush()
    return record


_RECORDS: Table = BetRecord.__table__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round's bet record as settle_round wrote it: plain values, no ORM object to build."""

    id: int
    merchant_id: int
    vendor_id: int
    member_id: int
    game_id: int | None
    category: str
    round_id: str
    bet_amount: int
    win_amount: int
    trial: bool
    placed_at: datetime
    settled_at: datetime


# What settled.publish_record and winners read, from either kind of row.
Settled = BetRecord | RoundRecord

_SETTLE_COLUMNS = (
    "merchant_id",
    "vendor_id",
    "member_id",
    "game_id",
    "category",
    "round_id",
    "bet_amount",
    "win_amount",
    "status",
    "trial",
    "placed_at",
    "settled_at",
)


def _settle_statement(dialect: str) -> Any:
    """Built once per dialect with bound parameters: building the upsert per round, and its cache key, cost
    more than running it (profiled under `make bench`)."""
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    stmt = insert_for(_RECORDS).values({column: bindparam(column) for column in _SETTLE_COLUMNS})
    return stmt.on_conflict_do_update(
        index_elements=["vendor_id", "member_id", "round_id"],
        set_={
            "bet_amount": _RECORDS.c.bet_amount + stmt.excluded.bet_amount,
            "win_amount": _RECORDS.c.win_amount + stmt.excluded.win_amount,
            "status": stmt.excluded.status,
            "settled_at": stmt.excluded.settled_at,
        },
    ).returning(
        _RECORDS.c.id,
        _RECORDS.c.game_id,
        _RECORDS.c.bet_amount,
        _RECORDS.c.win_amount,
        _RECORDS.c.trial,
        _RECORDS.c.placed_at,
    )


_SETTLE = {dialect: _settle_statement(dialect) for dialect in ("postgresql", "sqlite")}


async def settle_round(
    session: AsyncSession,
    merchant_id: int,
    vendor: GameVendor,
    member: Member,
    game_id: int | None,
    round_id: str,
    stake: int,
    win: int,
) -> RoundRecord:
    """A whole round at once (the combined bet-and-win): one INSERT … ON CONFLICT DO UPDATE, adding to the
    round's record when it has one (a round the vendor also bet on by the two-call path). Answers the record
    as written: a plain statement needs no object graph, and a racing insert of the same round cannot fail
    it."""
    now = utcnow()
    connection = await session.connection()
    values = {
        "merchant_id": merchant_id,
        "vendor_id": vendor.id,
        "member_id": member.id,
        "game_id": game_id,
        "category": vendor.category,
        "round_id": round_id,
        "bet_amount": stake,
        "win_amount": win,
        "status": SETTLED,
        "trial": member.member_type == TRIAL_MEMBER,
        "placed_at": now,
        "settled_at": now,
    }
    row = (await connection.execute(_SETTLE[connection.dialect.name], values)).one()
    return RoundRecord(
        id=row.id,
        merchant_id=merchant_id,
        vendor_id=vendor.id,
        member_id=member.id,
        game_id=row.game_id,
        category=vendor.category,
        round_id=round_id,
        bet_amount=row.bet_amount,
        win_amount=row.win_amount,
        trial=row.trial,
        placed_at=row.placed_at,
        settled_at=now,
    )


async def remove_stake(
    session: AsyncSession, vendor: GameVendor, member: Member, round_id: str, amount: int
) -> None:
    record = await _row(session, vendor, member, round_id)
    if record is None:
        return
    record.bet_amount -= amount
    if record.bet_amount <= 0:
        record.bet_amount = 0
        record.status = CANCELLED
        record.settled_at = utcnow()
    await session.flush()


MAX_RECORD_DAYS = 92


def record_period(start: date | None, end: date | None) -> tuple[datetime, datetime]:
    """Whole days, end inclusive; a week back by default; at most about a quarter at once."""
    today = datetime.now(UTC).date()
    last = end or today
    first = start or last - timedelta(days=6)
    if first > last or (last - first).days > MAX_RECORD_DAYS:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "startDate", "type": "range"}]})
    return datetime.combine(first, time.min, UTC), datetime.combine(last + timedelta(days=1), time.min, UTC)


@dataclass(frozen=True)
class BetQuery:
    member_ids: tuple[int, ...]  # one member's record, or an agent's team
    start: datetime
    end: datetime  # exclusive
    category: str | None = None
    vassalage: str | None = None
    # The settled real-money rounds by when they settled, as agents' settlements count them (the records
    # otherwise go by when a round was placed).
    as_settled: bool = False


@dataclass(frozen=True)
class Totals:
    bet: int
    valid_bet: int
    win: int
    count: int

    @property
    def profit(self) -> int:
        return self.win - self.bet


def _where(query: BetQuery) -> Select[BetRecord, GameVendor, str, dict[str, str]]:
    stmt = (
        select(BetRecord, GameVendor, Game.name, Game.names)
        .join(GameVendor, GameVendor.id == BetRecord.vendor_id)
        .outerjoin(Game, Game.id == BetRecord.game_id)
        .where(BetRecord.member_id.in_(query.member_ids))
    )
    if query.as_settled:
        stmt = stmt.where(
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
            BetRecord.settled_at >= query.start,
            BetRecord.settled_at < query.end,
        )
    else:
        stmt = stmt.where(BetRecord.placed_at >= query.start, BetRecord.placed_at < query.end)
    if query.category:
        stmt = stmt.where(BetRecord.category == query.category)
    if query.vassalage:
        stmt = stmt.where(GameVendor.code == query.vassalage)
    return stmt


def _game_name(name: str | None, names: dict[str, str] | None, language: str | None) -> str | None:
    """The game's name in the reader's language, else its own (None: a round of no known game)."""
    return (names or {}).get(language or "") or name


async def history(
    session: AsyncSession, query: BetQuery, *, page: int, page_size: int, language: str | None = None
) -> tuple[list[tuple[BetRecord, GameVendor, str | None]], int, Totals]:
    """A page of rounds, each with its vendor and its game's name in `language` (the brand's own name when
    the game has none in that language)."""
    base = _where(query).subquery()
    summary = (
        await session.execute(
            select(
                func.count(),
                func.coalesce(func.sum(base.c.bet_amount), 0),
                func.coalesce(func.sum(base.c.win_amount), 0),
            )
        )
    ).one()
    count, bet, win = int(summary[0]), int(summary[1]), int(summary[2])
    when = BetRecord.settled_at if query.as_settled else BetRecord.placed_at
    rows = await session.execute(
        _where(query)
        .order_by(when.desc(), BetRecord.id.desc())
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return [(r, v, _game_name(n, ns, language)) for r, v, n, ns in rows], count, Totals(bet, bet, win, count)


async def profit_by_category(session: AsyncSession, query: BetQuery) -> dict[str, Totals]:
    return {
        str(key): totals for key, totals in (await _profit_by(session, query, BetRecord.category)).items()
    }


async def profit_by_member(session: AsyncSession, query: BetQuery) -> dict[int, Totals]:
    return {
        int(key): totals for key, totals in (await _profit_by(session, query, BetRecord.member_id)).items()
    }


async def _profit_by(session: AsyncSession, query: BetQuery, key: Any) -> dict[Any, Totals]:
    """Valid bet counts settled rounds only: a cancelled or still open round is not turnover."""
    settled = case((BetRecord.status == SETTLED, BetRecord.bet_amount), else_=0)
    rows = await session.execute(
        select(
            key,
            func.coalesce(func.sum(BetRecord.bet_amount), 0),
            func.coalesce(func.sum(settled), 0),
            func.coalesce(func.sum(BetRecord.win_amount), 0),
            func.count(),
        )
        .where(
            BetRecord.member_id.in_(query.member_ids),
            BetRecord.placed_at >= query.start,
            BetRecord.placed_at < query.end,
        )
        .group_by(key)
        .order_by(key)
    )
    return {
        found: Totals(int(bet), int(valid), int(win), int(count)) for found, bet, valid, win, count in rows
    }
