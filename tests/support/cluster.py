"""The distributed set-up for browser tests: `python -m tests.support.cluster --ports A,B --database NAME`.

A fresh Postgres database (dropped and made again, migrated, seeded), then one API process per port, all
sharing it and Redis (Socket.IO's Redis manager carries a push from the process that wrote it to the one
holding the socket). The first process runs the in-process scheduler (the jobs: message fan-out, draws);
the others run none, as API replicas behind Celery beat would. It serves until terminated, then stops the
processes and drops the database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import uuid
from contextlib import ExitStack
from pathlib import Path
from types import FrameType

from server.db import migrate
from server.db.session import Database
from server.demo.seed import seed_demo
from tests.support.databases import _admin
from tests.support.live import api_process, child_env
from tests.support.services import POSTGRES_ADMIN_URL, REDIS_URL, reachable


def _database_url(name: str) -> str:
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    return f"{base}/{name}"


async def _fresh(name: str) -> str:
    await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await _admin(f'CREATE DATABASE "{name}"')
    url = _database_url(name)
    await asyncio.to_thread(migrate.upgrade, url)
    db = Database.from_url(url)
    try:
        async with db.session() as session:
            await seed_demo(session)
    finally:
        await db.dispose()
    return url


def check() -> None:
    """Prints "run" when Postgres and Redis answer, else "skip"; a failure under REQUIRE_SERVICES=1."""
    if reachable(POSTGRES_ADMIN_URL) and reachable(REDIS_URL):
        print("run")
    elif os.environ.get("REQUIRE_SERVICES") == "1":
        sys.exit("the cluster needs Postgres and Redis, and REQUIRE_SERVICES=1")
    else:
        print("skip")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only say whether the cluster can run here")
    parser.add_argument("--ports", help="comma-separated, one API process each")
    parser.add_argument("--database", help="the Postgres database to make (dropped first)")
    parser.add_argument("--logs", default="var", help="folder of the processes' logs")
    args = parser.parse_args()
    if args.check:
        check()
        return
    if not args.ports or not (args.database or "").startswith("portal_e2e_"):
        sys.exit("--ports and --database portal_e2e_<name> are required (the database is dropped)")
    ports = [int(port) for port in args.ports.split(",")]
    logs = Path(args.logs)
    logs.mkdir(parents=True, exist_ok=True)
    url = asyncio.run(_fresh(args.database))
    channel = f"e2e-{uuid.uuid4().hex[:8]}"
    finished = False

    def _end(_signum: int, _frame: FrameType | None) -> None:
        nonlocal finished
        finished = True

    signal.signal(signal.SIGTERM, _end)
    signal.signal(signal.SIGINT, _end)
    try:
        with ExitStack() as stack:
            # The first port is the one the test runner waits for: it starts last, when the others answer.
            for index, port in reversed(list(enumerate(ports))):
                env = child_env(
                    DATABASE_URL=url,
                    REDIS_URL=REDIS_URL,
                    REALTIME_CHANNEL=channel,
                    SCHEDULER="inprocess" if index == 0 else "off",
                )
                base = stack.enter_context(api_process(port, env, logs / f"cluster-{port}.log"))
                print(f"serving {base}", flush=True)
            while not finished:
                signal.pause()
    finally:
        with contextlib.suppress(Exception):
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)'))


if __name__ == "__main__":
    main()
