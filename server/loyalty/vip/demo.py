"""The demo brand's VIP ladder (the demo seed calls seed_vip): six levels, names in every language of the
switcher, thresholds a demo player can reach by depositing and playing a little, upgrade bonuses with one
times wagering, cashback from 0.30 % to 1.00 %, and the VIP chat from level 5. The withdrawal limits are
generous (never below the brand's own five a day) so that they only bite where a test means them to."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.models import Merchant
from server.brands.service import Brand
from server.loyalty.cashback.service import Settings as CashbackSettings
from server.loyalty.cashback.service import set_settings as set_cashback
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.levels import Level

NAMES = (
    {
        "EN": "Member",
        "CN": "会员",
        "JA": "メンバー",
        "TH": "สมาชิก",
        "VI": "Thành viên",
        "PT": "Membro",
        "TY": "Miyembro",
    },
    {
        "EN": "Bronze",
        "CN": "青铜",
        "JA": "ブロンズ",
        "TH": "บรอนซ์",
        "VI": "Đồng",
        "PT": "Bronze",
        "TY": "Tanso",
    },
    {
        "EN": "Silver",
        "CN": "白银",
        "JA": "シルバー",
        "TH": "ซิลเวอร์",
        "VI": "Bạc",
        "PT": "Prata",
        "TY": "Pilak",
    },
    {"EN": "Gold", "CN": "黄金", "JA": "ゴールド", "TH": "โกลด์", "VI": "Vàng", "PT": "Ouro", "TY": "Ginto"},
    {
        "EN": "Platinum",
        "CN": "铂金",
        "JA": "プラチナ",
        "TH": "แพลทินัม",
        "VI": "Bạch kim",
        "PT": "Platina",
        "TY": "Platinum",
    },
    {
        "EN": "Diamond",
        "CN": "钻石",
        "JA": "ダイヤモンド",
        "TH": "ไดมอนด์",
        "VI": "Kim cương",
        "PT": "Diamante",
        "TY": "Diyamante",
    },
)
EMBLEMS = ("BRONZE", "BRONZE", "SILVER", "GOLD", "PLATINUM", "DIAMOND")
# (deposits, valid turnover) over the 30-day window, minor units.
THRESHOLDS = (
    (0, 0),
    (50_00, 50_00),
    (200_00, 100_00),
    (1_000_00, 200_00),
    (5_000_00, 2_000_00),
    (20_000_00, 10_000_00),
)
UPGRADE = (0, 5_00, 18_00, 58_00, 188_00, 588_00)
MONTHLY = (0, 0, 10_00, 30_00, 88_00, 288_00)
BIRTHDAY = (0, 8_00, 18_00, 58_00, 128_00, 388_00)
BASE_RATE = (30, 40, 50, 60, 80, 100)  # basis points on slots and fishing; 0.10 % less on the other tables
WITHDRAWALS = (
    (5, 20_000_00),
    (5, 30_000_00),
    (6, 50_000_00),
    (8, 100_000_00),
    (10, 200_000_00),
    (None, None),
)


def demo_levels() -> list[Level]:
    levels = []
    for n in range(6):
        base = BASE_RATE[n]
        rates = {"RNG": base, "FISH": base, "LIVE": base - 10, "SPORTS": base - 10, "PVP": base - 10}
        rates["ESPORTS"] = base - 10
        count, amount = WITHDRAWALS[n]
        levels.append(
            Level(
                level=n,
                names=NAMES[n],
                emblem=EMBLEMS[n],
                deposit_required=THRESHOLDS[n][0],
                turnover_required=THRESHOLDS[n][1],
                upgrade_bonus=UPGRADE[n],
                monthly_bonus=MONTHLY[n],
                birthday_bonus=BIRTHDAY[n],
                wager_multiple=1 if n else 0,
                cashback_rates=rates,
                daily_withdrawal_count=count,
                daily_withdrawal_amount=amount,
                vip_chat=n >= 5,
            )
        )
    return levels


async def seed_vip(session: AsyncSession, brand: Brand | Merchant) -> None:
    """The ladder, demotion after a week's grace, manual cashback from 1.00."""
    for level in demo_levels():
        await ladders.put_level(session, brand.id, level)
    await ladders.set_settings(session, brand.id, ladders.Settings(window_days=30, demote=True, grace_days=7))
    await set_cashback(session, brand.id, CashbackSettings(mode="MANUAL", minimum=1_00))
