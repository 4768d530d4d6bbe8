"""What a chat's sockets say themselves: "typing", relayed, never stored, and only into a conversation room
the socket has already been let into; and "chat:send", a message stored and pushed exactly as the HTTP send
does (the composition root hands over the service that does it), acknowledged with the stored message or the
HTTP API's error code."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import socketio
import structlog
from pydantic import ValidationError

from realtime import events
from realtime.publish import publish
from server.http.core import errors
from server.http.core.errors import AppError

log = structlog.get_logger(__name__)

CHAT_SEND = "chat:send"
# A conversation id as the HTTP path takes it (WireId): 1 to 2^53, the largest a JavaScript number holds.
MAX_ID = 2**53

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


# (the socket's session state, conversation id, client id, text) -> the stored message, by alias.
Send = Callable[[dict[str, Any], int, Any, Any], Awaitable[dict[str, Any]]]


def _failed(code: str) -> dict[str, Any]:
    return {"ok": False, "errorCode": code}


class ChatSends:
    """`chat:send` {conversationId, clientId, text} -> {"ok": true, "message": {...}} once the message is
    stored and its pushes have left (the HTTP send's answer, at the same moment), or {"ok": false,
    "errorCode": ...} with the code the HTTP send would have answered."""

    def __init__(self, sio: socketio.AsyncServer, send: Send) -> None:
        self._sio = sio
        self._send = send
        sio.on(CHAT_SEND, self._on_send)

    async def _on_send(self, sid: str, payload: Any = None) -> dict[str, Any]:
        if not isinstance(payload, dict):
            return _failed(errors.VALIDATION_ERROR.code)
        conversation_id = payload.get("conversationId")
        if type(conversation_id) is not int or not 0 < conversation_id <= MAX_ID:
            return _failed(errors.VALIDATION_ERROR.code)
        state = await self._sio.get_session(sid)
        try:
            message = await self._send(state, conversation_id, payload.get("clientId"), payload.get("text"))
        except AppError as exc:
            return _failed(exc.code)
        except ValidationError:
            return _failed(errors.VALIDATION_ERROR.code)
        except Exception:
            # The database or Redis away: the client sends again (same client id) or over HTTP.
            log.exception("chat_socket_send_failed", conversation_id=conversation_id)
            return _failed(errors.SERVICE_UNAVAILABLE.code)
        return {"ok": True, "message": message}
