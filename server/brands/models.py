"""Merchants (brands) and the configuration each one carries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime


class Merchant(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "merchants"

    code: Mapped[str] = mapped_column(String(32), unique=True)  # what the Merchant header carries
    name: Mapped[str] = mapped_column(String(100))
    platform: Mapped[str] = mapped_column(String(16), default="web")
    device: Mapped[str] = mapped_column(String(16), default="WEB")
    lottery_type: Mapped[str] = mapped_column(String(16), default="SEA")
    default_language: Mapped[str] = mapped_column(String(8), default="EN")
    supported_languages: Mapped[list[str]] = mapped_column(JSON, default=lambda: ["EN", "TY"])
    chat_header_color: Mapped[str] = mapped_column(String(16), default="#0f6b5c")
    currency_code: Mapped[str] = mapped_column(String(8), default="PHP")
    currency_symbol: Mapped[str] = mapped_column(String(8), default="P")
    logined_to_home_page: Mapped[bool] = mapped_column(Boolean, default=False)
    # The register modal's title per language code ("EN": "..."); None shows a neutral title, so that no
    # screen promises a bonus the brand does not pay.
    register_title: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)

    maintenance: Mapped[bool] = mapped_column(Boolean, default=False)
    maintenance_start: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    maintenance_end: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # The operator's words under the maintenance page's fixed ones: plain text, shown as text.
    maintenance_message: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # The status last pushed to connected clients, so the announcing job sends each change once.
    announced_status: Mapped[int] = mapped_column(Integer, default=0)

    # One wallet for every game (true) or a wallet per vendor with transfers between them.
    single_wallet: Mapped[bool] = mapped_column(Boolean, default=True)
    wallet_vendors: Mapped[list[str]] = mapped_column(JSON, default=list)
    # With a wallet per vendor: a launch moves the main balance into the game's wallet and leaving the game
    # moves it back (server/wallet/game_money.py), instead of the player moving money by hand.
    auto_transfer: Mapped[bool] = mapped_column(Boolean, default=False)
    # Withdrawals: limits in minor units, and minutes after which a paid-out withdrawal nobody
    # confirmed counts as received.
    withdraw_min: Mapped[int] = mapped_column(BigInteger, default=100_00)
    withdraw_max: Mapped[int] = mapped_column(BigInteger, default=50_000_00)
    withdraw_daily_count: Mapped[int] = mapped_column(Integer, default=5)
    withdraw_auto_receive_minutes: Mapped[int] = mapped_column(Integer, default=60)
    # Bonuses operators grant by hand (server/admin/grants.py), in minor units: the most one grant may be,
    # the most all grants of a business day may add up to, and the amount above which a grant waits for a
    # second staff member's approval.
    bonus_grant_max: Mapped[int] = mapped_column(BigInteger, default=20_000_00)
    bonus_daily_max: Mapped[int] = mapped_column(BigInteger, default=200_000_00)
    bonus_approval_above: Mapped[int] = mapped_column(BigInteger, default=5_000_00)

    # Security and account settings.
    allow_plain_payloads: Mapped[bool] = mapped_column(Boolean, default=False)  # E calls without encryption
    human_verification: Mapped[bool] = mapped_column(Boolean, default=True)
    password_max_age_days: Mapped[int] = mapped_column(Integer, default=90)
    registrations_per_ip_per_day: Mapped[int] = mapped_column(Integer, default=5)
    sms_code_minutes: Mapped[int] = mapped_column(Integer, default=5)
    countries: Mapped[list[str]] = mapped_column(JSON, default=lambda: ["PH", "VN", "TH", "ID", "MY"])

    gtag_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    image_cdns: Mapped[list[str]] = mapped_column(JSON, default=list)
    launch_game_cdns: Mapped[list[str]] = mapped_column(JSON, default=list)
    # The brand's look (server/brands/theme.py, camelCase as served); None: the default theme.
    theme: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # The home page's words per language (server/brands/home.py, camelCase as the console sends them);
    # None: the portal's neutral title and nothing else.
    home_content: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class MerchantDomain(IdMixin, MerchantScoped, Base):
    __tablename__ = "merchant_domains"

    domain: Mapped[str] = mapped_column(String(253), unique=True)  # lower case, no port


class WhitelabelNode(IdMixin, MerchantScoped, Base):
    """One switch of the merchant's whitelabel setting tree (SPEC §3, setting tree node)."""

    __tablename__ = "whitelabel_nodes"
    __table_args__ = (UniqueConstraint("merchant_id", "mod_id"),)

    mod_id: Mapped[str] = mapped_column(String(40))
    parent_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("whitelabel_nodes.id", ondelete="CASCADE"), nullable=True
    )
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)


class RegionRule(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """Allow or block by country (ISO 3166 alpha-2) or by IP network."""

    __tablename__ = "region_rules"
    __table_args__ = (
        CheckConstraint("action IN ('ALLOW', 'BLOCK')", name="action"),
        CheckConstraint("(country IS NULL) <> (network IS NULL)", name="country_xor_network"),
    )

    action: Mapped[str] = mapped_column(String(8))
    country: Mapped[str | None] = mapped_column(String(2), nullable=True)
    network: Mapped[str | None] = mapped_column(String(64), nullable=True)


class MerchantResource(IdMixin, MerchantScoped, Base):
    """Links the site shows: social pages, app downloads (SPEC §3, resource)."""

    __tablename__ = "merchant_resources"

    resource_type: Mapped[str] = mapped_column(String(32))
    url: Mapped[str] = mapped_column(String(500))
    qr_code_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    label_name_en: Mapped[str | None] = mapped_column(String(100), nullable=True)
    label_name_cn: Mapped[str | None] = mapped_column(String(100), nullable=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)


class CustomerServiceEntry(IdMixin, MerchantScoped, Base):
    __tablename__ = "customer_service_entries"
    __table_args__ = (CheckConstraint("cs_type IN ('VIP', 'LIVECHAT')", name="cs_type"),)

    cs_type: Mapped[str] = mapped_column(String(16))
    path: Mapped[str] = mapped_column(String(500))


class RegisterFieldRule(IdMixin, MerchantScoped, Base):
    """How one registration field is offered and checked (SPEC §3, registration rule per field)."""

    __tablename__ = "register_field_rules"
    __table_args__ = (
        UniqueConstraint("merchant_id", "field"),
        CheckConstraint("min_length >= 0 AND max_length >= min_length", name="lengths"),
    )

    field: Mapped[str] = mapped_column(String(40))
    enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    required: Mapped[bool] = mapped_column(Boolean, default=False)
    min_length: Mapped[int] = mapped_column(Integer, default=0)
    max_length: Mapped[int] = mapped_column(Integer, default=64)
    pattern_id: Mapped[int] = mapped_column(Integer, default=0)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
