"""The socket hub's expiry sweep asks about every signed-in socket in one read (sessions.live_among): it
must accept exactly the tokens authenticate(touch=False) accepts, whatever ended the others (revoked,
expired, idle, another merchant's, a disabled member or staff member, unknown)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import ColumnElement, select, update

from server.accounts import sessions
from server.accounts.models import AuthSession, Member, Staff
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from tests.support.accounts import POLICY, token_for

pytestmark = pytest.mark.usefixtures("demo")


async def test_the_sweep_read_accepts_what_authenticate_accepts(db: Database) -> None:
    tokens = {
        "live member": await token_for(db, "demo", "player1"),
        "live staff": await token_for(db, "demo", "support1", staff=True),
        "revoked": await token_for(db, "demo", "player2"),
        "expired": await token_for(db, "demo", "player3"),
        "idle": await token_for(db, "demo", "agent1"),
        "disabled staff": await token_for(db, "demo", "auditor1", staff=True),
        "disabled member": await token_for(db, "demo", "player1"),
        "another merchant's": await token_for(db, "demo2", "player1"),
    }
    now = utcnow()

    def row(name: str) -> ColumnElement[bool]:
        return AuthSession.token_hash == sessions.hash_token(tokens[name])

    async with db.session() as session:
        await session.execute(update(AuthSession).where(row("revoked")).values(revoked_at=now))
        await session.execute(
            update(AuthSession).where(row("expired")).values(expires_at=now - timedelta(seconds=1))
        )
        await session.execute(
            update(AuthSession)
            .where(row("idle"))
            .values(last_seen_at=now - POLICY.idle - timedelta(seconds=1))
        )
        auditor = await session.scalar(select(AuthSession.staff_id).where(row("disabled staff")))
        await session.execute(update(Staff).where(Staff.id == auditor).values(disabled_at=now))
        demo = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert demo is not None
    # One session of player1 stays live; its member is disabled in a second step below.
    wanted = {sessions.hash_token(t): demo for t in tokens.values()} | {
        sessions.hash_token("unknown-token"): demo
    }
    async with db.read_session() as session:
        expected = {
            sessions.hash_token(t)
            for t in tokens.values()
            if await sessions.authenticate(session, POLICY, t, merchant_id=demo, touch=False) is not None
        }
        live = await sessions.live_among(session, POLICY, wanted, now=utcnow())
    names = {sessions.hash_token(t): name for name, t in tokens.items()}
    assert {names[h] for h in live} == {"live member", "live staff", "disabled member"}
    assert live == expected
    async with db.session() as session:
        await session.execute(
            update(Member)
            .where(Member.merchant_id == demo, Member.username == "player1")
            .values(status="DISABLED")
        )
    async with db.read_session() as session:
        assert {names[h] for h in await sessions.live_among(session, POLICY, wanted)} == {"live staff"}


async def test_the_sweep_read_asks_in_batches(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sessions, "SWEEP_BATCH", 2)
    tokens = [await token_for(db, "demo", "player1") for _ in range(5)]
    async with db.read_session() as session:
        demo = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert demo is not None
        wanted = {sessions.hash_token(t): demo for t in tokens}
        assert await sessions.live_among(session, POLICY, wanted) == set(wanted)
