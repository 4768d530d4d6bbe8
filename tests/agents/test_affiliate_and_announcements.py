"""The agent centre's announcements and the agent's own invitation link, over HTTP.

Announcements: only those written for agents (audience AGENTS), published and in their window, of the caller's
merchant alone, newest first, a page at a time, in the caller's language with the brand's fallback, their HTML
as the console sanitised it. The link: the agent's code (issued once on the first ask, stable after, one code
however many first asks arrive at once), on the brand's public domain whatever the request's Host says, and
where the brand has none on the address the request was served on (a trusted proxy's forwarded host and
scheme believed); its QR code is the link's. Agents only, everywhere."""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
import segno
from sqlalchemy import delete, select

from server.accounts.models import Member
from server.agents import affiliate
from server.brands.download_qr import BORDER, SCALE
from server.brands.models import Merchant, MerchantDomain
from server.brands.service import load_brand
from server.db.session import Database
from tests.agents.test_agent_centre import headers
from tests.content.notices.helpers import publish, staff
from tests.content.test_download_qr import dark_modules, expected_modules
from tests.support.portal import failed, ok

demo = pytest.mark.usefixtures("demo")  # every test but the race, which seeds a database of its own

ANNOUNCEMENTS = "/wps/agent/announcements"
LINK = "/wps/agent/affiliate/link"
QR = "/wps/agent/affiliate/qr.svg"
CODE = re.compile(r"^[A-HJ-NP-Z2-9]{8}$")  # no I, O, 0 or 1
# The demo brand has development names only (127.0.0.1, localhost, demo.localhost): the link is the address
# the test client reaches it on.
DEMO_LINK = "http://127.0.0.1/register?affiliateCode=AGENT1"

PgClient = tuple[httpx.AsyncClient, Database]


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


async def new_agent(db: Database, username: str, merchant: str = "demo") -> int:
    """An agent the merchant opened without an invitation code."""
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == merchant))
        agent = Member(
            merchant_id=merchant_id, username=username, password_hash="-", member_type=2, nickname=username
        )
        session.add(agent)
        await session.flush()
        return agent.id


async def stored_code(db: Database, member_id: int) -> str | None:
    async with db.read_session() as session:
        code: str | None = await session.scalar(select(Member.affiliate_code).where(Member.id == member_id))
        return code


# --- agents only --------------------------------------------------------------------------------------


@demo
async def test_agents_only(client: httpx.AsyncClient, db: Database) -> None:
    player = await headers(db, "player1")
    for path in (ANNOUNCEMENTS, LINK, QR):
        failed(await client.get(path, headers=player), 403, "AGENT_ONLY")
        failed(await client.get(path, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")
    # A demo agent's token is nobody on demo2.
    agent = await headers(db, "agent1")
    failed(await client.get(LINK, headers={**agent, "Merchant": "demo2"}), 401, "UNAUTHORIZED")


# --- the link and its code ----------------------------------------------------------------------------


@demo
async def test_the_demo_agents_own_code_and_link(client: httpx.AsyncClient, db: Database) -> None:
    mine = ok(await client.get(LINK, headers=await headers(db, "agent1")))
    assert mine == {"code": "AGENT1", "link": DEMO_LINK, "qrUrl": QR}
    # The link's code is the one registration accepts.
    assert ok(
        await client.get("/wps/agent/affiliate", params={"code": "AGENT1"}, headers={"Merchant": "demo"})
    )


@demo
async def test_a_code_is_issued_once_on_the_first_ask_and_stays(
    client: httpx.AsyncClient, db: Database
) -> None:
    agent_id = await new_agent(db, "fresh1")
    assert await stored_code(db, agent_id) is None
    agent = await headers(db, "fresh1")
    first = ok(await client.get(LINK, headers=agent))
    assert CODE.match(first["code"]), first
    assert first["link"] == f"http://127.0.0.1/register?affiliateCode={first['code']}"
    assert await stored_code(db, agent_id) == first["code"]
    again = [ok(await client.get(LINK, headers=await headers(db, "fresh1"))) for _ in range(2)]
    assert again == [first, first]
    # The QR call issues nothing new either.
    assert (await client.get(QR, headers=agent)).status_code == 200
    assert await stored_code(db, agent_id) == first["code"]
    # Registration knows the code, in any case.
    visitor = {"Merchant": "demo"}
    for code in (first["code"], first["code"].lower()):
        assert ok(await client.get("/wps/agent/affiliate", params={"code": code}, headers=visitor))["valid"]


@demo
async def test_a_code_taken_in_the_merchant_is_never_issued_again(
    client: httpx.AsyncClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The random source is made to offer taken codes first (one as stored, one in another letter case, as
    registration's check would confuse them): both are refused by the database, the next one is issued."""
    for username, code in (("other1", "CLASH234"), ("other2", "taken2ab")):
        member_id = await new_agent(db, username)
        async with db.session() as session:
            row = await session.get(Member, member_id)
            assert row is not None
            row.affiliate_code = code
    await new_agent(db, "fresh2")
    candidates = iter(["CLASH234", "TAKEN2AB", "FRESH234"])
    monkeypatch.setattr(affiliate, "new_code", lambda: next(candidates))
    issued = ok(await client.get(LINK, headers=await headers(db, "fresh2")))
    assert issued["code"] == "FRESH234"


@demo
async def test_no_code_can_be_issued_is_a_clear_error(
    client: httpx.AsyncClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await new_agent(db, "fresh3")
    monkeypatch.setattr(affiliate, "new_code", lambda: "AGENT1")  # always taken
    failed(await client.get(LINK, headers=await headers(db, "fresh3")), 409, "CONFLICT")
    failed(await client.get(QR, headers=await headers(db, "fresh3")), 409, "CONFLICT")


async def add_domains(db: Database, merchant: str, *domains: str) -> None:
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == merchant))
        session.add_all(MerchantDomain(merchant_id=merchant_id, domain=d) for d in domains)


@demo
async def test_a_public_domain_is_the_link_whatever_the_request_says(
    client: httpx.AsyncClient, db: Database
) -> None:
    await add_domains(db, "demo", "www.brand.com", "brand.com")
    agent = await headers(db, "agent1")
    public = "https://brand.com/register?affiliateCode=AGENT1"
    tricks = [
        {},
        {"Host": "evil.example"},
        {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http"},
        {"Origin": "https://evil.example", "Referer": "https://evil.example/"},
        {"Host": "localhost:8000"},  # a development name of the brand's own is no link to hand out
    ]
    for trick in tricks:
        assert ok(await client.get(LINK, headers={**agent, **trick}))["link"] == public, trick
        answer = await client.get(QR, headers={**agent, **trick})
        assert dark_modules(answer.content) == expected_modules(public), trick
    # An agent on one of the public domains gets that one, as its browser reached it.
    on_www = {**agent, "X-Forwarded-Host": "www.brand.com", "X-Forwarded-Proto": "https"}
    assert ok(await client.get(LINK, headers=on_www))["link"] == (
        "https://www.brand.com/register?affiliateCode=AGENT1"
    )


@demo
async def test_without_a_public_domain_the_link_is_the_served_address(
    client: httpx.AsyncClient, db: Database
) -> None:
    agent = await headers(db, "agent1")
    cases = [
        ({"Host": "127.0.0.1:8214"}, "http://127.0.0.1:8214"),
        ({"Host": "demo.localhost:8000"}, "http://demo.localhost:8000"),
        # Behind the trusted proxy (the test client's address is one): the host and scheme it forwards.
        (
            {"Host": "10.0.0.5:8000", "X-Forwarded-Host": "LOCALHOST:8443", "X-Forwarded-Proto": "https"},
            "https://localhost:8443",
        ),
    ]
    for sent, origin in cases:
        link = f"{origin}/register?affiliateCode=AGENT1"
        answer = ok(await client.get(LINK, headers={**agent, **sent}))
        assert (answer["link"], answer["qrUrl"]) == (link, "/wps/agent/affiliate/qr.svg"), sent
        qr = await client.get(QR, headers={**agent, **sent})
        assert dark_modules(qr.content) == expected_modules(link), sent
    # A host that is not the brand's, or no plain host at all: no link, the code alone.
    for host in ("evil.example", "127.0.0.1/x", "a b", "user@127.0.0.1"):
        answer = ok(await client.get(LINK, headers={**agent, "Host": host}))
        assert (answer["code"], answer["link"], answer["qrUrl"]) == ("AGENT1", None, None), host
        failed(await client.get(QR, headers={**agent, "Host": host}), 404, "NOT_FOUND")


@demo
async def test_a_brand_without_a_domain_links_to_the_served_address(
    client: httpx.AsyncClient, db: Database
) -> None:
    await new_agent(db, "agent2", "demo2")
    async with db.session() as session:
        demo2 = await session.scalar(select(Merchant.id).where(Merchant.code == "demo2"))
        await session.execute(delete(MerchantDomain).where(MerchantDomain.merchant_id == demo2))
    agent = await headers(db, "agent2", "demo2")
    mine = ok(await client.get(LINK, headers={**agent, "Host": "shop.example.org:8080"}))
    assert CODE.match(mine["code"])
    assert mine["link"] == f"http://shop.example.org:8080/register?affiliateCode={mine['code']}"
    # With no address to go by, the code alone.
    bare = ok(await client.get(LINK, headers={**agent, "Host": "not a host"}))
    assert (bare["code"], bare["link"], bare["qrUrl"]) == (mine["code"], None, None)
    failed(await client.get(QR, headers={**agent, "Host": "not a host"}), 404, "NOT_FOUND")


@demo
async def test_the_primary_domain_is_a_public_name(db: Database) -> None:
    async with db.read_session() as session:
        brand = await load_brand(session, "demo")
    assert brand is not None

    def pick(*domains: str, served: str | None = None) -> str | None:
        return affiliate.primary_domain(replace(brand, domains=domains), served)

    # The shortest public name (fewest labels), then the stored (alphabetical) order; the one served on
    # when it is one of them.
    assert pick("127.0.0.1", "api.brand.example.com", "brand.com", "localhost") == "brand.com"
    assert pick("a.brand.com", "b.brand.com") == "a.brand.com"
    assert pick("a.brand.com", "b.brand.com", served="b.brand.com") == "b.brand.com"
    assert pick("brand.com", served="evil.com") == "brand.com"
    # Development names and addresses are not public: no primary domain.
    assert pick("127.0.0.1", "demo.localhost", "localhost") is None
    assert pick("10.0.0.1", "shop.test") is None
    assert pick("bad host", "-bad.com", "x/y") is None
    assert pick() is None
    ipv6 = replace(brand, domains=("::1",))
    assert affiliate.link_of(ipv6, "ABCDEFGH") is None
    assert affiliate.link_of(ipv6, "ABCDEFGH", "http://[::1]:8000") == (
        "http://[::1]:8000/register?affiliateCode=ABCDEFGH"
    )


# --- the QR code --------------------------------------------------------------------------------------


@demo
async def test_the_qr_code_is_the_link(client: httpx.AsyncClient, db: Database) -> None:
    answer = await client.get(QR, headers=await headers(db, "agent1"))
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.headers["cache-control"].startswith("private")
    assert "Authorization" in answer.headers["vary"]
    # segno's own drawing of the link, module for module and byte for byte.
    assert dark_modules(answer.content) == expected_modules(DEMO_LINK)
    assert dark_modules(answer.content) != expected_modules(DEMO_LINK.replace("AGENT1", "AGENT2"))
    drawn = io.BytesIO()
    segno.make(DEMO_LINK, error="m", micro=False).save(
        drawn, kind="svg", scale=SCALE, border=BORDER, dark="#000", light="#fff"
    )
    assert answer.content == drawn.getvalue()


# --- announcements ------------------------------------------------------------------------------------


async def agent_titles(client: httpx.AsyncClient, who: dict[str, str], **params: Any) -> list[str]:
    page = ok(await client.get(ANNOUNCEMENTS, headers=who, params=params))
    return [item["title"] for item in page["list"]]


@demo
async def test_only_live_announcements_for_agents(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    now = datetime.now(UTC)
    for audience in ("ALL", "VISITORS", "MEMBERS"):
        await publish(client, admin, kind="ANNOUNCEMENT", title=f"For {audience}", audience=audience)
    await publish(client, admin, kind="ANNOUNCEMENT", title="For rank 5", audience="RANKS", ranks=[5])
    await publish(client, admin, kind="PLAYER", title="A player notice for agents", audience="AGENTS")
    await publish(client, admin, kind="ANNOUNCEMENT", title="Draft", audience="AGENTS", published=False)
    await publish(
        client,
        admin,
        kind="ANNOUNCEMENT",
        title="Later",
        audience="AGENTS",
        startsAt=iso(now + timedelta(hours=1)),
    )
    await publish(
        client,
        admin,
        kind="ANNOUNCEMENT",
        title="Over",
        audience="AGENTS",
        startsAt=iso(now - timedelta(days=2)),
        endsAt=iso(now - timedelta(days=1)),
    )
    await publish(
        client,
        admin,
        kind="ANNOUNCEMENT",
        title="Older",
        audience="AGENTS",
        startsAt=iso(now - timedelta(days=3)),
    )
    await publish(
        client,
        admin,
        kind="ANNOUNCEMENT",
        title="Old",
        audience="AGENTS",
        startsAt=iso(now - timedelta(days=1)),
    )
    await publish(
        client,
        admin,
        kind="ANNOUNCEMENT",
        title="New",
        audience="AGENTS",
        endsAt=iso(now + timedelta(hours=1)),
    )

    agent = await headers(db, "agent1")
    assert await agent_titles(client, agent) == ["New", "Old", "Older"]
    page = ok(await client.get(ANNOUNCEMENTS, headers=agent, params={"pageNum": 2, "pageSize": 2}))
    assert (page["pageNum"], page["totalPages"], page["total"]) == (2, 2, 3)
    assert [item["title"] for item in page["list"]] == ["Older"]
    assert page["list"][0]["type"] == "GENERAL"
    failed(await client.get(ANNOUNCEMENTS, headers=agent, params={"pageSize": 51}), 422, "VALIDATION_ERROR")
    failed(await client.get(ANNOUNCEMENTS, headers=agent, params={"pageNum": 0}), 422, "VALIDATION_ERROR")
    failed(await client.get(ANNOUNCEMENTS, headers=agent, params={"platform": "X"}), 422, "VALIDATION_ERROR")
    # The portal's own list still shows an agent what everyone reads, and its agents' items too.
    portal = ok(await client.get("/wps/system/announcements", headers=agent, params={"pageSize": 50}))
    assert {"For ALL", "For MEMBERS", "New"} <= {item["title"] for item in portal["list"]}


@demo
async def test_the_platform_filter(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    for platform in ("W", "M", "A"):
        await publish(
            client, admin, kind="ANNOUNCEMENT", title=f"On {platform}", audience="AGENTS", platform=platform
        )
    agent = await headers(db, "agent1")
    assert set(await agent_titles(client, agent, platform="W")) == {"On W", "On A"}
    assert set(await agent_titles(client, agent)) == {"On W", "On M", "On A"}


@demo
async def test_another_merchants_agents_never_see_them(client: httpx.AsyncClient, db: Database) -> None:
    await publish(client, await staff(db), kind="ANNOUNCEMENT", title="Demo agents only", audience="AGENTS")
    await publish(
        client,
        await staff(db, merchant="demo2"),
        kind="ANNOUNCEMENT",
        title="Demo2 agents only",
        audience="AGENTS",
    )
    await new_agent(db, "agent2", "demo2")
    assert await agent_titles(client, await headers(db, "agent2", "demo2")) == ["Demo2 agents only"]
    assert await agent_titles(client, await headers(db, "agent1")) == ["Demo agents only"]


@demo
async def test_in_the_agents_language_else_the_brands_then_english(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db)
    texts = {
        "EN": {"title": "Commission day", "content": "<p>Paid <b>today</b>.</p><script>alert(1)</script>"},
        "CN": {
            "title": "佣金日",
            "content": '<p onclick="x()">今天<a href="javascript:alert(1)">发放</a></p>',
        },
    }
    await publish(client, admin, kind="ANNOUNCEMENT", audience="AGENTS", texts=texts)
    agent = await headers(db, "agent1")

    async def read(language: str) -> dict[str, Any]:
        page = ok(await client.get(ANNOUNCEMENTS, headers={**agent, "Language": language}))
        item: dict[str, Any] = page["list"][0]
        return item

    chinese = await read("CN")
    assert chinese["title"] == "佣金日"
    assert "onclick" not in chinese["content"]
    assert "javascript:" not in chinese["content"]
    assert "今天" in chinese["content"]
    english = await read("EN")
    assert english["title"] == "Commission day"
    assert english["content"] == "<p>Paid <b>today</b>.</p>"  # sanitised when the console saved it
    assert (await read("VI"))["title"] == "Commission day"  # not written in Vietnamese: the brand's (EN)
    async with db.session() as session:
        row = await session.scalar(select(Merchant).where(Merchant.code == "demo"))
        assert row is not None
        row.default_language = "CN"
    assert (await read("VI"))["title"] == "佣金日"  # the brand's default now


# --- two first asks at once (Postgres: real concurrent transactions) ---------------------------------


async def test_first_asks_at_once_end_with_one_code(pg_client: PgClient) -> None:
    client, db = pg_client
    agent_id = await new_agent(db, "racer1")
    tabs = [await headers(db, "racer1") for _ in range(6)]  # six tabs, six logins
    answers = await asyncio.gather(*(client.get(LINK, headers=h) for h in tabs))
    codes = {ok(answer)["code"] for answer in answers}
    assert len(codes) == 1, codes
    assert await stored_code(db, agent_id) == codes.pop()
