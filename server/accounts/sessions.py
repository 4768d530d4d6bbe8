"""Session tokens: 256 random bits, handed out once, stored hashed, with idle and absolute expiry."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from realtime.revocation import revoke_sessions
from server.accounts.models import SECOND_FACTOR_ROLES, TRIAL, AuthSession, Member, Staff
from server.db.base import utcnow

# Writing last_seen_at on every request would turn every read into a write (and on SQLite queue every
# request behind the one writer): it is written at most once a minute per session, so the idle expiry is
# exact to within that minute.
TOUCH_EVERY = timedelta(seconds=60)


@dataclass(frozen=True)
class SessionPolicy:
    idle: timedelta
    absolute: timedelta


@dataclass(frozen=True)
class Principal:
    session_id: int
    merchant_id: int
    member_id: int | None
    staff_id: int | None
    member_type: int | None
    staff_role: str | None
    must_change_password: bool = False
    # A staff role that needs a second factor, not yet enrolled: the login opens the enrolment calls only.
    otp_enrolment_pending: bool = False

    @property
    def is_trial(self) -> bool:
        return self.member_type == TRIAL


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def issue(
    session: AsyncSession,
    policy: SessionPolicy,
    *,
    merchant_id: int,
    member_id: int | None = None,
    staff_id: int | None = None,
    ip: str | None = None,
    user_agent: str | None = None,
) -> str:
    token = secrets.token_urlsafe(32)
    now = utcnow()
    session.add(
        AuthSession(
            merchant_id=merchant_id,
            token_hash=hash_token(token),
            member_id=member_id,
            staff_id=staff_id,
            last_seen_at=now,
            expires_at=now + policy.absolute,
            ip=ip,
            user_agent=(user_agent or "")[:255] or None,
        )
    )
    await session.flush()
    return token


async def authenticate(
    session: AsyncSession,
    policy: SessionPolicy,
    token: str,
    *,
    merchant_id: int | None = None,
    now: datetime | None = None,
    touch: bool = True,
) -> Principal | None:
    """The principal behind a live token of this merchant, or None (unknown, revoked or expired).

    A use of the session (touch) moves its last-seen time when that is a minute old or more; a look that is
    not the member's doing (the socket hub's expiry sweep) passes touch=False and writes nothing."""
    if not token or len(token) > 128:
        return None
    now = now or utcnow()
    row = await session.scalar(select(AuthSession).where(AuthSession.token_hash == hash_token(token)))
    if row is None or row.revoked_at is not None:
        return None
    if merchant_id is not None and row.merchant_id != merchant_id:
        return None
    if now >= row.expires_at or now >= row.last_seen_at + policy.idle:
        return None
    if touch and now - row.last_seen_at >= TOUCH_EVERY:
        # One conditional statement: of parallel requests only one writes, and none waits to read first.
        await session.execute(
            update(AuthSession)
            .where(AuthSession.id == row.id, AuthSession.last_seen_at <= now - TOUCH_EVERY)
            .values(last_seen_at=now)
            .execution_options(synchronize_session=False)
        )
    if row.member_id is not None:
        member = (
            await session.execute(
                select(Member.member_type, Member.must_change_password, Member.status).where(
                    Member.id == row.member_id
                )
            )
        ).one_or_none()
        if member is None or member.status != "ACTIVE":
            return None
        return Principal(
            row.id,
            row.merchant_id,
            row.member_id,
            None,
            member.member_type,
            None,
            member.must_change_password,
        )
    staff = (
        await session.execute(
            select(Staff.role, Staff.disabled_at, Staff.otp_enabled_at).where(Staff.id == row.staff_id)
        )
    ).one_or_none()
    if staff is None or staff.disabled_at is not None:
        return None
    pending = staff.role in SECOND_FACTOR_ROLES and staff.otp_enabled_at is None
    return Principal(
        row.id, row.merchant_id, None, row.staff_id, None, staff.role, otp_enrolment_pending=pending
    )


SWEEP_BATCH = 500  # tokens a read asks about (a bound parameter each)


async def live_among(
    session: AsyncSession,
    policy: SessionPolicy,
    wanted: Mapping[str, int],
    *,
    now: datetime | None = None,
) -> set[str]:
    """Of {token hash: merchant id}, the hashes `authenticate(touch=False)` would accept, a read per
    SWEEP_BATCH tokens: the socket hub's expiry sweep asks about every signed-in socket at once, and a read
    per socket was thousands of reads every sweep (`make bench`, chat part)."""
    now = now or utcnow()
    hashes = list(wanted)
    live: set[str] = set()
    for start in range(0, len(hashes), SWEEP_BATCH):
        rows = await session.execute(
            select(AuthSession.token_hash, AuthSession.merchant_id)
            .outerjoin(Member, Member.id == AuthSession.member_id)
            .outerjoin(Staff, Staff.id == AuthSession.staff_id)
            .where(
                AuthSession.token_hash.in_(hashes[start : start + SWEEP_BATCH]),
                AuthSession.revoked_at.is_(None),
                AuthSession.expires_at > now,
                AuthSession.last_seen_at > now - policy.idle,
                or_(
                    and_(AuthSession.member_id.is_not(None), Member.status == "ACTIVE"),
                    and_(AuthSession.member_id.is_(None), Staff.id.is_not(None), Staff.disabled_at.is_(None)),
                ),
            )
        )
        live.update(token_hash for token_hash, merchant_id in rows if wanted[token_hash] == merchant_id)
    return live


async def revoke(session: AsyncSession, session_ids: list[int], reason: str) -> list[int]:
    """Revoke these sessions (those still live); returns the ids that were live."""
    if not session_ids:
        return []
    live = list(
        await session.scalars(
            select(AuthSession.id).where(AuthSession.id.in_(session_ids), AuthSession.revoked_at.is_(None))
        )
    )
    if live:
        await session.execute(
            update(AuthSession)
            .where(AuthSession.id.in_(live))
            .values(revoked_at=utcnow(), revoke_reason=reason)
        )
    return live


async def end(session: AsyncSession, session_ids: list[int], reason: str) -> list[int]:
    """Revoke these sessions (those still live) and, after COMMIT, tell their sockets why and end them."""
    revoked = await revoke(session, session_ids, reason)
    await revoke_sessions(revoked, reason, session=session)
    return revoked


async def live_staff_sessions_of(session: AsyncSession, staff_id: int) -> list[int]:
    stmt = select(AuthSession.id).where(AuthSession.staff_id == staff_id, AuthSession.revoked_at.is_(None))
    return list(await session.scalars(stmt))


async def live_sessions_of(
    session: AsyncSession, member_id: int, *, except_id: int | None = None
) -> list[int]:
    stmt = select(AuthSession.id).where(AuthSession.member_id == member_id, AuthSession.revoked_at.is_(None))
    if except_id is not None:
        stmt = stmt.where(AuthSession.id != except_id)
    return list(await session.scalars(stmt))
