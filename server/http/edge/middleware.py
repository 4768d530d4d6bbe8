"""ASGI middleware at the edge: request id, security headers, access log."""

from __future__ import annotations

import itertools
import logging
import secrets
import time
from collections.abc import Iterable, Sequence

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.http.edge.client_ip import trusted
from server.settings import IPNetwork

log = structlog.get_logger("access")
_ACCESS_LOGGER = logging.getLogger("access")

# The single-page app needs nothing from other origins except images (CDNs) and game frames.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "connect-src 'self' ws: wss:",
        "frame-src 'self' https:",
        "frame-ancestors 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)


HSTS = "max-age=31536000; includeSubDomains"

# Sent with every answer unless the route set its own (a game frame may allow another framer).
_DEFAULTS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"SAMEORIGIN"),
)
_HSTS = (b"strict-transport-security", HSTS.encode())
_CSP = (b"content-security-policy", CONTENT_SECURITY_POLICY.encode())

# Request ids: unique across processes and restarts without a system call per request (they are labels,
# not secrets).
_ID_PREFIX = secrets.token_hex(4)
_id_counter = itertools.count(1)


def _new_request_id() -> str:
    return f"{_ID_PREFIX}{next(_id_counter):08x}"


def _with_edge_headers(
    headers: Iterable[tuple[bytes, bytes]], request_id: str, https: bool
) -> list[tuple[bytes, bytes]]:
    """The answer's headers with the request id and the security headers it did not set itself, in one pass
    (an answer's headers are few; this runs on every one)."""
    out = list(headers)
    present = {name.lower() for name, _ in out}
    out.append((b"x-request-id", request_id.encode("latin-1")))
    out += [header for header in _DEFAULTS if header[0] not in present]
    if https and _HSTS[0] not in present:
        out.append(_HSTS)
    if _CSP[0] not in present and any(
        name.lower() == b"content-type" and value.startswith(b"text/html") for name, value in out
    ):
        out.append(_CSP)
    return out


class EdgeMiddleware:
    """Request id, the scheme a trusted proxy received, security headers and the access log, in one pass
    over each response."""

    def __init__(self, app: ASGIApp, trusted_proxies: Sequence[IPNetwork] = ()) -> None:
        self.app = app
        self.trusted_proxies = tuple(trusted_proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        _take_forwarded_scheme(scope, self.trusted_proxies)
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"
        request_id = _incoming_id(scope) or _new_request_id()
        started = time.perf_counter()
        status = 500

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = _with_edge_headers(message.get("headers", ()), request_id, https)
            await send(message)

        structlog.contextvars.bind_contextvars(request_id=request_id)
        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            path = scope.get("path", "")
            # Asked first: below INFO, the event would be built only to be dropped, on every request.
            if _ACCESS_LOGGER.isEnabledFor(logging.INFO) and not path.startswith("/assets/"):
                log.info(
                    "request",
                    method=scope.get("method"),
                    path=path,
                    status=status,
                    ms=round((time.perf_counter() - started) * 1000, 1),
                )
            structlog.contextvars.unbind_contextvars("request_id")


def _take_forwarded_scheme(scope: Scope, proxies: Sequence[IPNetwork]) -> None:
    """Behind a TLS-terminating proxy we trust, the request was https although it reached us as http: say
    so, so that cookies are Secure and HSTS is sent. Anyone else's X-Forwarded-Proto is ignored."""
    peer = (scope.get("client") or ("", 0))[0]
    if not proxies or not trusted(peer, proxies):
        return
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-proto":
            proto = value.decode("latin-1").split(",")[0].strip().lower()
            if proto in ("http", "https"):
                secure = proto == "https"
                scope["scheme"] = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto
            return


def _incoming_id(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            text = value.decode("latin-1")[:64]
            return text if text.isprintable() else None
    return None
