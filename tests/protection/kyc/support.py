"""What the KYC tests share: a submission as a browser's FormData sends it, the brand's rule, staff."""

from __future__ import annotations

import httpx
from sqlalchemy import select

from server.brands.models import Merchant
from server.db.session import Database
from server.protection.models import ProtectionSettings
from tests.content.feedback import pictures
from tests.support.accounts import token_for
from tests.support.portal import Portal

File = tuple[str, bytes, str]
# A PNG with HTML in a text chunk (an image-and-HTML polyglot): what we keep has none of it.
PNG: File = ("front.png", pictures.png_with_text(), "image/png")
PHOTO: File = ("back.jpg", pictures.jpeg_with_exif((64, 32)), "image/jpeg")
SELFIE: File = ("me.jpg", pictures.jpeg((30, 40)), "image/jpeg")


async def send(
    portal: Portal,
    document_type: str = "ID_CARD",
    *,
    front: File | None = PNG,
    back: File | None = PHOTO,
    selfie: File | None = None,
) -> httpx.Response:
    files = {name: file for name, file in (("front", front), ("back", back), ("selfie", selfie)) if file}
    return await portal.client.post(
        "/wps/kyc", data={"documentType": document_type}, files=files, headers=portal.headers()
    )


async def staff(db: Database, username: str = "admin1", merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, username, staff=True)}


async def set_rule(db: Database, rule: str, amount: int | None = None, merchant: str = "demo") -> None:
    """The brand's KYC rule, as the console's protection settings would store it."""
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == merchant))
        assert merchant_id is not None
        found = await session.get(ProtectionSettings, merchant_id)
        if found is None:
            found = ProtectionSettings(
                merchant_id=merchant_id, reality_check_minutes=60, organisations=[], kyc_rule=rule
            )
            session.add(found)
        found.kyc_rule, found.kyc_amount = rule, amount
