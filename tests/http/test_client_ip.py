import ipaddress

import pytest

from server.http.edge.client_ip import resolve_client_ip

PROXIES = (ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("127.0.0.1/32"))


@pytest.mark.parametrize(
    ("peer", "forwarded", "expected"),
    [
        # No header: the socket peer.
        ("203.0.113.9", None, "203.0.113.9"),
        # An untrusted peer cannot choose its address by writing the header.
        ("203.0.113.9", "8.8.8.8", "203.0.113.9"),
        # Behind one trusted proxy: the hop it saw.
        ("127.0.0.1", "8.8.8.8", "8.8.8.8"),
        # A client-written hop before the real one is ignored: rightmost untrusted wins.
        ("127.0.0.1", "1.2.3.4, 8.8.8.8", "8.8.8.8"),
        # Chains of trusted proxies are walked.
        ("127.0.0.1", "8.8.8.8, 10.1.2.3, 10.0.0.7", "8.8.8.8"),
        # Only proxies in the header: the leftmost one is what we know.
        ("127.0.0.1", "10.1.2.3", "10.1.2.3"),
        # Garbage stops the walk at the last address we could vouch for.
        ("127.0.0.1", "8.8.8.8, not-an-ip", "127.0.0.1"),
        ("127.0.0.1", "2001:4860:4860::8888", "2001:4860:4860::8888"),
    ],
)
def test_forwarded_for_is_believed_only_from_trusted_proxies(
    peer: str, forwarded: str | None, expected: str
) -> None:
    assert resolve_client_ip(peer, forwarded, PROXIES) == expected


def test_nobody_is_trusted_by_default() -> None:
    assert resolve_client_ip("127.0.0.1", "8.8.8.8", ()) == "127.0.0.1"
