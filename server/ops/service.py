"""Recording job runs."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.ops.models import JobRun


async def record_run(
    session: AsyncSession, job: str, *, started: datetime, ok: bool, runner: str, detail: str | None
) -> JobRun:
    row = await session.get(JobRun, job, with_for_update=True)
    if row is None:
        row = JobRun(job=job, runs=0, failures=0)
        session.add(row)
    row.runs += 1
    row.failures += 0 if ok else 1
    row.last_started_at = started
    row.last_finished_at = utcnow()
    row.last_ok = ok
    row.last_runner = runner
    row.last_detail = (detail or "")[:2000] or None
    await session.flush()
    return row
