"""An agent's own invitation (affiliate) code and the link that carries it.

An agent without a code gets one the first time it asks: random, of characters nobody misreads, unique in its
merchant. The assignment is one conditional UPDATE (only while the agent still has none), so two first asks
at once end with one code, which both read back.

The link goes to the brand's public domain (a configured name that is not a development one, see
`primary_domain`). Only a brand without one takes the address the agent's own browser reached the site on
(`served_origin`: the Host, or a trusted proxy's X-Forwarded-Host): a development name (localhost,
*.localhost, ...) carries no port and reaches only the reader's own machine, so it is no link to hand out. The
request decides nothing else: it cannot make a brand that has a public domain point its link (or vouch with a
QR code) for another site, and a forged Host changes only the forger's own answer (it is cached privately)."""

from __future__ import annotations

import ipaddress
import re
import secrets
from urllib.parse import urlencode, urlsplit

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


def _public(domain: str) -> bool:
    return _usable(domain) and not _is_ip(domain) and not _local(domain)


def primary_domain(brand: Brand, served_host: str | None = None) -> str | None:
    """The public domain the brand's links use. Domains have no "primary" flag: the one the agent is on
    when it is one of them (the site it knows works); else the shortest name (fewest labels: "brand.com"
    before "www.brand.com" or "m.brand.com"), then the stored, alphabetical order. None when the brand has
    no public domain (none at all, or only development names and IP addresses)."""
    public = [d for d in brand.domains if _public(d)]
    if served_host in public:
        return served_host
    ranked = sorted(public, key=lambda d: d.count("."))  # stable: ties keep the stored order
    return ranked[0] if ranked else None


def _host_of(origin: str) -> str:
    return urlsplit(origin).hostname or ""


def link_origin(brand: Brand, served: str | None) -> str | None:
    """Where a link a member shares (an agent's invitation, a player's invite) points: the brand's public
    domain over https (the origin served on, port and all, when the member is on that very domain), else
    `served` (scheme://host[:port] the request came on) when its host is one of the brand's domains or the
    brand has none at all; None otherwise (a host that is not the brand's never makes a link point away)."""
    served_host = _host_of(served) if served else None
    domain = primary_domain(brand, served_host)
    if domain is not None:
        return served if served and domain == served_host else f"https://{domain}"
    if served is not None and (served_host in brand.domains or not brand.domains):
        return served
    return None


def link_of(brand: Brand, code: str, served: str | None = None) -> str | None:
    """{origin}/register?affiliateCode={code}: the portal's registration route (the home page with the form
    open, SPEC §2.1), which takes the code from the address, checks it and hides its field. /register rather
    than the bare home page: a brand that sends visitors to /login (loginedToHomePage) still lets them reach
    it. The origin is link_origin's; None without one."""
    origin = link_origin(brand, served)
    return None if origin is None else f"{origin}{LINK_PATH}?{urlencode({LINK_PARAMETER: code})}"
