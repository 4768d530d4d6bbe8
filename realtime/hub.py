"""The Socket.IO server: who may connect, which rooms they join, what they may subscribe to."""

from __future__ import annotations

from typing import Any

import socketio
import structlog

from realtime import events
from server.accounts import sessions
from server.accounts.sessions import SessionPolicy
from server.brands.cache import BrandCache
from server.db.session import Database
from server.settings import Settings

log = structlog.get_logger(__name__)


def _refuse(code: str, message: str) -> socketio.exceptions.ConnectionRefusedError:
    # The client's connect_error handler receives {"message": ..., "data": {"errorCode": ...}}.
    return socketio.exceptions.ConnectionRefusedError(message, {"errorCode": code})


class Hub:
    def __init__(self, settings: Settings, db: Database, brands: BrandCache, policy: SessionPolicy) -> None:
        self._db = db
        self._brands = brands
        self._policy = policy
        manager = (
            socketio.AsyncRedisManager(settings.redis_url, channel=settings.realtime_channel)
            if settings.redis_url
            else None
        )
        self.sio = socketio.AsyncServer(
            async_mode="asgi",
            client_manager=manager,
            logger=False,
            engineio_logger=False,
            # Same-origin only: the page and the socket are served by the same host.
            cors_allowed_origins=None,
        )
        self.sio.on("connect", self._connect)
        self.sio.on("subscribe", self._subscribe)
        self.sio.on("unsubscribe", self._unsubscribe)

    async def _merchant_code(self, auth: dict[str, Any], environ: dict[str, Any]) -> str:
        code = auth.get("merchant")
        if isinstance(code, str) and code:
            return code
        host = environ.get("HTTP_HOST")
        domain_code = await self._brands.code_for_domain(host) if host else None
        if domain_code is None:
            raise _refuse("MERCHANT_REQUIRED", "merchant unknown")
        return domain_code

    async def _connect(self, sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        auth = auth if isinstance(auth, dict) else {}
        code = await self._merchant_code(auth, environ)
        brand = await self._brands.by_code(code)
        if brand is None:
            raise _refuse("MERCHANT_NOT_FOUND", "unknown merchant")
        rooms = [events.merchant_room(brand.code)]
        state: dict[str, Any] = {"merchant": brand.code, "member_id": None, "staff_id": None}
        token = auth.get("token")
        if token is not None:
            if not isinstance(token, str):
                raise _refuse("UNAUTHORIZED", "bad token")
            async with self._db.session() as session:
                principal = await sessions.authenticate(session, self._policy, token, merchant_id=brand.id)
            if principal is None:
                raise _refuse("UNAUTHORIZED", "session expired or revoked")
            state.update(
                member_id=principal.member_id, staff_id=principal.staff_id, session_id=principal.session_id
            )
            rooms.append(events.session_room(principal.session_id))
            if principal.member_id is not None:
                rooms.append(events.user_room(principal.member_id))
            if principal.staff_id is not None:
                rooms.append(events.staff_room(principal.staff_id))
        await self.sio.save_session(sid, state)
        for room in rooms:
            await self.sio.enter_room(sid, room)
        log.debug("socket_connected", sid=sid, merchant=brand.code, member_id=state["member_id"])

    def _may_join(self, state: dict[str, Any], topic: str) -> bool:
        if topic == events.merchant_room(state["merchant"]):
            return True
        return topic.startswith(events.PUBLIC_TOPIC_PREFIXES) and len(topic) <= 80

    async def _subscribe(self, sid: str, topic: Any) -> dict[str, Any]:
        state = await self.sio.get_session(sid)
        if not isinstance(topic, str) or not self._may_join(state, topic):
            return {"ok": False, "errorCode": "FORBIDDEN"}
        await self.sio.enter_room(sid, topic)
        return {"ok": True}

    async def _unsubscribe(self, sid: str, topic: Any) -> dict[str, Any]:
        state = await self.sio.get_session(sid)
        # Rooms joined at connect (the user's own, the session's) are not the client's to leave.
        if not isinstance(topic, str) or not self._may_join(state, topic):
            return {"ok": False, "errorCode": "FORBIDDEN"}
        await self.sio.leave_room(sid, topic)
        return {"ok": True}
