"""Every failure leaves as the error envelope with an honest status; nothing escapes as a bare 500."""

from __future__ import annotations

from typing import Any

import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from server.http.core import errors
from server.http.core.envelope import error_body
from server.http.core.errors import AppError

log = structlog.get_logger(__name__)

_BY_STATUS = {
    400: errors.BAD_REQUEST,
    401: errors.UNAUTHORIZED,
    403: errors.FORBIDDEN,
    404: errors.NOT_FOUND,
    405: errors.METHOD_NOT_ALLOWED,
    409: errors.CONFLICT,
    422: errors.VALIDATION_ERROR,
    429: errors.TOO_MANY_REQUEST,
    503: errors.SERVICE_UNAVAILABLE,
}


def _json(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=headers)


async def app_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, AppError)
    return _json(exc.status, error_body(exc.code, exc.message, exc.value))


async def validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    fields = [
        {
            "field": ".".join(str(part) for part in err.get("loc", ())[1:]) or None,
            "location": (err.get("loc") or ("body",))[0],
            "type": err.get("type"),
            "message": err.get("msg"),
        }
        for err in exc.errors()
    ]
    entry = errors.VALIDATION_ERROR
    return _json(entry.status, error_body(entry.code, entry.message, {"fields": fields}))


async def http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    entry = _BY_STATUS.get(exc.status_code, errors.BAD_REQUEST)
    headers = dict(exc.headers) if exc.headers else None
    return _json(exc.status_code, error_body(entry.code, entry.message), headers)


async def unexpected_error(_: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled_error", error=repr(exc))
    entry = errors.INTERNAL_ERROR
    return _json(entry.status, error_body(entry.code, entry.message))


def install(app: FastAPI) -> None:
    app.add_exception_handler(AppError, app_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(Exception, unexpected_error)
