"""The demo brand's points: SPEC §9's rates and a few mall items (bonus money, raffle tickets when the demo
has a running raffle, a branded mug with its stock and one per member), in the switcher's 7 languages."""

# Chinese and Japanese are written with their own full-width punctuation.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Protocol

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.loyalty.points.models import (
    BONUS,
    DEFAULT_MIN_CONVERT,
    DEFAULT_RATES,
    DEFAULT_RATIO,
    GOODS,
    RAFFLE_TICKETS,
    MallItem,
    PointsSettings,
)
from server.promotions.models import RAFFLE, Promotion
from server.promotions.service import is_running


class HasId(Protocol):
    id: int


BONUS_5 = {
    "EN": ("5.00 bonus", "5.00 of bonus money in your main wallet at once."),
    "CN": ("5.00 红利", "5.00 红利即时存入您的主钱包。"),
    "JA": ("5.00 ボーナス", "5.00 のボーナスがすぐにメインウォレットに入ります。"),
    "TH": ("โบนัส 5.00", "โบนัส 5.00 เข้ากระเป๋าหลักของคุณทันที"),
    "VI": ("Thưởng 5.00", "5.00 tiền thưởng vào ví chính của bạn ngay lập tức."),
    "PT": ("Bônus de 5.00", "5.00 de bônus na sua carteira principal na hora."),
    "TY": ("5.00 na bonus", "5.00 na bonus agad sa iyong main wallet."),
}
BONUS_20 = {
    "EN": ("20.00 bonus", "20.00 of bonus money for members who have deposited 100.00."),
    "CN": ("20.00 红利", "累计存款满 100.00 的会员可兑换 20.00 红利。"),
    "JA": ("20.00 ボーナス", "累計 100.00 以上入金した会員向けの 20.00 ボーナスです。"),
    "TH": ("โบนัส 20.00", "โบนัส 20.00 สำหรับสมาชิกที่ฝากครบ 100.00"),
    "VI": ("Thưởng 20.00", "20.00 tiền thưởng cho thành viên đã nạp đủ 100.00."),
    "PT": ("Bônus de 20.00", "20.00 de bônus para quem já depositou 100.00."),
    "TY": ("20.00 na bonus", "20.00 na bonus para sa mga nakapag-deposito na ng 100.00."),
}
TICKETS = {
    "EN": ("10 raffle tickets", "Ten more tickets in the running raffle."),
    "CN": ("10 张抽奖券", "为正在进行的抽奖增加 10 张抽奖券。"),
    "JA": ("抽選券 10 枚", "開催中の抽選に抽選券を 10 枚追加します。"),
    "TH": ("ตั๋วจับรางวัล 10 ใบ", "เพิ่มตั๋ว 10 ใบในการจับรางวัลที่กำลังเปิดอยู่"),
    "VI": ("10 vé quay thưởng", "Thêm 10 vé cho đợt quay thưởng đang diễn ra."),
    "PT": ("10 bilhetes do sorteio", "Dez bilhetes a mais no sorteio em andamento."),
    "TY": ("10 raffle ticket", "Sampung dagdag na ticket sa kasalukuyang raffle."),
}
MUG = {
    "EN": ("Branded mug", "Our ceramic mug, delivered to your address. One per member."),
    "CN": ("品牌马克杯", "品牌陶瓷马克杯，寄送到您的地址。每位会员限兑一次。"),
    "JA": ("ブランドマグカップ", "ブランドの陶器マグカップをご住所へお届けします。お一人様一点限り。"),
    "TH": ("แก้วมัคแบรนด์", "แก้วมัคเซรามิกของเรา จัดส่งถึงที่อยู่ของคุณ สมาชิกละหนึ่งใบ"),
    "VI": ("Cốc thương hiệu", "Cốc sứ của chúng tôi, giao tận địa chỉ của bạn. Mỗi thành viên một chiếc."),
    "PT": ("Caneca da marca", "Nossa caneca de cerâmica, entregue no seu endereço. Uma por membro."),
    "TY": ("Branded na mug", "Ang aming ceramic mug, ihahatid sa iyong address. Isa bawat miyembro."),
}


def _names(texts: dict[str, tuple[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    return {k: v[0] for k, v in texts.items()}, {k: v[1] for k, v in texts.items()}


def _item(merchant_id: int, texts: dict[str, tuple[str, str]], sort: int, **fields: object) -> MallItem:
    names, descriptions = _names(texts)
    return MallItem(
        merchant_id=merchant_id,
        names=names,
        descriptions=descriptions,
        sort_order=sort,
        active=True,
        **fields,
    )


async def seed_points(session: AsyncSession, brand: HasId) -> None:
    session.add(
        PointsSettings(
            merchant_id=brand.id,
            ratio=DEFAULT_RATIO,
            min_convert=DEFAULT_MIN_CONVERT,
            rates=dict(DEFAULT_RATES),
        )
    )
    items = [
        _item(brand.id, BONUS_5, 1, category=BONUS, points=500, amount_required=0, value=5_00),
        _item(brand.id, BONUS_20, 2, category=BONUS, points=1800, amount_required=100_00, value=20_00),
        _item(
            brand.id,
            MUG,
            4,
            category=GOODS,
            points=3000,
            amount_required=0,
            value=None,
            stock=20,
            per_member=1,
        ),
    ]
    raffles = await session.scalars(
        select(Promotion)
        .where(Promotion.merchant_id == brand.id, Promotion.kind == RAFFLE)
        .order_by(Promotion.id)
    )
    running = next((r for r in raffles if is_running(r, utcnow())), None)
    if running is not None:
        items.append(
            _item(
                brand.id,
                TICKETS,
                3,
                category=RAFFLE_TICKETS,
                points=300,
                amount_required=0,
                value=10,
                raffle_id=running.id,
            )
        )
    session.add_all(items)
    await session.flush()
