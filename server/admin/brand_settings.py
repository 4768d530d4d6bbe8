"""A merchant's own settings as the console changes them: the white-label switches, the region rules and
the registration rules per field. Each change is audited with the value before it; the serving caches pick
it up within the brand cache window (this process's at once)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.service import audit
from server.brands import service as brands
from server.brands.models import RegionRule, RegisterFieldRule
from server.brands.patterns import PATTERNS
from server.brands.service import Brand
from server.http.core import errors
from server.http.core.errors import AppError


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
    rule = await session.scalar(
        select(RegionRule).where(RegionRule.id == rule_id, RegionRule.merchant_id == brand.id)
    )
    if rule is None:
        raise AppError(errors.NOT_FOUND)
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
