"""The wire shapes of /wps/admin/brand (server/admin/brand_router.py): the settings as the console reads them
and the changes it sends. A link the portal puts in href or src is checked here (brand_settings.is_site_link),
so that a bad one is a VALIDATION_ERROR naming its field."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from server.admin import brand_settings
from server.admin.grant_schemas import BonusLimitsOut
from server.brands.models import CustomerServiceEntry, MerchantResource
from server.brands.service import Switch
from server.http.core.envelope import WireModel


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
    id: int
    resource_type: str
    url: str
    qr_code_url: str | None
    label: str | None = Field(description="The label in English (labelNameEn)")

    @classmethod
    def of(cls, resource: MerchantResource) -> BrandResourceOut:
        return cls(
            id=resource.id,
            resource_type=resource.resource_type,
            url=resource.url,
            qr_code_url=resource.qr_code_url,
            label=resource.label_name_en,
        )


class BrandServiceEntryOut(WireModel):
    id: int
    cs_type: str
    path: str

    @classmethod
    def of(cls, entry: CustomerServiceEntry) -> BrandServiceEntryOut:
        return cls(id=entry.id, cs_type=entry.cs_type, path=entry.path)


class BrandWalletOut(WireModel):
    single_wallet: bool = Field(description="One wallet for every game; else a wallet per vendor")
    vendors: list[str] = Field(description="The vendor wallets, with a wallet per vendor")
    auto_transfer: bool = Field(
        description="With a wallet per vendor: a launch moves the main balance into the game's wallet and "
        "leaving the game moves it back"
    )


class WalletSettingsIn(WireModel):
    auto_transfer: bool


class BrandSettingsOut(WireModel):
    code: str
    name: str
    maintenance: bool
    maintenance_start: datetime | None
    maintenance_end: datetime | None
    maintenance_message: str | None
    switches: list[SwitchOut]
    region_rules: list[RegionRuleOut]
    register_fields: list[RegisterFieldOut]
    resources: list[BrandResourceOut]
    customer_service: list[BrandServiceEntryOut]
    bonus_limits: BonusLimitsOut = Field(description="The ceilings on operators' bonus grants")
    wallet: BrandWalletOut = Field(description="How players' money is kept: one wallet, or one per vendor")


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


_LINK = "an https address, or a path on this site beginning with a single /"


def _site_link(url: str | None) -> str | None:
    if url is not None and not brand_settings.is_site_link(url):
        raise ValueError(f"must be {_LINK}")
    return url


class ResourceIn(WireModel):
    resource_type: brand_settings.ResourceType
    url: str = Field(
        max_length=brand_settings.LINK_MAX,
        description=f"{_LINK.capitalize()}; for EMAIL also a mailto: address",
    )
    qr_code_url: str | None = Field(
        default=None, max_length=brand_settings.LINK_MAX, description=f"Optional: {_LINK}"
    )
    label: str | None = Field(
        default=None, max_length=brand_settings.LABEL_MAX, description="Shown with the link (labelNameEn)"
    )

    @field_validator("url")
    @classmethod
    def _url(cls, url: str, info: ValidationInfo) -> str:
        if info.data.get("resource_type") == "EMAIL" and brand_settings.is_mail_link(url):
            return url
        _site_link(url)
        return url

    @field_validator("qr_code_url")
    @classmethod
    def _qr_code_url(cls, url: str | None) -> str | None:
        return _site_link(url or None)

    @field_validator("label")
    @classmethod
    def _label(cls, label: str | None) -> str | None:
        label = (label or "").strip()
        if any(ord(c) < 32 or ord(c) == 127 for c in label):
            raise ValueError("the label is one line of plain text")
        return label or None


class ServiceEntryIn(WireModel):
    cs_type: brand_settings.ServiceType
    path: str = Field(max_length=brand_settings.LINK_MAX, description=f"The service page: {_LINK}")

    @field_validator("path")
    @classmethod
    def _path(cls, path: str) -> str:
        _site_link(path)
        return path


def switch_out(node: Switch, effective: dict[str, bool]) -> SwitchOut:
    return SwitchOut(
        mod_id=node.mod_id,
        enabled=node.enabled,
        effective=effective.get(node.mod_id, False),
        children=[switch_out(child, effective) for child in node.children],
    )
