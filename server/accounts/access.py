"""What a sign-in call brings besides its body: the brand, the client, its captcha cookie, and the
human-verification service. Built by the routers, read by the account services (which import no FastAPI)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.sessions import SessionPolicy
from server.brands.service import Brand
from server.security.captcha import require_captcha
from server.security.challenge import HumanVerifier, require_human


@dataclass(frozen=True)
class Access:
    brand: Brand
    ip: str
    user_agent: str | None
    captcha_token: str | None
    verifier: HumanVerifier
    policy: SessionPolicy

    async def require_human(self, session: AsyncSession, result: Mapping[str, Any] | None) -> None:
        await require_human(session, self.verifier, brand=self.brand, result=result, ip=self.ip)

    async def require_captcha(self, session: AsyncSession, answer: str | None) -> None:
        await require_captcha(
            session, merchant_id=self.brand.id, token=self.captcha_token, answer=answer, ip=self.ip
        )
