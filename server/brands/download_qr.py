"""QR codes of the app downloads (the /down page and the side bar), drawn by segno from the merchant's own
resource URL: never from anything in the request, so the endpoint cannot be made to vouch for another site."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from urllib.parse import quote, urlsplit

import segno

from server.brands.service import Brand, Resource

# The resource types that are downloads: the iOS app, iOS-lite (a .mobileconfig web clip) and Android.
DOWNLOAD_TYPES = ("IOS", "MOBILECONFIG", "Android")
_DOWNLOADS = frozenset(t.upper() for t in DOWNLOAD_TYPES)
SCALE = 6  # pixels a module at the SVG's natural size; it scales without loss anyway
BORDER = 4  # the quiet zone the standard asks for


# Names reserved for tests and examples (RFC 2606, RFC 6761): an address under one never reaches a real site.
_RESERVED = ("test", "example", "invalid", "localhost", "example.com", "example.net", "example.org")


def demo_address(url: str) -> bool:
    """An address on a reserved name (the demo's download.demo.test, support@demo.test): a stand-in that
    leads nowhere, which the portal marks as a demo link rather than present as a real site."""
    try:
        parts = urlsplit(url)
        if parts.scheme in ("http", "https"):
            host = parts.hostname or ""
        elif parts.scheme == "mailto":
            host = parts.path.rpartition("@")[2].lower()
        else:
            return False
    except ValueError:
        return False
    host = host.rstrip(".")
    return any(host == name or host.endswith(f".{name}") for name in _RESERVED)


def qr_path(resource_type: str) -> str:
    return f"/wps/system/resources/{quote(resource_type, safe='')}/qr.svg"


def scannable(url: str) -> bool:
    """Only an absolute http(s) address is worth a QR code: a phone scanning a path of our site would not
    know which site it belongs to."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def download_of(brand: Brand, resource_type: str) -> Resource | None:
    """The brand's first download of that type (in its display order) with an address a QR code can carry."""
    wanted = resource_type.upper()
    if wanted not in _DOWNLOADS:
        return None
    return next(
        (r for r in brand.resources if r.resource_type.upper() == wanted and scannable(r.url)),
        None,
    )


def qr_code_urls(resources: Sequence[Resource]) -> list[str | None]:
    """What the portal shows as each resource's QR code: the brand's own image if it set one, else ours for
    the download our QR call draws (the first of its type with a scannable address), else none."""
    drawn: set[str] = set()
    urls: list[str | None] = []
    for resource in resources:
        kind = resource.resource_type.upper()
        ours = kind in _DOWNLOADS and kind not in drawn and scannable(resource.url)
        if ours:
            drawn.add(kind)
        urls.append(resource.qr_code_url or (qr_path(resource.resource_type) if ours else None))
    return urls


@lru_cache(maxsize=256)
def qr_svg(url: str) -> bytes:
    """The SVG of a QR code (never a Micro QR, which phone cameras do not read) with a white quiet zone."""
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=SCALE, border=BORDER, dark="#000", light="#fff")
    return out.getvalue()
