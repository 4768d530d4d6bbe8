"""The demo brand's promotions, so that a newcomer sees them at once (issue 31): a first-deposit bonus and a
daily check-in, in every language the portal's switcher offers."""

# Chinese and Japanese are written with their own full-width punctuation.
# ruff: noqa: RUF001

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.promotions.models import CHECKIN, FIRST_DEPOSIT, Promotion

WELCOME = {
    "EN": ("100% first-deposit bonus", "<p>Double your first deposit of 100.00 or more, up to 1,000.00.</p>"),
    "CN": ("首存100%红利", "<p>首次存款100.00或以上，即可获得100%红利，最高1,000.00。</p>"),
    "JA": ("初回入金100%ボーナス", "<p>100.00以上の初回入金を倍に。最大1,000.00まで。</p>"),
    "TH": ("โบนัสฝากแรก 100%", "<p>ฝากครั้งแรก 100.00 ขึ้นไป รับโบนัส 100% สูงสุด 1,000.00</p>"),
    "VI": ("Thưởng 100% nạp đầu", "<p>Nhân đôi lần nạp đầu từ 100.00, tối đa 1,000.00.</p>"),
    "PT": (
        "Bônus de 100% no primeiro depósito",
        "<p>Dobre seu primeiro depósito de 100.00 ou mais, até 1,000.00.</p>",
    ),
    "TY": (
        "100% bonus sa unang deposito",
        "<p>Doblehin ang unang deposito na 100.00 pataas, hanggang 1,000.00.</p>",
    ),
}
WAGERING = {
    "EN": "<p>Wager 10 times the bonus within 30 days before withdrawing; at most 50.00 a bet meanwhile.</p>",
    "CN": "<p>提款前须在30天内完成红利10倍的流水；期间单注最高50.00。</p>",
}
CHECK_IN = {
    "EN": ("Daily check-in", "<p>Check in every day: 1.00, 2.00, 3.00 … up to 10.00 on the seventh day.</p>"),
    "CN": ("每日签到", "<p>每天签到：1.00、2.00、3.00……第七天10.00。</p>"),
    "JA": ("毎日チェックイン", "<p>毎日チェックイン：1.00、2.00、3.00…7日目は10.00。</p>"),
    "TH": ("เช็คอินรายวัน", "<p>เช็คอินทุกวัน: 1.00, 2.00, 3.00 … วันที่เจ็ด 10.00</p>"),
    "VI": ("Điểm danh hằng ngày", "<p>Điểm danh mỗi ngày: 1.00, 2.00, 3.00 … ngày thứ bảy 10.00.</p>"),
    "PT": ("Check-in diário", "<p>Faça check-in todos os dias: 1.00, 2.00, 3.00 … 10.00 no sétimo dia.</p>"),
    "TY": (
        "Araw-araw na check-in",
        "<p>Mag-check in araw-araw: 1.00, 2.00, 3.00 … 10.00 sa ikapitong araw.</p>",
    ),
}


def _texts(
    texts: dict[str, tuple[str, str]], extra: dict[str, str] | None = None
) -> dict[str, dict[str, str]]:
    extra = extra or {}
    return {
        code: {"title": title, "content": content + extra.get(code, extra.get("EN", ""))}
        for code, (title, content) in texts.items()
    }


async def seed_promotions(session: AsyncSession, demo_id: int) -> None:
    starts = utcnow() - timedelta(days=1)
    session.add_all(
        [
            Promotion(
                merchant_id=demo_id,
                kind=FIRST_DEPOSIT,
                category="DEPOSIT",
                starts_at=starts,
                sort_order=1,
                texts=_texts(WELCOME, WAGERING),
                params={
                    "percent": 100,
                    "cap": 1_000_00,
                    "minDeposit": 100_00,
                    "claimMode": "AFTER",
                    "claimDays": 7,
                    "wagerMultiple": 10,
                    "wagerBase": "BONUS",
                    "maxStake": 50_00,
                    "expiryDays": 30,
                    "onePerAddress": False,
                },
            ),
            Promotion(
                merchant_id=demo_id,
                kind=CHECKIN,
                category="DAILY",
                starts_at=starts,
                sort_order=2,
                texts=_texts(CHECK_IN),
                params={
                    "rewards": [1_00, 2_00, 3_00, 4_00, 5_00, 6_00, 10_00],
                    "wagerMultiple": 1,
                    "wagerBase": "BONUS",
                    "expiryDays": 7,
                    "onePerAddress": False,
                },
            ),
        ]
    )
