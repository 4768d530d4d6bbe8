"""The wire envelope: {"success", "value", "message", "errorCode"} around every answer."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

T = TypeVar("T")


class WireModel(BaseModel):
    """camelCase on the wire, snake_case in Python."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


class Envelope(WireModel, Generic[T]):
    success: bool = True
    value: T | None = None
    message: str | None = None
    error_code: str | None = None


class ErrorEnvelope(WireModel):
    success: bool = False
    value: Any = None
    message: str
    error_code: str


def ok(value: T) -> Envelope[T]:
    return Envelope[T](success=True, value=value)


def error_body(code: str, message: str, value: Any = None) -> dict[str, Any]:
    return {"success": False, "value": value, "message": message, "errorCode": code}


# Documented on every route so the OpenAPI document tells clients what a failure looks like.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorEnvelope, "description": description}
    for status, description in (
        (400, "Malformed request or missing Merchant header"),
        (401, "No valid session"),
        (403, "Module disabled, region restricted or not permitted"),
        (404, "Unknown merchant, domain or resource"),
        (409, "The current state refuses it: already done, closed, not allowed here, or a conflicting retry"),
        (422, "Validation failed; value lists the fields"),
        (429, "Rate limited"),
        (503, "Maintenance or a dependency is down"),
    )
}


def binary_answer(*media_types: str, description: str) -> dict[int | str, dict[str, Any]]:
    """The 200 of a call that answers a file (a picture, a QR code) rather than the envelope; its failures
    are still the envelope."""
    binary = {"schema": {"type": "string", "format": "binary"}}
    return {200: {"description": description, "content": dict.fromkeys(media_types, binary)}}
