"""The status call answered in front of everything else (pure ASGI, outermost), for every client.

`GET /wps/system/status` is the first call of every page load, and of every open page at once after a status
push. Its answer has two parts:
- what the brand decides: which brand the request's Merchant header / `url` query / Host picks (and the
  ModuleId gate, and the scheme, which decides the security headers), the brand snapshot the brand cache
  holds, and from them the response headers and the encoded `info`;
- what the client decides: its address (the socket peer, or X-Forwarded-For behind a trusted proxy, by
  `resolve_client_ip`, as `client_of` does), its country (`geo.country_of`), and from those with the brand
  and the clock the status flags, the maintenance message and `location`.
The first request for a given brand pick takes the ordinary path (Socket.IO's router, HotRoutes, the edge
middleware, the input guard, the endpoint) and its response headers are kept with the snapshot the endpoint
says it used. Every later request with the same brand pick, from whatever address, is answered here: the
client's part is computed per request by the endpoint's own `status_body`, and the kept headers get a new
request id and the body's length. The request metrics and the access log are written as the edge writes them.

What cannot go stale:
- the brand: an answer here needs the brand cache's *fresh* entry (not past its time, not invalidated) to be
  the snapshot object the kept headers came with, and, for a brand picked by domain, the domain's fresh entry
  to still name it. A change the cache learns (its TTL, `invalidate` after an operator's commit) replaces the
  object, and the next request takes the ordinary path again;
- time and the client: nothing of theirs is kept; maintenance windows and region rules are checked per
  request by `system_status`.
Only a 200 that the endpoint itself says it made (it notes the brand it used) is kept.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.brands import geo, service
from server.brands.cache import BrandCache
from server.brands.service import Brand
from server.http.edge.client_ip import resolve_client_ip
from server.http.edge.context import _host_of
from server.http.edge.middleware import _new_request_id, _take_forwarded_scheme
from server.observability import metrics
from server.settings import IPNetwork

STATUS_PATH = "/wps/system/status"
# Where the endpoint notes the brand it answered with (a list the recorder puts in the scope).
NOTE = "portal.status_note"
MAX_ENTRIES = 1024  # distinct brand picks kept; the oldest goes first

_REQUEST_ID = b"x-request-id"
_LENGTH = b"content-length"
_FORWARDED_FOR = b"x-forwarded-for"
# The request headers that pick the brand and gate the module (Language is not read by the status answer).
_KEYED = (b"merchant", b"host", b"moduleid")
_READ = frozenset((*_KEYED, _FORWARDED_FOR, _REQUEST_ID))
log = structlog.get_logger("access")
_ACCESS_LOGGER = logging.getLogger("access")


def note_brand(scope: Scope, brand: Brand) -> None:
    """Called by the status endpoint once it has its answer: which snapshot it was made from."""
    note: list[Brand] | None = scope.get(NOTE)
    if note is not None:
        note.append(brand)


@dataclass(frozen=True)
class _Entry:
    brand: Brand
    code: str
    domain: str | None  # the domain that picked the brand, when no Merchant header did
    headers: tuple[tuple[bytes, bytes], ...]  # the ordinary answer's, in its order
    id_at: int  # where the request id goes in them
    length_at: int  # and the body's length


class StatusCache:
    def __init__(
        self,
        app: ASGIApp,
        brands: BrandCache,
        *,
        trusted_proxies: Sequence[IPNetwork] = (),
        max_entries: int = MAX_ENTRIES,
    ) -> None:
        # Here, not at the top: the router imports note_brand from this module.
        from server.brands.router import status_body

        self.app = app
        self.brands = brands
        self.trusted_proxies = tuple(trusted_proxies)
        self.max_entries = max_entries
        self._body: Callable[[Brand, str, str], bytes] = status_body
        self._entries: dict[tuple[Any, ...], _Entry] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != STATUS_PATH or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        # The scheme a trusted proxy received, as the edge middleware takes it (doing it twice is harmless).
        _take_forwarded_scheme(scope, self.trusted_proxies)
        found: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            if name in _READ and name not in found:
                found[name] = value  # the first of a repeated header, as the ordinary path reads it
        key = (scope["scheme"], scope.get("query_string", b""), *(found.get(name) for name in _KEYED))
        entry = self._entries.get(key)
        if entry is not None and self._still_true(entry):
            await self._answer(scope, send, entry, found, started)
        else:
            await self._record(key, found, scope, receive, send)

    def _still_true(self, entry: _Entry) -> bool:
        if self.brands.fresh(entry.code) is not entry.brand:
            return False
        return entry.domain is None or self.brands.fresh_domain(entry.domain) == entry.code

    async def _answer(
        self, scope: Scope, send: Send, entry: _Entry, found: dict[bytes, bytes], started: float
    ) -> None:
        """The client's part as the endpoint computes it; the request id as the edge middleware picks it."""
        client = scope.get("client")
        forwarded = found.get(_FORWARDED_FOR)
        ip = resolve_client_ip(
            client[0] if client else None,
            forwarded.decode("latin-1") if forwarded is not None else None,
            self.trusted_proxies,
        )
        body = self._body(entry.brand, ip, geo.country_of(ip))
        request_id = _fair_id(found.get(_REQUEST_ID)) or _new_request_id()
        headers = list(entry.headers)
        headers[entry.id_at] = (headers[entry.id_at][0], request_id.encode("latin-1"))
        headers[entry.length_at] = (headers[entry.length_at][0], b"%d" % len(body))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        metrics.observe_request("GET", STATUS_PATH, 200, time.perf_counter() - started)
        if _ACCESS_LOGGER.isEnabledFor(logging.INFO):
            ms = round((time.perf_counter() - started) * 1000, 1)
            log.info("request", method="GET", path=STATUS_PATH, status=200, ms=ms, request_id=request_id)

    async def _record(
        self, key: tuple[Any, ...], found: dict[bytes, bytes], scope: Scope, receive: Receive, send: Send
    ) -> None:
        note: list[Brand] = []
        scope[NOTE] = note
        start: Message | None = None

        async def recording(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            await send(message)

        await self.app(scope, receive, recording)
        if start is None or start["status"] != 200 or len(note) != 1:
            return
        entry = self._entry_for(found, scope, note[0], list(start.get("headers", ())))
        if entry is not None:
            if len(self._entries) >= self.max_entries:
                del self._entries[next(iter(self._entries))]
            self._entries[key] = entry

    def _entry_for(
        self, found: dict[bytes, bytes], scope: Scope, brand: Brand, headers: list[tuple[bytes, bytes]]
    ) -> _Entry | None:
        """The entry, if the brand cache's current answer for these inputs is the snapshot the answer used
        (whatever picked it: this mirrors resolve_brand, and a mismatch only means nothing is kept)."""
        code, domain = _brand_pick(found, scope)
        if code is None and domain is not None:
            code = self.brands.fresh_domain(domain)
        if code is None or self.brands.fresh(code) is not brand:
            return None
        ids = [i for i, (name, _) in enumerate(headers) if name.lower() == _REQUEST_ID]
        lengths = [i for i, (name, _) in enumerate(headers) if name.lower() == _LENGTH]
        if len(ids) != 1 or len(lengths) != 1:
            return None
        return _Entry(brand, code, domain, tuple(headers), ids[0], lengths[0])


def _brand_pick(found: dict[bytes, bytes], scope: Scope) -> tuple[str | None, str | None]:
    """(the brand code, or the normalised domain that names it), as resolve_brand picks them."""
    merchant = found.get(b"merchant", b"").decode("latin-1").strip()
    if merchant:
        return merchant, None
    query = scope.get("query_string", b"")
    url = dict(parse_qsl(query.decode("latin-1"), keep_blank_values=True)).get("url") if query else None
    host = _host_of(url) or (found[b"host"].decode("latin-1") if b"host" in found else None)
    return None, service.normalise_domain(host) if host else None


def _fair_id(value: bytes | None) -> str | None:
    """The caller's request id, on the edge middleware's terms (_incoming_id)."""
    if value is None:
        return None
    text = value.decode("latin-1")[:64]
    return text if text.isprintable() else None
