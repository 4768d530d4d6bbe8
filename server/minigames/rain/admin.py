"""The console's rain rules: a rain's configuration checked and saved (its future daily sessions drawn
again, since their hash committed to the old envelopes), one-off sessions, and the history with each closed
session's seed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import case, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.loyalty.vip.models import LEVEL_MAX
from server.minigames.rain import schemas
from server.minigames.rain.models import FLAT_LIMIT_MAX, VIP, Rain, RainEnvelope, RainSession
from server.minigames.rain.service import CLOSED, create_session, from_ms, ms, schedule, state_of

ONE_OFF_SLACK = timedelta(seconds=60)  # a "start now" sent by a console clock a little behind ours
ONE_OFF_AHEAD = timedelta(days=366)


def _invalid(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def daily_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def rain_out(rain: Rain) -> schemas.RainOut:
    return schemas.RainOut(
        id=rain.id,
        name={str(k): str(v) for k, v in rain.names.items()},
        enabled=rain.enabled,
        daily_at=daily_text(rain.daily_at),
        duration_seconds=rain.duration_seconds,
        budget=format_amount(rain.budget),
        envelopes=rain.envelopes,
        min_amount=format_amount(rain.min_amount),
        wager_multiple=rain.wager_multiple,
        limit_mode=rain.limit_mode,
        flat_limit=rain.flat_limit,
        vip_limits={str(k): int(v) for k, v in rain.vip_limits.items()},
    )


def _vip_limits(body: schemas.RainIn) -> dict[str, int]:
    limits: dict[str, int] = {}
    for key, value in body.vip_limits.items():
        if not key.isdigit() or int(key) > LEVEL_MAX or not 0 <= value <= FLAT_LIMIT_MAX:
            raise _invalid(f"vipLimits.{key}", "limit")
        limits[str(int(key))] = value
    if body.limit_mode == VIP and not limits:
        raise _invalid("vipLimits", "required")
    return limits


def _check(body: schemas.RainIn) -> tuple[int, int, dict[str, int]]:
    """(budget, minimum, VIP limits) in the stored form, or VALIDATION_ERROR naming the field."""
    if not str(body.name.get("EN", "")).strip():
        raise _invalid("name.EN", "required")
    budget = parse_amount(body.budget, field="budget")
    minimum = parse_amount(body.min_amount, field="minAmount")
    if budget < body.envelopes * minimum:
        raise _invalid("budget", "belowEnvelopesTimesMinimum")
    return budget, minimum, _vip_limits(body)


async def rains(session: AsyncSession, merchant_id: int) -> list[Rain]:
    return list(await session.scalars(select(Rain).where(Rain.merchant_id == merchant_id).order_by(Rain.id)))


async def rain_of(session: AsyncSession, merchant_id: int, rain_id: int) -> Rain:
    rain = await session.get(Rain, rain_id)
    if rain is None or rain.merchant_id != merchant_id:
        raise AppError(errors.NOT_FOUND)
    return rain


async def _drop_future(session: AsyncSession, rain: Rain, now: datetime, *, one_offs: bool) -> None:
    """Sessions not started yet (nobody has grabbed from them): their envelopes follow the old rules."""
    where = [RainSession.rain_id == rain.id, RainSession.starts_at > now]
    if not one_offs:
        where.append(RainSession.one_off.is_(False))
    ids = list(await session.scalars(select(RainSession.id).where(*where)))
    if ids:
        await session.execute(delete(RainEnvelope).where(RainEnvelope.session_id.in_(ids)))
        await session.execute(delete(RainSession).where(RainSession.id.in_(ids)))


async def save(
    session: AsyncSession, merchant_id: int, rain: Rain | None, body: schemas.RainIn, now: datetime
) -> Rain:
    budget, minimum, vip_limits = _check(body)
    hours, minutes = body.daily_at.split(":")
    if rain is None:
        rain = Rain(merchant_id=merchant_id)
        session.add(rain)
    rain.names = {str(k): v.strip() for k, v in body.name.items() if v.strip()}
    rain.enabled = body.enabled
    rain.daily_at = int(hours) * 60 + int(minutes)
    rain.duration_seconds = body.duration_seconds
    rain.budget, rain.envelopes, rain.min_amount = budget, body.envelopes, minimum
    rain.wager_multiple = body.wager_multiple
    rain.limit_mode, rain.flat_limit, rain.vip_limits = body.limit_mode, body.flat_limit, vip_limits
    rain.updated_at = now
    await session.flush()
    await _drop_future(session, rain, now, one_offs=not rain.enabled)
    await schedule(session, rain, now)
    return rain


async def add_session(session: AsyncSession, rain: Rain, starts_at_ms: int, now: datetime) -> int:
    starts_at = from_ms(starts_at_ms)
    if starts_at < now - ONE_OFF_SLACK or starts_at > now + ONE_OFF_AHEAD:
        raise _invalid("startsAt", "range")
    created = await create_session(session, rain, max(starts_at, now), one_off=True, now=now)
    if created is None:
        raise AppError(errors.CONFLICT, "This rain has a session at that time already")
    return created


@dataclass(frozen=True)
class Figures:
    grabbed: int
    left: int
    paid: int


async def figures(session: AsyncSession, session_ids: list[int]) -> dict[int, Figures]:
    if not session_ids:
        return {}
    taken = RainEnvelope.member_id.is_not(None)
    rows = await session.execute(
        select(
            RainEnvelope.session_id,
            func.count(RainEnvelope.member_id),
            func.count(),
            func.coalesce(func.sum(case((taken, RainEnvelope.amount), else_=0)), 0),
        )
        .where(RainEnvelope.session_id.in_(session_ids))
        .group_by(RainEnvelope.session_id)
    )
    found = {int(s): Figures(int(g), int(n) - int(g), int(p)) for s, g, n, p in rows}
    return {s: found.get(s, Figures(0, 0, 0)) for s in session_ids}


def session_out(row: RainSession, figures: Figures, now: datetime) -> schemas.SessionAdminOut:
    state = state_of(row, now)
    return schemas.SessionAdminOut(
        id=row.id,
        rain_id=row.rain_id,
        starts_at=ms(row.starts_at),
        ends_at=ms(row.ends_at),
        state=state,
        envelopes=row.envelopes,
        grabbed=figures.grabbed,
        left=figures.left,
        budget=format_amount(row.budget),
        paid=format_amount(figures.paid),
        seed_hash=row.seed_hash,
        seed=row.seed if state == CLOSED else None,
    )


async def history(
    session: AsyncSession, rain: Rain, page: int, page_size: int, now: datetime
) -> tuple[list[schemas.SessionAdminOut], int]:
    """The rain's sessions, the latest start first."""
    total = await session.scalar(select(func.count()).where(RainSession.rain_id == rain.id))
    rows = list(
        await session.scalars(
            select(RainSession)
            .where(RainSession.rain_id == rain.id)
            .order_by(RainSession.starts_at.desc(), RainSession.id.desc())
            .offset((page - 1) * page_size)
            .limit(page_size)
        )
    )
    counted = await figures(session, [r.id for r in rows])
    return [session_out(r, counted[r.id], now) for r in rows], int(total or 0)
