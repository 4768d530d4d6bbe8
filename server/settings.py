"""The one settings object. Every knob has a safe default: with no environment at all the product runs
embedded (SQLite file under var/, in-memory Socket.IO manager, in-process scheduler)."""

from __future__ import annotations

import ipaddress
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

# Secrets whose development defaults are public (they are in this repository): with the house ones anyone
# signs seamless-wallet calls or predicts baccarat rounds. Production refuses to start with any of them left
# at its default or short. (The sandbox gateway's secret is not among them: production does not route the
# sandbox gateway or its callback at all.)
SECRET_SETTINGS = ("house_wallet_secret", "house_table_secret", "staff_otp_key")
MIN_SECRET_LENGTH = 32


def normalise_database_url(url: str) -> str:
    """Accept the URLs operators usually write and pick the async driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        return "postgresql+asyncpg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite://") and not url.startswith("sqlite+aiosqlite://"):
        return "sqlite+aiosqlite://" + url.removeprefix("sqlite://")
    return url


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore", frozen=True)

    environment: Literal["development", "test", "production"] = "development"
    database_url: str = f"sqlite+aiosqlite:///{PROJECT_ROOT / 'var' / 'portal.db'}"
    redis_url: str | None = None
    # The Redis pub/sub channel Socket.IO processes share; deployments on one Redis keep theirs apart.
    realtime_channel: str = "portal-socketio"

    host: str = "127.0.0.1"
    port: int = 8000

    # Comma-separated CIDRs of reverse proxies whose X-Forwarded-For we believe. Empty: believe nobody.
    trusted_proxies: str = ""
    # Comma-separated CIDRs whose peers may read /metrics (the TCP peer itself: a request relayed by a proxy
    # is refused). Empty: nobody. The default, loopback, keeps it off the public internet.
    metrics_networks: str = "127.0.0.0/8,::1/128"

    # "auto": the in-process scheduler on the embedded default, Celery beat when REDIS_URL is set.
    scheduler: Literal["auto", "inprocess", "off"] = "auto"

    log_level: str = "INFO"
    log_format: Literal["json", "console"] = "json"

    frontend_dist: Path = PROJECT_ROOT / "frontend" / "dist"

    # Brand configuration is read on nearly every request; operators' edits show within this many seconds.
    brand_cache_seconds: float = Field(default=5.0, ge=0)

    # Browser tests cannot read a captcha image: outside production they may fix its answer. Ignored
    # (and warned about) when environment is "production".
    captcha_test_answer: str | None = None

    # Shared with the sandbox payment gateway to sign its callbacks. Set a real secret in production.
    sandbox_gateway_secret: str = "sandbox-development-secret"  # noqa: S105 - sandbox only

    # Leading zero bits the built-in human-verification proof of work asks for (about 2^n hashes).
    challenge_difficulty: int = Field(default=12, ge=1, le=24)

    # The built-in house game vendor. Its wallet secret signs its seamless-wallet calls (a merchant's
    # provider secret is derived from it); its table secret decides the shared table rounds. Set both in
    # production.
    house_enabled: bool = True
    house_wallet_secret: str = "house-development-secret"  # noqa: S105 - development default
    house_table_secret: str = "house-table-development-secret"  # noqa: S105 - development default
    # Seals staff members' TOTP secrets at rest. Changing it makes every enrolled staff member enrol again.
    staff_otp_key: str = "staff-otp-development-key"
    # Where the house reaches the seamless-wallet API. Empty: inside this process, through the same ASGI app
    # (still the full HTTP stack: routing, signature, envelope). Behind nginx: the portal's internal address.
    house_wallet_url: str = ""
    house_baccarat_period_seconds: int = Field(default=30, ge=8, le=600)
    # The dealer settles table rounds and voids instant rounds that a crash left half done.
    house_dealer: bool = True

    session_idle_minutes: int = Field(default=120, ge=1)
    session_absolute_hours: int = Field(default=24, ge=1)

    @field_validator("database_url")
    @classmethod
    def _driver(cls, value: str) -> str:
        return normalise_database_url(value)

    @field_validator("redis_url")
    @classmethod
    def _empty_is_none(cls, value: str | None) -> str | None:
        return value or None

    @model_validator(mode="after")
    def _no_development_secrets_in_production(self) -> Settings:
        if self.environment != "production":
            return self
        problems = []
        for name in SECRET_SETTINGS:
            value = getattr(self, name)
            if value == type(self).model_fields[name].default or len(value) < MIN_SECRET_LENGTH:
                problems.append(
                    f"{name.upper()} is its development default or under {MIN_SECRET_LENGTH} characters"
                )
        if problems:
            raise ValueError(
                "ENVIRONMENT=production refuses to start: "
                + "; ".join(problems)
                + ". Set each to a long random "
                "value, e.g. `python -c 'import secrets; print(secrets.token_urlsafe(48))'`."
            )
        return self

    @property
    def development_tools(self) -> bool:
        """The sandbox payment gateway, the SMS and e-mail outboxes, the API's /docs: never in production."""
        return self.environment != "production"

    @cached_property
    def trusted_proxy_networks(self) -> tuple[IPNetwork, ...]:
        parts = (p.strip() for p in self.trusted_proxies.split(","))
        return tuple(ipaddress.ip_network(p, strict=False) for p in parts if p)

    @cached_property
    def metrics_scrape_networks(self) -> tuple[IPNetwork, ...]:
        parts = (p.strip() for p in self.metrics_networks.split(","))
        return tuple(ipaddress.ip_network(p, strict=False) for p in parts if p)

    @property
    def fixed_captcha_answer(self) -> str | None:
        if self.environment == "production":
            return None
        return self.captcha_test_answer or None

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def runs_inprocess_scheduler(self) -> bool:
        if self.scheduler == "auto":
            return self.redis_url is None
        return self.scheduler == "inprocess"


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
