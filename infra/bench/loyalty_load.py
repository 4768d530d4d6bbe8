"""What the balance bench adds for loyalty (issue 32): the same spins again with loyalty on. Loyalty adds
nothing to a spin's own path (points, cashback, ranks and invite rewards are counted in batches from the bet
records), so what it costs a spin is its jobs' work on the same database while the spins run: here the
demo brand's loyalty (VIP levels, points rates, cashback, the referral rules, all from the demo seed) and
every loyalty job run in a process of its own every few seconds, more often than their schedules, so the
figure errs on the side of cost.

`python -m infra.bench.loyalty_load URL SECONDS` is that process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator

LOYALTY_JOBS = (
    "loyalty.accrue_points",
    "loyalty.review_ranks",
    "loyalty.daily_cashback",
    "loyalty.referral_rewards",
    "loyalty.vip_bonuses",
)
EVERY_SECONDS = 5.0


@contextlib.contextmanager
def jobs_running(url: str, every: float = EVERY_SECONDS) -> Iterator[None]:
    """Loyalty's jobs, one after another every `every` seconds, in a child process while the block runs."""
    env = {**os.environ, "DATABASE_URL": url, "LOG_LEVEL": "WARNING"}
    child = subprocess.Popen([sys.executable, "-m", "infra.bench.loyalty_load", url, str(every)], env=env)
    try:
        yield
    finally:
        child.terminate()
        child.wait(timeout=30)


async def _loop(url: str, every: float) -> None:
    from server.db.session import Database
    from server.logs import configure_logging
    from tasks.runner import run_job

    configure_logging("WARNING", "console")  # the jobs' runs, not each one's log line, are the bench's output
    db = Database.from_url(url)
    try:
        while True:
            for name in LOYALTY_JOBS:
                await run_job(db, name, runner="bench")
            await asyncio.sleep(every)
    finally:
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(_loop(sys.argv[1], float(sys.argv[2])))
