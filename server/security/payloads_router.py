"""The public key for encrypted request bodies (filled in by the payload-encryption work)."""

from fastapi import APIRouter

from server.http.envelope import ERROR_RESPONSES

router = APIRouter(tags=["security"], responses=ERROR_RESPONSES)
