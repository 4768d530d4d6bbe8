"""/wps/system: brand, switches, status, domain routing."""

from __future__ import annotations

from typing import Annotated

import orjson
from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from server.brands import download_qr, schemas
from server.brands.service import Brand, SystemStatus, system_status
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, binary_answer, ok
from server.http.core.errors import AppError
from server.http.edge.context import HEADERS, PortalContext, SystemContext, brand_cache, system_context_of
from server.http.edge.raw_route import RawRoute, documented_parameters
from server.http.edge.status_cache import note_brand

router = APIRouter(prefix="/wps/system", tags=["system"], responses=ERROR_RESPONSES)


def _resources(brand: Brand) -> list[schemas.ResourceOut]:
    return schemas.ResourceOut.all_of(brand.resources)


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


# The first call of every page load, and of every open page at once after a status push: a RawRoute, its
# brand part encoded once per brand snapshot.
async def status(request: Request) -> Response:
    context = await system_context_of(request)
    brand, client = context.brand, context.client
    note_brand(request.scope, brand)  # the snapshot this answer was made from, for the status cache
    return Response(status_body(brand, client.ip, client.country), media_type="application/json")


def status_body(brand: Brand, ip: str, country: str) -> bytes:
    """The status answer for one client of one brand snapshot (the status cache makes its answers with it
    too, so that both paths say the same)."""
    current = system_status(brand, ip, country)
    # The operator's words go only to the page that shows them: an announced window's text before it opens
    # is nobody's business.
    message = orjson.dumps(brand.maintenance_message if current is SystemStatus.MAINTENANCE else None)
    location = orjson.dumps({"ip": ip, "country": country})
    return (
        b'{"success":true,"value":{%s,"maintenanceMessage":%s,"info":%s,"location":%s},'
        b'"message":null,"errorCode":null}'
        % (
            _STATUS_FLAGS[current],
            message,
            schemas.status_info_json(brand),
            location,
        )
    )


# What each status says besides its brand and location (the tests check the whole against StatusOut).
_STATUS_FLAGS = {
    s: orjson.dumps(
        {
            "status": int(s),
            "maintenance": s is SystemStatus.MAINTENANCE,
            "regionRestriction": s is SystemStatus.REGION_RESTRICTED,
        }
    )[1:-1]
    for s in SystemStatus
}


# Answered at the edge (HotRoutes) as well as declared on the app's router.
HOT_ROUTES = {"/wps/system/status": status}


def add_status_route(app_router: APIRouter) -> None:
    """The status call on the app's own router, ahead of the included ones: FastAPI walks included routers
    route by route, which cost the status call a quarter of its time."""
    app_router.add_api_route(
        "/wps/system/status",
        status,
        methods=["GET"],
        route_class_override=RawRoute,
        tags=["system"],
        responses=ERROR_RESPONSES,
        operation_id="getSystemStatus",
        summary="Permission: 0 normal, 1 maintenance, 2 region restriction, with the site configuration",
        response_model=Envelope[schemas.StatusOut],
        openapi_extra=documented_parameters(
            query={"url": "The page's address; its host picks the merchant"}, headers=HEADERS
        ),
    )


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


@router.get(
    "/resources/{resource_type}/qr.svg",
    operation_id="downloadQrCode",
    summary="The QR code of the brand's download of that type, drawn from its own address",
    response_class=Response,
    responses=binary_answer("image/svg+xml", description="The QR code"),
)
async def download_qr_code(
    context: PortalContext, resource_type: Annotated[str, Path(min_length=1, max_length=32)]
) -> Response:
    """The QR code of the brand's download of that type (IOS, MOBILECONFIG, Android), from its own URL."""
    resource = download_qr.download_of(context.brand, resource_type)
    if resource is None:
        raise AppError(errors.RESOURCE_NOT_FOUND)
    return Response(
        download_qr.qr_svg(resource.url),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=300", "Vary": "Merchant, Host"},
    )
