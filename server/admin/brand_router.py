"""/wps/admin/brand: the merchant's settings as the console shows and changes them (maintenance has its
own call in server/admin/router.py). Read from the database, not the cache: staff see what is stored."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Request
from pydantic import Field

from server.admin import brand_settings
from server.brands import service as brands
from server.brands.service import Switch
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.errors import AppError
from server.http.edge.auth import BrandReader, BrandWriter
from server.http.edge.context import SystemContext, refresh_brands_after_commit
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/brand", tags=["admin"], responses=ERROR_RESPONSES)


class SwitchOut(WireModel):
    mod_id: str
    enabled: bool
    effective: bool = Field(description="On, counting the switches above it")
    children: list[SwitchOut]


class RegionRuleOut(WireModel):
    id: int
    action: str
    country: str | None
    network: str | None


class RegisterFieldOut(WireModel):
    field: str
    enabled: bool
    required: bool
    min_length: int
    max_length: int
    pattern_id: int


class BrandResourceOut(WireModel):
    resource_type: str
    url: str
    qr_code_url: str | None
    label: str | None


class CustomerServiceOut(WireModel):
    cs_type: str
    path: str


class BrandSettingsOut(WireModel):
    code: str
    name: str
    maintenance: bool
    maintenance_start: datetime | None
    maintenance_end: datetime | None
    switches: list[SwitchOut]
    region_rules: list[RegionRuleOut]
    register_fields: list[RegisterFieldOut]
    resources: list[BrandResourceOut]
    customer_service: list[CustomerServiceOut]


class SwitchIn(WireModel):
    enabled: bool


class RegionRuleIn(WireModel):
    action: Literal["ALLOW", "BLOCK"]
    country: str | None = Field(default=None, pattern=r"^[A-Za-z]{2}$")
    network: str | None = Field(default=None, max_length=43, description="An IP network, e.g. 203.0.113.0/24")


class RegisterFieldIn(WireModel):
    enabled: bool
    required: bool
    min_length: int = Field(ge=0, le=255)
    max_length: int = Field(ge=1, le=255)
    pattern_id: int = Field(ge=0, le=100)


def _switch(node: Switch, effective: dict[str, bool]) -> SwitchOut:
    return SwitchOut(
        mod_id=node.mod_id,
        enabled=node.enabled,
        effective=effective.get(node.mod_id, False),
        children=[_switch(child, effective) for child in node.children],
    )


@router.get("", operation_id="adminBrandSettings", summary="The merchant's settings as stored")
async def read_settings(
    reader: BrandReader, session: SessionDep, context: SystemContext
) -> Envelope[BrandSettingsOut]:
    brand = await brands.load_brand(session, context.brand.code)
    if brand is None:
        raise AppError(errors.NOT_FOUND)
    effective = dict(brand.effective_switches)
    rules = await brand_settings.region_rules(session, brand.id)
    return ok(
        BrandSettingsOut(
            code=brand.code,
            name=brand.name,
            maintenance=brand.maintenance,
            maintenance_start=brand.maintenance_start,
            maintenance_end=brand.maintenance_end,
            switches=[_switch(node, effective) for node in brand.whitelabel],
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
            resources=[
                BrandResourceOut(
                    resource_type=r.resource_type, url=r.url, qr_code_url=r.qr_code_url, label=r.label_name_en
                )
                for r in brand.resources
            ],
            customer_service=[
                CustomerServiceOut(cs_type=c.cs_type, path=c.path) for c in brand.customer_service
            ],
        )
    )


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
    rule_id: Annotated[int, Path(ge=1, le=2**53)],
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
