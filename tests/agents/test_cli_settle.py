"""`python -m server agents settle`: what the salary jobs do, run now from the command line (for one agent's
contracts with --agent); --at, as if the clock said so, only outside production. And `member create --agent`
opens a first-level agent."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from server import cli
from server.accounts.models import Member
from server.agents import salary
from server.agents.models import AgentSettlement
from server.db.base import utcnow
from server.db.session import Database
from tests.agents.test_agent_centre import add_play


def _read(url: str) -> tuple[list[AgentSettlement], Member | None]:
    async def read() -> tuple[list[AgentSettlement], Member | None]:
        db = Database.from_url(url)
        try:
            async with db.read_session() as session:
                rows = list((await session.scalars(select(AgentSettlement))).all())
                top = await session.scalar(select(Member).where(Member.username == "top01"))
                return rows, top
        finally:
            await db.dispose()

    return asyncio.run(read())


def _play(url: str) -> None:
    async def play() -> None:
        db = Database.from_url(url)
        try:
            await add_play(db, "player1", staked=12_345, won=0)  # agent1's player, today
        finally:
            await db.dispose()

    asyncio.run(play())


def test_agents_settle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("REDIS_URL", "")
    cli.main(["migrate"])
    cli.main(["seed"])
    cli.main(["member", "create", "demo", "top01", "--password", "Secret123", "--agent"])
    capsys.readouterr()
    top = _read(url)[1]
    assert top is not None
    assert top.member_type == 1
    _play(url)

    # Now: agent1's seeded contract was accepted today, so no day has closed yet.
    cli.main(["agents", "settle", "--kind", "DAILY_SALARY"])
    assert json.loads(capsys.readouterr().out) == {
        "kind": "DAILY_SALARY",
        "settled": 0,
        "paid": 0,
        "already": 0,
    }
    # As of tomorrow's first minute in the business zone: today closes and agent1 is paid 1 % of 123.45.
    tomorrow = salary.next_day(salary.day_start(utcnow())) + timedelta(minutes=1)
    cli.main(
        ["agents", "settle", "--kind", "DAILY_SALARY", "--agent", "agent1", "--at", tomorrow.isoformat()]
    )
    assert json.loads(capsys.readouterr().out) == {
        "kind": "DAILY_SALARY",
        "settled": 1,
        "paid": 1,
        "already": 0,
    }
    rows, _ = _read(url)
    assert [(r.valid_bet, r.active_members, r.rate_bps, r.amount) for r in rows] == [(12_345, 1, 100, 123)]

    with pytest.raises(SystemExit, match="time zone"):
        cli.main(["agents", "settle", "--at", "2026-11-27T00:01:00"])
    with pytest.raises(SystemExit, match="not every one"):
        cli.main(["agents", "settle", "--agent", "nobody"])
    monkeypatch.setenv("ENVIRONMENT", "production")
    for secret in ("SESSION_SECRET", "HOUSE_WALLET_SECRET", "HOUSE_TABLE_SECRET", "STAFF_OTP_KEY"):
        monkeypatch.setenv(secret, f"{secret.lower()}-" + "x" * 48)
    with pytest.raises(SystemExit, match="refused in production"):
        cli.main(["agents", "settle", "--at", tomorrow.isoformat()])
