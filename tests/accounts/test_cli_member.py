"""`python -m server member create`: an operator opens a player account from the command line; the
account is the operator's, so its first login asks for a new password."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import select

from server import cli
from server.accounts.models import Member
from server.db.session import Database


def _member(url: str, username: str) -> Member | None:
    async def read() -> Member | None:
        db = Database.from_url(url)
        try:
            async with db.session() as session:
                found: Member | None = await session.scalar(select(Member).where(Member.username == username))
                return found
        finally:
            await db.dispose()

    return asyncio.run(read())


def test_member_create(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("REDIS_URL", "")
    cli.main(["migrate"])
    cli.main(["seed"])
    capsys.readouterr()

    cli.main(["member", "create", "demo", "Walkin01", "--password", "Secret123", "--upline", "agent1"])
    assert capsys.readouterr().out.strip() == "walkin01"
    created = _member(url, "walkin01")
    agent = _member(url, "agent1")
    assert created is not None
    assert agent is not None
    assert created.created_by == "OPERATOR"
    assert created.upline_id == agent.id
    assert created.member_type == 0

    with pytest.raises(SystemExit, match="already exists"):
        cli.main(["member", "create", "demo", "walkin01", "--password", "Secret123"])
    with pytest.raises(SystemExit, match="no agent player1"):
        cli.main(["member", "create", "demo", "walkin02", "--password", "Secret123", "--upline", "player1"])
    with pytest.raises(SystemExit, match="no merchant"):
        cli.main(["member", "create", "nowhere", "walkin03", "--password", "Secret123"])
    assert _member(url, "walkin02") is None
