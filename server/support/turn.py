"""Calls that add to one conversation hold the conversation's turn through their COMMIT and its pushes
(server.db.locks.unit_in_turn), so that the conversation's messages reach every socket in seq order, whichever
API process each was sent to, and a client resuming after its last seq skips none."""

from __future__ import annotations

from fastapi import Request

from server.http.core.wire_types import WireId
from server.http.edge.db import in_turn

ConversationId = WireId


def turn_key(conversation_id: int) -> str:
    return f"chat:conversation:{conversation_id}"


def _key(request: Request) -> str | None:
    raw = request.path_params.get("conversation_id", "")
    # Not a number: no turn; the path's validation refuses the call anyway.
    return turn_key(int(raw)) if isinstance(raw, str) and raw.isdigit() and len(raw) <= 16 else None


in_conversation_turn = in_turn(_key)
