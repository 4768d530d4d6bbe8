"""What the settlement jobs and `python -m server agents settle` run, by contract kind."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from server.agents.dividend import settle_dividends
from server.agents.models import DIVIDEND
from server.agents.salary import Report, settle_salaries
from server.db.session import Database


async def settle(
    db: Database, kind: str, now: datetime | None = None, *, agents: Collection[int] | None = None
) -> Report:
    """Salaries are paid as they settle; dividends wait for approval (`Report.paid` counts those waiting)."""
    if kind == DIVIDEND:
        return await settle_dividends(db, now, agents=agents)
    return await settle_salaries(db, kind, now, agents=agents)
