"""Image captcha and the human-verification challenge (filled in by the captcha work)."""

from fastapi import APIRouter

from server.http.envelope import ERROR_RESPONSES

router = APIRouter(tags=["security"], responses=ERROR_RESPONSES)
