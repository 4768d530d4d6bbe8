"""HTTP request metrics (a pure ASGI middleware) and the /metrics endpoint.

The middleware labels a request with its route's template, read after routing from `scope["route"]` (which
the router sets on the very scope it was handed), never with the raw path: a path carries ids, and each
label value is a series kept forever. A mounted app's template is its mount path before its own route's; a
mount that routes no further (the static assets) is its mount path; the calls answered ahead of FastAPI
(HotRoutes, for exact paths) are their path; anything else is "unmatched", and so is the web client's
catch-all when it refuses (an unknown API path).

/metrics answers only a peer on a configured network (the TCP peer, never a header) whose request carries no
forwarding header: the public reverse proxy is on loopback too, but says whom it relays. Anyone else gets
the 404 of an unknown path.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Awaitable, Callable, Collection, Sequence

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.http.core import errors
from server.http.core.errors import AppError
from server.observability import metrics
from server.settings import IPNetwork
from server.web import CATCH_ALL

METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"))
UNMATCHED = "unmatched"
PATH = "/metrics"
# What a relaying proxy adds; a request carrying any of them did not come from the scraper itself.
FORWARDING_HEADERS = frozenset((b"x-forwarded-for", b"forwarded", b"x-real-ip"))


class HttpMetrics:
    """Times each HTTP request until its app returns, labelled by method, route template and status."""

    def __init__(self, app: ASGIApp, *, exact_paths: Collection[str] = ()) -> None:
        self.app = app
        self._exact = frozenset(exact_paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500  # what the server answers when the app raises before it sent anything

        # Not a coroutine itself: it hands back send's, which the app awaits (one coroutine a message, not
        # two: this middleware's own cost is about a microsecond a request, half of it the histogram's).
        def noting_status(message: Message) -> Awaitable[None]:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            return send(message)

        root = scope.get("root_path", "")
        started = time.perf_counter()
        try:
            await self.app(scope, receive, noting_status)
        finally:
            seconds = time.perf_counter() - started
            method = scope["method"]
            metrics.observe_request(
                method if method in METHODS else "OTHER", self._route(scope, root, status), status, seconds
            )

    def _route(self, scope: Scope, root: str, status: int) -> str:
        mounted = scope.get("root_path", "")
        prefix = mounted[len(root) :] if mounted != root else ""
        route = scope.get("route")
        if route is None:
            if prefix:
                return prefix
            path: str = scope["path"]
            return path if path in self._exact else UNMATCHED
        if isinstance(route, Mount):
            return prefix or route.path
        template: str | None = getattr(route, "path", None)
        if template is None or (template == CATCH_ALL and status >= 400):
            return UNMATCHED
        return prefix + template if prefix else template


def may_scrape(scope: Scope, networks: Sequence[IPNetwork]) -> bool:
    client = scope.get("client")
    if not networks or not client:
        return False
    if any(name in FORWARDING_HEADERS for name, _ in scope["headers"]):
        return False
    try:
        address = ipaddress.ip_address(client[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # an IPv4 peer on a dual-stack socket
    return any(address in network for network in networks)


def metrics_endpoint(networks: Sequence[IPNetwork]) -> Callable[[Request], Awaitable[Response]]:
    allowed = tuple(networks)

    async def serve(request: Request) -> Response:
        if not may_scrape(request.scope, allowed):
            raise AppError(errors.NOT_FOUND)
        if request.method not in ("GET", "HEAD"):
            return Response(status_code=405, headers={"Allow": "GET, HEAD"})
        # Reading every process's files (multiprocess mode) is file I/O: off the event loop.
        body, content_type = await run_in_threadpool(metrics.exposition, request.headers.get("accept", ""))
        return Response(body, headers={"Content-Type": content_type, "Cache-Control": "no-store"})

    return serve


def add_metrics_route(router: Router, networks: Sequence[IPNetwork]) -> None:
    """/metrics under every method, so that a refused caller cannot tell it from an unknown path by a 405.
    Empty networks: it refuses everyone."""
    router.add_route(PATH, metrics_endpoint(networks), methods=sorted(METHODS), include_in_schema=False)
