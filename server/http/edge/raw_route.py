"""Routes served like plain Starlette routes but documented like any other operation.

FastAPI resolves an operation's parameters and dependencies and validates its answer on every call: for a
small answer, most of the call's cost (a route that takes only the Request and returns a Response still runs
half as fast as the same function on a Starlette route: `make bench`). The hottest calls take a `RawRoute`:
the endpoint gets the Request, reads what it needs with the same functions the dependencies use, and
returns its Response, already in wire form; its parameters reach the OpenAPI document through
`documented_parameters`, its answer through `response_model`. Errors are raised as AppError, as anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response


class RawRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler: Callable[[Request], Coroutine[Any, Any, Response]] = self.endpoint
        return handler


def documented_parameters(*, query: dict[str, str], headers: dict[str, str]) -> dict[str, Any]:
    """`openapi_extra` for a RawRoute's optional text parameters, as FastAPI would have written them:
    {name: description} for the query and for the headers."""

    def parameter(name: str, where: str, description: str) -> dict[str, Any]:
        schema = {"anyOf": [{"type": "string"}, {"type": "null"}], "description": description}
        schema["title"] = name.capitalize()
        return {"description": description, "in": where, "name": name, "required": False, "schema": schema}

    return {
        "parameters": [parameter(n, "query", d) for n, d in query.items()]
        + [parameter(n, "header", d) for n, d in headers.items()]
    }
