"""Missions: a promotion's tasks over a period (or its whole run), each counted on demand from what the member
did in it, and claimed once per period for its reward (bonus money, raffle tickets, or both).

What a task counts, in the period's window (the part of it the promotion runs):
- BET_COUNT, TURNOVER: the member's real-money rounds placed in the window, once settled (a category's only,
  if it names one): how many, and their stakes.
- DEPOSIT: the member's completed deposits by completion time.
- NEW_GAME: games the member played in the window and never before it.
- LOGIN_DAYS: business days on which the member signed in (a session started or was last used that day).

Nothing is counted on the bet path (docs/architecture.md, "Settled bets"): the figures are read from the bet
records by the member's index when the member looks, or claims. A claim is one INSERT ... ON CONFLICT DO
NOTHING of the task's entry (key "{period}#{task}"), so two tabs or twenty parallel claims pay once; the
progress only grows, so checking it before the INSERT cannot let an unfinished task through."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, distinct, exists, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import AuthSession, Member
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand
from server.db.base import utcnow
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.http.core import errors
from server.http.core.errors import AppError
from server.promotions import entries, periods
from server.promotions.models import (
    CLAIMED,
    MISSION,
    RAFFLE,
    TASK_SEP,
    Promotion,
    PromotionEntry,
    RaffleTicket,
)
from server.promotions.service import is_running
from server.wallet.cashier_models import DepositOrder

BET_COUNT, TURNOVER, DEPOSIT, NEW_GAME, LOGIN_DAYS = (
    "BET_COUNT",
    "TURNOVER",
    "DEPOSIT",
    "NEW_GAME",
    "LOGIN_DAYS",
)


@dataclass(frozen=True)
class Window:
    key: str  # the period's key ("once" for a mission over the promotion's whole run)
    starts_at: datetime
    ends_at: datetime | None  # None: open-ended


def window(promotion: Promotion, now: datetime) -> Window:
    """The mission's period holding `now`, clipped to the promotion's run."""
    period = promotion.params.get("period")
    ends = [at for at in (promotion.ends_at, promotion.ended_at) if at is not None]
    if period is None:
        return Window(periods.ONCE, promotion.starts_at, min(ends) if ends else None)
    start, end = periods.bounds(period, now)
    return Window(periods.key(period, now), max(start, promotion.starts_at), min([end, *ends]))


def task_key(period_key: str, index: int) -> str:
    return f"{period_key}{TASK_SEP}{index}"


@dataclass(frozen=True)
class TaskProgress:
    index: int
    task: dict[str, Any]
    progress: int  # never above the target
    claimed: bool

    @property
    def done(self) -> bool:
        return self.progress >= int(self.task["target"])


async def _bet_figures(
    session: AsyncSession, promotion: Promotion, member_id: int, start: datetime, end: datetime
) -> dict[tuple[str, str | None], int]:
    """(BET_COUNT or TURNOVER, category) -> the count or the stakes, for every such task, in one read."""
    wanted = {
        (task["type"], task.get("category"))
        for task in promotion.params["tasks"]
        if task["type"] in (BET_COUNT, TURNOVER)
    }
    if not wanted:
        return {}
    columns: list[tuple[tuple[str, str | None], ColumnElement[Any]]] = []
    for kind, category in sorted(wanted, key=str):
        only = BetRecord.category == category if category else None
        column: ColumnElement[Any]
        if kind == BET_COUNT:
            column = func.count() if only is None else func.count().filter(only)
        else:
            stakes = func.sum(BetRecord.bet_amount)
            column = stakes if only is None else stakes.filter(only)
        columns.append(((kind, category), column))
    row = (
        await session.execute(
            select(*(column for _, column in columns)).where(
                BetRecord.member_id == member_id,
                BetRecord.merchant_id == promotion.merchant_id,
                # Rounds placed in the period (the member's index), once settled.
                BetRecord.placed_at >= start,
                BetRecord.placed_at < end,
                BetRecord.status == SETTLED,
                BetRecord.trial.is_(False),
            )
        )
    ).one()
    return {name: int(value or 0) for (name, _), value in zip(columns, row, strict=True)}


async def _deposits(session: AsyncSession, member_id: int, start: datetime, end: datetime) -> int:
    total = await session.scalar(
        select(func.coalesce(func.sum(DepositOrder.amount), 0)).where(
            DepositOrder.member_id == member_id,
            DepositOrder.status == "COMPLETED",
            DepositOrder.created_at < end,
            DepositOrder.decided_at >= start,
            DepositOrder.decided_at < end,
        )
    )
    return int(total or 0)


async def _new_games(
    session: AsyncSession, merchant_id: int, member_id: int, start: datetime, end: datetime
) -> int:
    earlier = aliased(BetRecord)
    found = await session.scalar(
        select(func.count(distinct(BetRecord.game_id))).where(
            BetRecord.member_id == member_id,
            BetRecord.merchant_id == merchant_id,
            BetRecord.game_id.is_not(None),
            BetRecord.placed_at >= start,
            BetRecord.placed_at < end,
            BetRecord.trial.is_(False),
            ~exists().where(
                earlier.member_id == member_id,
                earlier.game_id == BetRecord.game_id,
                earlier.placed_at < start,
                earlier.trial.is_(False),
            ),
        )
    )
    return int(found or 0)


async def _login_days(session: AsyncSession, member_id: int, start: datetime, end: datetime) -> int:
    rows = await session.execute(
        select(AuthSession.created_at, AuthSession.last_seen_at).where(
            AuthSession.member_id == member_id,
            AuthSession.created_at < end,
            or_(AuthSession.created_at >= start, AuthSession.last_seen_at >= start),
        )
    )
    days = {
        at.astimezone(BUSINESS_ZONE).date()
        for created, seen in rows
        for at in (created, seen)
        if at is not None and start <= at < end
    }
    return len(days)


async def progress(
    session: AsyncSession, promotion: Promotion, member_id: int, now: datetime
) -> tuple[Window, list[TaskProgress]]:
    """The member's tasks in the period holding `now`: what each counted so far and whether it was claimed."""
    found = window(promotion, now)
    end = min(now, found.ends_at) if found.ends_at is not None else now
    tasks: list[dict[str, Any]] = promotion.params["tasks"]
    types = {task["type"] for task in tasks}
    bets = (
        await _bet_figures(session, promotion, member_id, found.starts_at, end)
        if end > found.starts_at
        else {}
    )
    deposits = await _deposits(session, member_id, found.starts_at, end) if DEPOSIT in types else 0
    games = (
        await _new_games(session, promotion.merchant_id, member_id, found.starts_at, end)
        if NEW_GAME in types
        else 0
    )
    days = await _login_days(session, member_id, found.starts_at, end) if LOGIN_DAYS in types else 0
    claimed = set(
        await session.scalars(
            select(PromotionEntry.period_key).where(
                PromotionEntry.promotion_id == promotion.id,
                PromotionEntry.member_id == member_id,
                PromotionEntry.period_key.like(f"{found.key}{TASK_SEP}%"),
            )
        )
    )
    shown = []
    for index, task in enumerate(tasks):
        kind = task["type"]
        if kind in (BET_COUNT, TURNOVER):
            counted = bets.get((kind, task.get("category")), 0)
        else:
            counted = {DEPOSIT: deposits, NEW_GAME: games, LOGIN_DAYS: days}[kind]
        shown.append(
            TaskProgress(
                index, task, min(counted, int(task["target"])), task_key(found.key, index) in claimed
            )
        )
    return found, shown


async def running_missions(session: AsyncSession, merchant_id: int, now: datetime) -> list[Promotion]:
    rows = await session.scalars(
        select(Promotion)
        .where(Promotion.merchant_id == merchant_id, Promotion.kind == MISSION)
        .order_by(Promotion.sort_order, Promotion.id.desc())
    )
    return [promotion for promotion in rows if is_running(promotion, now)]


async def check_raffles(session: AsyncSession, merchant_id: int, params: dict[str, Any]) -> None:
    """A mission's tickets go to a raffle of the same merchant (staff pick it in the console)."""
    for index, task in enumerate(params.get("tasks") or []):
        raffle_id = task.get("raffleId")
        if raffle_id is None:
            continue
        kind = await session.scalar(
            select(Promotion.kind).where(Promotion.id == raffle_id, Promotion.merchant_id == merchant_id)
        )
        if kind != RAFFLE:
            raise AppError(
                errors.VALIDATION_ERROR,
                value={"fields": [{"field": f"params.tasks.{index}.raffleId", "type": "not_found"}]},
            )


async def claim_task(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    promotion: Promotion,
    index: int,
    *,
    ip: str | None,
    device: str | None = None,
) -> PromotionEntry:
    """A done task's reward, once per period: its entry INSERTed (the unique key decides), then the bonus paid
    and the tickets given, each idempotent by the entry's key."""
    now = utcnow()
    entries.real_member(member)
    if promotion.kind != MISSION:
        raise AppError(errors.PROMOTION_WRONG_ACTION)
    entries.running(promotion, now)
    tasks = promotion.params["tasks"]
    if not 0 <= index < len(tasks):
        raise AppError(errors.NOT_FOUND)
    found, shown = await progress(session, promotion, member.id, now)
    if not shown[index].done:
        raise AppError(errors.PROMOTION_TASK_NOT_DONE)
    await entries.one_per_client(session, promotion, member, ip=ip, device=device)
    task = tasks[index]
    key = task_key(found.key, index)
    entry_id = await entries.insert_entry(
        session,
        merchant_id=brand.id,
        promotion_id=promotion.id,
        member_id=member.id,
        period_key=key,
        status=CLAIMED,
        amount=int(task.get("reward") or 0),
        streak=0,
        ip=ip,
        device=device,
    )
    if entry_id is None:
        raise AppError(errors.PROMOTION_ALREADY)
    if task.get("tickets") and task.get("raffleId"):
        await _give_tickets(
            session, brand, member, int(task["raffleId"]), int(task["tickets"]), promotion, key
        )
    if int(task.get("reward") or 0) > 0:
        return await entries.pay(session, brand, member, promotion, entry_id, now)
    entry = await session.get(PromotionEntry, entry_id)
    assert entry is not None
    entry.paid_at = now
    await session.flush()
    return entry


async def _give_tickets(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    raffle_id: int,
    tickets: int,
    mission: Promotion,
    key: str,
) -> None:
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(
        insert_for(RaffleTicket)
        .values(
            merchant_id=brand.id,
            promotion_id=raffle_id,
            member_id=member.id,
            tickets=tickets,
            source=f"mission:{mission.id}:{key}",
            created_at=utcnow(),
        )
        .on_conflict_do_nothing(index_elements=["promotion_id", "member_id", "source"])
    )


async def ready_count(session: AsyncSession, merchant_id: int, member_id: int, now: datetime) -> int:
    """The badge: tasks done and not yet claimed, over every running mission."""
    count = 0
    for promotion in await running_missions(session, merchant_id, now):
        _, shown = await progress(session, promotion, member_id, now)
        count += sum(1 for task in shown if task.done and not task.claimed)
    return count
