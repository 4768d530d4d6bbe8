"""`python -m server staff create`: a new merchant's first operator is opened from the command line; as an
operator it enrols a second factor at its first login."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import select

from server import cli
from server.accounts.models import Staff
from server.admin.models import AuditEntry
from server.db.session import Database


def _read(url: str) -> tuple[list[tuple[str, str, int]], list[str]]:
    async def read() -> tuple[list[tuple[str, str, int]], list[str]]:
        db = Database.from_url(url)
        try:
            async with db.read_session() as session:
                staff = (await session.execute(select(Staff.username, Staff.role, Staff.merchant_id))).all()
                actions = list(
                    await session.scalars(select(AuditEntry.action).where(AuditEntry.staff_id.is_(None)))
                )
                return [(row.username, row.role, row.merchant_id) for row in staff], actions
        finally:
            await db.dispose()

    return asyncio.run(read())


def test_staff_create(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("REDIS_URL", "")
    cli.main(["migrate"])
    cli.main(["merchant", "create", "fresh", "--name", "Fresh Brand"])
    capsys.readouterr()

    cli.main(["staff", "create", "fresh", "Boss", "--role", "OPERATOR", "--password", "long enough 1"])
    assert capsys.readouterr().out.strip() == "boss"
    staff, actions = _read(url)
    assert [(name, role) for name, role, _ in staff] == [("boss", "OPERATOR")]
    assert "staff.create" in actions

    with pytest.raises(SystemExit, match="already taken"):
        cli.main(["staff", "create", "fresh", "boss", "--role", "SUPPORT", "--password", "long enough 2"])
    with pytest.raises(SystemExit, match="at least 10"):
        cli.main(["staff", "create", "fresh", "clerk", "--role", "SUPPORT", "--password", "short"])
    with pytest.raises(SystemExit, match="no merchant"):
        cli.main(["staff", "create", "nowhere", "clerk", "--role", "SUPPORT", "--password", "long enough 3"])
    with pytest.raises(SystemExit):
        cli.main(["staff", "create", "fresh", "clerk", "--role", "ROOT", "--password", "long enough 3"])
    assert len(_read(url)[0]) == 1
