"""Side effects that may only happen once the transaction is durable (ARCHITECTURE rule 9).

A service queues a coroutine factory on the session; it runs after COMMIT and is dropped on ROLLBACK.
Savepoints count as part of the transaction around them: releasing one sends nothing (the COMMIT is still
ahead), rolling one back drops only what was queued inside it. What one COMMIT released runs in the order it
was queued, one after the other (a conversation's message before its close), in a task of its own that
`settle` waits for.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable

import structlog
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, SessionTransaction

AfterCommit = Callable[[], Awaitable[None]]

_KEY = "after_commit"
_RELEASED = "after_commit_released"
# savepoint -> how many callbacks were queued when it began: rolling it back keeps those
_marks: weakref.WeakKeyDictionary[SessionTransaction, int] = weakref.WeakKeyDictionary()
_in_flight: set[asyncio.Task[None]] = set()
log = structlog.get_logger(__name__)


def on_commit(session: AsyncSession, callback: AfterCommit) -> None:
    session.sync_session.info.setdefault(_KEY, []).append(callback)


async def drain() -> None:
    """Wait until every side effect already released by a commit has finished."""
    while _in_flight:
        await asyncio.gather(*list(_in_flight), return_exceptions=True)


async def settle(session: AsyncSession) -> None:
    """Wait until what this session's last COMMIT released has finished."""
    released: asyncio.Task[None] | None = session.sync_session.info.pop(_RELEASED, None)
    if released is not None:
        await asyncio.gather(released, return_exceptions=True)


async def _run(callbacks: list[AfterCommit]) -> None:
    for callback in callbacks:
        try:
            await callback()
        except Exception:
            # The transaction is already committed; a failed side effect is logged, never re-raised.
            log.exception("after_commit_failed")


@event.listens_for(Session, "after_transaction_create")
def _mark(sync_session: Session, transaction: SessionTransaction) -> None:
    if transaction.nested:
        _marks[transaction] = len(sync_session.info.get(_KEY, []))


@event.listens_for(Session, "after_commit")
def _release(sync_session: Session) -> None:
    if sync_session.in_nested_transaction():
        return  # a savepoint was released: what it queued waits for the real COMMIT
    callbacks: list[AfterCommit] = sync_session.info.pop(_KEY, [])
    if not callbacks:
        return
    task = asyncio.get_running_loop().create_task(_run(callbacks))
    _in_flight.add(task)
    task.add_done_callback(_in_flight.discard)
    sync_session.info[_RELEASED] = task


@event.listens_for(Session, "after_soft_rollback")
def _discard(sync_session: Session, previous: SessionTransaction) -> None:
    if not previous.nested:
        sync_session.info.pop(_KEY, None)
        return
    # A savepoint rolled back: only what was queued inside it goes.
    queued: list[AfterCommit] = sync_session.info.get(_KEY, [])
    del queued[_marks.get(previous, 0) :]
