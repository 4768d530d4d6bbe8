"""The one error catalogue. A code is stable: the client maps it to an i18n key of the same name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ErrorCode:
    code: str
    status: int
    message: str  # English fallback; the client shows its own translation of `code`


CATALOGUE: dict[str, ErrorCode] = {}


def _define(code: str, status: int, message: str) -> ErrorCode:
    if code in CATALOGUE:
        raise ValueError(f"error code {code} defined twice")
    CATALOGUE[code] = entry = ErrorCode(code, status, message)
    return entry


BAD_REQUEST = _define("BAD_REQUEST", 400, "The request is malformed")
VALIDATION_ERROR = _define("VALIDATION_ERROR", 422, "Please Enter Correct Information")
UNAUTHORIZED = _define("UNAUTHORIZED", 401, "Not logged in, please log in")
FORBIDDEN = _define("FORBIDDEN", 403, "You are not allowed to do this")
NOT_FOUND = _define("NOT_FOUND", 404, "Not found")
METHOD_NOT_ALLOWED = _define("METHOD_NOT_ALLOWED", 405, "Method not allowed")
CONFLICT = _define("CONFLICT", 409, "The request conflicts with the current state")
TOO_MANY_REQUEST = _define("TOO_MANY_REQUEST", 429, "Too many requests, please retry later")
INTERNAL_ERROR = _define("INTERNAL_ERROR", 500, "Network link abnormal, try again")
SERVICE_UNAVAILABLE = _define("SERVICE_UNAVAILABLE", 503, "The service is temporarily unavailable")

MERCHANT_REQUIRED = _define("MERCHANT_REQUIRED", 400, "The Merchant header is required")
MERCHANT_NOT_FOUND = _define("MERCHANT_NOT_FOUND", 404, "Unknown merchant")
DOMAIN_NOT_FOUND = _define(
    "DOMAIN_NOT_FOUND", 404, "Invalid URL or domain check failed, contact customer service"
)
MODULE_DISABLED = _define("MODULE_DISABLED", 403, "This feature is switched off")
SYSTEM_MAINTENANCE = _define("SYSTEM_MAINTENANCE", 503, "System maintenance notice")
REGION_RESTRICTED = _define("REGION_RESTRICTED", 403, "Access restricted by IP or location")


class AppError(Exception):
    """A domain error: its stable code, its HTTP status and, optionally, a value for the client."""

    def __init__(self, error: ErrorCode, message: str | None = None, *, value: Any = None) -> None:
        self.error = error
        self.message = message or error.message
        self.value = value
        super().__init__(f"{error.code}: {self.message}")

    @property
    def status(self) -> int:
        return self.error.status

    @property
    def code(self) -> str:
        return self.error.code
