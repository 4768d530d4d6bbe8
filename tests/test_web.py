"""The built web client is served with history-mode fallback, and never shadows the API."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import brotli
import httpx
import pytest

from server.app import create_app
from tests.conftest import make_settings

MAIN_JS = "export const portal = 'main';\n" * 40


@pytest.fixture
async def web(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>app</title>")
    (dist / "console.html").write_text("<!doctype html><title>console</title>")
    (dist / "assets" / "index-abc123.js").write_text("console.log(1)")
    # What the build writes beside a text asset (stand-in bodies: the server sends the file it picks as is).
    (dist / "assets" / "main-def456.js").write_text(MAIN_JS)
    (dist / "assets" / "main-def456.js.br").write_bytes(brotli.compress(MAIN_JS.encode()))
    (dist / "assets" / "main-def456.js.gz").write_bytes(gzip.compress(MAIN_JS.encode()))
    (dist / "favicon.svg").write_text("<svg/>")
    app = create_app(make_settings("sqlite+aiosqlite:///:memory:", frontend_dist=dist))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        yield client


@pytest.mark.parametrize(
    "path", ["/", "/promotions", "/rng?page=PG", "/register.html", "/index.html", "/lottery?gameCode=VN_HN"]
)
async def test_page_paths_get_the_app(web: httpx.AsyncClient, path: str) -> None:
    answer = await web.get(path)
    assert answer.status_code == 200
    assert answer.text == "<!doctype html><title>app</title>"
    assert answer.headers["cache-control"] == "no-cache"
    csp = answer.headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'self'" in csp
    assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    "path", ["/console", "/console/", "/console/members/12", "/console/audit?action=staff."]
)
async def test_console_paths_get_the_console(web: httpx.AsyncClient, path: str) -> None:
    answer = await web.get(path)
    assert answer.status_code == 200
    assert answer.text == "<!doctype html><title>console</title>"
    assert answer.headers["cache-control"] == "no-cache"
    # A page named like the console, and the console's file by name, are the portal's.
    assert (await web.get("/consoles")).text == "<!doctype html><title>app</title>"
    assert (await web.get("/console.html")).text == "<!doctype html><title>app</title>"


async def test_assets_are_cached_forever(web: httpx.AsyncClient) -> None:
    answer = await web.get("/assets/index-abc123.js")
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert (await web.get("/favicon.svg")).text == "<svg/>"


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip;q=0.8", "gzip"),
        ("identity", None),
        ("", None),
    ],
)
async def test_assets_go_precompressed_in_the_best_coding_the_browser_takes(
    web: httpx.AsyncClient, accept: str, coding: str | None
) -> None:
    answer = await web.get("/assets/main-def456.js", headers={"Accept-Encoding": accept})
    assert answer.status_code == 200
    assert answer.headers.get("content-encoding") == coding
    assert answer.text == MAIN_JS  # httpx undoes the coding: the body is the asset either way
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["vary"] == "Accept-Encoding"
    assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    if coding is not None:
        assert int(answer.headers["content-length"]) < len(MAIN_JS)


async def test_an_asset_without_a_compressed_copy_goes_as_it_is(web: httpx.AsyncClient) -> None:
    answer = await web.get("/assets/index-abc123.js", headers={"Accept-Encoding": "br, gzip"})
    assert answer.status_code == 200
    assert "content-encoding" not in answer.headers
    assert answer.text == "console.log(1)"


@pytest.mark.parametrize("path", ["/wps/nothing", "/lgw/games/nothing", "/assets/missing.js"])
async def test_api_and_asset_misses_are_real_404s(web: httpx.AsyncClient, path: str) -> None:
    answer = await web.get(path)
    assert answer.status_code == 404
    assert "<title>app</title>" not in answer.text


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("GET", "/wps/session/login", "POST"),
        ("DELETE", "/wps/cashier/deposits", "GET, POST"),
        ("PUT", "/lgw/games/popular", "GET"),
    ],
)
async def test_a_method_the_path_does_not_take_is_a_405_naming_those_it_does(
    web: httpx.AsyncClient, method: str, path: str, allow: str
) -> None:
    answer = await web.request(method, path)
    assert answer.status_code == 405
    assert answer.json()["errorCode"] == "METHOD_NOT_ALLOWED"
    assert answer.headers["allow"] == allow


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
async def test_any_method_on_an_unknown_api_path_is_a_404(web: httpx.AsyncClient, method: str) -> None:
    answer = await web.request(method, "/wps/payment/nothing/here")
    assert answer.status_code == 404
    assert answer.json()["errorCode"] == "NOT_FOUND"
    # A page path takes GET only.
    assert (await web.request(method, "/promotions")).status_code == 405


async def test_every_answer_carries_a_request_id(web: httpx.AsyncClient) -> None:
    answer = await web.get("/healthz", headers={"X-Request-Id": "trace-me"})
    assert answer.headers["x-request-id"] == "trace-me"
    generated = (await web.get("/healthz")).headers["x-request-id"]
    assert len(generated) == 16


# --- files of the build at any depth (issue 29: /brand/<set>/... came back as the app's HTML) -----------

BANNER = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"/>'
SECRET = "not for the web"


@pytest.fixture
async def built(tmp_path: Path) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    """A build with public/ files below the top level, and a file beside the build that must stay unseen."""
    dist = tmp_path / "dist"
    (dist / "brand" / "demo2").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>app</title>")
    (dist / "brand" / "demo2" / "banner-welcome.svg").write_text(BANNER)
    (tmp_path / "secret.txt").write_text(SECRET)
    (dist / "brand" / "outside.svg").symlink_to(tmp_path / "secret.txt")
    app = create_app(make_settings("sqlite+aiosqlite:///:memory:", frontend_dist=dist))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        yield app, client


async def raw_get(app: Any, raw_path: bytes) -> tuple[int, bytes]:
    """A GET of a path exactly as written: httpx would resolve "..", as browsers do, before sending."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": unquote(raw_path.decode()),
        "raw_path": raw_path,
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
    }
    status, body = 0, b""

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, body
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            body += message.get("body", b"")

    await app(scope, receive, send)
    return status, body


async def test_a_file_below_the_top_level_is_served_with_its_type_and_caching(
    built: tuple[Any, httpx.AsyncClient],
) -> None:
    _, web = built
    answer = await web.get("/brand/demo2/banner-welcome.svg")
    assert answer.status_code == 200
    assert answer.text == BANNER
    assert answer.headers["content-type"].startswith("image/svg+xml")
    # Named the same from one release to the next: kept an hour, then asked again with its validator.
    assert answer.headers["cache-control"] == "public, max-age=3600"
    again = await web.get(
        "/brand/demo2/banner-welcome.svg", headers={"If-None-Match": answer.headers["etag"]}
    )
    assert again.status_code == 304
    head = await web.head("/brand/demo2/banner-welcome.svg")
    assert head.status_code == 200
    assert head.content == b""


@pytest.mark.parametrize(
    "path",
    [
        "/brand/demo2/missing.svg",
        "/brand/nothing",
        "/brand/demo3/hero.svg",
        "/missing.png",
        "/deep/er/file.js",
    ],
)
async def test_a_missing_file_is_a_404_not_the_app(built: tuple[Any, httpx.AsyncClient], path: str) -> None:
    _, web = built
    answer = await web.get(path)
    assert answer.status_code == 404
    assert answer.json()["errorCode"] == "NOT_FOUND"


@pytest.mark.parametrize("path", ["/", "/promotions", "/register.html", "/index.html", "/brand", "/rng/"])
async def test_page_routes_still_get_the_app(built: tuple[Any, httpx.AsyncClient], path: str) -> None:
    _, web = built
    answer = await web.get(path)
    assert answer.status_code == 200
    assert answer.text == "<!doctype html><title>app</title>"


@pytest.mark.parametrize(
    "raw",
    [
        b"/brand/../../secret.txt",
        b"/brand/demo2/../../../secret.txt",
        b"/brand/%2e%2e/%2e%2e/secret.txt",
        b"/brand/%2E%2E%2F%2E%2E%2Fsecret.txt",
        b"/..%2fsecret.txt",
        b"//etc/passwd",
        b"/%2Fetc%2Fpasswd",
        b"/brand/..%5C..%5Csecret.txt",
        b"/brand/outside.svg",  # a symbolic link out of the build
    ],
)
async def test_no_path_reaches_a_file_outside_the_build(
    built: tuple[Any, httpx.AsyncClient], raw: bytes
) -> None:
    app, _ = built
    status, body = await raw_get(app, raw)
    assert status == 404
    assert SECRET.encode() not in body
    assert b"root:" not in body
