"""An agent's own invitation (affiliate) code and the link that carries it.

An agent without a code gets one the first time it asks: random, of characters nobody misreads, unique in its
merchant. The assignment is one conditional UPDATE (only while the agent still has none), so two first asks
at once end with one code, which both read back. The link is built from the brand's own domain, never from
anything in the request, so that it cannot be made to point at (or a QR code vouch for) another site."""

from __future__ import annotations

import ipaddress
import re
import secrets
from urllib.parse import urlencode

from sqlalchemy import exists, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import Member
from server.brands.service import Brand
from server.http.core import errors
from server.http.core.errors import AppError

# A-Z and 2-9 without I, O, 0 and 1: read aloud or copied by hand, no character passes for another.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8  # 32**8, about 10**12 codes: a clash is rare, and retried
ATTEMPTS = 8
# The registration route, and the form's query parameter (frontend RegisterModal: affiliateCode, or code).
LINK_PATH = "/register"
LINK_PARAMETER = "affiliateCode"

_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOSTNAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*$")
_LOCAL_SUFFIXES = (".localhost", ".local", ".test", ".invalid", ".example")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


async def code_of(session: AsyncSession, agent: Member) -> str:
    """The agent's code, issued now if it has none. Unique per merchant, case-insensitively as the
    registration's check reads it; a clash is retried with a new code."""
    if agent.affiliate_code:
        return agent.affiliate_code
    other = aliased(Member)
    for _ in range(ATTEMPTS):
        code = new_code()
        taken = exists().where(
            other.merchant_id == agent.merchant_id, func.upper(other.affiliate_code) == code
        )
        try:
            async with session.begin_nested():
                await session.execute(
                    update(Member)
                    .where(
                        Member.id == agent.id,
                        Member.merchant_id == agent.merchant_id,
                        Member.affiliate_code.is_(None),
                        ~taken,
                    )
                    .values(affiliate_code=code)
                    .execution_options(synchronize_session=False)
                )
        except IntegrityError:
            continue  # another agent took the same code at the same moment
        # Ours, or the one a concurrent first ask wrote before us (then our UPDATE matched nothing).
        found = await session.scalar(select(Member.affiliate_code).where(Member.id == agent.id))
        if found:
            return found
    raise AppError(errors.CONFLICT, "No free affiliate code was found; try again")  # clashed every time


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _usable(host: str) -> bool:
    return _is_ip(host) or bool(_HOSTNAME.match(host))


def _local(host: str) -> bool:
    return host == "localhost" or host.endswith(_LOCAL_SUFFIXES)


def primary_domain(brand: Brand) -> str | None:
    """The domain the brand's links use. Domains have no "primary" flag: a public name is preferred to a
    development one (localhost, *.localhost, *.test, ...), and any name to a bare IP address; among equals
    the stored order (alphabetical). None when the brand has no domain fit for a link."""
    usable = [d for d in brand.domains if _usable(d)]
    ranked = sorted(usable, key=lambda d: (_is_ip(d), _local(d)))  # stable: ties keep the stored order
    return ranked[0] if ranked else None


def link_of(brand: Brand, code: str) -> str | None:
    """https://{the brand's domain}/register?affiliateCode={code}: the portal's registration route (the
    home page with the form open, SPEC §2.1), which takes the code from the address, checks it and hides
    its field. /register rather than the bare home page: a brand that sends visitors to /login
    (loginedToHomePage) still lets them reach it. None when the brand has no domain."""
    domain = primary_domain(brand)
    if domain is None:
        return None
    host = f"[{domain}]" if ":" in domain else domain  # an IPv6 literal
    return f"https://{host}{LINK_PATH}?{urlencode({LINK_PARAMETER: code})}"
