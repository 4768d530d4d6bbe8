"""Demo data for `make run`: two merchants, so that tenancy is always exercised, and one login per role."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member, Staff
from server.accounts.passwords import hash_password
from server.agents.models import ACTIVE, DAILY_SALARY, AgentContract
from server.brands import service as brands
from server.brands.defaults import SWITCHER_LANGUAGES
from server.brands.models import CustomerServiceEntry, Merchant, MerchantResource
from server.brands.theme import stored_form
from server.db.base import utcnow
from server.demo.content import seed_content
from server.demo.home import DEMO2_HOME, DEMO_HOME
from server.demo.promotions import seed_promotions
from server.demo.support import seed_support
from server.demo.themes import DEMO2_THEME, DEMO_THEME
from server.games.provision import default_house_secret, offer_house_games
from server.loyalty.points.demo import seed_points
from server.loyalty.referral.demo import seed_referral
from server.loyalty.vip.demo import seed_vip
from server.minigames.prizes.demo import seed_prize_games
from server.minigames.rain.demo import seed_rain
from server.wallet.cashier_models import DepositChannel

# Customer service opens the portal's service page (the brand's contact channels) until the chat exists.
SERVICE_PAGE = "/chat"
DEMO_PASSWORD = "Demo1234"  # noqa: S105 - published in the README on purpose


@dataclass(frozen=True)
class DemoLogin:
    merchant: str
    username: str
    role: str


DEMO_LOGINS = (
    DemoLogin("demo", "player1", "player (downline of agent1)"),
    DemoLogin("demo", "player2", "player (downline of agent1)"),
    DemoLogin("demo", "player3", "player"),
    DemoLogin("demo", "agent1", "agent"),
    DemoLogin("demo", "support1", "staff: customer service (SUPPORT)"),
    DemoLogin("demo", "finance1", "staff: cashier (FINANCE)"),
    DemoLogin("demo", "auditor1", "staff: read-only (AUDITOR)"),
    DemoLogin("demo", "admin1", "staff: operator (OPERATOR)"),
    DemoLogin("demo2", "player1", "player"),
    DemoLogin("demo2", "admin1", "operator"),
)

# The demo shows off the optional features; a new merchant starts with them off.
DEMO_SWITCHES = {
    "MOBILENUMREG3": True,
    "MOBILENUMPASSREG3": True,
    "REGMOBVERF3": True,
    "MOBILEVERCODELOGIN3": True,
    "FREEPLAY3": True,
    "CHNGPASSVERIF3": True,
    "MANPLAYREB3": True,
    "AGENTPOLICY3": True,
    "DIVIDEND3": True,
    "DAILYSALARY3": True,
    "HOURLYSALARY3": True,
    "REALTIMESALARY3": True,
}


async def is_empty(session: AsyncSession) -> bool:
    return (await session.scalar(select(func.count()).select_from(Merchant))) == 0


@lru_cache(maxsize=1)
def _demo_password_hash() -> str:
    return hash_password(DEMO_PASSWORD)


async def seed_demo(session: AsyncSession, *, house_secret: str | None = None) -> None:
    password_hash = _demo_password_hash()

    demo = await brands.create_merchant(
        session,
        code="demo",
        name="Demo Casino",
        domains=("127.0.0.1", "localhost", "demo.localhost"),
        supported_languages=SWITCHER_LANGUAGES,
        switches=DEMO_SWITCHES,
    )
    demo.theme = stored_form(DEMO_THEME)
    demo.home_content = DEMO_HOME
    session.add_all(
        [
            MerchantResource(
                merchant_id=demo.id,
                resource_type="FACEBOOK",
                url="https://facebook.com/",
                label_name_en="Facebook",
                sort_order=1,
            ),
            MerchantResource(
                merchant_id=demo.id,
                resource_type="EMAIL",
                url="mailto:support@demo.test",
                label_name_en="support@demo.test",
                sort_order=2,
            ),
            # The downloads: no QR image of their own, so the portal draws one from each address. The demo has
            # no app: each address is on the reserved .test domain, which never resolves, and the portal marks
            # such a download as a demo link (server/brands/download_qr.py).
            MerchantResource(
                merchant_id=demo.id,
                resource_type="IOS",
                url="https://download.demo.test/ios/",
                label_name_en="iOS app",
                sort_order=3,
            ),
            MerchantResource(
                merchant_id=demo.id,
                resource_type="MOBILECONFIG",
                url="https://download.demo.test/ios/demo-casino.mobileconfig",
                label_name_en="iOS web app",
                sort_order=4,
            ),
            MerchantResource(
                merchant_id=demo.id,
                resource_type="Android",
                url="https://download.demo.test/android/demo-casino.apk",
                label_name_en="Android app",
                sort_order=5,
            ),
            CustomerServiceEntry(merchant_id=demo.id, cs_type="LIVECHAT", path=SERVICE_PAGE),
            CustomerServiceEntry(merchant_id=demo.id, cs_type="VIP", path=SERVICE_PAGE),
        ]
    )
    agent = Member(
        merchant_id=demo.id,
        username="agent1",
        password_hash=password_hash,
        member_type=1,
        nickname="Agent One",
        affiliate_code="AGENT1",
        club_label_name="Gold",
        rank_level=5,
    )
    session.add(agent)
    await session.flush()
    # The merchant's daily-salary contract with agent1: 1 % of the team's valid bet on a day with an active
    # member, 1.5 % from 1,000.00 with two; agent1 may offer its own sub-agents up to that.
    session.add(
        AgentContract(
            merchant_id=demo.id,
            upline_id=None,
            downline_id=agent.id,
            kind=DAILY_SALARY,
            status=ACTIVE,
            tiers=[
                {"minValidBet": 0, "minActiveMembers": 1, "rateBps": 100},
                {"minValidBet": 100_000, "minActiveMembers": 2, "rateBps": 150},
            ],
            accepted_at=utcnow(),
        )
    )
    session.add_all(
        [
            Member(
                merchant_id=demo.id,
                username="player1",
                password_hash=password_hash,
                member_type=PLAYER,
                upline_id=agent.id,
                nickname="Player One",
                club_label_name="Silver",
                rank_level=2,
            ),
            Member(
                merchant_id=demo.id,
                username="player2",
                password_hash=password_hash,
                member_type=PLAYER,
                upline_id=agent.id,
                nickname="Player Two",
                club_label_name="Bronze",
                rank_level=1,
            ),
            Member(
                merchant_id=demo.id,
                username="player3",
                password_hash=password_hash,
                member_type=PLAYER,
                nickname="Player Three",
                club_label_name="Diamond",
                rank_level=6,
            ),
            Staff(
                merchant_id=demo.id,
                username="support1",
                password_hash=password_hash,
                role="SUPPORT",
                nickname="Support One",
            ),
            Staff(
                merchant_id=demo.id,
                username="admin1",
                password_hash=password_hash,
                role="OPERATOR",
                nickname="Admin One",
            ),
            Staff(
                merchant_id=demo.id,
                username="finance1",
                password_hash=password_hash,
                role="FINANCE",
                nickname="Finance One",
            ),
            Staff(
                merchant_id=demo.id,
                username="auditor1",
                password_hash=password_hash,
                role="AUDITOR",
                nickname="Auditor One",
            ),
        ]
    )

    session.add_all(
        [
            DepositChannel(
                merchant_id=demo.id,
                code="BANK",
                kind="BANK",
                name="Bank transfer",
                min_amount=100_00,
                max_amount=100_000_00,
                sort_order=1,
                bank_name="Demo Bank",
                account_name="Demo Casino Ltd",
                account_number="0012345678",
            ),
            DepositChannel(
                merchant_id=demo.id,
                code="SANDBOX",
                kind="GATEWAY",
                name="Sandbox pay",
                min_amount=50_00,
                max_amount=50_000_00,
                sort_order=2,
            ),
        ]
    )

    demo2 = await brands.create_merchant(
        session, code="demo2", name="Second Brand", domains=("demo2.localhost",)
    )
    demo2.chat_header_color = "#7a2fb5"
    demo2.theme = stored_form(DEMO2_THEME)
    demo2.home_content = DEMO2_HOME
    # The second brand runs a wallet per vendor, so transfers between wallets are exercised too.
    demo2.single_wallet = False
    demo2.wallet_vendors = ["HOUSE"]
    # ... and moves the money into a game's wallet at launch and back when the player leaves it, as such
    # sites do (brand setting auto_transfer).
    demo2.auto_transfer = True
    session.add_all(
        [
            DepositChannel(
                merchant_id=demo2.id,
                code="BANK",
                kind="BANK",
                name="Bank transfer",
                min_amount=100_00,
                max_amount=100_000_00,
                sort_order=1,
                bank_name="Second Bank",
                account_name="Second Brand Ltd",
                account_number="0098765432",
            ),
            DepositChannel(
                merchant_id=demo2.id,
                code="SANDBOX",
                kind="GATEWAY",
                name="Sandbox pay",
                min_amount=50_00,
                max_amount=50_000_00,
                sort_order=2,
            ),
        ]
    )
    session.add_all(
        [
            Member(
                merchant_id=demo2.id,
                username="player1",
                password_hash=password_hash,
                member_type=PLAYER,
                nickname="Brand Two Player",
                club_label_name="Bronze",
                rank_level=1,
            ),
            CustomerServiceEntry(merchant_id=demo2.id, cs_type="LIVECHAT", path=SERVICE_PAGE),
            MerchantResource(
                merchant_id=demo2.id,
                resource_type="EMAIL",
                url="mailto:help@demo2.test",
                label_name_en="help@demo2.test",
                sort_order=1,
            ),
            Staff(
                merchant_id=demo2.id,
                username="admin1",
                password_hash=password_hash,
                role="OPERATOR",
                nickname="Brand Two Admin",
            ),
        ]
    )
    await session.flush()
    secret = house_secret or default_house_secret()
    for merchant in (demo, demo2):
        await offer_house_games(session, merchant.id, merchant.code, secret)
    await seed_content(session, demo.id, demo2.id)
    await seed_promotions(session, demo.id)
    await seed_support(session, demo.id, demo2.id)
    # Loyalty after promotions: the mall's raffle tickets go into the demo's raffle.
    await seed_vip(session, demo)
    await seed_points(session, demo)
    await seed_prize_games(session, demo)
    await seed_rain(session, demo)
    await seed_referral(session, demo)
