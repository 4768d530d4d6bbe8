"""A merchant's own settings as the console changes them: the white-label switches, the region rules, the
registration rules per field, the site's resources (links, downloads, QR codes) and its customer-service
entries. Each change is audited with the value before it; the serving caches pick it up within the brand
cache window (this process's at once)."""

from __future__ import annotations

import re
from typing import Any, Literal, TypeVar, get_args
from urllib.parse import urlsplit

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.service import audit
from server.brands import service as brands
from server.brands.models import (
    CustomerServiceEntry,
    Merchant,
    MerchantResource,
    RegionRule,
    RegisterFieldRule,
)
from server.brands.patterns import PATTERNS
from server.brands.service import Brand
from server.db.locks import take_turns
from server.http.core import errors
from server.http.core.errors import AppError

Owned = TypeVar("Owned", MerchantResource, CustomerServiceEntry, RegionRule)

# The resource types the portal knows (SPEC §3, resource): contact channels and app downloads.
ResourceType = Literal["FACEBOOK", "EMAIL", "IOS", "MOBILECONFIG", "Android", "USDJUMP"]
RESOURCE_TYPES: tuple[str, ...] = get_args(ResourceType)
ServiceType = Literal["VIP", "LIVECHAT"]
LINK_MAX = 500
LABEL_MAX = 64

_UNSAFE = re.compile(r"[\s\\\x00-\x1f\x7f]")
_MAILBOX = re.compile(r"^mailto:[^@\s<>\"]+@[^@\s<>\"]+\.[^@\s<>\"]+$")


def is_site_link(url: str) -> bool:
    """An https address or a path on the portal's own site: the portal puts these in href and src, so no
    other scheme (javascript:, data:) and no "//host" that a browser would read as another site."""
    if not url or len(url) > LINK_MAX or _UNSAFE.search(url):
        return False
    if url.startswith("/"):
        return not url.startswith("//")
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme == "https" and bool(parts.hostname) and "@" not in parts.netloc


def is_mail_link(url: str) -> bool:
    """The EMAIL resource's address: the contact channel opens the visitor's mail program with it."""
    return len(url) <= LINK_MAX and _MAILBOX.match(url) is not None


async def set_switch(
    session: AsyncSession, brand: Brand, *, mod_id: str, enabled: bool, staff_id: int, ip: str | None
) -> None:
    before = brand.effective_switches.get(mod_id)
    await brands.set_switch(session, brand.code, mod_id, enabled=enabled)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.switch",
        target=mod_id,
        detail={"enabled": enabled, "effectiveBefore": before},
        ip=ip,
    )


async def set_auto_transfer(
    session: AsyncSession, brand: Brand, *, enabled: bool, staff_id: int, ip: str | None
) -> None:
    """Automatic transfer (server/wallet/game_money.py) is a setting of merchants with a wallet per vendor:
    with one wallet there is nothing to move, so it is refused there rather than stored unseen."""
    merchant = await session.scalar(select(Merchant).where(Merchant.id == brand.id).with_for_update())
    if merchant is None:
        raise AppError(errors.NOT_FOUND)
    if merchant.single_wallet:
        raise AppError(errors.AUTO_TRANSFER_SINGLE_WALLET)
    before = merchant.auto_transfer
    merchant.auto_transfer = enabled
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.wallet",
        target="autoTransfer",
        detail={"before": {"autoTransfer": before}, "after": {"autoTransfer": enabled}},
        ip=ip,
    )


async def add_region_rule(
    session: AsyncSession,
    brand: Brand,
    *,
    action: str,
    country: str | None,
    network: str | None,
    staff_id: int,
    ip: str | None,
) -> None:
    await brands.add_region_rule(session, brand.code, action=action, country=country, network=network)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.region.add",
        detail={"action": action, "country": country, "network": network},
        ip=ip,
    )


async def remove_region_rule(
    session: AsyncSession, brand: Brand, *, rule_id: int, staff_id: int, ip: str | None
) -> None:
    rule = await _owned(session, RegionRule, rule_id, brand)
    detail = {"action": rule.action, "country": rule.country, "network": rule.network}
    await session.execute(delete(RegionRule).where(RegionRule.id == rule.id))
    await audit(
        session, merchant_id=brand.id, staff_id=staff_id, action="brand.region.remove", detail=detail, ip=ip
    )


async def region_rules(session: AsyncSession, merchant_id: int) -> list[RegionRule]:
    return list(
        await session.scalars(
            select(RegionRule).where(RegionRule.merchant_id == merchant_id).order_by(RegionRule.id)
        )
    )


async def set_register_rule(
    session: AsyncSession,
    brand: Brand,
    *,
    field: str,
    enabled: bool,
    required: bool,
    min_length: int,
    max_length: int,
    pattern_id: int,
    staff_id: int,
    ip: str | None,
) -> None:
    if pattern_id not in PATTERNS:
        raise AppError(errors.BAD_REQUEST, "unknown pattern")
    if not 0 <= min_length <= max_length:
        raise AppError(errors.BAD_REQUEST, "lengths must satisfy 0 <= min <= max")
    if required and not enabled:
        raise AppError(errors.BAD_REQUEST, "a required field must be offered")
    rule = await session.scalar(
        select(RegisterFieldRule).where(
            RegisterFieldRule.merchant_id == brand.id, RegisterFieldRule.field == field
        )
    )
    if rule is None:
        raise AppError(errors.NOT_FOUND, f"no registration field {field}")
    before = {
        "enabled": rule.enabled,
        "required": rule.required,
        "minLength": rule.min_length,
        "maxLength": rule.max_length,
        "patternId": rule.pattern_id,
    }
    rule.enabled, rule.required = enabled, required
    rule.min_length, rule.max_length, rule.pattern_id = min_length, max_length, pattern_id
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.register_field",
        target=field,
        detail={
            "before": before,
            "after": {
                "enabled": enabled,
                "required": required,
                "minLength": min_length,
                "maxLength": max_length,
                "patternId": pattern_id,
            },
        },
        ip=ip,
    )


# --- resources ----------------------------------------------------------------------------------------


async def resources(session: AsyncSession, merchant_id: int) -> list[MerchantResource]:
    return list(
        await session.scalars(
            select(MerchantResource)
            .where(MerchantResource.merchant_id == merchant_id)
            .order_by(MerchantResource.sort_order, MerchantResource.id)
        )
    )


def _resource_detail(resource: MerchantResource) -> dict[str, Any]:
    return {
        "id": resource.id,
        "resourceType": resource.resource_type,
        "url": resource.url,
        "qrCodeUrl": resource.qr_code_url,
        "label": resource.label_name_en,
    }


async def _owned(session: AsyncSession, model: type[Owned], row_id: int, brand: Brand) -> Owned:
    """A row of this merchant's by its id; another merchant's is as unknown as a missing one."""
    row = await session.scalar(select(model).where(model.id == row_id, model.merchant_id == brand.id))
    if row is None:
        raise AppError(errors.NOT_FOUND)
    return row


async def _resource(session: AsyncSession, brand: Brand, resource_id: int) -> MerchantResource:
    return await _owned(session, MerchantResource, resource_id, brand)


async def add_resource(
    session: AsyncSession,
    brand: Brand,
    *,
    resource_type: str,
    url: str,
    qr_code_url: str | None,
    label: str | None,
    staff_id: int,
    ip: str | None,
) -> MerchantResource:
    last = await session.scalar(
        select(func.max(MerchantResource.sort_order)).where(MerchantResource.merchant_id == brand.id)
    )
    resource = MerchantResource(
        merchant_id=brand.id,
        resource_type=resource_type,
        url=url,
        qr_code_url=qr_code_url,
        label_name_en=label,
        sort_order=(last or 0) + 1,
    )
    session.add(resource)
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.resource.add",
        target=resource_type,
        detail=_resource_detail(resource),
        ip=ip,
    )
    return resource


async def change_resource(
    session: AsyncSession,
    brand: Brand,
    *,
    resource_id: int,
    resource_type: str,
    url: str,
    qr_code_url: str | None,
    label: str | None,
    staff_id: int,
    ip: str | None,
) -> MerchantResource:
    """The label in English changes; the Chinese one (labelNameCn), which the console does not edit,
    stays."""
    resource = await _resource(session, brand, resource_id)
    before = _resource_detail(resource)
    resource.resource_type, resource.url = resource_type, url
    resource.qr_code_url, resource.label_name_en = qr_code_url, label
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.resource.change",
        target=resource_type,
        detail={"before": before, "after": _resource_detail(resource)},
        ip=ip,
    )
    return resource


async def remove_resource(
    session: AsyncSession, brand: Brand, *, resource_id: int, staff_id: int, ip: str | None
) -> None:
    resource = await _resource(session, brand, resource_id)
    resource_type = resource.resource_type
    detail = _resource_detail(resource)
    await session.execute(delete(MerchantResource).where(MerchantResource.id == resource.id))
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.resource.remove",
        target=resource_type,
        detail=detail,
        ip=ip,
    )


# --- customer-service entries -------------------------------------------------------------------------


async def service_entries(session: AsyncSession, merchant_id: int) -> list[CustomerServiceEntry]:
    return list(
        await session.scalars(
            select(CustomerServiceEntry)
            .where(CustomerServiceEntry.merchant_id == merchant_id)
            .order_by(CustomerServiceEntry.id)
        )
    )


async def _service_entry(session: AsyncSession, brand: Brand, entry_id: int) -> CustomerServiceEntry:
    return await _owned(session, CustomerServiceEntry, entry_id, brand)


async def _one_per_type(session: AsyncSession, brand: Brand, cs_type: str, entry_id: int | None) -> None:
    """The portal opens the first entry of the type a member's rank asks for: a second one of a type would
    never be shown, so it is refused rather than kept unseen."""
    await take_turns(session, f"brand.service:{brand.id}")
    taken = await session.scalar(
        select(CustomerServiceEntry.id).where(
            CustomerServiceEntry.merchant_id == brand.id,
            CustomerServiceEntry.cs_type == cs_type,
            CustomerServiceEntry.id != (entry_id or 0),
        )
    )
    if taken is not None:
        raise AppError(errors.CONFLICT, f"the merchant has a {cs_type} entry already")


async def add_service_entry(
    session: AsyncSession, brand: Brand, *, cs_type: str, path: str, staff_id: int, ip: str | None
) -> CustomerServiceEntry:
    await _one_per_type(session, brand, cs_type, None)
    entry = CustomerServiceEntry(merchant_id=brand.id, cs_type=cs_type, path=path)
    session.add(entry)
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.service.add",
        target=cs_type,
        detail={"id": entry.id, "csType": cs_type, "path": path},
        ip=ip,
    )
    return entry


async def change_service_entry(
    session: AsyncSession,
    brand: Brand,
    *,
    entry_id: int,
    cs_type: str,
    path: str,
    staff_id: int,
    ip: str | None,
) -> CustomerServiceEntry:
    entry = await _service_entry(session, brand, entry_id)
    await _one_per_type(session, brand, cs_type, entry.id)
    before = {"csType": entry.cs_type, "path": entry.path}
    entry.cs_type, entry.path = cs_type, path
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.service.change",
        target=cs_type,
        detail={"id": entry.id, "before": before, "after": {"csType": cs_type, "path": path}},
        ip=ip,
    )
    return entry


async def remove_service_entry(
    session: AsyncSession, brand: Brand, *, entry_id: int, staff_id: int, ip: str | None
) -> None:
    entry = await _service_entry(session, brand, entry_id)
    cs_type = entry.cs_type
    detail = {"id": entry.id, "csType": cs_type, "path": entry.path}
    await session.execute(delete(CustomerServiceEntry).where(CustomerServiceEntry.id == entry.id))
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="brand.service.remove",
        target=cs_type,
        detail=detail,
        ip=ip,
    )
