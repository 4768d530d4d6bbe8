import ipaddress

import pytest

from server.settings import load_settings, normalise_database_url


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("postgresql://u@h:5432/db", "postgresql+asyncpg://u@h:5432/db"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("sqlite:///var/x.db", "sqlite+aiosqlite:///var/x.db"),
        ("sqlite+aiosqlite:///var/x.db", "sqlite+aiosqlite:///var/x.db"),
    ],
)
def test_database_url_gets_the_async_driver(given: str, expected: str) -> None:
    assert normalise_database_url(given) == expected


def test_embedded_default_needs_no_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_URL", "REDIS_URL", "SCHEDULER", "TRUSTED_PROXIES"):
        monkeypatch.delenv(name, raising=False)
    settings = load_settings()
    assert settings.is_sqlite
    assert settings.database_url.endswith("/var/portal.db")
    assert settings.redis_url is None
    assert settings.runs_inprocess_scheduler
    assert settings.trusted_proxy_networks == ()


def test_redis_switches_the_scheduler_to_celery() -> None:
    assert not load_settings(redis_url="redis://127.0.0.1:6379/0").runs_inprocess_scheduler
    assert load_settings(redis_url="").redis_url is None


def test_trusted_proxies_parse_as_networks() -> None:
    settings = load_settings(trusted_proxies="10.0.0.0/8, 127.0.0.1 ,::1")
    assert settings.trusted_proxy_networks == (
        ipaddress.ip_network("10.0.0.0/8"),
        ipaddress.ip_network("127.0.0.1/32"),
        ipaddress.ip_network("::1/128"),
    )
