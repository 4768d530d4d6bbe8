"""The demo brand's promotions, so that a newcomer sees them at once (issue 31): a first-deposit bonus, a
daily check-in, a weekly slots mission with its leaderboard and a raffle, in every language the portal's
switcher offers."""

# Chinese and Japanese are written with their own full-width punctuation; the translated rules are prose,
# kept one line each so that a translator reads them whole.
# ruff: noqa: RUF001, E501

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.promotions import raffle
from server.promotions.models import CHECKIN, FIRST_DEPOSIT, MISSION, RAFFLE, Promotion

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
MISSION_TEXTS = {
    "EN": (
        "Weekly slots challenge",
        "<p>Spin the slots this week: finish the tasks for bonuses and raffle tickets, and climb the "
        "leaderboard. The top three by slots turnover win 100.00, 50.00 and 20.00 when the week ends.</p>",
    ),
    "CN": (
        "每周老虎机挑战",
        "<p>本周玩老虎机：完成任务赢取红利和抽奖券，冲上排行榜。周末按老虎机流水前三名分别获得100.00、50.00和20.00。</p>",
    ),
    "JA": (
        "毎週スロットチャレンジ",
        "<p>今週スロットをプレイ：タスクを達成してボーナスと抽選券を獲得し、ランキングを駆け上がろう。週末にスロット賭け額の上位3名に100.00、50.00、20.00。</p>",
    ),
    "TH": (
        "ภารกิจสล็อตประจำสัปดาห์",
        "<p>เล่นสล็อตสัปดาห์นี้: ทำภารกิจรับโบนัสและตั๋วลุ้นรางวัล ไต่อันดับลีดเดอร์บอร์ด สามอันดับแรกตามยอดเดิมพันสล็อตรับ 100.00, 50.00 และ 20.00 เมื่อจบสัปดาห์</p>",
    ),
    "VI": (
        "Thử thách slots hằng tuần",
        "<p>Quay slots tuần này: hoàn thành nhiệm vụ nhận thưởng và vé quay số, leo bảng xếp hạng. Ba người đứng đầu theo doanh số slots nhận 100.00, 50.00 và 20.00 khi hết tuần.</p>",
    ),
    "PT": (
        "Desafio semanal de slots",
        "<p>Jogue slots esta semana: conclua as tarefas para bônus e bilhetes do sorteio e suba no ranking. Os três primeiros em apostas de slots ganham 100.00, 50.00 e 20.00 no fim da semana.</p>",
    ),
    "TY": (
        "Lingguhang hamon sa slots",
        "<p>Maglaro ng slots ngayong linggo: tapusin ang mga gawain para sa bonus at tiket sa raffle, at umakyat sa leaderboard. Ang nangungunang tatlo sa taya sa slots ay mananalo ng 100.00, 50.00 at 20.00 sa pagtatapos ng linggo.</p>",
    ),
}
RAFFLE_TEXTS = {
    "EN": (
        "Lucky draw",
        "<p>One ticket for every 100.00 you deposit (up to 20), plus tickets from the weekly challenge. "
        "Prizes 500.00, 200.00 and 100.00; the draw can be checked by anyone against its published hash.</p>",
    ),
    "CN": (
        "幸运抽奖",
        "<p>每存款100.00得一张抽奖券（最多20张），每周挑战还可赢取更多。奖金500.00、200.00和100.00；任何人都可以用公布的哈希验证开奖。</p>",
    ),
    "JA": (
        "ラッキードロー",
        "<p>入金100.00ごとに抽選券1枚（最大20枚）、毎週チャレンジでも獲得できます。賞金500.00、200.00、100.00。抽選は公開されたハッシュで誰でも検証できます。</p>",
    ),
    "TH": (
        "ลุ้นโชค",
        "<p>ฝากทุก 100.00 รับตั๋ว 1 ใบ (สูงสุด 20 ใบ) และรับเพิ่มจากภารกิจประจำสัปดาห์ รางวัล 500.00, 200.00 และ 100.00 ทุกคนตรวจสอบการจับรางวัลได้ด้วยแฮชที่ประกาศไว้</p>",
    ),
    "VI": (
        "Quay số may mắn",
        "<p>Mỗi 100.00 nạp được một vé (tối đa 20), thêm vé từ thử thách hằng tuần. Giải 500.00, 200.00 và 100.00; ai cũng kiểm tra được kết quả bằng mã băm đã công bố.</p>",
    ),
    "PT": (
        "Sorteio da sorte",
        "<p>Um bilhete a cada 100.00 depositados (até 20), mais bilhetes do desafio semanal. Prêmios de 500.00, 200.00 e 100.00; qualquer um pode verificar o sorteio pelo hash publicado.</p>",
    ),
    "TY": (
        "Lucky draw",
        "<p>Isang tiket sa bawat 100.00 na deposito (hanggang 20), dagdag ang mga tiket mula sa lingguhang hamon. Premyo 500.00, 200.00 at 100.00; masusuri ng sinuman ang bunutan gamit ang inilathalang hash.</p>",
    ),
}
RAFFLE_DAYS = 7


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
    draw = Promotion(
        merchant_id=demo_id,
        kind=RAFFLE,
        category="OTHER",
        starts_at=starts,
        ends_at=utcnow() + timedelta(days=RAFFLE_DAYS),
        sort_order=4,
        texts=_texts(RAFFLE_TEXTS),
        params={
            "ticketBy": "DEPOSIT",
            "ticketEvery": 100_00,
            "maxTickets": 20,
            "prizes": [500_00, 200_00, 100_00],
            "claimDays": 14,
            "wagerMultiple": 1,
            "wagerBase": "BONUS",
            "expiryDays": 30,
            "onePerAddress": False,
        },
    )
    session.add(draw)
    await session.flush()
    await raffle.open_draw(session, draw)
    session.add(
        Promotion(
            merchant_id=demo_id,
            kind=MISSION,
            category="CASINO",
            starts_at=starts,
            sort_order=3,
            texts=_texts(MISSION_TEXTS),
            params={
                "period": "WEEKLY",
                "claimDays": 7,
                "tasks": [
                    _task("BET_COUNT", 20, reward=2_00),
                    _task("TURNOVER", 200_00, category="RNG", reward=5_00, tickets=1, raffle=draw.id),
                    _task("DEPOSIT", 100_00, tickets=2, raffle=draw.id),
                    _task("NEW_GAME", 2, reward=1_00),
                    _task("LOGIN_DAYS", 3, reward=3_00),
                ],
                "leaderboard": {"prizes": [100_00, 50_00, 20_00], "category": "RNG", "size": 10},
                "wagerMultiple": 1,
                "wagerBase": "BONUS",
                "expiryDays": 14,
                "onePerAddress": False,
            },
        )
    )


def _task(
    kind: str,
    target: int,
    *,
    category: str | None = None,
    reward: int = 0,
    tickets: int | None = None,
    raffle: int | None = None,
) -> dict[str, object]:
    """A task as kinds.parse stores it."""
    return {
        "type": kind,
        "target": target,
        "category": category,
        "reward": reward,
        "tickets": tickets,
        "raffleId": raffle,
    }
