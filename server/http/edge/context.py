"""What every /wps call carries: the merchant (Merchant header or the domain), the language, the client
address and the module the call belongs to (ModuleId header), with the gates that follow from them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Header, Request
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands import geo
from server.brands.cache import BrandCache
from server.brands.defaults import SWITCHER_LANGUAGES
from server.brands.service import Brand, SystemStatus, system_status
from server.db.after_commit import on_commit
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.edge.client_ip import resolve_client_ip
from server.settings import Settings


@dataclass(frozen=True)
class Client:
    ip: str
    country: str
    user_agent: str | None = None


@dataclass(frozen=True)
class RequestContext:
    brand: Brand
    client: Client
    language: str
    module_id: str | None


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def brand_cache(request: Request) -> BrandCache:
    cache: BrandCache = request.app.state.brands
    return cache


def refresh_brands_after_commit(request: Request, session: AsyncSession) -> None:
    """A change to a merchant's settings: this process's brand cache forgets what it holds once the change
    is committed (the other processes' within the cache window)."""
    cache = brand_cache(request)

    async def forget() -> None:
        cache.invalidate()

    on_commit(session, forget)


def client_of(request: Request) -> Client:
    cached: Client | None = getattr(request.state, "client", None)
    if cached is not None:
        return cached
    peer = request.client.host if request.client else None
    ip = resolve_client_ip(
        peer, request.headers.get("x-forwarded-for"), settings_of(request).trusted_proxy_networks
    )
    client = Client(ip=ip, country=geo.country_of(ip), user_agent=request.headers.get("user-agent"))
    request.state.client = client
    return client


def _host_of(url: str | None) -> str | None:
    if not url:
        return None
    try:
        return urlsplit(url if "//" in url else f"//{url}").hostname
    except ValueError:  # "http://[::1" and the like: no host to go by, so the Host header decides
        return None


async def resolve_brand(request: Request, merchant: str | None, *, url: str | None = None) -> Brand:
    """The Merchant header wins; otherwise the page's host (the `url` the client sends), then Host."""
    cache = brand_cache(request)
    code = merchant.strip() if merchant else None
    if not code:
        host = _host_of(url) or request.headers.get("host")
        code = await cache.code_for_domain(host) if host else None
        if code is None:
            raise AppError(errors.MERCHANT_REQUIRED if not host else errors.DOMAIN_NOT_FOUND)
    brand = await cache.by_code(code)
    if brand is None:
        raise AppError(errors.MERCHANT_NOT_FOUND)
    return brand


def pick_language(brand: Brand, requested: str | None) -> str:
    if requested:
        code = requested.strip().upper()
        if code in SWITCHER_LANGUAGES or code in brand.supported_languages:
            return code
    return brand.default_language


def _check_module(brand: Brand, module_id: str | None) -> None:
    # An id the tree does not know is not gated: the client names modules for reporting as well.
    if module_id and brand.knows_module(module_id) and not brand.switch_on(module_id):
        raise AppError(errors.MODULE_DISABLED, value={"modId": module_id})


# The headers every /wps call may carry: {name: description}.
HEADERS = {
    "Merchant": "Merchant (brand) code; else the domain decides",
    "Language": "Interface language, e.g. EN",
    "ModuleId": "Whitelabel module the call belongs to",
}
MerchantHeader = Annotated[str | None, Header(alias="Merchant", description=HEADERS["Merchant"])]
LanguageHeader = Annotated[str | None, Header(alias="Language", description=HEADERS["Language"])]
ModuleHeader = Annotated[str | None, Header(alias="ModuleId", description=HEADERS["ModuleId"])]


async def system_context(
    request: Request,
    merchant: MerchantHeader = None,
    language: LanguageHeader = None,
    module_id: ModuleHeader = None,
) -> RequestContext:
    """For the calls that must answer even in maintenance or from a restricted region (status, menus)."""
    # Most calls carry no query at all: no need to parse one.
    url = request.query_params.get("url") if request.scope.get("query_string") else None
    brand = await resolve_brand(request, merchant, url=url)
    _check_module(brand, module_id)
    return RequestContext(brand, client_of(request), pick_language(brand, language), module_id)


async def system_context_of(request: Request) -> RequestContext:
    """system_context for a RawRoute, which reads its headers itself."""
    headers = request.headers
    return await system_context(
        request, headers.get("merchant"), headers.get("language"), headers.get("moduleid")
    )


async def portal_context(
    context: Annotated[RequestContext, Depends(system_context)],
) -> RequestContext:
    """For every other call: refused during maintenance and from a restricted region, so the API
    enforces what the blocking pages show."""
    status = system_status(context.brand, context.client.ip, context.client.country)
    if status is SystemStatus.MAINTENANCE:
        raise AppError(errors.SYSTEM_MAINTENANCE)
    if status is SystemStatus.REGION_RESTRICTED:
        raise AppError(errors.REGION_RESTRICTED)
    return context


def require_module(mod_id: str) -> Callable[[RequestContext], Awaitable[RequestContext]]:
    """A route that belongs to one switch, whatever ModuleId the client sent."""

    async def gate(context: Annotated[RequestContext, Depends(portal_context)]) -> RequestContext:
        _check_module(context.brand, mod_id)
        return context

    return gate


SystemContext = Annotated[RequestContext, Depends(system_context)]
PortalContext = Annotated[RequestContext, Depends(portal_context)]
