"""What the rain tests share: a rain and a session of it made directly (open now, later or past), member
and staff headers, the session's envelopes and the ledger check."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from server.accounts.models import TRIAL
from server.brands import service as brands
from server.db.base import utcnow
from server.db.session import Database
from server.minigames.rain import service
from server.minigames.rain.models import FLAT, Rain, RainEnvelope, RainSession
from server.wallet.models import LedgerTransfer
from tests.content.messages.support import add_members, member, staff
from tests.wallet.test_cashier_api import ledger_is_clean

__all__ = ["add_members", "ledger_is_clean", "member", "staff"]


async def make_rain(db: Database, merchant: str = "demo", **fields: Any) -> int:
    """A rain (disabled unless told: the daily schedule stays out of the test's way)."""
    values: dict[str, Any] = {
        "names": {"EN": "Test rain", "CN": "测试红包雨"},
        "enabled": False,
        "daily_at": 20 * 60,
        "duration_seconds": 60,
        "budget": 10_00,
        "envelopes": 10,
        "min_amount": 1,
        "wager_multiple": 0,
        "limit_mode": FLAT,
        "flat_limit": 3,
        "vip_limits": {},
    }
    values.update(fields)
    async with db.session() as session:
        brand = await brands.load_brand(session, merchant)
        assert brand is not None
        rain = Rain(merchant_id=brand.id, **values)
        session.add(rain)
        await session.flush()
        return rain.id


async def make_session(
    db: Database, rain_id: int, *, starts_in: timedelta = timedelta(seconds=-1), now: datetime | None = None
) -> int:
    """A one-off session of the rain starting `starts_in` from now (negative: already running)."""
    now = now or utcnow()
    async with db.session() as session:
        rain = await session.get(Rain, rain_id)
        assert rain is not None
        created = await service.create_session(session, rain, now + starts_in, one_off=True, now=now)
        assert created is not None
        return created


async def open_session(db: Database, merchant: str = "demo", **fields: Any) -> int:
    return await make_session(db, await make_rain(db, merchant, **fields))


async def envelopes(db: Database, session_id: int) -> list[tuple[int, int, int | None]]:
    """(seq, amount, member) of every envelope, by seq."""
    async with db.read_session() as session:
        rows = await session.execute(
            select(RainEnvelope.seq, RainEnvelope.amount, RainEnvelope.member_id)
            .where(RainEnvelope.session_id == session_id)
            .order_by(RainEnvelope.seq)
        )
        return [(int(s), int(a), None if m is None else int(m)) for s, a, m in rows]


async def end_session(db: Database, session_id: int) -> None:
    """Moves the session into the past (its time ran out)."""
    async with db.session() as session:
        row = await session.get(RainSession, session_id)
        assert row is not None
        span = row.ends_at - row.starts_at
        ended = utcnow() - timedelta(seconds=1)
        await session.execute(
            update(RainSession)
            .where(RainSession.id == session_id)
            .values(starts_at=ended - span, ends_at=ended)
        )


async def minigame_transfers(db: Database) -> list[tuple[str, int]]:
    """(idempotency key, amount) of every MINIGAME transfer, by key."""
    async with db.read_session() as session:
        rows = await session.execute(
            select(LedgerTransfer.idempotency_key, LedgerTransfer.amount)
            .where(LedgerTransfer.kind == "MINIGAME")
            .order_by(LedgerTransfer.idempotency_key)
        )
        return [(str(k), int(a)) for k, a in rows]


async def trial_headers(db: Database) -> dict[str, str]:
    await add_members(db, "demo", "raintrial", 1, member_type=TRIAL, created_by="TRIAL")
    return await member(db, "raintrial0")
