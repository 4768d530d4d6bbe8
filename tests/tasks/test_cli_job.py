"""`python -m server job NAME`: one scheduled job run now from the command line, recorded like the
scheduler's runs; an unknown name lists the jobs."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import select

from server import cli
from server.db.session import Database
from server.ops.models import JobRun


def _runs(url: str) -> list[tuple[str, int, bool]]:
    async def read() -> list[tuple[str, int, bool]]:
        db = Database.from_url(url)
        try:
            async with db.read_session() as session:
                rows = (await session.execute(select(JobRun.job, JobRun.runs, JobRun.last_ok))).all()
                return [(row.job, row.runs, row.last_ok) for row in rows]
        finally:
            await db.dispose()

    return asyncio.run(read())


def test_job_runs_once_and_is_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("REDIS_URL", "")
    cli.main(["migrate"])
    cli.main(["job", "wallet.reconcile"])
    assert "'unbalanced_transfers': 0" in capsys.readouterr().out
    assert _runs(url) == [("wallet.reconcile", 1, True)]

    with pytest.raises(SystemExit, match=r"no job nope; the jobs: .*wallet\.reconcile"):
        cli.main(["job", "nope"])
