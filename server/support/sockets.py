"""A chat message sent on the socket (`chat:send`): the same services, the same turn and so the same order and
rate rules as `POST /wps/chat/conversations/{id}/messages` (player) and `POST /wps/admin/chat/...` (staff);
only the way in differs. The acknowledgement carries the stored message, or the HTTP API's error code.

Who sends is the socket's: its handshake was authenticated at connect, and a revoked session ends the socket
(realtime.revocation). What a request re-reads every time, the session row (expiry, a disabled account, a
changed role), is read again here at most once a minute per socket (the connect's read counting as the
first), inside the send's own transaction; that read also moves the session's last-seen time, as an HTTP
call does, so that a player who only chats is not signed out for idleness."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events
from server.accounts import sessions
from server.accounts.messaging import EmailSender
from server.accounts.sessions import Principal, SessionPolicy
from server.admin import roles
from server.admin.roles import Permission
from server.brands.service import Brand
from server.db.locks import unit_in_turn
from server.db.session import Database
from server.http.core import errors
from server.http.core.errors import AppError
from server.support import conversations as chats
from server.support import desk, player, schemas
from server.support.turn import turn_key

# How long a socket's authentication is taken as read before a send reads its session again.
SESSION_CHECK_SECONDS = 60.0
_CHECKED = "chat_checked_at"


class Brands(Protocol):
    async def by_code(self, code: str) -> Brand | None: ...


class SocketSends:
    """`send(state, conversation_id, client_id, text)`: the socket's session state as the hub keeps it."""

    def __init__(
        self,
        db: Database,
        brands: Brands,
        policy: SessionPolicy,
        email_sender: Callable[[], EmailSender],
    ) -> None:
        self._db = db
        self._brands = brands
        self._policy = policy
        self._email_sender = email_sender

    async def send(
        self, state: dict[str, Any], conversation_id: int, client_id: Any, text: Any
    ) -> dict[str, Any]:
        """Raises AppError (the HTTP send's codes) or pydantic's ValidationError (VALIDATION_ERROR)."""
        body = schemas.ChatSendIn.model_validate({"clientId": client_id, "text": text})
        brand = await self._brands.by_code(state["merchant"])
        if brand is None:
            raise AppError(errors.MERCHANT_NOT_FOUND)
        staff: Principal | None = state.get("staff")
        if staff is not None:
            _may_answer(staff)
        async with unit_in_turn(self._db, turn_key(conversation_id)) as session:
            staff = await self._still_signed_in(session, state, brand) if state.get("token") else staff
            if staff is not None:
                assert staff.staff_id is not None
                message = await desk.reply(
                    session,
                    brand,
                    conversation_id,
                    staff.staff_id,
                    client_id=body.client_id,
                    text=body.text,
                    sender=self._email_sender(),
                )
            else:
                visitor = state.get("chat_visitor")
                who = chats.Player(
                    brand.id, state.get("member_id"), chats.visitor_hash(visitor) if visitor else None
                )
                message = await player.send_text(
                    session, brand, who, conversation_id, client_id=body.client_id, text=body.text
                )
        return message.model_dump(by_alias=True)

    async def _still_signed_in(
        self, session: AsyncSession, state: dict[str, Any], brand: Brand
    ) -> Principal | None:
        """The socket's staff principal (None for a member), re-read from its session row when the last
        read is a minute old; UNAUTHORIZED when that session has ended meanwhile."""
        staff: Principal | None = state.get("staff")
        now = time.monotonic()
        last = state.get(_CHECKED, state.get(events.SIGNED_IN_AT, now - SESSION_CHECK_SECONDS))
        if now - last < SESSION_CHECK_SECONDS:
            return staff
        principal = await sessions.authenticate(session, self._policy, state["token"], merchant_id=brand.id)
        if principal is None or principal.staff_id != state.get("staff_id"):
            raise AppError(errors.UNAUTHORIZED)
        if principal.member_id != state.get("member_id"):
            raise AppError(errors.UNAUTHORIZED)
        state[_CHECKED] = now
        if principal.staff_id is None:
            return None
        _may_answer(principal)
        state["staff"] = principal
        return principal


def _may_answer(staff: Principal) -> None:
    """The HTTP answer route's guard (staff_allowed(CHAT_ANSWER)), with its codes."""
    if staff.otp_enrolment_pending:
        raise AppError(errors.OTP_ENROLMENT_REQUIRED)
    if not roles.may(staff.staff_role, Permission.CHAT_ANSWER):
        raise AppError(errors.FORBIDDEN)
