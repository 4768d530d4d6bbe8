"""Serving the built single-page app with history-mode fallback: any page path gets index.html."""

from __future__ import annotations

import mimetypes
import stat
from pathlib import Path, PurePosixPath

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
# Page routes whose path looks like a file name (SPEC §2.1: /index.html, /register.html): the app's.
PAGE_FILE_ROUTES = ("index.html", "register.html", "console.html")
# Paths that only ever name files of the build: a miss there is a 404, never the app's HTML.
FILE_PREFIXES = ("/assets/", "/brand/")
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
# Files of the build that keep their names from one release to the next (public/: brand images, the
# favicon): a browser keeps them for an hour, then asks again (ETag, Last-Modified).
REVALIDATED = "public, max-age=3600"
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


class _BuildFiles(StaticFiles):
    """Files of the build, each sent precompressed in the best coding the browser accepts where the build
    wrote one, as nginx's gzip_static and brotli_static would. StaticFiles keeps the lookup inside the
    folder (no "..", no absolute path, no symbolic link out) and answers conditional requests."""

    def __init__(self, *, directory: Path, cache_control: str) -> None:
        super().__init__(directory=directory)
        self.cache_control = cache_control

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
            response.headers["Cache-Control"] = self.cache_control
            response.headers["Vary"] = "Accept-Encoding"
        return response


def is_unsafe(path: str) -> bool:
    """A path no file or page of ours has: an absolute one ("//etc/passwd"), a "." or ".." segment (sent as
    is or percent-encoded: the path arrives decoded), a backslash or a NUL."""
    if path.startswith("/") or "\\" in path or "\x00" in path:
        return True
    return any(part in (".", "..") for part in path.split("/"))


def looks_like_file(path: str) -> bool:
    """A path that names a file (it has an extension, or lies where only files live), not a page route."""
    full = "/" + path
    if full.startswith(FILE_PREFIXES):
        return True
    return path not in PAGE_FILE_ROUTES and "." in PurePosixPath(path).name


def mount_frontend(app: FastAPI, dist: Path) -> None:
    index = dist / "index.html"
    console = dist / "console.html"
    # Vite names assets by content hash, so a browser may keep them forever.
    if (dist / "assets").is_dir():
        app.mount("/assets", _BuildFiles(directory=dist / "assets", cache_control=IMMUTABLE), name="assets")
    files = _BuildFiles(directory=dist, cache_control=REVALIDATED) if dist.is_dir() else None

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
        if is_unsafe(path):
            raise AppError(errors.NOT_FOUND)
        # Any file of the build at any depth (public/brand/<set>/... too); the pages by their routes only.
        if files is not None and path and not path.endswith("/") and path not in PAGES:
            try:
                return await files.get_response(path, request.scope)
            except HTTPException as missing:
                if missing.status_code != 404:
                    raise
        if looks_like_file(path):
            raise AppError(errors.NOT_FOUND)
        # The staff console is a page of its own (frontend/console.html), with its own history routes.
        page = console if full == CONSOLE or full.startswith(CONSOLE + "/") else index
        if not page.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        return FileResponse(page, headers={"Cache-Control": "no-cache"})
