"""The demo brand's lucky wheel (eight prizes: money with 1x wagering, points, a raffle ticket, nothing) and
golden egg (three prizes), in the switcher's 7 languages."""

# Chinese and Japanese are written with their own full-width punctuation.

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from server.minigames.prizes.models import EGG, MONEY, NOTHING, POINTS, TICKETS, WHEEL, PrizeGame
from server.minigames.prizes.table import PrizeAsk, validate


class HasId(Protocol):
    id: int


WHEEL_NAMES = {
    "EN": "Lucky wheel",
    "CN": "幸运转盘",
    "JA": "ラッキールーレット",
    "TH": "วงล้อนำโชค",
    "VI": "Vòng quay may mắn",
    "PT": "Roda da sorte",
    "TY": "Lucky wheel",
}
EGG_NAMES = {
    "EN": "Golden egg",
    "CN": "砸金蛋",
    "JA": "ゴールデンエッグ",
    "TH": "ไข่ทองคำ",
    "VI": "Trứng vàng",
    "PT": "Ovo de ouro",
    "TY": "Gintong itlog",
}


def _money(amount: str) -> dict[str, str]:
    return {
        "EN": f"{amount} bonus",
        "CN": f"{amount} 红利",
        "JA": f"{amount} ボーナス",
        "TH": f"โบนัส {amount}",
        "VI": f"Thưởng {amount}",
        "PT": f"Bônus de {amount}",
        "TY": f"{amount} na bonus",
    }


def _points(points: int) -> dict[str, str]:
    return {
        "EN": f"{points} points",
        "CN": f"{points} 积分",
        "JA": f"{points} ポイント",
        "TH": f"{points} คะแนน",
        "VI": f"{points} điểm",
        "PT": f"{points} pontos",
        "TY": f"{points} puntos",
    }


TICKET = {
    "EN": "1 raffle ticket",
    "CN": "1 张抽奖券",
    "JA": "抽選券 1 枚",
    "TH": "ตั๋วจับรางวัล 1 ใบ",
    "VI": "1 vé quay thưởng",
    "PT": "1 bilhete do sorteio",
    "TY": "1 raffle ticket",
}
NO_LUCK = {
    "EN": "Try again",
    "CN": "谢谢参与",
    "JA": "はずれ",
    "TH": "ลองใหม่อีกครั้ง",
    "VI": "Chúc may mắn lần sau",
    "PT": "Tente de novo",
    "TY": "Subukan muli",
}


def _money_prize(amount: str, percent: str, wager: int = 1) -> PrizeAsk:
    return PrizeAsk(MONEY, amount, None, wager, _money(amount), percent)


def _game(merchant_id: int, kind: str, names: dict[str, str], asks: list[PrizeAsk], **earn: Any) -> PrizeGame:
    return PrizeGame(
        merchant_id=merchant_id, kind=kind, names=names, enabled=True, prizes=validate(asks), **earn
    )


async def seed_prize_games(session: AsyncSession, brand: HasId) -> None:
    wheel = [
        _money_prize("0.50", "25"),
        _money_prize("1.00", "15"),
        _money_prize("2.00", "8"),
        _money_prize("5.00", "2"),
        PrizeAsk(POINTS, None, 10, 0, _points(10), "20"),
        PrizeAsk(POINTS, None, 50, 0, _points(50), "5"),
        PrizeAsk(TICKETS, None, 1, 0, TICKET, "10"),
        PrizeAsk(NOTHING, None, None, 0, NO_LUCK, "15"),
    ]
    egg = [
        _money_prize("20.00", "2"),
        _money_prize("1.00", "38", wager=0),
        PrizeAsk(NOTHING, None, None, 0, NO_LUCK, "60"),
    ]
    session.add_all(
        [
            _game(
                brand.id, WHEEL, WHEEL_NAMES, wheel, per_deposit=100_00, per_turnover=1_000_00, per_checkin=1
            ),
            _game(brand.id, EGG, EGG_NAMES, egg, per_deposit=500_00, per_turnover=None, per_checkin=1),
        ]
    )
    await session.flush()
