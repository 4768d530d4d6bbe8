"""Routes served like plain Starlette routes but documented like any other operation.

FastAPI resolves an operation's parameters and dependencies and validates its answer on every call: for a
small answer, most of the call's cost (a route that takes only the Request and returns a Response still runs
half as fast as the same function on a Starlette route: `make bench`). The hottest calls take a `RawRoute`:
the endpoint gets the Request, reads what it needs with the same functions the dependencies use, and
returns its Response, already in wire form; its parameters reach the OpenAPI document through
`documented_parameters`, its answer through `response_model`. Errors are raised as AppError, as anywhere.

The hottest of them (the status call, the first call of every page load) are also answered by `HotRoutes`
ahead of FastAPI, inside the same request id, security headers and input guard: FastAPI's own layers cost
such a call more than its own work.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from server.http.core.errors import AppError
from server.http.edge.handlers import app_error, unexpected_error, validation_error

Endpoint = Callable[[Request], Coroutine[Any, Any, Response]]


class RawRoute(APIRoute):
    def get_route_handler(self) -> Endpoint:
        handler: Endpoint = self.endpoint
        return handler


class HotRoutes:
    """GET of these exact paths (and POST of `posts`), answered by their endpoints ahead of FastAPI (its
    error, telemetry and body-limit layers, its routing), inside the same edge middleware as every other
    call; a failure leaves as the same error envelope as from any route. Anything else goes on to the app."""

    def __init__(
        self,
        app: ASGIApp,
        routes: Mapping[str, Endpoint],
        *,
        edge: Sequence[Middleware],
        posts: Mapping[str, Endpoint] | None = None,
    ) -> None:
        self.app = app
        self.routes = dict(routes)
        self.posts = dict(posts or {})
        answer: ASGIApp = self._answer
        for middleware in reversed(edge):
            answer = middleware.cls(answer, *middleware.args, **middleware.kwargs)
        self._hot = answer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] in self._endpoints(scope):
            scope["app"] = self.app  # what Starlette would set: the endpoint reads the app's state
            await self._hot(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    def _endpoints(self, scope: Scope) -> Mapping[str, Endpoint]:
        method = scope["method"]
        return self.routes if method == "GET" else self.posts if method == "POST" else {}

    async def _answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        try:
            response = await self._endpoints(scope)[scope["path"]](request)
        except AppError as exc:
            response = await app_error(request, exc)
        except RequestValidationError as exc:
            response = await validation_error(request, exc)
        except Exception as exc:  # as the app's last-resort handler answers: logged, a 500 envelope
            response = await unexpected_error(request, exc)
        await response(scope, receive, send)


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
