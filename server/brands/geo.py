"""Country of an IP address from the offline GeoLite2-derived database shipped in geoip2fast.

No network look-up is ever made. Private, loopback and unknown addresses have no country ("").
"""

from __future__ import annotations

import ipaddress
import threading
from functools import lru_cache

from geoip2fast import GeoIP2Fast

_lock = threading.Lock()
_db: GeoIP2Fast | None = None


def _database() -> GeoIP2Fast:
    global _db
    if _db is None:
        with _lock:
            if _db is None:
                # The IPv6 data file holds the IPv4 networks as well.
                _db = GeoIP2Fast(geoip2fast_data_file="geoip2fast-ipv6.dat.gz", verbose=False)
    return _db


def warm_up() -> None:
    """Load the database now (about 0.3 s) rather than on the first visitor's request."""
    _database()


@lru_cache(maxsize=65536)
def country_of(ip: str) -> str:
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ""
    if not address.is_global:
        return ""
    code = str(_database().lookup(str(address)).country_code or "")
    return code if len(code) == 2 and code.isalpha() else ""
