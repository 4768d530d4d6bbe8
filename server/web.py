"""Serving the built single-page app with history-mode fallback: any page path gets index.html."""

from __future__ import annotations

import mimetypes
import stat
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import Scope

from server.http.core import errors
from server.http.core.errors import AppError

# Paths that belong to the API: an unknown one there is a JSON 404, never the app's HTML.
API_PREFIXES = (
    "/wps/",
    "/lgw/",
    "/lotto/",
    "/socket.io/",
    "/house/",
    "/sandbox-gateway/",
    "/openapi.json",
    "/docs",
    "/redoc",
)

NOT_BUILT = """<!doctype html><html><head><meta charset="utf-8"><title>Portal</title></head>
<body><p>The web client is not built. Run <code>make run</code>.</p></body></html>"""


CONSOLE = "/console"
PAGES = ("index.html", "console.html")  # served at their routes, never by file name
ALL_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
CATCH_ALL = "/{path:path}"


def _methods_of(app: FastAPI, request: Request) -> set[str]:
    """The methods the app's other routes take at this path."""
    others = [r for r in app.router.routes if getattr(r, "path", None) != CATCH_ALL]
    return {
        method
        for method in ALL_METHODS
        if any(route.matches({**request.scope, "method": method})[0] is Match.FULL for route in others)
    }


IMMUTABLE = "public, max-age=31536000, immutable"
# Written beside each text asset at build time (frontend/vite.config.ts), best first.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (q=0 refuses one)."""
    allowed = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            refused = float(quality) == 0
        except ValueError:
            refused = False
        if name and not refused:
            allowed.add(name.strip().lower())
    return allowed


class _AssetFiles(StaticFiles):
    """Vite names assets by content hash, so a browser may keep them forever; each is sent precompressed in
    the best coding the browser accepts, as nginx's gzip_static and brotli_static would."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        accepted = accepted_encodings(Headers(scope=scope).get("accept-encoding", ""))
        for coding, suffix in PRECOMPRESSED:
            if coding not in accepted:
                continue
            full, found = self.lookup_path(path + suffix)
            if found is not None and stat.S_ISREG(found.st_mode):
                media_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
                response: Response = FileResponse(full, stat_result=found, media_type=media_type)
                response.headers["Content-Encoding"] = coding
                break
        else:
            response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = IMMUTABLE
            response.headers["Vary"] = "Accept-Encoding"
        return response


def mount_frontend(app: FastAPI, dist: Path) -> None:
    index = dist / "index.html"
    console = dist / "console.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", _AssetFiles(directory=dist / "assets"), name="assets")
    root_files = {p.name: p for p in dist.iterdir() if p.is_file()} if dist.is_dir() else {}

    # Every method, so that an API path answers for itself: 405 with Allow where the path exists under other
    # methods, 404 where it does not (a GET-only catch-all made GET on a POST route a 404, and any other
    # method on an unknown path a 405).
    @app.api_route(CATCH_ALL, methods=list(ALL_METHODS), include_in_schema=False)
    async def spa(path: str, request: Request) -> Response:
        full = "/" + path
        if full.startswith(API_PREFIXES) or full in ("/openapi.json", "/docs", "/redoc"):
            allowed = _methods_of(app, request)
            if allowed:
                raise HTTPException(405, headers={"Allow": ", ".join(sorted(allowed))})
            raise AppError(errors.NOT_FOUND)
        if request.method not in ("GET", "HEAD"):
            raise HTTPException(405, headers={"Allow": "GET, HEAD"})
        if path in root_files and path not in PAGES:
            return FileResponse(root_files[path])
        # The staff console is a page of its own (frontend/console.html), with its own history routes.
        page = console if full == CONSOLE or full.startswith(CONSOLE + "/") else index
        if not page.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        return FileResponse(page, headers={"Cache-Control": "no-cache"})
