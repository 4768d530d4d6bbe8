"""The Socket.IO server: who may connect, which rooms they join, what they may subscribe to."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import socketio
import structlog

from realtime import events, fanout
from server.accounts import sessions
from server.accounts.sessions import Principal, SessionPolicy
from server.db.session import Database
from server.observability import metrics
from server.settings import Settings

log = structlog.get_logger(__name__)

# A page follows a few games at once (a lobby's lottery cards, a table); more is someone walking the rooms.
MAX_TOPICS_PER_SOCKET = 24
# A support agent's console follows each conversation it holds or looks at (two rooms each).
MAX_TOPICS_PER_STAFF_SOCKET = 120
# How often this process looks for signed-in sockets whose session has expired meanwhile (an idle session
# ends without any event to say so).
EXPIRY_SWEEP_SECONDS = 30.0


def _refuse(code: str, message: str) -> socketio.exceptions.ConnectionRefusedError:
    # The client's connect_error handler receives {"message": ..., "data": {"errorCode": ...}}.
    return socketio.exceptions.ConnectionRefusedError(message, {"errorCode": code})


class Brand(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def code(self) -> str: ...


class Merchants(Protocol):
    """Where the hub looks merchants up (the portal's brand cache): by code, and by a page's domain."""

    async def by_code(self, code: str) -> Brand | None: ...
    async def code_for_domain(self, host: str) -> str | None: ...


# Which rooms a socket may follow besides its merchant's: (topic, merchant code) -> allowed. Handed over by
# the composition root, which knows the games behind them.
PublicTopics = Callable[[str, str], bool]
# The rooms a signed-in staff socket joins besides its own, by its principal and merchant code (the console's
# desk rooms, for the roles whose permissions cover them). Also handed over by the composition root.
StaffRooms = Callable[[Principal, str], list[str]]


# The rooms a staff socket may subscribe to (a member's own room, to watch the member page move): by its
# principal, its merchant's id and the topic. Also the composition root's, which knows roles and members.
StaffTopics = Callable[[Principal, int, str], Awaitable[bool]]


@dataclass(frozen=True)
class Viewer:
    """Who a socket is, for the rooms that belong to someone: a member, a visitor (by the chat token their
    handshake carried), or staff of the merchant."""

    merchant_id: int
    member_id: int | None
    chat_visitor: str | None
    staff: Principal | None


# The rooms a socket may follow because they are its own (a customer-service conversation): by who it is and
# the topic. The composition root's, which knows whose conversation is whose.
PrivateTopics = Callable[[Viewer, str], Awaitable[bool]]


async def _no_private_topics(_viewer: Viewer, _topic: str) -> bool:
    return False


def _no_staff_rooms(_principal: Principal, _merchant: str) -> list[str]:
    return []


async def _no_staff_topics(_principal: Principal, _merchant_id: int, _topic: str) -> bool:
    return False


class Hub:
    def __init__(
        self,
        settings: Settings,
        db: Database,
        brands: Merchants,
        policy: SessionPolicy,
        *,
        public_topics: PublicTopics,
        staff_rooms: StaffRooms = _no_staff_rooms,
        staff_topics: StaffTopics = _no_staff_topics,
        private_topics: PrivateTopics = _no_private_topics,
    ) -> None:
        self._db = db
        self._brands = brands
        self._public_topics = public_topics
        self._staff_rooms = staff_rooms
        self._staff_topics = staff_topics
        self._private_topics = private_topics
        self._policy = policy
        manager = (
            fanout.FanoutRedisManager(settings.redis_url, channel=settings.realtime_channel)
            if settings.redis_url
            else fanout.FanoutManager()
        )
        self.sio = socketio.AsyncServer(
            async_mode="asgi",
            client_manager=manager,
            logger=False,
            engineio_logger=False,
            # Same-origin only: the page and the socket are served by the same host.
            cors_allowed_origins=None,
        )
        fanout.install(self.sio)
        self._signed_in: dict[str, tuple[str, str]] = {}  # this process's sockets: sid -> (token, merchant)
        self._sweeper: asyncio.Task[None] | None = None
        self.sio.on("connect", self._connect)
        self.sio.on("disconnect", self._disconnect)
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
        state: dict[str, Any] = {
            "merchant": brand.code,
            "merchant_id": brand.id,
            "member_id": None,
            "staff_id": None,
        }
        chat_visitor = auth.get("chatVisitor")
        if isinstance(chat_visitor, str) and 0 < len(chat_visitor) <= 128:
            state["chat_visitor"] = chat_visitor
        token = auth.get("token")
        if token is not None:
            if not isinstance(token, str):
                raise _refuse("UNAUTHORIZED", "bad token")
            async with self._db.session() as session:
                principal = await sessions.authenticate(session, self._policy, token, merchant_id=brand.id)
            if principal is None:
                raise _refuse("UNAUTHORIZED", "session expired or revoked")
            state.update(
                member_id=principal.member_id,
                staff_id=principal.staff_id,
                session_id=principal.session_id,
                token=token,
            )
            state[events.SIGNED_IN_AT] = time.monotonic()
            rooms.append(events.session_room(principal.session_id))
            if principal.member_id is not None:
                rooms.append(events.user_room(principal.member_id))
            if principal.staff_id is not None:
                state.update(staff=principal)
                rooms.append(events.staff_room(principal.staff_id))
                rooms.extend(self._staff_rooms(principal, brand.code))
        await self.sio.save_session(sid, state)
        if token is not None:
            self._signed_in[sid] = (token, brand.code)
            if self._sweeper is None:
                self._sweeper = self.sio.start_background_task(self._sweep_expired)
        for room in rooms:
            await self.sio.enter_room(sid, room)
        # The handshake's environ is kept for the socket's life; its body reader (an object of a class
        # Engine.IO builds per request, 2.5 kB) serves no later call, and ten thousand sockets kept 25 MB.
        environ.pop("wsgi.input", None)
        log.debug("socket_connected", sid=sid, merchant=brand.code, member_id=state["member_id"])
        metrics.socket_opened(sid)

    def _may_join(self, state: dict[str, Any], topic: str) -> bool:
        return topic == events.merchant_room(state["merchant"]) or self._public_topics(
            topic, state["merchant"]
        )

    async def _may_subscribe(self, state: dict[str, Any], topic: str) -> bool:
        if self._may_join(state, topic):
            return True
        staff = state.get("staff")
        if staff is not None and await self._staff_topics(staff, state["merchant_id"], topic):
            return True
        viewer = Viewer(state["merchant_id"], state.get("member_id"), state.get("chat_visitor"), staff)
        return await self._private_topics(viewer, topic)

    async def _disconnect(self, sid: str, *_: Any) -> None:
        self._signed_in.pop(sid, None)
        metrics.socket_closed(sid)

    async def _session_live(self, token: str, merchant: str) -> bool:
        brand = await self._brands.by_code(merchant)
        if brand is None:
            return False
        # A read session, and a look that writes nothing back: it is not the member's activity. (Writing
        # there failed on SQLite with "database is locked" whenever a request had written since the read
        # began: a read transaction cannot become a writer then, and SQLite does not wait for that case.)
        # A pure read never waits on a writer in WAL mode, and busy_timeout covers the rare lock it meets.
        async with self._db.read_session() as session:
            found = await sessions.authenticate(
                session, self._policy, token, merchant_id=brand.id, touch=False
            )
            return found is not None

    async def stop(self) -> None:
        """The sweep ends with the app: it would otherwise outlive it, reading a database the app let go."""
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)

    async def _sweep_expired(self) -> None:
        while True:
            await self.sio.sleep(EXPIRY_SWEEP_SECONDS)
            try:
                ended = await self._expired_sockets()
            except Exception:  # the database is away: try again next round, end nobody for it
                log.warning("socket_expiry_sweep_failed", exc_info=True)
                continue
            for sid in ended:
                if self._signed_in.pop(sid, None) is not None:
                    await self.sio.emit(events.SESSION_REVOKED, {"reason": "expired"}, to=sid)
                    self.sio.start_background_task(self._end_soon, sid)

    async def _expired_sockets(self) -> list[str]:
        """The signed-in sockets whose session is no longer live, asked about all at once."""
        signed_in = list(self._signed_in.items())
        wanted: dict[str, int] = {}
        hashes: dict[str, str | None] = {}
        for sid, (token, merchant) in signed_in:
            brand = await self._brands.by_code(merchant)
            token_hash = sessions.hash_token(token) if brand is not None and token else None
            hashes[sid] = token_hash
            if brand is not None and token_hash is not None:
                wanted[token_hash] = brand.id
        async with self._db.read_session() as session:
            live = await sessions.live_among(session, self._policy, wanted)
        return [sid for sid, _ in signed_in if hashes[sid] not in live]

    async def _still_signed_in(self, sid: str, state: dict[str, Any]) -> bool:
        """A signed-in socket outlives neither its session's revocation (the Revoker ends it) nor its
        expiry: checked when it asks for something, and by the sweep, since an idle session expires
        without an event."""
        token = state.get("token")
        if token is None or await self._session_live(token, state["merchant"]):
            return True
        self._signed_in.pop(sid, None)
        await self.sio.emit(events.SESSION_REVOKED, {"reason": "expired"}, to=sid)
        # After the answer to the call in hand has left on the same socket.
        self.sio.start_background_task(self._end_soon, sid)
        return False

    async def _end_soon(self, sid: str) -> None:
        await self.sio.sleep(0.2)
        await self.sio.disconnect(sid)

    async def _subscribe(self, sid: str, topic: Any) -> dict[str, Any]:
        state = await self.sio.get_session(sid)
        if not isinstance(topic, str) or not await self._may_subscribe(state, topic):
            return {"ok": False, "errorCode": "FORBIDDEN"}
        if not await self._still_signed_in(sid, state):
            return {"ok": False, "errorCode": "UNAUTHORIZED"}
        joined: list[str] = state.setdefault("topics", [])
        if topic not in joined:
            limit = MAX_TOPICS_PER_STAFF_SOCKET if state.get("staff") else MAX_TOPICS_PER_SOCKET
            if len(joined) >= limit:
                return {"ok": False, "errorCode": "TOO_MANY_TOPICS"}
            joined.append(topic)
            await self.sio.save_session(sid, state)
        await self.sio.enter_room(sid, topic)
        return {"ok": True}

    async def _unsubscribe(self, sid: str, topic: Any) -> dict[str, Any]:
        state = await self.sio.get_session(sid)
        joined: list[str] = state.get("topics", [])
        # Rooms joined at connect (the user's own, the session's) are not the client's to leave.
        if not isinstance(topic, str) or not (topic in joined or self._may_join(state, topic)):
            return {"ok": False, "errorCode": "FORBIDDEN"}
        await self.sio.leave_room(sid, topic)
        if topic in joined:
            joined.remove(topic)
            await self.sio.save_session(sid, state)
        return {"ok": True}
