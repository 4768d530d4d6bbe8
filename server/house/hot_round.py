"""`POST /house/api/round`, the house's hottest call (a player's every spin, shot or duel), answered ahead of
FastAPI by server.http.edge.raw_route.HotRoutes, inside the same edge (request id, security headers, input
guard, metrics). Through the portal's FastAPI app, its /house mount and the house's own FastAPI app, a round
walked two stacks of error, telemetry and body-limit layers, two routers and the dependency machinery, which
cost it about a tenth of its CPU (py-spy under `make bench`). The same work (server.house.app.play_round_of),
the same answers and errors as the house app's route, which still serves it where no edge runs ahead (an
app built by create_app alone, as in most tests)."""

from __future__ import annotations

import json

from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response

from server.house import schemas as s
from server.house.app import House, play_round_of
from server.http.core import errors
from server.http.core.envelope import Envelope
from server.http.core.errors import AppError
from server.http.edge.raw_route import Endpoint

ROUND_PATH = "/house/api/round"
# A round's body is a few dozen bytes; anything near this is not a round.
MAX_BODY = 16 * 1024
_ANSWER = Envelope[s.RoundOut]


async def _body(request: Request) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": None, "type": "too_long"}]})
        chunks.append(chunk)
    return b"".join(chunks)


def round_endpoint(house: House) -> Endpoint:
    async def play_round(request: Request) -> Response:
        # Decoded, then validated, and refused in the words FastAPI uses for a body: the same answers.
        raw = await _body(request)
        try:
            decoded = json.loads(raw)
        except ValueError as exc:
            pos = exc.pos if isinstance(exc, json.JSONDecodeError) else 0
            problem = {"type": "json_invalid", "loc": ("body", pos), "msg": "JSON decode error", "input": {}}
            raise RequestValidationError([problem]) from None
        try:
            body = s.RoundIn.model_validate(decoded)
        except ValidationError as exc:
            problems = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors(include_url=False)]
            raise RequestValidationError(problems) from None
        played = await play_round_of(house, request.headers.get("x-house-session"), body)
        return Response(_ANSWER(value=played).model_dump_json(by_alias=True), media_type="application/json")

    return play_round
