"""The client's address: the socket peer, or the X-Forwarded-For hop just before our trusted proxies."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from server.settings import IPNetwork


def trusted(ip: str, proxies: Sequence[IPNetwork]) -> bool:
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return any(address in network for network in proxies)


def resolve_client_ip(peer: str | None, forwarded_for: str | None, proxies: Sequence[IPNetwork]) -> str:
    """Walk X-Forwarded-For from the right, skipping trusted proxies; the first untrusted hop is the
    client. A header from an untrusted peer is ignored, since anyone can write it."""
    client = peer or ""
    if not forwarded_for or not trusted(client, proxies):
        return client
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return client  # a malformed hop: stop at the last address we could vouch for
        client = hop
        if not trusted(hop, proxies):
            return hop
    return client
