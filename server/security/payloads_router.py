"""The public key the client encrypts the bodies of the calls SPEC marks E with."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import Field

from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.security import payloads

router = APIRouter(tags=["security"], responses=ERROR_RESPONSES)


class PublicKeyOut(WireModel):
    kid: str = Field(description="Key id: send it back as `kid` in the encrypted body")
    public_key: str = Field(description="Base64 of the DER SubjectPublicKeyInfo of an RSA 2048 key")
    algorithm: str = Field(
        description="RSA-OAEP (SHA-256) wraps a fresh AES-256 key; AES-256-GCM seals {ts, body}"
    )


@router.get(
    "/wps/system/publicKey",
    operation_id="getPublicKey",
    summary="The RSA public key for encrypted request bodies (login, register, passwords)",
)
async def public_key(context: SystemContext, session: SessionDep) -> Envelope[PublicKeyOut]:
    # The context is unused beyond its checks: the call still needs a known merchant, like every /wps call.
    key = await payloads.active_key(session)
    return ok(PublicKeyOut(kid=key.kid, public_key=key.public_spki_b64, algorithm=payloads.ALGORITHM))
