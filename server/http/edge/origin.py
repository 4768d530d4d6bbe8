"""The address a request was served on (scheme://host[:port]), as the browser typed it: behind a proxy
we trust (TRUSTED_PROXIES), its X-Forwarded-Host names the host and its X-Forwarded-Proto (already applied
to the scope's scheme by EdgeMiddleware) the scheme; anyone else's forwarding headers are ignored, as for
the client's address (client_ip)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from fastapi import Request

from server.http.edge.client_ip import trusted
from server.settings import IPNetwork

_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
# A host name or an IPv4 address, or an IPv6 literal in brackets; then an optional port.
_HOST = re.compile(rf"^(?:{_LABEL}(?:\.{_LABEL})*|\[[0-9a-f:.]+\])(?::(\d{{1,5}}))?$")


def clean_host(value: str | None) -> str | None:
    """A Host header's value, lower case, when it is a plain host[:port]; None for anything else (a header
    smuggling a path, credentials or spaces never reaches a link)."""
    if not value:
        return None
    host = value.strip().lower().rstrip(".")
    match = _HOST.match(host)
    if match is None or (match.group(1) is not None and not 0 < int(match.group(1)) <= 65535):
        return None
    return host


def served_origin(request: Request, proxies: Sequence[IPNetwork]) -> str | None:
    """scheme://host[:port] of this request, or None when its host cannot be trusted to build a link."""
    peer = request.client.host if request.client else ""
    host = None
    if proxies and trusted(peer, proxies):
        forwarded = request.headers.get("x-forwarded-host")
        host = clean_host(forwarded.split(",")[0]) if forwarded else None
    host = host or clean_host(request.headers.get("host"))
    if host is None:
        return None
    scheme = "https" if request.url.scheme in ("https", "wss") else "http"
    return f"{scheme}://{host}"
