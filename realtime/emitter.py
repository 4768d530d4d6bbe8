"""Where this process's events go, chosen once at start-up by `install`: the Socket.IO server in an API
process (its manager fans out through Redis when REDIS_URL is set), a write-only Redis manager in a
Celery worker."""

from __future__ import annotations

from typing import Any, Protocol

import structlog

log = structlog.get_logger(__name__)


class Emitter(Protocol):
    async def emit(self, event: str, data: Any = None, *, room: str | None = None) -> Any: ...


_emitter: Emitter | None = None


def install(emitter: Emitter | None) -> None:
    global _emitter
    _emitter = emitter


def installed() -> Emitter | None:
    return _emitter


def redis_writer(url: str, channel: str) -> Emitter:
    import socketio

    emitter: Emitter = socketio.AsyncRedisManager(url, channel=channel, write_only=True)
    return emitter


async def send(event: str, room: str, payload: Any) -> None:
    emitter = _emitter
    if emitter is None:
        log.warning("realtime_not_installed", realtime_event=event, room=room)
        return
    try:
        await emitter.emit(event, payload, room=room)
    except Exception:
        # Losing Redis must not fail the caller (ARCHITECTURE rule 1): the state is in the database and
        # the client re-reads it on reconnect.
        log.exception("realtime_publish_failed", realtime_event=event, room=room)
