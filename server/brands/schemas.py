"""Wire shapes of the system calls (SPEC §3: permission response, setting tree node, resources)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal
from weakref import WeakKeyDictionary

import orjson
from pydantic import Field

from server.brands import download_qr
from server.brands.home import HomeTextOut
from server.brands.patterns import PATTERNS, RegisterRule
from server.brands.service import Brand, Resource, Switch
from server.brands.theme import Theme, ThemeBanner, ThemeColours
from server.http.core.envelope import WireModel


class BrandOut(WireModel):
    merchant_code: str
    merchant_id: int
    name: str
    platform: str
    device: str
    lottery_type: str
    default_language: str
    supported_languages: list[str]
    chat_header_color: str
    currency_code: str
    currency_symbol: str
    logined_to_home_page: bool
    register_title: dict[str, str] = Field(
        description="The register modal's title by language code, as the brand words its offer; empty: a "
        "neutral title (no screen promises a bonus the brand does not pay)"
    )

    @classmethod
    def of(cls, brand: Brand) -> BrandOut:
        return cls(
            merchant_code=brand.code,
            merchant_id=brand.id,
            name=brand.name,
            platform=brand.platform,
            device=brand.device,
            lottery_type=brand.lottery_type,
            default_language=brand.default_language,
            supported_languages=list(brand.supported_languages),
            chat_header_color=brand.chat_header_color,
            currency_code=brand.currency_code,
            currency_symbol=brand.currency_symbol,
            logined_to_home_page=brand.logined_to_home_page,
            register_title=dict(brand.register_title),
        )


class SettingNode(WireModel):
    mod_id: str
    enabled: Literal["0", "1"] = Field(description="'1' means on")
    children_nodes: list[SettingNode]

    @classmethod
    def tree(cls, switches: tuple[Switch, ...]) -> list[SettingNode]:
        return [
            cls(mod_id=s.mod_id, enabled="1" if s.enabled else "0", children_nodes=cls.tree(s.children))
            for s in switches
        ]


class RegisterRuleOut(WireModel):
    field: str
    enabled: bool
    required: bool
    min_length: int
    max_length: int
    pattern_id: int
    accepted_pattern: str = Field(description="'*' or a regular expression valid in Python and JavaScript")
    message_key: str = Field(description="i18n key of the hint, reg_pattern_{patternId}")

    @classmethod
    def of(cls, rule: RegisterRule) -> RegisterRuleOut:
        return cls(
            field=rule.field,
            enabled=rule.enabled,
            required=rule.required,
            min_length=rule.min_length,
            max_length=rule.max_length,
            pattern_id=rule.pattern_id,
            accepted_pattern=rule.accepted_pattern,
            message_key=PATTERNS[rule.pattern_id].message_key,
        )


class ResourceOut(WireModel):
    resource_type: str
    url: str
    qr_code_url: str | None = Field(
        description="The brand's own QR image, else, for a download with an http(s) address, ours "
        "(GET /wps/system/resources/{resourceType}/qr.svg)"
    )
    label_name_en: str | None
    label_name_cn: str | None
    demo: bool = Field(
        description="The address is on a name reserved for tests and examples (RFC 2606, RFC 6761: .test, "
        ".example, .invalid, .localhost, example.com/.net/.org): a demo's stand-in that leads nowhere, shown "
        "as a demo link"
    )

    @classmethod
    def all_of(cls, resources: Sequence[Resource]) -> list[ResourceOut]:
        return [
            cls(
                resource_type=r.resource_type,
                url=r.url,
                qr_code_url=qr_code_url,
                label_name_en=r.label_name_en,
                label_name_cn=r.label_name_cn,
                demo=download_qr.demo_address(r.url),
            )
            for r, qr_code_url in zip(resources, download_qr.qr_code_urls(resources), strict=True)
        ]


class CustomerServiceOut(WireModel):
    cs_type: str
    path: str


class AnalyticsOut(WireModel):
    gtag_id: str | None


class ThemeOut(WireModel):
    colors: ThemeColours = Field(description="The portal's CSS custom properties: bgRaised is --bg-raised")
    font: str
    font_stack: str = Field(description="The CSS font-family of the font choice")
    color_scheme: Literal["dark", "light"] = Field(description="The browser controls' scheme, from bg")
    logo_svg: str
    favicon_svg: str
    hero_image: str | None
    banners: list[ThemeBanner]

    @classmethod
    def of(cls, theme: Theme) -> ThemeOut:
        return cls(
            colors=theme.colours,
            font=theme.font,
            font_stack=theme.font_stack,
            color_scheme=theme.color_scheme,
            logo_svg=theme.logo_svg,
            favicon_svg=theme.favicon_svg,
            hero_image=theme.hero_image,
            banners=list(theme.banners),
        )


class StatusInfo(WireModel):
    brand: BrandOut
    theme: ThemeOut
    whitelabel: list[SettingNode]
    register_rules: list[RegisterRuleOut]
    resources: list[ResourceOut]
    customer_service: list[CustomerServiceOut]
    analytics: AnalyticsOut
    image_cdns: list[str] = Field(alias="imageCDNs")
    launch_game_cdns: list[str] = Field(alias="launchGameCDNs")
    home_content: dict[str, HomeTextOut] = Field(
        description="The home page's words by language code (the hero's title, subtitle and chips, the "
        "footer's about text), figures already filled from the catalogue; the reader's language, else the "
        "brand's default, else EN, else the first. Empty: the portal's neutral title and nothing else"
    )


_STATUS_INFO_JSON: WeakKeyDictionary[Brand, bytes] = WeakKeyDictionary()


def status_info_json(brand: Brand) -> bytes:
    """The brand part of the status answer in wire form, built and encoded once per brand snapshot: the
    status call is the first call of every page load, and only its status and location differ between
    visitors."""
    encoded = _STATUS_INFO_JSON.get(brand)
    if encoded is None:
        info = StatusInfo(
            brand=BrandOut.of(brand),
            theme=ThemeOut.of(brand.theme),
            whitelabel=SettingNode.tree(brand.whitelabel),
            register_rules=[RegisterRuleOut.of(r) for r in brand.register_rules],
            resources=ResourceOut.all_of(brand.resources),
            customer_service=[CustomerServiceOut.model_validate(c) for c in brand.customer_service],
            analytics=AnalyticsOut(gtag_id=brand.gtag_id),
            image_cdns=list(brand.image_cdns),
            launch_game_cdns=list(brand.launch_game_cdns),
            home_content={language: text.out() for language, text in brand.home_content.items()},
        )
        encoded = _STATUS_INFO_JSON[brand] = orjson.dumps(info.model_dump(mode="json", by_alias=True))
    return encoded


class LocationOut(WireModel):
    ip: str
    country: str = Field(description="ISO 3166 alpha-2, empty when unknown")


class StatusOut(WireModel):
    status: int = Field(description="0 normal, 1 maintenance, 2 region restriction")
    maintenance: bool
    region_restriction: bool
    maintenance_message: str | None = Field(
        description="The operator's plain-text words for the maintenance page; null unless in maintenance"
    )
    info: StatusInfo
    location: LocationOut


class DomainOut(WireModel):
    domain: str
    speed: int = 0


class RoutersOut(WireModel):
    domain_list: list[DomainOut]
    resources: list[ResourceOut]
