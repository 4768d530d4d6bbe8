"""Brand rules: loading a merchant's configuration, switches, region rules and the system status."""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum
from typing import Any, TypeVar

import structlog
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from server.brands import defaults, home
from server.brands.models import (
    CustomerServiceEntry,
    Merchant,
    MerchantDomain,
    MerchantResource,
    RegionRule,
    RegisterFieldRule,
    WhitelabelNode,
)
from server.brands.patterns import RegisterRule
from server.brands.theme import DEFAULT_THEME, Theme, parse_theme, stored_form
from server.db.base import MerchantScoped, utcnow
from server.http.core import errors
from server.http.core.errors import AppError

log = structlog.get_logger(__name__)


class SystemStatus(IntEnum):
    NORMAL = 0
    MAINTENANCE = 1
    REGION_RESTRICTED = 2


@dataclass(frozen=True)
class Switch:
    mod_id: str
    enabled: bool
    children: tuple[Switch, ...]


@dataclass(frozen=True)
class RegionRuleView:
    action: str  # ALLOW | BLOCK
    country: str | None
    network: str | None


@dataclass(frozen=True)
class Resource:
    resource_type: str
    url: str
    qr_code_url: str | None
    label_name_en: str | None
    label_name_cn: str | None


@dataclass(frozen=True)
class CustomerService:
    cs_type: str
    path: str


@dataclass(frozen=True, eq=False)
class Brand:
    """A merchant's configuration as one immutable snapshot, safe to cache and share between requests.
    Compared by identity, so that what is derived from one snapshot can be memoised on it."""

    id: int
    code: str
    name: str
    platform: str
    device: str
    lottery_type: str
    default_language: str
    supported_languages: tuple[str, ...]
    chat_header_color: str
    currency_code: str
    currency_symbol: str
    logined_to_home_page: bool
    register_title: Mapping[str, str]
    maintenance: bool
    maintenance_start: datetime | None
    maintenance_end: datetime | None
    announced_status: int
    single_wallet: bool
    wallet_vendors: tuple[str, ...]
    withdraw_min: int
    withdraw_max: int
    withdraw_daily_count: int
    withdraw_auto_receive_minutes: int
    allow_plain_payloads: bool
    human_verification: bool
    password_max_age_days: int
    registrations_per_ip_per_day: int
    sms_code_minutes: int
    countries: tuple[str, ...]
    gtag_id: str | None
    image_cdns: tuple[str, ...]
    launch_game_cdns: tuple[str, ...]
    domains: tuple[str, ...]
    whitelabel: tuple[Switch, ...]
    region_rules: tuple[RegionRuleView, ...]
    register_rules: tuple[RegisterRule, ...]
    resources: tuple[Resource, ...]
    customer_service: tuple[CustomerService, ...]
    # mod_id -> on, counting ancestors: a switch is on only when every node above it is on.
    effective_switches: Mapping[str, bool] = field(default_factory=dict)
    maintenance_message: str | None = None
    theme: Theme = DEFAULT_THEME
    auto_transfer: bool = False  # with a wallet per vendor: launch and leave move the money (0024)
    # language -> the home page's words, figures filled from the catalogue as it stood when this was read;
    # empty in a snapshot read without the catalogue's counts (see OfferedCounts).
    home_content: Mapping[str, home.HomeText] = field(default_factory=dict)

    def switch_on(self, mod_id: str) -> bool:
        return self.effective_switches.get(mod_id, False)

    def knows_module(self, mod_id: str) -> bool:
        return mod_id in self.effective_switches

    def in_maintenance(self, now: datetime) -> bool:
        if self.maintenance:
            return True
        start, end = self.maintenance_start, self.maintenance_end
        if start is None:
            return False
        return start <= now and (end is None or now < end)


def _effective(switches: Iterable[Switch], parent_on: bool = True) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for switch in switches:
        on = parent_on and switch.enabled
        out[switch.mod_id] = on
        out.update(_effective(switch.children, on))
    return out


def _build_tree(nodes: list[WhitelabelNode]) -> tuple[Switch, ...]:
    by_parent: dict[int | None, list[WhitelabelNode]] = {}
    for node in nodes:
        by_parent.setdefault(node.parent_id, []).append(node)

    def build(parent_id: int | None) -> tuple[Switch, ...]:
        children = sorted(by_parent.get(parent_id, []), key=lambda n: (n.sort_order, n.id))
        return tuple(Switch(n.mod_id, n.enabled, build(n.id)) for n in children)

    return build(None)


# How many games the merchant offers per category (server.games.catalogue.offered_counts, handed in by the
# composition root: the brand knows no game, and every domain, the wallet too, reads brands).
OfferedCounts = Callable[[AsyncSession, int], Awaitable[Mapping[str, int]]]


async def load_brand(
    session: AsyncSession, code: str, *, offered: OfferedCounts | None = None
) -> Brand | None:
    """The merchant's snapshot; with `offered`, its home-page words filled with the catalogue's figures (the
    portal's brand cache reads it so), else without them."""
    merchant = await session.scalar(select(Merchant).where(Merchant.code == code))
    if merchant is None:
        return None
    return await _snapshot(session, merchant, offered)


async def load_brand_by_id(session: AsyncSession, merchant_id: int) -> Brand | None:
    merchant = await session.get(Merchant, merchant_id)
    return None if merchant is None else await _snapshot(session, merchant, None)


async def merchant_code_for_domain(session: AsyncSession, domain: str) -> str | None:
    stmt = (
        select(Merchant.code)
        .join(MerchantDomain, MerchantDomain.merchant_id == Merchant.id)
        .where(MerchantDomain.domain == normalise_domain(domain))
    )
    code: str | None = await session.scalar(stmt)
    return code


def normalise_domain(domain: str) -> str:
    """Host as a browser sends it ("Shop.Example.com:8443", "[::1]:8000") -> "shop.example.com", "::1"."""
    host = domain.strip().lower().rstrip(".")
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host


Scoped = TypeVar("Scoped", bound=MerchantScoped)


async def _rows(
    session: AsyncSession, model: type[Scoped], merchant_id: int, *order: InstrumentedAttribute[Any]
) -> list[Scoped]:
    result = await session.scalars(select(model).where(model.merchant_id == merchant_id).order_by(*order))
    return list(result)


async def _snapshot(session: AsyncSession, merchant: Merchant, offered: OfferedCounts | None) -> Brand:
    mid = merchant.id
    nodes: list[WhitelabelNode] = await _rows(session, WhitelabelNode, mid, WhitelabelNode.id)
    whitelabel = _build_tree(nodes)
    domains: list[MerchantDomain] = await _rows(session, MerchantDomain, mid, MerchantDomain.domain)
    rules: list[RegionRule] = await _rows(session, RegionRule, mid, RegionRule.id)
    register: list[RegisterFieldRule] = await _rows(
        session, RegisterFieldRule, mid, RegisterFieldRule.sort_order, RegisterFieldRule.id
    )
    resources: list[MerchantResource] = await _rows(
        session, MerchantResource, mid, MerchantResource.sort_order, MerchantResource.id
    )
    service: list[CustomerServiceEntry] = await _rows(
        session, CustomerServiceEntry, mid, CustomerServiceEntry.id
    )
    # The brand's words state figures of the catalogue (home.py): read with the snapshot, they are as fresh
    # as the brand cache, whatever adds or retires a game. Without the counts, no words: a placeholder must
    # never reach a visitor.
    counts = await offered(session, mid) if offered is not None and merchant.home_content else None
    return Brand(
        id=mid,
        code=merchant.code,
        name=merchant.name,
        platform=merchant.platform,
        device=merchant.device,
        lottery_type=merchant.lottery_type,
        default_language=merchant.default_language,
        supported_languages=tuple(merchant.supported_languages),
        chat_header_color=merchant.chat_header_color,
        currency_code=merchant.currency_code,
        currency_symbol=merchant.currency_symbol,
        logined_to_home_page=merchant.logined_to_home_page,
        register_title=dict(merchant.register_title or {}),
        maintenance=merchant.maintenance,
        maintenance_start=merchant.maintenance_start,
        maintenance_end=merchant.maintenance_end,
        announced_status=merchant.announced_status,
        single_wallet=merchant.single_wallet,
        wallet_vendors=tuple(merchant.wallet_vendors),
        withdraw_min=merchant.withdraw_min,
        withdraw_max=merchant.withdraw_max,
        withdraw_daily_count=merchant.withdraw_daily_count,
        withdraw_auto_receive_minutes=merchant.withdraw_auto_receive_minutes,
        allow_plain_payloads=merchant.allow_plain_payloads,
        human_verification=merchant.human_verification,
        password_max_age_days=merchant.password_max_age_days,
        registrations_per_ip_per_day=merchant.registrations_per_ip_per_day,
        sms_code_minutes=merchant.sms_code_minutes,
        countries=tuple(merchant.countries),
        gtag_id=merchant.gtag_id,
        image_cdns=tuple(merchant.image_cdns),
        launch_game_cdns=tuple(merchant.launch_game_cdns),
        domains=tuple(d.domain for d in domains),
        whitelabel=whitelabel,
        region_rules=tuple(RegionRuleView(r.action, r.country, r.network) for r in rules),
        register_rules=tuple(
            RegisterRule(r.field, r.enabled, r.required, r.min_length, r.max_length, r.pattern_id)
            for r in register
        ),
        resources=tuple(
            Resource(r.resource_type, r.url, r.qr_code_url, r.label_name_en, r.label_name_cn)
            for r in resources
        ),
        customer_service=tuple(CustomerService(c.cs_type, c.path) for c in service),
        effective_switches=_effective(whitelabel),
        maintenance_message=merchant.maintenance_message,
        theme=_theme_of(merchant),
        auto_transfer=merchant.auto_transfer,
        home_content={} if counts is None else home.filled(merchant.home_content, merchant.name, counts),
    )


def _theme_of(merchant: Merchant) -> Theme:
    if merchant.theme is None:
        return DEFAULT_THEME
    try:
        return Theme.model_validate(merchant.theme)
    except ValueError:
        # Stored before a rule tightened, or written by hand: the brand shows the default rather than fail
        # every page.
        log.warning("brand_theme_invalid", merchant=merchant.code, exc_info=True)
        return DEFAULT_THEME


# --- region rules and status ------------------------------------------------------------------------


def region_allows(rules: Iterable[RegionRuleView], ip: str, country: str) -> bool:
    """An ALLOW by network is an explicit exception (an office, a partner) and wins over everything;
    then any BLOCK that matches refuses; then, when ALLOW-by-country rules exist, only those countries
    pass. An address with no known country is never refused by a country rule."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        address = None

    def network_match(rule: RegionRuleView) -> bool:
        if rule.network is None or address is None:
            return False
        return address in ipaddress.ip_network(rule.network, strict=False)

    rules = list(rules)
    if any(r.action == "ALLOW" and network_match(r) for r in rules):
        return True
    for rule in rules:
        if rule.action != "BLOCK":
            continue
        if network_match(rule) or (rule.country is not None and country and rule.country == country):
            return False
    allowed_countries = {r.country for r in rules if r.action == "ALLOW" and r.country}
    if allowed_countries and country:
        return country in allowed_countries
    return True


def system_status(brand: Brand, ip: str, country: str, now: datetime | None = None) -> SystemStatus:
    """Maintenance wins over region restriction (SPEC §4, system status)."""
    if brand.in_maintenance(now or utcnow()):
        return SystemStatus.MAINTENANCE
    if not region_allows(brand.region_rules, ip, country):
        return SystemStatus.REGION_RESTRICTED
    return SystemStatus.NORMAL


# --- operator actions -------------------------------------------------------------------------------


async def create_merchant(
    session: AsyncSession,
    *,
    code: str,
    name: str,
    domains: Iterable[str] = (),
    supported_languages: Iterable[str] = defaults.DEFAULT_SUPPORTED_LANGUAGES,
    switches: Mapping[str, bool] | None = None,
) -> Merchant:
    """A merchant with the default switch tree and registration rules; `switches` overrides defaults."""
    if await session.scalar(select(Merchant.id).where(Merchant.code == code)) is not None:
        raise AppError(errors.CONFLICT, f"merchant {code} exists")
    merchant = Merchant(code=code, name=name, supported_languages=list(supported_languages))
    session.add(merchant)
    await session.flush()
    for domain in domains:
        session.add(MerchantDomain(merchant_id=merchant.id, domain=normalise_domain(domain)))
    overrides = dict(switches or {})
    ids: dict[str, int] = {}
    # One flush per level of the tree (parents need their ids before children can point at them).
    level: list[tuple[defaults.SwitchSpec, str | None]] = [
        (spec, None) for spec in defaults.DEFAULT_WHITELABEL
    ]
    order = 0
    while level:
        nodes = []
        for spec, parent in level:
            nodes.append(
                (
                    spec,
                    WhitelabelNode(
                        merchant_id=merchant.id,
                        mod_id=spec.mod_id,
                        parent_id=ids[parent] if parent else None,
                        enabled=overrides.pop(spec.mod_id, spec.enabled),
                        sort_order=order,
                    ),
                )
            )
            order += 1
        session.add_all(node for _, node in nodes)
        await session.flush()
        ids.update((spec.mod_id, node.id) for spec, node in nodes)
        level = [(child, spec.mod_id) for spec, _ in nodes for child in spec.children]
    if overrides:
        raise AppError(errors.BAD_REQUEST, f"unknown switches: {', '.join(sorted(overrides))}")
    for order, rule in enumerate(defaults.DEFAULT_REGISTER_RULES):
        session.add(
            RegisterFieldRule(
                merchant_id=merchant.id,
                field=rule.field,
                enabled=rule.enabled,
                required=rule.required,
                min_length=rule.min_length,
                max_length=rule.max_length,
                pattern_id=rule.pattern_id,
                sort_order=order,
            )
        )
    await session.flush()
    return merchant


async def _merchant(session: AsyncSession, code: str) -> Merchant:
    merchant = await session.scalar(select(Merchant).where(Merchant.code == code))
    if merchant is None:
        raise AppError(errors.MERCHANT_NOT_FOUND)
    return merchant


def maintenance_status(merchant: Merchant, now: datetime) -> SystemStatus:
    """Maintenance as the merchant's row says now: switched on, or inside a scheduled window."""
    start, end = merchant.maintenance_start, merchant.maintenance_end
    scheduled = start is not None and start <= now and (end is None or now < end)
    return SystemStatus.MAINTENANCE if merchant.maintenance or scheduled else SystemStatus.NORMAL


UNANNOUNCED = -1  # merchants.announced_status after a change that no push has told browsers of yet


async def set_maintenance(
    session: AsyncSession,
    code: str,
    *,
    on: bool,
    start: datetime | None = None,
    end: datetime | None = None,
    message: str | None = None,
) -> None:
    merchant = await _merchant(session, code)
    now = utcnow()
    before = maintenance_status(merchant, now)
    merchant.maintenance = on
    merchant.maintenance_start = start
    merchant.maintenance_end = end
    merchant.maintenance_message = message
    if maintenance_status(merchant, now) != before:
        # A page loaded since the last push holds the status it read, not the one last announced: after a
        # change the next announcement goes out whatever it says (on, off and on again between two runs of
        # the job would otherwise look like no change, and a page loaded while off would never hear of it).
        merchant.announced_status = UNANNOUNCED
    await session.flush()


async def set_theme(session: AsyncSession, code: str, theme: Mapping[str, Any] | None) -> Theme:
    """The brand's new look (None: back to the default); AppError THEME_* says what is wrong with it."""
    parsed = DEFAULT_THEME if theme is None else parse_theme(theme)
    merchant = await _merchant(session, code)
    merchant.theme = None if theme is None else stored_form(parsed)
    await session.flush()
    return parsed


async def set_switch(session: AsyncSession, code: str, mod_id: str, *, enabled: bool) -> None:
    merchant = await _merchant(session, code)
    node = await session.scalar(
        select(WhitelabelNode).where(
            WhitelabelNode.merchant_id == merchant.id, WhitelabelNode.mod_id == mod_id
        )
    )
    if node is None:
        raise AppError(errors.NOT_FOUND, f"no switch {mod_id}")
    node.enabled = enabled
    await session.flush()


async def add_region_rule(
    session: AsyncSession, code: str, *, action: str, country: str | None = None, network: str | None = None
) -> None:
    if action not in ("ALLOW", "BLOCK") or (country is None) == (network is None):
        raise AppError(errors.BAD_REQUEST, "a rule is ALLOW or BLOCK of one country or one network")
    if country is not None and not (len(country) == 2 and country.isalpha()):
        raise AppError(errors.BAD_REQUEST, "country is a two-letter ISO code")
    if network is not None:
        try:
            network = str(ipaddress.ip_network(network, strict=False))
        except ValueError as exc:
            raise AppError(errors.BAD_REQUEST, f"bad network: {exc}") from exc
    merchant = await _merchant(session, code)
    session.add(
        RegionRule(
            merchant_id=merchant.id,
            action=action,
            country=country.upper() if country else None,
            network=network,
        )
    )
    await session.flush()


async def clear_region_rules(session: AsyncSession, code: str) -> None:
    merchant = await _merchant(session, code)
    await session.execute(delete(RegionRule).where(RegionRule.merchant_id == merchant.id))
