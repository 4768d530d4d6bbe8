"""Ending the sockets of revoked sessions (logout, password change) in every API process.

The `session:revoked` event tells the browser why; then each process disconnects its own sockets in the
session's room. Processes learn of a revocation over a Redis channel of their own (Socket.IO's manager
only carries emits), or directly on the embedded default where there is one process."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING

import redis.asyncio as aioredis
import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import emitter, events
from server.db.after_commit import on_commit

if TYPE_CHECKING:
    # Only the type: the processes that revoke without serving sockets (the CLI, the worker) skip its import.
    import socketio

log = structlog.get_logger(__name__)

# Long enough for the event queued just before to leave on the same socket.
_GRACE_SECONDS = 0.2


class Revoker:
    def __init__(self, sio: socketio.AsyncServer, redis_url: str | None, channel: str) -> None:
        self._sio = sio
        self._redis_url = redis_url
        self._channel = f"{channel}:revocations"
        self._task: asyncio.Task[None] | None = None
        self._redis: aioredis.Redis | None = None

    async def start(self) -> None:
        if self._redis_url:
            self._redis = aioredis.from_url(self._redis_url)
            self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._redis is not None:
            await self._redis.aclose()

    async def _listen(self) -> None:
        assert self._redis is not None
        while True:
            try:
                async with self._redis.pubsub() as pubsub:
                    await pubsub.subscribe(self._channel)
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            await self.disconnect_local(json.loads(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("revocation_listener_failed")
                await asyncio.sleep(1)

    async def disconnect_local(self, session_ids: Iterable[int]) -> None:
        await asyncio.sleep(_GRACE_SECONDS)
        for session_id in session_ids:
            room = events.session_room(int(session_id))
            for sid, _ in list(self._sio.manager.get_participants("/", room)):
                await self._sio.disconnect(sid)

    async def revoke(self, session_ids: list[int], reason: str) -> None:
        for session_id in session_ids:
            await emitter.send(events.SESSION_REVOKED, events.session_room(session_id), {"reason": reason})
        if self._redis is not None:
            try:
                await self._redis.publish(self._channel, json.dumps(session_ids))
            except Exception:
                log.exception("revocation_publish_failed")
        await self.disconnect_local(session_ids)


_revoker: Revoker | None = None


def install(revoker: Revoker | None) -> None:
    global _revoker
    _revoker = revoker


async def revoke_sessions(session_ids: list[int], reason: str, *, session: AsyncSession) -> None:
    """After COMMIT: tell the sessions' sockets why, then disconnect them wherever they are."""
    if not session_ids:
        return
    ids = list(session_ids)

    async def after_commit() -> None:
        if _revoker is not None:
            await _revoker.revoke(ids, reason)
        else:
            for session_id in ids:
                await emitter.send(
                    events.SESSION_REVOKED, events.session_room(session_id), {"reason": reason}
                )

    on_commit(session, after_commit)
