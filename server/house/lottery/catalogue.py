"""The house vendor's lottery games (SPEC §1 prize modes, §7): how each draws, when, what can be played on it
and at which odds per prize mode. Odds are integers in hundredths (9500 pays 95.00 times the stake per hit),
so that money never meets a float."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import time

VN, SEA, FAST, ELOTT = "VN", "SEA", "FAST", "ELOTT"
AREAS = (VN, FAST, SEA, ELOTT)
LOTT, ZY, ELOTT_MODE, SEA_MODE = "Lott", "ZY", "Elott", "SEA"
PRIZE_MODES = (LOTT, ZY, ELOTT_MODE, SEA_MODE)

# Draw formats: the prize tiers, in the order a result sheet shows them, as (tier, how many, digits).
VN_NORTH, VN_SOUTH, SEA_4D, DIGITS5 = "VN_NORTH", "VN_SOUTH", "SEA_4D", "DIGITS5"
TIERS: dict[str, tuple[tuple[str, int, int], ...]] = {
    # Xổ số miền Bắc: 27 numbers.
    VN_NORTH: (
        ("special", 1, 5),
        ("first", 1, 5),
        ("second", 2, 5),
        ("third", 6, 5),
        ("fourth", 4, 4),
        ("fifth", 6, 4),
        ("sixth", 3, 3),
        ("seventh", 4, 2),
    ),
    # Xổ số miền Nam and miền Trung: 18 numbers, the special prize has six digits.
    VN_SOUTH: (
        ("special", 1, 6),
        ("first", 1, 5),
        ("second", 1, 5),
        ("third", 2, 5),
        ("fourth", 7, 5),
        ("fifth", 1, 4),
        ("sixth", 3, 4),
        ("seventh", 1, 3),
        ("eighth", 1, 2),
    ),
    # A Malaysian/Singaporean 4D sheet: 23 distinct four-digit numbers.
    SEA_4D: (("first", 1, 4), ("second", 1, 4), ("third", 1, 4), ("starter", 10, 4), ("consolation", 10, 4)),
    # Five balls 0-9, each drawn on its own.
    DIGITS5: (("balls", 5, 1),),
}
DISTINCT_NUMBERS = frozenset({SEA_4D})


@dataclass(frozen=True)
class Pick:
    kind: str  # "number": up to max_count numbers of `digits` digits; "option": one of `options`
    digits: int = 0
    max_count: int = 1
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayType:
    code: str
    pick: Pick
    # Prize mode -> odds in hundredths. Tiered plays (4D Big/Small) pay by the tier the number won.
    odds: dict[str, int]
    tier_odds: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class LotteryGame:
    code: str
    name: str
    names: dict[str, str]
    area: str
    draw_format: str
    prize_modes: tuple[str, ...]
    play_types: tuple[PlayType, ...]
    timezone: str
    close_seconds: int
    interval_seconds: int | None = None  # a draw every so many seconds from local midnight
    daily_at: time | None = None  # else one draw a day at this local time
    min_stake: int = 1_00
    max_stake: int = 10_000_00

    def play(self, code: str) -> PlayType | None:
        return next((p for p in self.play_types if p.code == code), None)

    def known_play(self, code: str) -> PlayType:
        """A play type the caller knows this game has (a stored bet's, a test's)."""
        play = self.play(code)
        if play is None:
            raise KeyError(f"{self.code} has no play type {code}")
        return play


def _vn_plays(lo_lott: int, lo_zy: int) -> tuple[PlayType, ...]:
    """The usual Vietnamese plays. Lô pays per prize number ending in the pick, so its odds follow how many
    numbers a sheet holds; the others look at the special prize only."""
    return (
        PlayType("LO", Pick("number", 2, 10), {LOTT: lo_lott, ZY: lo_zy}),
        PlayType("DE", Pick("number", 2, 10), {LOTT: 95_00, ZY: 92_00}),
        PlayType("HEAD", Pick("number", 1, 10), {LOTT: 9_50, ZY: 9_20}),
        PlayType("TAIL", Pick("number", 1, 10), {LOTT: 9_50, ZY: 9_20}),
        PlayType("3D", Pick("number", 3, 10), {LOTT: 950_00, ZY: 920_00}),
        PlayType("4D", Pick("number", 4, 10), {LOTT: 9_500_00, ZY: 9_200_00}),
    )


VN_NORTH_PLAYS = _vn_plays(3_50, 3_40)  # 27 numbers: 0.27 expected hits
VN_SOUTH_PLAYS = _vn_plays(5_25, 5_10)  # 18 numbers: 0.18 expected hits

SEA_PLAYS = (
    # Big wins on any of the 23 numbers, Small only on the top three; the odds shown are the first prize's.
    PlayType(
        "BIG",
        Pick("number", 4, 10),
        {SEA_MODE: 2_500_00},
        {
            SEA_MODE: {
                "first": 2_500_00,
                "second": 1_000_00,
                "third": 500_00,
                "starter": 180_00,
                "consolation": 60_00,
            }
        },
    ),
    PlayType(
        "SMALL",
        Pick("number", 4, 10),
        {SEA_MODE: 3_500_00},
        {SEA_MODE: {"first": 3_500_00, "second": 2_000_00, "third": 1_000_00}},
    ),
)

DIGITS5_PLAYS = (
    PlayType("D1", Pick("number", 1, 10), {ELOTT_MODE: 9_80}),
    PlayType("2D", Pick("number", 2, 10), {ELOTT_MODE: 98_00}),
    PlayType("3D", Pick("number", 3, 10), {ELOTT_MODE: 980_00}),
    PlayType("BS", Pick("option", options=("BIG", "SMALL")), {ELOTT_MODE: 1_96}),
    PlayType("OE", Pick("option", options=("ODD", "EVEN")), {ELOTT_MODE: 1_96}),
)

HCM, KL = "Asia/Ho_Chi_Minh", "Asia/Kuala_Lumpur"


def _fast_vn(minutes: int, close_seconds: int) -> LotteryGame:
    return LotteryGame(
        f"vn-fast-{minutes}m",
        f"Fast VN {minutes}'",
        {
            "CN": f"越南极速 {minutes} 分",
            "VI": f"Siêu tốc {minutes} phút",
            "JA": f"ベトナム高速 {minutes}分",
            "TH": f"เวียดนามด่วน {minutes} นาที",
            "PT": f"Vietnã Rápido {minutes} min",
            "TY": f"Mabilis na VN {minutes} minuto",
        },
        FAST,
        VN_NORTH,
        (LOTT, ZY),
        VN_NORTH_PLAYS,
        HCM,
        close_seconds=close_seconds,
        interval_seconds=minutes * 60,
    )


def _vn_daily(code: str, name: str, names: dict[str, str], draw_format: str, at: time) -> LotteryGame:
    plays = VN_NORTH_PLAYS if draw_format == VN_NORTH else VN_SOUTH_PLAYS
    return LotteryGame(
        code, name, names, VN, draw_format, (LOTT, ZY), plays, HCM, close_seconds=15 * 60, daily_at=at
    )


def _lucky_5d(minutes: int, close_seconds: int) -> LotteryGame:
    return LotteryGame(
        f"elott-5d-{minutes}m",
        f"Lucky 5D {minutes}'",
        {
            "CN": f"幸运 5D {minutes} 分",
            "VI": f"5D May mắn {minutes} phút",
            "JA": f"ラッキー5D {minutes}分",
            "TH": f"ลัคกี้ 5D {minutes} นาที",
            "PT": f"5D da Sorte {minutes} min",
            "TY": f"Suwerteng 5D {minutes} minuto",
        },
        ELOTT,
        DIGITS5,
        (ELOTT_MODE,),
        DIGITS5_PLAYS,
        HCM,
        close_seconds=close_seconds,
        interval_seconds=minutes * 60,
    )


GAMES: tuple[LotteryGame, ...] = (
    _fast_vn(1, close_seconds=10),
    _fast_vn(3, close_seconds=20),
    _fast_vn(5, close_seconds=30),
    _vn_daily(
        "vn-north",
        "North Vietnam",
        {
            "CN": "越南北部彩",
            "VI": "Xổ số miền Bắc",
            "JA": "ベトナム北部",
            "TH": "หวยเวียดนามเหนือ",
            "PT": "Vietnã do Norte",
            "TY": "Hilagang Vietnam",
        },
        VN_NORTH,
        time(18, 15),
    ),
    _vn_daily(
        "vn-central",
        "Central Vietnam",
        {
            "CN": "越南中部彩",
            "VI": "Xổ số miền Trung",
            "JA": "ベトナム中部",
            "TH": "หวยเวียดนามกลาง",
            "PT": "Vietnã Central",
            "TY": "Gitnang Vietnam",
        },
        VN_SOUTH,
        time(17, 15),
    ),
    _vn_daily(
        "vn-south",
        "South Vietnam",
        {
            "CN": "越南南部彩",
            "VI": "Xổ số miền Nam",
            "JA": "ベトナム南部",
            "TH": "หวยเวียดนามใต้",
            "PT": "Vietnã do Sul",
            "TY": "Timog Vietnam",
        },
        VN_SOUTH,
        time(16, 15),
    ),
    LotteryGame(
        "sea-4d",
        "SEA 4D",
        {
            "CN": "东南亚 4D",
            "VI": "4D Đông Nam Á",
            "JA": "東南アジア 4D",
            "TH": "4D เอเชียตะวันออกเฉียงใต้",
            "PT": "4D Sudeste Asiático",
            "TY": "4D Timog-Silangang Asya",
        },
        SEA,
        SEA_4D,
        (SEA_MODE,),
        SEA_PLAYS,
        KL,
        close_seconds=30 * 60,
        daily_at=time(19, 0),
    ),
    _lucky_5d(1, close_seconds=10),
    _lucky_5d(3, close_seconds=20),
)

GAMES_BY_CODE = {game.code: game for game in GAMES}
