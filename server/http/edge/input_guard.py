"""Input no column can hold, refused once at the edge with VALIDATION_ERROR instead of failing deep in the
database as a 500: a NUL character (Postgres text cannot store one), an integer outside 64 bits (no id or
amount column is wider), a date outside the years the product deals in.

Two layers: this middleware reads what every route receives as text (the path, the query, JSON and form
bodies) before routing; encrypted bodies, JSON again only once decrypted, are read by encrypted_body."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, unquote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.http.core import errors
from server.http.core.envelope import error_body

INT64_MAX = 2**63 - 1
# Bodies larger than this are not read twice; routes that take them (uploads) are multipart, not checked.
_MAX_CHECKED_BODY = 1 << 20
_LONG_INTEGER = re.compile(r"^-?\d{19,}$")  # 19 digits and more may not fit; the exact test follows


def out_of_range(number: int) -> bool:
    return not -INT64_MAX - 1 <= number <= INT64_MAX


def problem_in(value: Any) -> str | None:
    """What is wrong with a decoded value, anywhere inside it: "nul", "int_range", or None."""
    if isinstance(value, str):
        return "nul" if "\x00" in value else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "int_range" if out_of_range(value) else None
    if isinstance(value, dict):
        return next(filter(None, (problem_in(k) or problem_in(v) for k, v in value.items())), None)
    if isinstance(value, list | tuple):
        return next(filter(None, (problem_in(v) for v in value)), None)
    return None


def _text_problem(texts: Iterable[str]) -> str | None:
    for text in texts:
        if "\x00" in text:
            return "nul"
        if _LONG_INTEGER.match(text) and out_of_range(int(text)):
            return "int_range"
    return None


_DIGIT_RUN = re.compile(r"\d{19}")


def _address_problem(scope: Scope) -> tuple[str | None, str]:
    """What is wrong with the path or the query, and where. Most addresses have no query and no run of 19
    digits: they are looked at once, not split and matched piece by piece (this runs on every call)."""
    path = unquote(scope.get("raw_path", b"").decode("latin-1") or scope.get("path", ""))
    if "\x00" in path or _DIGIT_RUN.search(path):
        problem = _text_problem(path.split("/"))
        if problem:
            return problem, "path"
    query = scope.get("query_string", b"")
    if query:
        pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
        return _text_problem([p for pair in pairs for p in pair]), "query"
    return None, "query"


def _refusal(problem: str, where: str) -> bytes:
    field = {"field": None, "location": where, "type": problem, "message": MESSAGES[problem]}
    body = error_body(errors.VALIDATION_ERROR.code, errors.VALIDATION_ERROR.message, {"fields": [field]})
    return json.dumps(body).encode()


MESSAGES = {
    "nul": "Text may not contain the NUL character",
    "int_range": "A number is outside the 64-bit range",
    "json": "The body is not valid JSON",
}


class InputGuardMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem, where = _address_problem(scope)
        if problem:
            await _refuse(send, problem, where)
            return
        kind = _content_type(scope)
        if kind not in ("application/json", "application/x-www-form-urlencoded"):
            await self.app(scope, receive, send)
            return
        body, messages = await _read_body(receive)
        if body is not None and body:
            problem = _body_problem(kind, body)
            if problem:
                await _refuse(send, problem, "body")
                return
        await self.app(scope, _replay(messages, receive), send)


def _content_type(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            text: str = value.decode("latin-1")
            return text.split(";")[0].strip().lower()
    return ""


async def _read_body(receive: Receive) -> tuple[bytes | None, list[Message]]:
    """The whole body, and the messages that carried it (to hand on); None past the size we check."""
    messages: list[Message] = []
    size = 0
    chunks: list[bytes] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return None, messages
        chunk = message.get("body", b"")
        size += len(chunk)
        if size <= _MAX_CHECKED_BODY:
            chunks.append(chunk)
        if not message.get("more_body", False):
            return (b"".join(chunks) if size <= _MAX_CHECKED_BODY else None), messages


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


def _body_problem(kind: str, body: bytes) -> str | None:
    if kind == "application/json":
        try:
            return problem_in(json.loads(body))
        except (ValueError, RecursionError):
            return None  # malformed JSON is the route's to refuse, with its usual answer
    text = body.decode("latin-1")
    return _text_problem(part for pair in parse_qsl(text, keep_blank_values=True) for part in pair)


async def _refuse(send: Send, problem: str, where: str) -> None:
    body = _refusal(problem, where)
    await send(
        {
            "type": "http.response.start",
            "status": errors.VALIDATION_ERROR.status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
