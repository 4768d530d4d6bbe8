"""Side effects that may only happen once the transaction is durable (ARCHITECTURE rule 9).

A service queues a coroutine factory on the session; it runs after COMMIT and is dropped on ROLLBACK.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

AfterCommit = Callable[[], Awaitable[None]]

_KEY = "after_commit"
_in_flight: set[asyncio.Task[None]] = set()
log = structlog.get_logger(__name__)


def on_commit(session: AsyncSession, callback: AfterCommit) -> None:
    session.sync_session.info.setdefault(_KEY, []).append(callback)


async def drain() -> None:
    """Wait until every side effect already released by a commit has finished."""
    while _in_flight:
        await asyncio.gather(*list(_in_flight), return_exceptions=True)


async def _run(callback: AfterCommit) -> None:
    try:
        await callback()
    except Exception:
        # The transaction is already committed; a failed side effect is logged, never re-raised.
        log.exception("after_commit_failed")


@event.listens_for(Session, "after_commit")
def _release(sync_session: Session) -> None:
    callbacks: list[AfterCommit] = sync_session.info.pop(_KEY, [])
    if not callbacks:
        return
    loop = asyncio.get_running_loop()
    for callback in callbacks:
        task = loop.create_task(_run(callback))
        _in_flight.add(task)
        task.add_done_callback(_in_flight.discard)


@event.listens_for(Session, "after_rollback")
def _discard(sync_session: Session, *_: Any) -> None:
    sync_session.info.pop(_KEY, None)
