"""The edge of human verification: which verifier the app uses, the captcha cookie a browser holds, and the
challenge result a form-encoded route carries as text. The checks themselves live in server.security."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from server.http.core import errors
from server.http.core.errors import AppError
from server.security.challenge import HumanVerifier, ProofOfWorkVerifier

CAPTCHA_COOKIE = "captcha_token"


def captcha_token_of(request: Request) -> str | None:
    """The token of the captcha this browser fetched last, for the routes that check one."""
    return request.cookies.get(CAPTCHA_COOKIE) or None


def challenge_of_form(text: str | None) -> dict[str, Any] | None:
    """A form-encoded route carries the human-verification result as JSON text."""
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        fields = [{"field": "challenge", "type": "json_object", "message": "Expected a JSON object"}]
        raise AppError(errors.VALIDATION_ERROR, value={"fields": fields})
    return value


def human_verifier(request: Request) -> HumanVerifier:
    """The app's verifier: one installed on app.state.human_verifier (a third-party service, a test
    double), else the built-in proof of work at the configured difficulty, built once."""
    state = request.app.state
    verifier: HumanVerifier | None = getattr(state, "human_verifier", None)
    if verifier is None:
        verifier = ProofOfWorkVerifier(state.settings.challenge_difficulty)
        state.human_verifier = verifier
    return verifier
