"""The brand's home-page words as the console reads and changes them; each change audited with what it
replaced. Stored on the merchant (server/brands/home.py); the portal reads them with the status call, so the
router drops the brand cache after the commit."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.service import audit
from server.brands import home
from server.brands.service import Brand
from server.content.texts import check_languages
from server.games import catalogue


async def read(
    session: AsyncSession, brand: Brand
) -> tuple[dict[str, home.HomeTextIn], dict[str, int | str]]:
    """The stored words and what each placeholder stands for now."""
    merchant = await home.merchant_of(session, brand.id, lock=False)
    numbers: dict[str, int | str] = {home.BRAND: merchant.name}
    numbers.update(home.figures(await catalogue.offered_counts(session, brand.id)))
    return home.parse_stored(merchant.home_content), numbers


async def change(
    session: AsyncSession,
    brand: Brand,
    texts: Mapping[str, home.HomeTextIn],
    *,
    staff_id: int,
    ip: str | None,
) -> None:
    check_languages(brand, texts)
    merchant = await home.merchant_of(session, brand.id)
    before = merchant.home_content
    after = home.stored_form(texts) or None
    merchant.home_content = after
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="content.home.change",
        target=brand.code,
        detail={"before": before, "after": after},
        ip=ip,
    )
