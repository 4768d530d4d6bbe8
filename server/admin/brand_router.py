"""/wps/admin/brand: the merchant's settings as the console shows and changes them (maintenance has its
own call in server/admin/router.py). Read from the database, not the cache: staff see what is stored."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin import brand_settings, grant_limits
from server.admin.brand_schemas import (
    BrandResourceOut,
    BrandServiceEntryOut,
    BrandSettingsOut,
    BrandWalletOut,
    RegionRuleIn,
    RegionRuleOut,
    RegisterFieldIn,
    RegisterFieldOut,
    ResourceIn,
    ServiceEntryIn,
    SwitchIn,
    WalletSettingsIn,
    switch_out,
)
from server.admin.grant_schemas import BonusLimitsIn, BonusLimitsOut
from server.brands import service as brands
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import BrandReader, BrandWriter
from server.http.edge.context import SystemContext, refresh_brands_after_commit
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/brand", tags=["admin"], responses=ERROR_RESPONSES)


@router.get("", operation_id="adminBrandSettings", summary="The merchant's settings as stored")
async def read_settings(
    reader: BrandReader, session: SessionDep, context: SystemContext
) -> Envelope[BrandSettingsOut]:
    brand = await brands.load_brand(session, context.brand.code)
    if brand is None:
        raise AppError(errors.NOT_FOUND)
    effective = dict(brand.effective_switches)
    rules = await brand_settings.region_rules(session, brand.id)
    resources = await brand_settings.resources(session, brand.id)
    service = await brand_settings.service_entries(session, brand.id)
    return ok(
        BrandSettingsOut(
            code=brand.code,
            name=brand.name,
            maintenance=brand.maintenance,
            maintenance_start=brand.maintenance_start,
            maintenance_end=brand.maintenance_end,
            maintenance_message=brand.maintenance_message,
            switches=[switch_out(node, effective) for node in brand.whitelabel],
            region_rules=[
                RegionRuleOut(id=r.id, action=r.action, country=r.country, network=r.network) for r in rules
            ],
            register_fields=[
                RegisterFieldOut(
                    field=r.field,
                    enabled=r.enabled,
                    required=r.required,
                    min_length=r.min_length,
                    max_length=r.max_length,
                    pattern_id=r.pattern_id,
                )
                for r in brand.register_rules
            ],
            resources=[BrandResourceOut.of(r) for r in resources],
            customer_service=[BrandServiceEntryOut.of(c) for c in service],
            bonus_limits=await _bonus_limits(session, brand.id),
            wallet=BrandWalletOut(
                single_wallet=brand.single_wallet,
                vendors=list(brand.wallet_vendors),
                auto_transfer=brand.auto_transfer,
            ),
        )
    )


async def _bonus_limits(session: AsyncSession, merchant_id: int) -> BonusLimitsOut:
    today = await grant_limits.granted_on(session, merchant_id, grant_limits.business_day(utcnow()))
    return BonusLimitsOut.of(await grant_limits.limits_of(session, merchant_id), today)


@router.put(
    "/bonus-limits",
    operation_id="adminSetBonusLimits",
    summary="Ceilings on operators' bonus grants (per grant, per business day), the four-eyes threshold",
)
async def set_bonus_limits(
    body: BonusLimitsIn, writer: BrandWriter, session: SessionDep, context: SystemContext
) -> Envelope[BonusLimitsOut]:
    assert writer.staff_id is not None
    limits = grant_limits.Limits(
        grant_max=parse_amount(body.grant_max, field="grantMax"),
        daily_max=parse_amount(body.daily_max, field="dailyMax"),
        approval_above=parse_amount(body.approval_above, field="approvalAbove", allow_zero=True),
    )
    await grant_limits.set_limits(
        session, context.brand.id, limits, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(await _bonus_limits(session, context.brand.id))


@router.put(
    "/switches/{mod_id}", operation_id="adminSetSwitch", summary="Switch a white-label module on or off"
)
async def set_switch(
    mod_id: Annotated[str, Path(max_length=64, pattern=r"^[A-Za-z0-9_]+$")],
    body: SwitchIn,
    writer: BrandWriter,
    request: Request,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.set_switch(
        session,
        context.brand,
        mod_id=mod_id,
        enabled=body.enabled,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(None)


@router.post(
    "/regions", operation_id="adminAddRegionRule", summary="Allow or block one country or one network"
)
async def add_region_rule(
    body: RegionRuleIn, writer: BrandWriter, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.add_region_rule(
        session,
        context.brand,
        action=body.action,
        country=body.country,
        network=body.network,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(None)


@router.delete("/regions/{rule_id}", operation_id="adminRemoveRegionRule", summary="Remove a region rule")
async def remove_region_rule(
    rule_id: WireId,
    writer: BrandWriter,
    request: Request,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.remove_region_rule(
        session, context.brand, rule_id=rule_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    refresh_brands_after_commit(request, session)
    return ok(None)


@router.put(
    "/register-fields/{field}",
    operation_id="adminSetRegisterField",
    summary="How one registration field is offered and checked",
)
async def set_register_field(
    field: Annotated[str, Path(max_length=40, pattern=r"^[A-Za-z0-9_]+$")],
    body: RegisterFieldIn,
    writer: BrandWriter,
    request: Request,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.set_register_rule(
        session,
        context.brand,
        field=field,
        enabled=body.enabled,
        required=body.required,
        min_length=body.min_length,
        max_length=body.max_length,
        pattern_id=body.pattern_id,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(None)


ResourceId = WireId


@router.post("/resources", operation_id="adminAddResource", summary="Add a link, download or QR code")
async def add_resource(
    body: ResourceIn, writer: BrandWriter, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[BrandResourceOut]:
    assert writer.staff_id is not None
    resource = await brand_settings.add_resource(
        session,
        context.brand,
        resource_type=body.resource_type,
        url=body.url,
        qr_code_url=body.qr_code_url,
        label=body.label,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(BrandResourceOut.of(resource))


@router.put("/resources/{resource_id}", operation_id="adminChangeResource", summary="Change a resource")
async def change_resource(
    resource_id: ResourceId,
    body: ResourceIn,
    writer: BrandWriter,
    request: Request,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[BrandResourceOut]:
    assert writer.staff_id is not None
    resource = await brand_settings.change_resource(
        session,
        context.brand,
        resource_id=resource_id,
        resource_type=body.resource_type,
        url=body.url,
        qr_code_url=body.qr_code_url,
        label=body.label,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(BrandResourceOut.of(resource))


@router.delete("/resources/{resource_id}", operation_id="adminRemoveResource", summary="Remove a resource")
async def remove_resource(
    resource_id: ResourceId,
    writer: BrandWriter,
    request: Request,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.remove_resource(
        session, context.brand, resource_id=resource_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    refresh_brands_after_commit(request, session)
    return ok(None)


@router.post(
    "/customer-service",
    operation_id="adminAddServiceEntry",
    summary="Add the VIP or the live-chat customer-service entry (one of each)",
)
async def add_service_entry(
    body: ServiceEntryIn, writer: BrandWriter, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[BrandServiceEntryOut]:
    assert writer.staff_id is not None
    entry = await brand_settings.add_service_entry(
        session,
        context.brand,
        cs_type=body.cs_type,
        path=body.path,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(BrandServiceEntryOut.of(entry))


@router.put(
    "/customer-service/{entry_id}",
    operation_id="adminChangeServiceEntry",
    summary="Change a customer-service entry",
)
async def change_service_entry(
    entry_id: ResourceId,
    body: ServiceEntryIn,
    writer: BrandWriter,
    request: Request,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[BrandServiceEntryOut]:
    assert writer.staff_id is not None
    entry = await brand_settings.change_service_entry(
        session,
        context.brand,
        entry_id=entry_id,
        cs_type=body.cs_type,
        path=body.path,
        staff_id=writer.staff_id,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(BrandServiceEntryOut.of(entry))


@router.delete(
    "/customer-service/{entry_id}",
    operation_id="adminRemoveServiceEntry",
    summary="Remove a customer-service entry",
)
async def remove_service_entry(
    entry_id: ResourceId, writer: BrandWriter, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.remove_service_entry(
        session, context.brand, entry_id=entry_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    refresh_brands_after_commit(request, session)
    return ok(None)


@router.put(
    "/wallet",
    operation_id="adminSetWalletSettings",
    summary="Automatic transfer on or off (merchants with a wallet per vendor)",
)
async def set_wallet_settings(
    body: WalletSettingsIn, writer: BrandWriter, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[None]:
    assert writer.staff_id is not None
    await brand_settings.set_auto_transfer(
        session, context.brand, enabled=body.auto_transfer, staff_id=writer.staff_id, ip=context.client.ip
    )
    refresh_brands_after_commit(request, session)
    return ok(None)
