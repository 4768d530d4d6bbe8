"""The house vendor as merchants see it: its provider code, its per-merchant wallet secret, and the games it
offers in each category (seeded into a merchant's catalogue)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field

from server.house.engine import slots
from server.house.lottery import catalogue as lottery

PROVIDER = "HOUSE"
LAUNCH_BASE = "/house/play"
LOTTERY_LAUNCH_BASE = "/lottery"  # SPEC §4: lottery games open the portal's lottery page, not an iframe
DEMO_BALANCE = 2_000_00  # a visitor's play money, in minor units
SLOT_MIN_LINE_BET = 5  # minor units per line


def merchant_secret(house_secret: str, merchant_code: str) -> str:
    """Each merchant's provider secret, derived so that the house needs one setting, not a table of keys."""
    return hmac.new(house_secret.encode(), f"provider:{merchant_code}".encode(), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class HouseGame:
    code: str
    name: str
    game_type: str  # SLOT, BACCARAT, FISH, HIGHCARD, FOOTBALL, ESPORTS: which engine and screen
    min_bet: int
    lines: int | None = None
    hot: bool = False
    classification: str | None = None
    room_id: str | None = None
    names: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class HouseVendor:
    code: str
    display_name: str
    category: str
    game_type: str
    games: tuple[HouseGame, ...]
    launch_base: str = LAUNCH_BASE


# The slot titles are machines of their own (server.house.engine.slots); the catalogue sells them at their
# lowest total bet.
SLOT_GAMES = tuple(
    HouseGame(
        code=title.code,
        name=title.name,
        game_type="SLOT",
        min_bet=SLOT_MIN_LINE_BET * title.lines,
        lines=title.lines,
        hot=title.hot,
        names=dict(title.names),
    )
    for title in slots.LINEUP
)

VENDORS: tuple[HouseVendor, ...] = (
    HouseVendor(
        "HOUSE_LIVE",
        "House Live",
        "LIVE",
        "LIVE",
        (
            HouseGame(
                "baccarat-a",
                "Baccarat A",
                "BACCARAT",
                1_00,
                hot=True,
                classification="Baccarat",
                names={"CN": "百家乐 A"},
            ),
            HouseGame(
                "baccarat-b",
                "Baccarat B",
                "BACCARAT",
                1_00,
                classification="Baccarat",
                names={"CN": "百家乐 B"},
            ),
            HouseGame(
                "dragon-tiger-a",
                "Dragon Tiger",
                "DRAGON_TIGER",
                1_00,
                classification="Dragon Tiger",
                names={"CN": "龙虎"},
            ),
            HouseGame(
                "roulette-a", "Roulette", "ROULETTE", 1_00, classification="Roulette", names={"CN": "轮盘"}
            ),
            HouseGame("sicbo-a", "Sic Bo", "SICBO", 1_00, classification="Sicbo", names={"CN": "骰宝"}),
        ),
    ),
    HouseVendor("HOUSE_RNG", "House Slots", "RNG", "RNG", SLOT_GAMES),
    HouseVendor(
        "HOUSE_FISH",
        "House Fishing",
        "FISH",
        "FISH",
        (HouseGame("fish-ocean-hunt", "Ocean Hunt", "FISH", 10, hot=True, names={"CN": "深海狩猎"}),),
    ),
    HouseVendor(
        "HOUSE_PVP",
        "House Duel",
        "PVP",
        "PVP",
        (
            HouseGame("highcard-1", "High Card Duel · Room 1", "HIGHCARD", 1_00, hot=True, room_id="HC-1"),
            HouseGame("highcard-2", "High Card Duel · Room 2", "HIGHCARD", 10_00, room_id="HC-2"),
        ),
    ),
    HouseVendor(
        "HOUSE_SPORTS",
        "Virtual Football",
        "SPORTS",
        "SPORTS",
        (
            HouseGame(
                "virtual-football", "Virtual Football", "FOOTBALL", 1_00, hot=True, names={"CN": "虚拟足球"}
            ),
        ),
    ),
    HouseVendor(
        "HOUSE_ESPORTS",
        "Virtual Arena",
        "ESPORTS",
        "ESPORTS",
        (HouseGame("virtual-arena", "Virtual Arena", "ESPORTS", 1_00, hot=True, names={"CN": "虚拟竞技场"}),),
    ),
)


def _lottery_games(*areas: str) -> tuple[HouseGame, ...]:
    return tuple(
        HouseGame(
            game.code, game.name, "LOTTERY", game.min_stake, hot=game.area == lottery.FAST, names=game.names
        )
        for game in lottery.GAMES
        if game.area in areas
    )


VENDORS += (
    HouseVendor(
        "HOUSE_LOTT",
        "House Lottery",
        "LOTT",
        "LOTT",
        _lottery_games(lottery.FAST, lottery.VN, lottery.SEA),
        LOTTERY_LAUNCH_BASE,
    ),
    HouseVendor(
        "HOUSE_ELOTT", "House E-Lottery", "ELOTT", "ELOTT", _lottery_games(lottery.ELOTT), LOTTERY_LAUNCH_BASE
    ),
)

GAMES_BY_CODE = {game.code: game for vendor in VENDORS for game in vendor.games}
BACCARAT_TABLES = tuple(game.code for game in GAMES_BY_CODE.values() if game.game_type == "BACCARAT")
# The shared-table games (table_games.py defines each); every one of their games is a table the dealer deals.
TABLE_GAME_TYPES = ("BACCARAT", "DRAGON_TIGER", "ROULETTE", "SICBO")
LIVE_TABLES = tuple(game.code for game in GAMES_BY_CODE.values() if game.game_type in TABLE_GAME_TYPES)
