"""Download QR codes: drawn by segno from the merchant's own download addresses, offered in the resources of
the routers and status calls, never drawn from anything the request says.

Decoding the picture back to text needs a QR reader, which the Python side does not have: the SVG is read as
XML and its dark modules compared with segno's own matrix for the stored address; the browser test scans the
/down page's codes with a real reader (jsQR)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import httpx
import pytest
import segno
from sqlalchemy import select, update

from server.brands.download_qr import BORDER, demo_address
from server.brands.models import Merchant, MerchantResource
from server.db.session import Database
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

DEMO = {"Merchant": "demo"}
DOWNLOADS = {
    "IOS": "https://download.demo.test/ios/",
    "MOBILECONFIG": "https://download.demo.test/ios/demo-casino.mobileconfig",
    "Android": "https://download.demo.test/android/demo-casino.apk",
}
SVG = "{http://www.w3.org/2000/svg}"


def qr_path(resource_type: str) -> str:
    return f"/wps/system/resources/{resource_type}/qr.svg"


def dark_modules(svg: bytes) -> set[tuple[int, int]]:
    """The dark modules an SVG of segno's draws: one path of horizontal runs (h) and relative moves (m)."""
    root = ET.fromstring(svg)  # noqa: S314 - our own server's output, parsed to prove it is well-formed
    assert root.tag == f"{SVG}svg"
    [line] = [p for p in root.iter(f"{SVG}path") if p.get("class") == "qrline"]
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", line.get("d", "")):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            run = int(first)
            dark.update((int(x) + i, int(y)) for i in range(run))
            x += run
    return dark


def expected_modules(url: str) -> set[tuple[int, int]]:
    code = segno.make(url, error="m", micro=False)
    return {
        (column + BORDER, row + BORDER)
        for row, line in enumerate(code.matrix)
        for column, module in enumerate(line)
        if module
    }


async def test_the_demo_downloads_offer_our_qr_codes(client: httpx.AsyncClient) -> None:
    resources = ok(await client.get("/wps/system/routers", headers=DEMO))["resources"]
    offered = {r["resourceType"]: (r["url"], r["qrCodeUrl"]) for r in resources}
    assert {kind: offered[kind] for kind in DOWNLOADS} == {
        kind: (url, qr_path(kind)) for kind, url in DOWNLOADS.items()
    }
    assert offered["FACEBOOK"][1] is None
    assert offered["EMAIL"][1] is None
    # The status call's copy of the resources says the same.
    status = ok(await client.get("/wps/system/status", headers=DEMO))["info"]["resources"]
    assert {r["resourceType"]: r["qrCodeUrl"] for r in status} == {k: v[1] for k, v in offered.items()}


async def test_the_demo_downloads_say_they_are_demo_links(client: httpx.AsyncClient) -> None:
    resources = ok(await client.get("/wps/system/routers", headers=DEMO))["resources"]
    # The demo's addresses are on the reserved .test name; its Facebook link is a real site.
    assert {r["resourceType"]: r["demo"] for r in resources} == {
        "FACEBOOK": False,
        "EMAIL": True,
        "IOS": True,
        "MOBILECONFIG": True,
        "Android": True,
    }


@pytest.mark.parametrize(
    ("url", "demo"),
    [
        ("https://download.demo.test/ios/", True),
        ("https://apps.example.com/lite", True),
        ("https://example.org/", True),
        ("http://localhost:8000/x.apk", True),
        ("https://shop.example", True),
        ("https://x.invalid./app", True),
        ("mailto:help@demo2.test", True),
        ("https://facebook.com/", False),
        ("https://testing.com/app.apk", False),
        ("https://example.com.evil.io/app", False),
        ("https://notexample.com/app", False),
        ("mailto:support@brand.com", False),
        ("/down#ios", False),
        ("http://[::1", False),
    ],
)
def test_a_reserved_name_marks_a_demo_link(url: str, demo: bool) -> None:
    assert demo_address(url) is demo


@pytest.mark.parametrize("resource_type", sorted(DOWNLOADS))
async def test_each_qr_code_carries_the_stored_address(client: httpx.AsyncClient, resource_type: str) -> None:
    # A url in the query picks nothing but the merchant (by its host), and the Merchant header wins anyway.
    answer = await client.get(
        qr_path(resource_type), params={"url": "https://evil.example/phish"}, headers=DEMO
    )
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.headers["cache-control"] == "public, max-age=300"
    assert dark_modules(answer.content) == expected_modules(DOWNLOADS[resource_type])
    assert dark_modules(answer.content) != expected_modules("https://evil.example/phish")
    # Our code, not a Micro QR: a version 1-40 symbol, with the standard's quiet zone around it.
    code = segno.make(DOWNLOADS[resource_type], error="m", micro=False)
    assert not code.is_micro
    width = int(ET.fromstring(answer.content).get("width", "0"))  # noqa: S314
    assert width % (code.symbol_size(scale=1, border=BORDER)[0]) == 0


@pytest.mark.parametrize(
    ("merchant", "resource_type"),
    [
        ("demo2", "IOS"),  # the other brand offers no download
        ("demo", "FACEBOOK"),  # a resource, not a download
        ("demo", "EMAIL"),
        ("demo", "WINDOWS"),
    ],
)
async def test_no_download_no_qr_code(client: httpx.AsyncClient, merchant: str, resource_type: str) -> None:
    failed(
        await client.get(qr_path(resource_type), headers={"Merchant": merchant}), 404, "RESOURCE_NOT_FOUND"
    )


async def test_a_brand_qr_image_of_its_own_wins_and_a_site_path_gets_none(
    client: httpx.AsyncClient, db: Database
) -> None:
    async with db.session() as session:
        demo = MerchantResource.merchant_id.in_(
            select(Merchant.id).where(Merchant.code == "demo").scalar_subquery()
        )
        await session.execute(
            update(MerchantResource)
            .where(demo, MerchantResource.resource_type == "IOS")
            .values(qr_code_url="https://cdn.example.com/qr/ios.png")
        )
        await session.execute(
            update(MerchantResource)
            .where(demo, MerchantResource.resource_type == "Android")
            .values(url="/down#android")
        )
    resources = ok(await client.get("/wps/system/routers", headers=DEMO))["resources"]
    offered = {r["resourceType"]: r["qrCodeUrl"] for r in resources}
    assert offered["IOS"] == "https://cdn.example.com/qr/ios.png"
    assert offered["Android"] is None  # a path of our own site: a phone would not know which site
    assert offered["MOBILECONFIG"] == qr_path("MOBILECONFIG")
    # Our code for iOS is still there for whoever asks; Android has no address worth one.
    ios = await client.get(qr_path("IOS"), headers=DEMO)
    assert dark_modules(ios.content) == expected_modules(DOWNLOADS["IOS"])
    failed(await client.get(qr_path("Android"), headers=DEMO), 404, "RESOURCE_NOT_FOUND")
