import pytest

from server.brands.geo import country_of


@pytest.mark.parametrize(
    ("ip", "country"),
    [
        ("8.8.8.8", "US"),
        ("1.1.1.1", "AU"),
        ("112.198.0.1", "PH"),
        ("2001:4860:4860::8888", "US"),
        ("127.0.0.1", ""),
        ("10.1.2.3", ""),
        ("::1", ""),
        ("not an address", ""),
        ("", ""),
    ],
)
def test_country_from_the_offline_database(ip: str, country: str) -> None:
    assert country_of(ip) == country
