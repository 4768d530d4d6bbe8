"""`publish(event, room, payload, session=...)`: the one way to emit, from the API, a worker or the
scheduler alike.

With a session the event waits for that transaction's COMMIT and is dropped on ROLLBACK, so a push never
announces something the database did not keep. session=None sends at once, for callers holding no
transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from realtime import emitter
from server.db.after_commit import on_commit


async def publish(event: str, room: str, payload: Any, *, session: AsyncSession | None) -> None:
    if session is None:
        await emitter.send(event, room, payload)
        return

    async def send_after_commit() -> None:
        await emitter.send(event, room, payload)

    on_commit(session, send_after_commit)
