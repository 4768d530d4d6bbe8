"""The address a request was served on: the Host header, or behind a trusted proxy the host and scheme it
forwards; a proxy we do not trust is not believed, and nothing but a plain host[:port] makes an origin."""

from __future__ import annotations

import ipaddress

import pytest
from starlette.requests import Request

from server.http.edge.origin import clean_host, served_origin

PROXIES = (ipaddress.ip_network("10.0.0.0/8"),)


def request(peer: str, headers: dict[str, str], scheme: str = "http") -> Request:
    return Request(
        {
            "type": "http",
            "method": "GET",
            "scheme": scheme,
            "path": "/",
            "query_string": b"",
            "client": (peer, 50000),
            "server": ("127.0.0.1", 8000),
            "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        }
    )


@pytest.mark.parametrize(
    ("peer", "headers", "scheme", "expected"),
    [
        ("203.0.113.7", {"Host": "127.0.0.1:8214"}, "http", "http://127.0.0.1:8214"),
        ("203.0.113.7", {"Host": "Shop.Example.com"}, "https", "https://shop.example.com"),
        ("203.0.113.7", {"Host": "[::1]:8000"}, "http", "http://[::1]:8000"),
        # Anyone may write X-Forwarded-Host: from a peer we do not trust it is ignored.
        (
            "203.0.113.7",
            {"Host": "127.0.0.1:8214", "X-Forwarded-Host": "evil.example"},
            "http",
            "http://127.0.0.1:8214",
        ),
        # Our proxy's word is taken (the scheme its X-Forwarded-Proto gave, EdgeMiddleware applied it).
        (
            "10.1.2.3",
            {"Host": "10.0.0.9:8000", "X-Forwarded-Host": "shop.example.com, x"},
            "https",
            "https://shop.example.com",
        ),
        ("10.1.2.3", {"Host": "shop.example.com:8080"}, "http", "http://shop.example.com:8080"),
        # Nothing that is not a plain host[:port].
        ("203.0.113.7", {}, "http", None),
        ("203.0.113.7", {"Host": "shop.example.com/evil"}, "http", None),
        ("203.0.113.7", {"Host": "user@shop.example.com"}, "http", None),
        ("203.0.113.7", {"Host": "shop.example.com:99999"}, "http", None),
        ("203.0.113.7", {"Host": "two words"}, "http", None),
    ],
)
def test_the_served_origin(peer: str, headers: dict[str, str], scheme: str, expected: str | None) -> None:
    assert served_origin(request(peer, headers, scheme), PROXIES) == expected


def test_no_proxy_is_trusted_by_default() -> None:
    forwarded = request("10.1.2.3", {"Host": "127.0.0.1:8000", "X-Forwarded-Host": "evil.example"})
    assert served_origin(forwarded, ()) == "http://127.0.0.1:8000"


def test_clean_host() -> None:
    assert clean_host("Demo.Localhost.") == "demo.localhost"
    assert clean_host("-bad.com") is None
    assert clean_host(None) is None
