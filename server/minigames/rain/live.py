"""`minigames:state` to the merchant's room, after COMMIT.

Open and close are pushed as they happen. Grabs are coalesced: at most one push per session per 500 ms in
this process (2,000 grabs a second must not mean 2,000 pushes to every socket of the merchant). The first
grab after a quiet spell is pushed at once; grabs inside the interval only keep the latest figure (the
smallest `left`: envelopes only ever go), which one timer pushes when the interval ends."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events
from realtime.publish import publish
from server.db.after_commit import on_commit

INTERVAL = 0.5  # seconds between two grab pushes of one session, per process

_last: dict[int, float] = {}  # session -> when its last grab push went (time.monotonic)
_waiting: dict[int, tuple[str, dict[str, Any]]] = {}  # session -> (room, the latest payload not pushed)
_timers: set[asyncio.Task[None]] = set()


def payload(session_id: int, rain_id: int, state: str, left: int, ends_at_ms: int) -> dict[str, Any]:
    return {"sessionId": session_id, "rainId": rain_id, "state": state, "left": left, "endsAt": ends_at_ms}


async def announce(session: AsyncSession, merchant_code: str, body: dict[str, Any]) -> None:
    """A state change (OPEN, CLOSED): sent after COMMIT, never coalesced. A grab's figure still waiting for
    its timer is dropped, so that no "OPEN" of an earlier moment follows a "CLOSED"."""
    room = events.merchant_room(merchant_code)

    async def send_after_commit() -> None:
        _waiting.pop(int(body["sessionId"]), None)
        await publish(events.MINIGAMES_STATE, room, body, session=None)

    on_commit(session, send_after_commit)


def after_grab(session: AsyncSession, merchant_code: str, body: dict[str, Any]) -> None:
    """Queue the grab's figure for after COMMIT, through the coalescer."""
    room = events.merchant_room(merchant_code)

    async def offer_after_commit() -> None:
        await offer(room, body)

    on_commit(session, offer_after_commit)


async def offer(room: str, body: dict[str, Any]) -> None:
    session_id = int(body["sessionId"])
    now = time.monotonic()
    if session_id not in _waiting and now - _last.get(session_id, float("-inf")) >= INTERVAL:
        _last[session_id] = now
        await publish(events.MINIGAMES_STATE, room, body, session=None)
        return
    held = _waiting.get(session_id)
    if held is None or body["left"] <= held[1]["left"]:
        _waiting[session_id] = (room, body)
    if held is None:
        delay = max(0.0, _last.get(session_id, now) + INTERVAL - now)
        timer = asyncio.create_task(_push_later(session_id, delay))
        _timers.add(timer)
        timer.add_done_callback(_timers.discard)


async def _push_later(session_id: int, delay: float) -> None:
    await asyncio.sleep(delay)
    held = _waiting.pop(session_id, None)
    if held is None:
        return
    _last[session_id] = time.monotonic()
    if len(_last) > 10_000:  # sessions end: forget the ones quiet for a minute
        cutoff = time.monotonic() - 60
        for key in [k for k, at in _last.items() if at < cutoff]:
            del _last[key]
    room, body = held
    await publish(events.MINIGAMES_STATE, room, body, session=None)


async def drain() -> None:
    """Wait for the pushes waiting on a timer (tests, shutdown)."""
    while _timers:
        await asyncio.gather(*list(_timers), return_exceptions=True)


def reset() -> None:
    """Forget every session's last push (tests)."""
    _last.clear()
    _waiting.clear()
