from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from server.brands.service import Brand, RegionRuleView, SystemStatus, region_allows, system_status

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def brand(**changes: object) -> Brand:
    base = Brand(
        id=1,
        code="demo",
        name="Demo",
        platform="web",
        device="WEB",
        lottery_type="SEA",
        default_language="EN",
        supported_languages=("EN",),
        chat_header_color="#000",
        currency_code="PHP",
        currency_symbol="P",
        logined_to_home_page=False,
        register_title={},
        maintenance=False,
        maintenance_start=None,
        maintenance_end=None,
        announced_status=0,
        single_wallet=True,
        wallet_vendors=(),
        withdraw_min=100_00,
        withdraw_max=50_000_00,
        withdraw_daily_count=5,
        withdraw_auto_receive_minutes=60,
        allow_plain_payloads=False,
        human_verification=True,
        password_max_age_days=90,
        registrations_per_ip_per_day=5,
        sms_code_minutes=5,
        countries=("PH",),
        gtag_id=None,
        image_cdns=(),
        launch_game_cdns=(),
        domains=(),
        whitelabel=(),
        region_rules=(),
        register_rules=(),
        resources=(),
        customer_service=(),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def rule(action: str, *, country: str | None = None, network: str | None = None) -> RegionRuleView:
    return RegionRuleView(action, country, network)


@pytest.mark.parametrize(
    ("rules", "ip", "country", "allowed"),
    [
        ((), "8.8.8.8", "US", True),
        ((rule("BLOCK", country="US"),), "8.8.8.8", "US", False),
        ((rule("BLOCK", country="US"),), "1.1.1.1", "AU", True),
        ((rule("BLOCK", network="203.0.113.0/24"),), "203.0.113.7", "", False),
        ((rule("BLOCK", network="203.0.113.0/24"),), "203.0.114.7", "", True),
        # An allow-list of countries refuses the others ...
        ((rule("ALLOW", country="PH"),), "8.8.8.8", "US", False),
        ((rule("ALLOW", country="PH"),), "112.198.0.1", "PH", True),
        # ... but never an address whose country is unknown (private networks, new ranges).
        ((rule("ALLOW", country="PH"),), "10.0.0.1", "", True),
        # An allowed network is an explicit exception that beats a country block.
        ((rule("BLOCK", country="US"), rule("ALLOW", network="8.8.8.0/24")), "8.8.8.8", "US", True),
        ((rule("BLOCK", network="2001:db8::/32"),), "2001:db8::1", "", False),
    ],
)
def test_region_rules(rules: tuple[RegionRuleView, ...], ip: str, country: str, allowed: bool) -> None:
    assert region_allows(rules, ip, country) is allowed


def test_maintenance_wins_over_region_restriction() -> None:
    blocked = brand(maintenance=True, region_rules=(rule("BLOCK", country="US"),))
    assert system_status(blocked, "8.8.8.8", "US", NOW) is SystemStatus.MAINTENANCE
    assert system_status(replace(blocked, maintenance=False), "8.8.8.8", "US", NOW) is (
        SystemStatus.REGION_RESTRICTED
    )
    assert system_status(brand(), "8.8.8.8", "US", NOW) is SystemStatus.NORMAL


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        (NOW - timedelta(minutes=1), NOW + timedelta(hours=1), True),
        (NOW - timedelta(minutes=1), None, True),
        (NOW + timedelta(minutes=1), NOW + timedelta(hours=1), False),
        (NOW - timedelta(hours=2), NOW - timedelta(hours=1), False),
        (NOW - timedelta(hours=1), NOW, False),  # the end is exclusive
    ],
)
def test_scheduled_maintenance_window(start: datetime, end: datetime | None, expected: bool) -> None:
    assert brand(maintenance_start=start, maintenance_end=end).in_maintenance(NOW) is expected
