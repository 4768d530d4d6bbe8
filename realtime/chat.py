"""What a chat's sockets say themselves: "typing". The only client-to-server event besides subscribing; it
is relayed, never stored, and only into a conversation room the socket has already been let into."""

from __future__ import annotations

import time
from typing import Any

import socketio

from realtime import events
from realtime.publish import publish

# A keystroke-driven client sends at most one every couple of seconds; more is dropped, not relayed.
MIN_INTERVAL = 0.5


class TypingRelay:
    def __init__(self, sio: socketio.AsyncServer) -> None:
        self._sio = sio
        self._last: dict[str, float] = {}
        sio.on(events.CHAT_TYPING, self._typing)

    def _prune(self, now: float) -> None:
        # The hub owns "disconnect"; gone sockets' entries are dropped here instead, once they pile up.
        if len(self._last) > 10_000:
            self._last = {sid: at for sid, at in self._last.items() if now - at < 60}

    async def _typing(self, sid: str, payload: Any) -> dict[str, Any]:
        if not isinstance(payload, dict):
            return {"ok": False, "errorCode": "VALIDATION_ERROR"}
        conversation_id = payload.get("conversationId")
        typing = payload.get("typing")
        if type(conversation_id) is not int or not isinstance(typing, bool):
            return {"ok": False, "errorCode": "VALIDATION_ERROR"}
        room = events.conversation_room(conversation_id)
        state = await self._sio.get_session(sid)
        if room not in state.get("topics", []):
            return {"ok": False, "errorCode": "FORBIDDEN"}
        now = time.monotonic()
        if typing and now - self._last.get(sid, 0.0) < MIN_INTERVAL:
            return {"ok": True}
        self._prune(now)
        self._last[sid] = now
        side = "STAFF" if state.get("staff") is not None else "PLAYER"
        await publish(
            events.CHAT_TYPING,
            room,
            {"conversationId": conversation_id, "side": side, "typing": typing},
            session=None,
        )
        return {"ok": True}
