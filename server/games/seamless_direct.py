"""The seamless-wallet API answered inside the portal's process, for the house when it runs there: the same
signed bytes, the same signature check, handlers, unit of work and envelope as over HTTP
(server.games.seamless_router), without the HTTP stack in between. Through httpx's ASGI transport a house
round walked the portal's middleware and FastAPI's routing and dependency machinery a second time, for a
call that never leaves the process (py-spy under `make bench`)."""

from __future__ import annotations

from typing import Any

import structlog
from pydantic import ValidationError
from starlette.datastructures import State

from server.db.session import Database
from server.games.seamless_router import HANDLERS, verified_caller
from server.http.core import errors
from server.http.core.envelope import error_body
from server.http.core.errors import AppError
from server.seamless import protocol
from server.seamless.signing import Signed

log = structlog.get_logger(__name__)


class SeamlessInProcess:
    """Answers a signed call as the HTTP route would: (status, envelope)."""

    def __init__(self, state: State) -> None:
        self._state = state

    async def post(self, signed: Signed) -> tuple[int, dict[str, Any]]:
        try:
            return 200, await self._answer(signed)
        except AppError as exc:
            return exc.status, error_body(exc.code, exc.message, exc.value)
        except ValidationError as exc:
            entry = errors.VALIDATION_ERROR
            fields = [
                {
                    "field": ".".join(map(str, e["loc"])) or None,
                    "location": "body",
                    "type": e["type"],
                    "message": e["msg"],
                }
                for e in exc.errors()
            ]
            return entry.status, error_body(entry.code, entry.message, {"fields": fields})
        except Exception as exc:  # as the HTTP stack answers it: the caller cannot know what happened
            log.exception("unhandled_error", error=repr(exc), path=signed.path)
            entry = errors.INTERNAL_ERROR
            return entry.status, error_body(entry.code, entry.message)

    async def _answer(self, signed: Signed) -> dict[str, Any]:
        merchant, provider, action = _route(signed.path)
        found = HANDLERS.get(action)
        if found is None:
            raise AppError(errors.NOT_FOUND)
        model, handler = found
        body = model.model_validate_json(signed.body)
        db: Database = self._state.db
        async with db.session() as session:
            caller = await verified_caller(self._state, session, merchant, provider, signed)
            envelope = await handler(body, caller, session)
        return envelope.model_dump(mode="json", by_alias=True)


def _route(path: str) -> tuple[str, str, str]:
    """merchant, provider and action from a path protocol.action_path built."""
    parts = path.removeprefix(protocol.SEAMLESS_PREFIX + "/").split("/")
    if len(parts) != 3 or not path.startswith(protocol.SEAMLESS_PREFIX + "/"):
        raise AppError(errors.NOT_FOUND)
    return parts[0], parts[1], parts[2]
