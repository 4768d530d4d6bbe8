"""One grab: the atomic path from a tap to money in the member's wallet.

In one transaction: the session must be open; the member's counter is upserted with `grabs = grabs + 1`
only WHERE grabs < limit (the limit holds however many grabs arrive at once: the row serialises one member's
grabs, and nobody else's); the lowest free envelope is taken with UPDATE ... WHERE id = (SELECT ... FOR UPDATE
SKIP LOCKED) (parallel grabs take different envelopes without queueing on one row; SQLite has one writer
anyway); the envelope's amount moves from the merchant's promotion account by a ledger transfer whose
idempotency key is the envelope's (session, seq), so an envelope is paid once. The paid total is the sum of
taken envelopes, which were drawn to sum to the budget: it cannot pass it. A refusal rolls back all of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Table, TextClause, bindparam, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL, Member
from server.brands.service import Brand
from server.db.base import UtcDateTime
from server.http.core import errors
from server.http.core.errors import AppError
from server.minigames.rain import live
from server.minigames.rain.models import RainEnvelope, RainGrabber, RainSession
from server.minigames.rain.service import OPEN, left_of, limit_for, ms, session_of, state_of
from server.wallet import bonus_locks
from server.wallet.service import grant

LEDGER_KIND = "MINIGAME"
EXACT_BELOW = 64  # envelopes left under which a grab counts them exactly
BONUS_EXPIRY = timedelta(days=30)  # how long an envelope's wagering may take
_ENVELOPES = cast(Table, RainEnvelope.__table__)
_GRABBERS = cast(Table, RainGrabber.__table__)
_SESSIONS = cast(Table, RainSession.__table__)


@dataclass(frozen=True)
class Grabbed:
    seq: int
    amount: int
    left: int
    grabs: int
    limit: int


def ledger_key(session_id: int, seq: int) -> str:
    return f"minigame:rain:{session_id}:{seq}"


# The grab's statements, written once: a rush runs them thousands of times a second, and building
# SQLAlchemy expressions per call cost more CPU than the database spent on them. Both dialects take the
# upsert as written; only Postgres has row locks to skip (SQLite's one writer serialises the grabs).
_COUNT = text(
    "INSERT INTO minigame_rain_grabbers (session_id, member_id, grabs, won) VALUES (:session, :member, 1, 0)"
    " ON CONFLICT (session_id, member_id) DO UPDATE SET grabs = minigame_rain_grabbers.grabs + 1"
    " WHERE minigame_rain_grabbers.grabs < :limit RETURNING grabs"
)
_WON = text(
    "UPDATE minigame_rain_grabbers SET won = won + :amount"
    " WHERE session_id = :session AND member_id = :member"
)
_FREE = (
    "SELECT id FROM minigame_rain_envelopes WHERE session_id = :session AND member_id IS NULL"
    " ORDER BY seq LIMIT 1{lock}"
)
_TAKE = (
    "UPDATE minigame_rain_envelopes SET member_id = :member, taken_at = :now"
    " WHERE id = ({free}) AND member_id IS NULL RETURNING seq, amount"
)


def _take_statement(lock: str) -> TextClause:
    return text(_TAKE.format(free=_FREE.format(lock=lock))).bindparams(bindparam("now", type_=UtcDateTime()))


_TAKES = {
    ("postgresql", True): _take_statement(" FOR UPDATE SKIP LOCKED"),
    ("postgresql", False): _take_statement(" FOR UPDATE"),
    ("sqlite", True): _take_statement(""),
    ("sqlite", False): _take_statement(""),
}
_FREE_LEFT = text(
    "SELECT count(*) FROM minigame_rain_envelopes WHERE session_id = :session AND member_id IS NULL"
)


async def _count_grab(session: AsyncSession, session_id: int, member_id: int, limit: int) -> int | None:
    """The member's grabs after this one, or None when the limit is reached (nothing written)."""
    grabs = await session.scalar(_COUNT, {"session": session_id, "member": member_id, "limit": limit})
    return None if grabs is None else int(grabs)


async def _take(
    session: AsyncSession, dialect: str, session_id: int, member_id: int, now: datetime, *, skip: bool
) -> tuple[int, int] | None:
    taken = (
        await session.execute(
            _TAKES[(dialect, skip)], {"session": session_id, "member": member_id, "now": now}
        )
    ).first()
    return None if taken is None else (int(taken.seq), int(taken.amount))


async def _take_envelope(
    session: AsyncSession, session_id: int, member_id: int, now: datetime
) -> tuple[int, int] | None:
    """(seq, amount) of the lowest free envelope, now the member's; None only when none is left.

    First without waiting (SKIP LOCKED: parallel grabs take different envelopes). When every free one is
    locked by grabs in flight, this grab waits for the lowest of them instead: if its holder rolls back (a
    failed payment) the envelope is this grab's; if it commits, another round looks again. Each round
    follows a grab that finished, so the loop ends, and no member is told "empty" while an envelope is left.
    """
    dialect = (await session.connection()).dialect.name
    while True:
        taken = await _take(session, dialect, session_id, member_id, now, skip=True)
        if taken is not None:
            return taken
        if not await session.scalar(_FREE_LEFT, {"session": session_id}):
            return None
        taken = await _take(session, dialect, session_id, member_id, now, skip=False)
        if taken is not None:
            return taken


async def _pay(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    row: RainSession,
    seq: int,
    amount: int,
    now: datetime,
) -> None:
    key = ledger_key(row.id, seq)
    meta = {"minigame": "RAIN", "sessionId": row.id, "seq": seq}
    reference = f"minigame:rain:{row.id}"
    if row.wager_multiple > 0:
        await bonus_locks.grant_bonus(
            session,
            brand,
            member,
            amount=amount,
            requirement=amount * row.wager_multiple,
            max_stake=None,
            expires_at=now + BONUS_EXPIRY,
            reference=reference,
            idempotency_key=key,
            source=reference,
            meta=meta,
            now=now,
            kind=LEDGER_KIND,
        )
    else:
        await grant(
            session,
            brand,
            member,
            amount=amount,
            kind=LEDGER_KIND,
            reference=reference,
            idempotency_key=key,
            meta=meta,
        )


async def _close_if_empty(session: AsyncSession, row: RainSession, now: datetime) -> bool:
    closed = await session.scalar(
        update(_SESSIONS)
        .where(_SESSIONS.c.id == row.id, _SESSIONS.c.closed_at.is_(None))
        .values(closed_at=now)
        .returning(_SESSIONS.c.id)
    )
    return closed is not None


async def grab(
    session: AsyncSession, brand: Brand, member: Member, session_id: int, now: datetime
) -> Grabbed:
    if member.merchant_id != brand.id:
        raise AppError(errors.NOT_FOUND)
    if member.member_type == TRIAL:
        raise AppError(errors.TRIAL_ACCOUNT)
    row = await session_of(session, brand.id, session_id)
    if state_of(row, now) != OPEN:
        raise AppError(errors.RAIN_NOT_OPEN)
    limit = await limit_for(session, row, member)
    grabs = await _count_grab(session, row.id, member.id, limit) if limit > 0 else None
    if grabs is None:
        raise AppError(errors.GRAB_LIMIT, value={"limit": limit})
    taken = await _take_envelope(session, row.id, member.id, now)
    if taken is None:
        raise AppError(errors.RAIN_EMPTY)
    seq, amount = taken
    await session.execute(_WON, {"amount": amount, "session": row.id, "member": member.id})
    await _pay(session, brand, member, row, seq, amount, now)
    # Envelopes go lowest first, so those above this one are (nearly) what is left: exact but for grabs of
    # lower ones still in flight, which is what a display needs. Counting the free ones costs their number,
    # so the exact count (which decides the close) is taken only near the end, where it is cheap.
    left = row.envelopes - seq - 1
    if left < EXACT_BELOW:
        left = (await left_of(session, [row.id]))[row.id]
    if left == 0 and await _close_if_empty(session, row, now):
        await live.announce(
            session, brand.code, live.payload(row.id, row.rain_id, "CLOSED", 0, ms(row.ends_at))
        )
    else:
        live.after_grab(session, brand.code, live.payload(row.id, row.rain_id, OPEN, left, ms(row.ends_at)))
    return Grabbed(seq=seq, amount=amount, left=left, grabs=grabs, limit=limit)
