"""The job registry. A job is a plain async function of a session; runners own the transaction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.announce import announce_status_changes
from server.security.captcha import purge_expired_captchas
from server.security.challenge import purge_expired_challenges
from server.wallet.reconcile import reconcile
from server.wallet.withdrawals import auto_receive

JobFunction = Callable[[AsyncSession], Awaitable[Any]]


@dataclass(frozen=True)
class Job:
    name: str
    run: JobFunction
    every: timedelta


JOBS: dict[str, Job] = {
    job.name: job
    for job in (
        Job("brands.announce_status", announce_status_changes, timedelta(seconds=15)),
        Job("security.purge_captchas", purge_expired_captchas, timedelta(minutes=10)),
        Job("security.purge_challenges", purge_expired_challenges, timedelta(minutes=10)),
        Job("wallet.auto_receive_withdrawals", auto_receive, timedelta(minutes=1)),
        Job("wallet.reconcile", reconcile, timedelta(hours=1)),
    )
}
