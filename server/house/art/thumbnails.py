"""A house game's thumbnail: its theme's palette and motif, and its name in the player's language."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from server.house.art import motifs
from server.house.art.rendered import LANGUAGE_TAGS, Rendered, language_of
from server.house.art.text import fit
from server.house.config import GAMES_BY_CODE, HouseGame
from server.house.lottery import catalogue as lottery

WIDTH, HEIGHT = 320, 240  # 4:3, the ratio the portal's game card shows
NAME_SIZES = (26, 23, 20, 17)
NAME_LINES = 2
NAME_WIDTH = WIDTH - 24


@dataclass(frozen=True)
class Theme:
    motif: str  # the motif's name, also written on the drawing (data-motif) for tests and debugging
    top: str
    bottom: str
    glow: str


# The six themed slots (codes compared without their dashes, so "pharaoh-s" and "pharaohs" both match).
SLOT_THEMES = {
    "slotgoldendragon": Theme("dragon", "#9e0b1e", "#3a0610", "#ffcf4d"),
    "slotluckykoi": Theme("koi", "#0f7c8c", "#06303f", "#9ff3ff"),
    "slotpharaohsfortune": Theme("pyramid", "#1d2f6f", "#0b1230", "#ffb347"),
    "slotneonnights": Theme("neon", "#2a0845", "#07020f", "#ff3ea5"),
    "slotfruitfiesta": Theme("fruit", "#ff5d8f", "#6a1b9a", "#fff176"),
    "slotvikingraid": Theme("viking", "#355c7d", "#101b2b", "#d0e8ff"),
}
# Any other slot: the slot machine, on one of these palettes chosen by its code.
SLOT_PALETTES = (
    ("#7b1fa2", "#240638", "#ffd54f"),
    ("#00695c", "#01211d", "#80ffdb"),
    ("#c62828", "#3b0707", "#ffe082"),
    ("#1565c0", "#061a38", "#90caf9"),
)
TYPE_THEMES = {
    "BACCARAT": Theme("cards", "#1d7a46", "#06301a", "#b9ffcf"),
    "DRAGON_TIGER": Theme("dragon_tiger", "#7a0f22", "#0d1a44", "#ffd36b"),
    "ROULETTE": Theme("roulette", "#14532d", "#2b0a0a", "#ffe08a"),
    "SICBO": Theme("dice", "#8e1230", "#2a0410", "#ffd36b"),
    "FISH": Theme("fishing", "#0077b6", "#03045e", "#90e0ef"),
    "HIGHCARD": Theme("duel_cards", "#4a148c", "#120326", "#ffd54f"),
    "FOOTBALL": Theme("football", "#1b5e20", "#061b08", "#e8ffe8"),
    "ESPORTS": Theme("arena", "#311b92", "#05051a", "#7df9ff"),
}
LOTTERY_THEMES = {
    lottery.VN: Theme("lottery", "#b71c1c", "#3e0606", "#ffd740"),
    lottery.FAST: Theme("lottery", "#e65100", "#3e1400", "#ffe57f"),
    lottery.SEA: Theme("lottery", "#0d47a1", "#041433", "#82b1ff"),
    lottery.ELOTT: Theme("lottery", "#6a1b9a", "#1a0530", "#ea80fc"),
}
LOTTERY_BALLS = {
    lottery.VN_NORTH: (3, 2),
    lottery.VN_SOUTH: (3, 2),
    lottery.SEA_4D: (4, 1),
    lottery.DIGITS5: (5, 1),
}
LOTTERY_GAMES = {game.code: game for game in lottery.GAMES}

MOTIFS: dict[str, motifs.Motif] = {
    "dragon": motifs.dragon,
    "koi": motifs.koi,
    "pyramid": motifs.pyramid,
    "neon": motifs.neon,
    "fruit": motifs.fruit,
    "viking": motifs.viking,
    "slot_machine": motifs.slot_machine,
    "cards": motifs.cards,
    "dragon_tiger": motifs.dragon_tiger,
    "roulette": motifs.roulette,
    "dice": motifs.dice,
    "fishing": motifs.fishing,
    "duel_cards": motifs.duel_cards,
    "football": motifs.football,
    "arena": motifs.arena,
}


def _digest(code: str) -> bytes:
    return hashlib.sha256(code.encode()).digest()


def theme_for(game: HouseGame) -> Theme:
    if game.game_type == "SLOT":
        themed = SLOT_THEMES.get("".join(c for c in game.code if c.isalnum()))
        if themed is not None:
            return themed
        top, bottom, glow = SLOT_PALETTES[_digest(game.code)[0] % len(SLOT_PALETTES)]
        return Theme("slot_machine", top, bottom, glow)
    if game.game_type == "LOTTERY":
        found = LOTTERY_GAMES.get(game.code)
        return LOTTERY_THEMES[found.area if found else lottery.FAST]
    return TYPE_THEMES.get(game.game_type, Theme("slot_machine", "#37474f", "#101518", "#cfd8dc"))


def motif_markup(game: HouseGame, theme: Theme) -> str:
    if theme.motif != "lottery":
        return MOTIFS[theme.motif]()
    found = LOTTERY_GAMES.get(game.code)
    count, digits = LOTTERY_BALLS.get(found.draw_format if found else lottery.DIGITS5, (3, 2))
    # The balls' numbers come from the code: the same picture every time, a different one per game.
    digest = _digest(game.code)
    numbers = tuple(str(digest[i] % 10**digits).zfill(digits) for i in range(count))
    return motifs.lottery_balls(numbers)


def _sparkles(code: str, colour: str) -> str:
    digest = _digest(code)
    return "".join(
        f'<path d="M{x} {y - 5} L{x + 1.5} {y - 1.5} L{x + 5} {y} L{x + 1.5} {y + 1.5} L{x} {y + 5} '
        f'L{x - 1.5} {y + 1.5} L{x - 5} {y} L{x - 1.5} {y - 1.5} Z" fill="{colour}" fill-opacity=".55"/>'
        for x, y in ((12 + digest[2 + i] % 296, 10 + digest[10 + i] % 140) for i in range(7))
    )


def _name_block(name: str, tag: str) -> str:
    fitted = fit(name, NAME_WIDTH, NAME_SIZES, NAME_LINES)
    size = fitted.font_size
    leading = round(size * 1.2)
    first = 202 + size * 0.35 - (len(fitted.lines) - 1) * leading / 2
    lines = "".join(
        f'<tspan x="{WIDTH // 2}" y="{first + i * leading:.1f}">{escape(line)}</tspan>'
        for i, line in enumerate(fitted.lines)
    )
    return (
        f'<text xml:lang="{tag}" font-size="{size}" font-weight="700" text-anchor="middle" fill="#fff" '
        "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', "
        'sans-serif" stroke="#000" stroke-opacity=".35" stroke-width="3" paint-order="stroke">'
        f"{lines}</text>"
    )


def localized_name(game: HouseGame, language: str) -> tuple[str, str]:
    """The name to write and the language it is in (English when the game has no name in this language)."""
    local = game.names.get(language)
    return (local, LANGUAGE_TAGS[language]) if local else (game.name, "en")


def draw(game: HouseGame, language: str) -> str:
    theme = theme_for(game)
    name, tag = localized_name(game, language)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="title" data-motif="{theme.motif}">'
        f'<title id="title" xml:lang="{tag}">{escape(name)}</title>'
        '<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1">'
        f'<stop offset="0" stop-color="{theme.top}"/><stop offset="1" stop-color="{theme.bottom}"/>'
        '</linearGradient><radialGradient id="glow" cx="0.5" cy="0.38" r="0.5">'
        f'<stop offset="0" stop-color="{theme.glow}" stop-opacity=".55"/>'
        f'<stop offset="1" stop-color="{theme.glow}" stop-opacity="0"/></radialGradient>'
        '<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" '
        'stop-opacity="0"/><stop offset=".45" stop-color="#000" stop-opacity=".55"/></linearGradient></defs>'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#glow)"/>'
        f"{_sparkles(game.code, theme.glow)}"
        f'<g transform="translate(88 6) scale(1.44)">{motif_markup(game, theme)}</g>'
        f'<rect y="150" width="{WIDTH}" height="{HEIGHT - 150}" fill="url(#band)"/>'
        f"{_name_block(name, tag)}</svg>"
    )


@lru_cache(maxsize=2048)
def _rendered(code: str, language: str) -> Rendered | None:
    game = GAMES_BY_CODE.get(code)
    return None if game is None else Rendered.of(draw(game, language))


def thumbnail(code: str, requested_language: str | None) -> Rendered | None:
    """The game's thumbnail in the requested language (any unknown language is English), None for a code
    the house does not have."""
    return _rendered(code, language_of(requested_language))
