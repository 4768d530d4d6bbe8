"""The rain's rules: scheduling sessions (each with its seed and its envelopes), a session's state, a
member's limit, and what the portal shows (portal_sessions, detail). Plain functions over a session."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from typing import Any, cast

from sqlalchemy import Table, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand
from server.content.texts import pick_text
from server.games.winners import mask
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.loyalty.vip.levels import member_level
from server.minigames.rain import amounts, schemas
from server.minigames.rain.models import FLAT, Rain, RainEnvelope, RainGrabber, RainSession

SCHEDULED, OPEN, CLOSED = "SCHEDULED", "OPEN", "CLOSED"
HORIZON = timedelta(hours=24)  # sessions are created (their hash published) this far ahead
RECENT = timedelta(hours=1)  # a closed session stays on the portal this long
RESULTS = timedelta(minutes=10)  # ... and before the next one this long
_SESSIONS = cast(Table, RainSession.__table__)
_ENVELOPES = cast(Table, RainEnvelope.__table__)


def ms(at: datetime | None) -> Any:
    return None if at is None else int(at.timestamp() * 1000)


def from_ms(value: int) -> datetime:
    return datetime.fromtimestamp(value / 1000, UTC)


def state_of(row: RainSession, now: datetime) -> str:
    """CLOSED once closed or past its end (grabs are refused from then, so the seed may be shown)."""
    if row.closed_at is not None or now >= row.ends_at:
        return CLOSED
    return OPEN if now >= row.starts_at else SCHEDULED


def limit_of(row: RainSession | Rain, level: int) -> int:
    """The member's grabs allowed: the flat limit, or the VIP entry of the highest level at or below theirs
    (none at or below: no grab)."""
    if row.limit_mode == FLAT:
        return row.flat_limit
    entries = sorted((int(k), int(v)) for k, v in row.vip_limits.items())
    return next((v for k, v in reversed(entries) if k <= level), 0)


async def limit_for(session: AsyncSession, row: RainSession, member: Member) -> int:
    return limit_of(row, await member_level(session, member) if row.limit_mode != FLAT else 0)


def daily_starts(rain: Rain, now: datetime) -> list[datetime]:
    """The rain's daily start times in (now, now + HORIZON], in UTC."""
    local = now.astimezone(BUSINESS_ZONE).date()
    at = time(rain.daily_at // 60, rain.daily_at % 60)
    found = []
    for offset in (0, 1):
        start = datetime.combine(local + timedelta(days=offset), at, tzinfo=BUSINESS_ZONE).astimezone(UTC)
        if now < start <= now + HORIZON:
            found.append(start)
    return found


async def create_session(
    session: AsyncSession, rain: Rain, starts_at: datetime, *, one_off: bool, now: datetime
) -> int | None:
    """A session of `rain` from `starts_at` with its secret seed and its envelopes drawn; None when the rain
    has a session at that time already (the insert's ON CONFLICT: two job runs create a slot once)."""
    seed = amounts.new_server_seed()
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    session_id = await session.scalar(
        insert_for(_SESSIONS)
        .values(
            merchant_id=rain.merchant_id,
            rain_id=rain.id,
            one_off=one_off,
            starts_at=starts_at,
            ends_at=starts_at + timedelta(seconds=rain.duration_seconds),
            budget=rain.budget,
            envelopes=rain.envelopes,
            min_amount=rain.min_amount,
            wager_multiple=rain.wager_multiple,
            limit_mode=rain.limit_mode,
            flat_limit=rain.flat_limit,
            vip_limits=dict(rain.vip_limits),
            seed=seed,
            seed_hash=amounts.seed_hash(seed),
            created_at=now,
        )
        .on_conflict_do_nothing(index_elements=["rain_id", "starts_at"])
        .returning(_SESSIONS.c.id)
    )
    if session_id is None:
        return None
    drawn = amounts.draw(seed, int(session_id), rain.budget, rain.envelopes, rain.min_amount)
    await session.execute(
        insert(_ENVELOPES), [{"session_id": session_id, "seq": k, "amount": a} for k, a in enumerate(drawn)]
    )
    return int(session_id)


async def schedule(session: AsyncSession, rain: Rain, now: datetime) -> int:
    """The rain's daily sessions of the next 24 hours that do not exist yet; how many were created."""
    wanted = daily_starts(rain, now) if rain.enabled else []
    if not wanted:
        return 0
    existing = set(
        await session.scalars(
            select(RainSession.starts_at).where(
                RainSession.rain_id == rain.id, RainSession.starts_at.in_(wanted)
            )
        )
    )
    created = 0
    for start in wanted:
        if start not in existing and await create_session(session, rain, start, one_off=False, now=now):
            created += 1
    return created


async def left_of(session: AsyncSession, session_ids: Sequence[int]) -> dict[int, int]:
    """Free envelopes per session (counted on the partial index of free envelopes)."""
    if not session_ids:
        return {}
    rows = await session.execute(
        select(RainEnvelope.session_id, func.count())
        .where(RainEnvelope.session_id.in_(session_ids), RainEnvelope.member_id.is_(None))
        .group_by(RainEnvelope.session_id)
    )
    found = {int(s): int(n) for s, n in rows}
    return {s: found.get(s, 0) for s in session_ids}


def _pick(rows: Sequence[RainSession], now: datetime) -> RainSession | None:
    """The session open now; else one that ended in the last RESULTS (whoever watched it sees its seed and
    grabs, rather than the sheet moving on to tomorrow's); else the next within 24 h; else the last closed
    within the hour."""
    live = [r for r in rows if state_of(r, now) == OPEN]
    if live:
        return min(live, key=lambda r: r.starts_at)
    ended = [r for r in rows if state_of(r, now) == CLOSED and (r.closed_at or r.ends_at) >= now - RESULTS]
    if ended:
        return max(ended, key=lambda r: r.starts_at)
    ahead = [r for r in rows if state_of(r, now) == SCHEDULED and r.starts_at <= now + HORIZON]
    if ahead:
        return min(ahead, key=lambda r: r.starts_at)
    done = [r for r in rows if (r.closed_at or r.ends_at) >= now - RECENT and state_of(r, now) == CLOSED]
    return max(done, key=lambda r: r.starts_at) if done else None


def _name(rain: Rain, language: str, brand: Brand) -> str:
    return str(pick_text(rain.names, language, brand.default_language) or "")


async def _out(
    session: AsyncSession,
    brand: Brand,
    member: Member | None,
    language: str,
    pairs: Sequence[tuple[RainSession, Rain]],
    now: datetime,
) -> list[schemas.RainSessionOut]:
    left = await left_of(session, [row.id for row, _ in pairs])
    mine: dict[int, RainGrabber] = {}
    level = 0
    if member is not None and pairs:
        found = await session.scalars(
            select(RainGrabber).where(
                RainGrabber.member_id == member.id, RainGrabber.session_id.in_([r.id for r, _ in pairs])
            )
        )
        mine = {g.session_id: g for g in found}
        level = await member_level(session, member)
    out = []
    for row, rain in pairs:
        state = state_of(row, now)
        grabbed = mine.get(row.id)
        out.append(
            schemas.RainSessionOut(
                id=row.id,
                rain_id=row.rain_id,
                name=_name(rain, language, brand),
                state=state,
                starts_at=ms(row.starts_at),
                ends_at=ms(row.ends_at),
                envelopes=row.envelopes,
                left=left[row.id],
                budget=format_amount(row.budget),
                min_amount=format_amount(row.min_amount),
                seed_hash=row.seed_hash,
                seed=row.seed if state == CLOSED else None,
                my_grabs=None if member is None else (grabbed.grabs if grabbed else 0),
                my_limit=None if member is None else limit_of(row, level),
                my_won=None if member is None else format_amount(grabbed.won if grabbed else 0),
            )
        )
    return out


async def portal_sessions(
    session: AsyncSession, brand: Brand, member: Member | None, language: str, now: datetime
) -> list[schemas.RainSessionOut]:
    """One session per enabled rain of the brand (GET /wps/minigames): see _pick."""
    rains = {
        r.id: r
        for r in await session.scalars(
            select(Rain).where(Rain.merchant_id == brand.id, Rain.enabled.is_(True)).order_by(Rain.id)
        )
    }
    if not rains:
        return []
    rows = await session.scalars(
        select(RainSession).where(
            RainSession.merchant_id == brand.id,
            RainSession.rain_id.in_(list(rains)),
            RainSession.starts_at <= now + HORIZON,
            RainSession.ends_at >= now - RECENT,
        )
    )
    by_rain: dict[int, list[RainSession]] = {}
    for row in rows:
        by_rain.setdefault(row.rain_id, []).append(row)
    pairs = []
    for rain_id, rain in rains.items():
        picked = _pick(by_rain.get(rain_id, []), now)
        if picked is not None:
            pairs.append((picked, rain))
    return await _out(session, brand, member, language, pairs, now)


async def session_of(session: AsyncSession, merchant_id: int, session_id: int) -> RainSession:
    row = await session.get(RainSession, session_id)
    if row is None or row.merchant_id != merchant_id:
        raise AppError(errors.NOT_FOUND)
    return row


async def grabs_of(session: AsyncSession, session_id: int) -> list[tuple[int, str, int, datetime]]:
    """(seq, username, amount, taken at) of every taken envelope, by seq."""
    rows = await session.execute(
        select(RainEnvelope.seq, Member.username, RainEnvelope.amount, RainEnvelope.taken_at)
        .join(Member, Member.id == RainEnvelope.member_id)
        .where(RainEnvelope.session_id == session_id)
        .order_by(RainEnvelope.seq)
    )
    return [(int(s), str(u), int(a), cast(datetime, t)) for s, u, a, t in rows]


async def detail(
    session: AsyncSession,
    brand: Brand,
    member: Member | None,
    language: str,
    session_id: int,
    now: datetime,
) -> schemas.RainSessionDetailOut:
    row = await session_of(session, brand.id, session_id)
    rain = await session.get(Rain, row.rain_id)
    assert rain is not None
    (out,) = await _out(session, brand, member, language, [(row, rain)], now)
    grabs = []
    if out.state == CLOSED:
        grabs = [
            schemas.RainGrabOut(seq=seq, account=mask(user), amount=format_amount(amount), at=ms(at))
            for seq, user, amount, at in await grabs_of(session, row.id)
        ]
    return schemas.RainSessionDetailOut(**out.model_dump(), rule=amounts.RULE, grabs=grabs)
