"""/wps/system: brand, switches, status, domain routing."""

from __future__ import annotations

from typing import Annotated

import orjson
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from server.brands import schemas
from server.brands.service import Brand, SystemStatus, system_status
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.edge.context import PortalContext, SystemContext, brand_cache

router = APIRouter(prefix="/wps/system", tags=["system"], responses=ERROR_RESPONSES)


def _resources(brand: Brand) -> list[schemas.ResourceOut]:
    return [schemas.ResourceOut.model_validate(r) for r in brand.resources]


@router.get("/whitelabel", operation_id="getWhitelabel", summary="The merchant's whitelabel setting tree")
async def whitelabel(context: SystemContext) -> Envelope[list[schemas.SettingNode]]:
    return ok(schemas.SettingNode.tree(context.brand.whitelabel))


@router.get(
    "/setting/register",
    operation_id="getRegisterSettings",
    summary="Registration field rules (enabled, required, lengths, pattern)",
)
async def register_settings(context: SystemContext) -> Envelope[list[schemas.RegisterRuleOut]]:
    return ok([schemas.RegisterRuleOut.of(r) for r in context.brand.register_rules])


@router.get(
    "/status",
    operation_id="getSystemStatus",
    summary="Permission: 0 normal, 1 maintenance, 2 region restriction, with the site configuration",
    response_model=Envelope[schemas.StatusOut],
)
async def status(
    context: SystemContext,
    url: Annotated[str | None, Query(description="The page's address; its host picks the merchant")] = None,
) -> Response:
    brand, client = context.brand, context.client
    current = system_status(brand, client.ip, client.country)
    value = {
        "status": int(current),
        "maintenance": current is SystemStatus.MAINTENANCE,
        "regionRestriction": current is SystemStatus.REGION_RESTRICTED,
        "info": schemas.status_info(brand),
        "location": {"ip": client.ip, "country": client.country},
    }
    # Already in wire form (the tests check it against StatusOut), so it skips a second validation.
    body = {"success": True, "value": value, "message": None, "errorCode": None}
    return Response(orjson.dumps(body), media_type="application/json")


@router.get(
    "/domainRoute",
    operation_id="getDomainRoute",
    summary="Which merchant a domain belongs to, with its brand configuration",
)
async def domain_route(
    request: Request, domain: Annotated[str, Query(min_length=1, max_length=260)]
) -> Envelope[schemas.BrandOut]:
    cache = brand_cache(request)
    code = await cache.code_for_domain(domain)
    brand = await cache.by_code(code) if code else None
    if brand is None:
        raise AppError(errors.DOMAIN_NOT_FOUND)
    return ok(schemas.BrandOut.of(brand))


@router.get("/routers", operation_id="getRouters", summary="The merchant's domains and site resources")
async def routers(context: PortalContext) -> Envelope[schemas.RoutersOut]:
    brand = context.brand
    return ok(
        schemas.RoutersOut(
            domain_list=[schemas.DomainOut(domain=d) for d in brand.domains],
            resources=_resources(brand),
        )
    )
