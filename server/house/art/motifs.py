"""Small vector drawings, each in a 100 x 100 box, that say what a game is. Hand-written paths only: the
thumbnails and logos place them with a transform. Gradient ids start with "m-" so that they never clash
with the frame's own."""

from __future__ import annotations

import math
from collections.abc import Callable

Motif = Callable[[], str]

GOLD, GOLD_DARK, CREAM = "#f6c945", "#b7811c", "#fff4c9"
RED, INK, WHITE = "#d62839", "#1b1b2f", "#ffffff"


def _polar(cx: float, cy: float, r: float, degrees: float, sep: str = " ") -> str:
    """The point r away from (cx, cy) at the angle, as SVG coordinates."""
    x, y = _centre(cx, cy, r, degrees)
    return f"{x:.1f}{sep}{y:.1f}"


def _centre(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    angle = math.radians(degrees)
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def _card(x: float, y: float, angle: float, rank: str, pip: str, colour: str) -> str:
    """A playing card 34 x 48 turned about its bottom centre, its rank and suit in the corner and centre."""
    return (
        f'<g transform="rotate({angle} {x + 17} {y + 48})">'
        f'<rect x="{x}" y="{y}" width="34" height="48" rx="4" fill="{WHITE}" stroke="#c9ced8" '
        'stroke-width="1"/>'
        f'<text x="{x + 4}" y="{y + 11}" font-size="10" font-weight="700" font-family="serif" '
        f'fill="{colour}">{rank}</text>'
        f'<g transform="translate({x + 9} {y + 15}) scale(0.8)" fill="{colour}">{pip}</g></g>'
    )


HEART = '<path d="M10 18 C2 12 0 7 3 3.5 C6 0.5 9 2 10 4.5 C11 2 14 0.5 17 3.5 C20 7 18 12 10 18 Z"/>'
SPADE = (
    '<path d="M10 1 C14 6 20 9 19 14 C18 17 14 18 11 15.5 L12.5 20 H7.5 L9 15.5 C6 18 2 17 1 14 '
    'C0 9 6 6 10 1 Z"/>'
)


def cards() -> str:
    """Baccarat: two cards fanned over a chip."""
    chip = (
        '<circle cx="74" cy="76" r="14" fill="#1f7a4d"/>'
        f'<circle cx="74" cy="76" r="11" fill="none" stroke="{WHITE}" stroke-width="3" '
        'stroke-dasharray="4 3.3"/>'
        '<circle cx="74" cy="76" r="6" fill="#2aa66a"/>'
    )
    return _card(22, 20, -14, "A", SPADE, INK) + _card(42, 18, 12, "9", HEART, RED) + chip


def duel_cards() -> str:
    """High card duel: two cards face off across a lightning bolt."""
    bolt = f'<path d="M54 14 L40 52 H52 L44 88 L64 44 H52 L60 14 Z" fill="{GOLD}" stroke="{GOLD_DARK}"/>'
    return _card(6, 26, -18, "K", HEART, RED) + _card(60, 26, 18, "A", SPADE, INK) + bolt


def _dragon_head(x: float, y: float, scale: float) -> str:
    return (
        f'<g transform="translate({x} {y}) scale({scale})">'
        f'<path d="M0 10 L10 -4 L26 0 L38 8 L28 12 L34 18 L18 20 L8 24 Z" fill="{GOLD}" stroke="{GOLD_DARK}" '
        'stroke-width="1.5" stroke-linejoin="round"/>'
        f'<path d="M10 -3 L4 -16 L16 -2 M18 -2 L16 -14 L24 0" fill="{CREAM}" stroke="{GOLD_DARK}" '
        'stroke-width="1"/>'
        '<circle cx="20" cy="6" r="2.4" fill="#8b0000"/>'
        f'<path d="M36 10 C46 14 48 24 42 30 M30 18 C36 26 34 34 28 38" fill="none" stroke="{CREAM}" '
        'stroke-width="1.6" stroke-linecap="round"/></g>'
    )


def dragon() -> str:
    """Golden Dragon: a coiled dragon chasing the flaming pearl."""
    body = "M14 86 C24 62 54 94 64 70 S40 42 50 30"
    return (
        f'<path d="{body}" fill="none" stroke="{GOLD_DARK}" stroke-width="15" stroke-linecap="round"/>'
        f'<path d="{body}" fill="none" stroke="{GOLD}" stroke-width="11" stroke-linecap="round"/>'
        f'<path d="{body}" fill="none" stroke="{CREAM}" stroke-width="3" stroke-dasharray="1 5" '
        'stroke-linecap="round"/>'
        f'<path d="M20 74 L16 66 L24 70 M40 80 L38 71 L45 76 M60 60 L66 54 L64 62" fill="{RED}"/>'
        + _dragon_head(44, 28, 1)
        + '<circle cx="84" cy="72" r="8" fill="#ffe9a8" stroke="#ff8c1a" stroke-width="3"/>'
        '<path d="M84 60 C80 54 86 50 84 44 C92 50 92 58 88 62 Z" fill="#ff8c1a"/>'
    )


def koi() -> str:
    """Lucky Koi: a koi curling over ripples, with a lotus pad."""
    return (
        '<ellipse cx="50" cy="80" rx="40" ry="9" fill="none" stroke="#bfe8ff" stroke-opacity=".55" '
        'stroke-width="2"/>'
        '<ellipse cx="50" cy="80" rx="26" ry="5" fill="none" stroke="#bfe8ff" stroke-opacity=".45" '
        'stroke-width="2"/>'
        '<path d="M14 84 C14 74 34 72 36 80 C30 82 22 86 14 84 Z" fill="#3fae5a"/>'
        '<path d="M16 48 C24 26 56 22 72 38 L92 26 L86 46 L94 64 L72 54 C58 70 26 70 16 48 Z" '
        f'fill="{WHITE}" stroke="#e0e0e0"/>'
        '<path d="M34 32 C44 28 54 32 56 42 C48 46 40 40 34 32 Z '
        'M48 56 C56 52 64 54 68 50 C64 60 54 62 48 56 Z M74 38 L90 28 L86 44 Z" fill="#ff6b1a"/>'
        '<path d="M40 60 L34 74 L48 62 Z M44 34 L40 20 L54 30 Z" fill="#ff8f4d"/>'
        f'<circle cx="26" cy="44" r="3" fill="{INK}"/>'
        '<path d="M18 50 C12 52 8 58 10 62 M20 52 C16 58 16 62 18 66" fill="none" stroke="#ff8f4d" '
        'stroke-width="1.5" stroke-linecap="round"/>'
    )


def pyramid() -> str:
    """Pharaoh's Fortune: a golden pyramid under the sun, the eye at its top."""
    rays = "".join(
        f'<path d="M50 34 L{_polar(50, 34, 48, a - 4)} L{_polar(50, 34, 48, a + 4)} Z"/>'
        for a in range(180, 361, 30)
    )
    bricks = "".join(
        f'<path d="M{50 - (y - 22) * 0.62:.1f} {y} H{50 + (y - 22) * 0.62:.1f}"/>' for y in (48, 62, 76)
    )
    return (
        f'<g fill="{CREAM}" fill-opacity=".35">{rays}</g>'
        '<path d="M6 90 L50 22 L94 90 Z" fill="#f2c14e"/>'
        '<path d="M50 22 L94 90 H50 Z" fill="#c8922a"/>'
        f'<g stroke="{GOLD_DARK}" stroke-width="1.5">{bricks}</g>'
        f'<path d="M36 44 Q50 32 64 44 Q50 56 36 44 Z" fill="{WHITE}" stroke="{INK}" stroke-width="2"/>'
        '<circle cx="50" cy="44" r="5" fill="#1e5aa8"/><circle cx="50" cy="44" r="2" fill="#0b1020"/>'
        f'<path d="M50 52 V62 M46 60 C48 64 52 64 54 60" fill="none" stroke="{INK}" stroke-width="2"/>'
    )


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + i * 36)
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def neon() -> str:
    """Neon Nights: a glowing neon star around a seven."""
    star = _star(50, 52, 46, 20)
    seven = "M36 36 H64 L46 74"
    return (
        '<defs><filter id="m-glow" x="-30%" y="-30%" width="160%" height="160%">'
        '<feGaussianBlur stdDeviation="2.5" result="b"/>'
        '<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>'
        f'<g filter="url(#m-glow)" fill="none" stroke-linecap="round" stroke-linejoin="round">'
        f'<polygon points="{star}" stroke="#2ee6ff" stroke-width="4"/>'
        f'<path d="{seven}" stroke="#ff3ea5" stroke-width="8"/>'
        f'<path d="{seven}" stroke="#ffd1ec" stroke-width="2.5"/></g>'
    )


def fruit() -> str:
    """Fruit Fiesta: cherries in front of an orange slice."""
    segments = "".join(f'<path d="M70 36 L{_polar(70, 36, 17, a)}"/>' for a in range(0, 360, 60))
    return (
        '<circle cx="70" cy="36" r="22" fill="#ff9f1c"/><circle cx="70" cy="36" r="18" fill="#ffd166"/>'
        f'<g stroke="#ff9f1c" stroke-width="2">{segments}</g>'
        '<path d="M34 66 C38 44 46 30 56 18 M62 68 C60 48 58 32 56 18" fill="none" stroke="#4a7c2a" '
        'stroke-width="3" stroke-linecap="round"/>'
        '<path d="M56 18 C44 8 30 12 26 20 C38 24 48 22 56 18 Z" fill="#5cb85c"/>'
        '<circle cx="32" cy="74" r="15" fill="#d90429"/><circle cx="64" cy="76" r="15" fill="#ef233c"/>'
        f'<path d="M24 68 C26 64 30 62 33 63 M56 70 C58 66 62 64 65 65" fill="none" stroke="{WHITE}" '
        'stroke-opacity=".8" stroke-width="3" stroke-linecap="round"/>'
    )


def viking() -> str:
    """Viking Raid: a horned helmet over crossed axes."""
    axe = (
        '<path d="M20 94 L78 16" stroke="#8b5a2b" stroke-width="5" stroke-linecap="round"/>'
        '<path d="M70 8 C84 8 94 20 92 34 L74 26 Z" fill="#cfd8e3" stroke="#6b7a8f" stroke-width="1.5"/>'
    )
    return (
        axe
        + f'<g transform="matrix(-1 0 0 1 100 0)">{axe}</g>'
        + '<path d="M26 56 C12 52 6 36 12 20 C16 34 24 42 34 46 Z '
        'M74 56 C88 52 94 36 88 20 C84 34 76 42 66 46 Z" '
        f'fill="{CREAM}" stroke="#c9b98a" stroke-width="1.5"/>'
        '<path d="M24 64 C24 36 76 36 76 64 Z" fill="#9aa9bb" stroke="#5b6b80" stroke-width="2"/>'
        '<rect x="22" y="60" width="56" height="9" rx="3" fill="#c8922a"/>'
        '<path d="M46 60 H54 V86 L50 90 L46 86 Z" fill="#7b8ba0"/>'
        f'<g fill="{GOLD}"><circle cx="30" cy="64.5" r="2"/><circle cx="70" cy="64.5" r="2"/></g>'
    )


def _seven(x: float, y: float, size: float, colour: str) -> str:
    s = size
    return (
        f'<path d="M{x} {y} H{x + s} L{x + s * 0.4} {y + s * 1.4}" fill="none" stroke="{colour}" '
        f'stroke-width="{s * 0.28:.1f}" stroke-linejoin="round" stroke-linecap="round"/>'
    )


def slot_machine() -> str:
    """Any slot: a cabinet with three reels and its lever."""
    reels = (
        '<rect x="22" y="38" width="16" height="26" rx="2" fill="#fff"/>'
        '<rect x="42" y="38" width="16" height="26" rx="2" fill="#fff"/>'
        '<rect x="62" y="38" width="16" height="26" rx="2" fill="#fff"/>'
        + _seven(25, 43, 10, RED)
        + _seven(45, 43, 10, RED)
        + '<circle cx="67" cy="56" r="4" fill="#d90429"/><circle cx="73" cy="57" r="4" fill="#ef233c"/>'
        '<path d="M67 52 C68 46 70 44 72 42 M73 53 L72 42" stroke="#2f7a2a" stroke-width="1.3" fill="none"/>'
    )
    return (
        '<path d="M84 58 V26" stroke="#9aa9bb" stroke-width="4" stroke-linecap="round"/>'
        f'<circle cx="84" cy="22" r="6" fill="{RED}"/>'
        '<rect x="14" y="20" width="72" height="70" rx="10" fill="#c8922a" stroke="#8a5f12" '
        'stroke-width="2"/>'
        '<path d="M14 30 C14 8 86 8 86 30 Z" fill="#e14b5a"/>'
        f'<rect x="34" y="14" width="32" height="10" rx="5" fill="{CREAM}"/>'
        '<rect x="18" y="34" width="64" height="34" rx="4" fill="#2b2d42"/>' + reels + '<rect x="28" y="74" '
        'width="44" height="8" rx="4" fill="#2b2d42"/>'
    )


def _tiger_face(cx: float, cy: float) -> str:
    return (
        f'<g transform="translate({cx - 20} {cy - 20})">'
        '<path d="M4 8 L10 0 L16 6 Z M36 8 L30 0 L24 6 Z" fill="#e8871e"/>'
        '<circle cx="20" cy="22" r="17" fill="#f39c34"/>'
        '<path d="M20 6 V14 M12 8 L15 14 M28 8 L25 14 M3 20 H10 M3 26 H10 M37 20 H30 M37 26 H30" '
        f'stroke="{INK}" stroke-width="2.2" stroke-linecap="round"/>'
        f'<ellipse cx="20" cy="30" rx="9" ry="6" fill="{CREAM}"/>'
        f'<circle cx="14" cy="20" r="2.3" fill="{INK}"/><circle cx="26" cy="20" r="2.3" fill="{INK}"/>'
        '<path d="M17 27 H23 L20 30 Z" fill="#5a2a0a"/></g>'
    )


def dragon_tiger() -> str:
    """Dragon Tiger: a dragon's head and a tiger's face either side of VS."""
    return (
        '<circle cx="25" cy="50" r="23" fill="#b3122a" stroke="#f6c945" stroke-width="2.5"/>'
        '<circle cx="75" cy="50" r="23" fill="#1d3b8f" stroke="#f6c945" stroke-width="2.5"/>'
        + _dragon_head(9, 44, 0.72)
        + _tiger_face(75, 50)
        + f'<text x="50" y="57" font-size="17" font-weight="900" font-style="italic" text-anchor="middle" '
        f'font-family="sans-serif" fill="{GOLD}" stroke="{INK}" stroke-width="1" '
        'paint-order="stroke">VS</text>'
    )


def roulette() -> str:
    """Roulette: a wheel with red, black and one green pocket, and the ball."""
    pockets = []
    count = 18
    for i in range(count):
        a0, a1 = math.radians(i * 360 / count - 90), math.radians((i + 1) * 360 / count - 90)
        colour = "#1f9d55" if i == 0 else (RED if i % 2 else "#15151f")
        pockets.append(
            f'<path d="M{50 + 42 * math.cos(a0):.1f} {50 + 42 * math.sin(a0):.1f} '
            f"A42 42 0 0 1 {50 + 42 * math.cos(a1):.1f} {50 + 42 * math.sin(a1):.1f} "
            f"L{50 + 28 * math.cos(a1):.1f} {50 + 28 * math.sin(a1):.1f} "
            f'A28 28 0 0 0 {50 + 28 * math.cos(a0):.1f} {50 + 28 * math.sin(a0):.1f} Z" fill="{colour}"/>'
        )
    return (
        '<defs><radialGradient id="m-cone"><stop offset="0" stop-color="#ffe08a"/>'
        '<stop offset="1" stop-color="#a8741a"/></radialGradient></defs>'
        '<circle cx="50" cy="50" r="48" fill="#6b3a1e" stroke="#3d1f0d" stroke-width="2"/>'
        + "".join(pockets)
        + '<circle cx="50" cy="50" r="28" fill="url(#m-cone)"/>'
        '<path d="M50 30 V70 M30 50 H70" stroke="#7a5312" stroke-width="3" stroke-linecap="round"/>'
        f'<circle cx="50" cy="50" r="6" fill="{GOLD}" stroke="#7a5312" stroke-width="2"/>'
        f'<circle cx="71" cy="19" r="4" fill="{WHITE}" stroke="#bbb"/>'
    )


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}


def _die(x: float, y: float, size: float, angle: float, face: int) -> str:
    pips = "".join(
        f'<circle cx="{x + px * size:.1f}" cy="{y + py * size:.1f}" r="{size * 0.09:.1f}" '
        f'fill="{RED if face == 1 else INK}"/>'
        for px, py in _PIPS[face]
    )
    return (
        f'<g transform="rotate({angle} {x + size / 2} {y + size / 2})">'
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="{size * 0.18:.1f}" fill="{WHITE}" '
        f'stroke="#c9ced8" stroke-width="1.5"/>{pips}</g>'
    )


def dice() -> str:
    """Sic Bo: three dice."""
    return _die(8, 44, 34, -12, 5) + _die(58, 46, 34, 10, 3) + _die(32, 10, 34, 4, 6)


def fishing() -> str:
    """Fishing: a striped fish in the sights, bubbles rising."""
    return (
        '<path d="M6 92 C10 76 4 66 10 54 M16 94 C20 82 14 72 20 62" fill="none" stroke="#2fbf71" '
        'stroke-width="4" stroke-linecap="round"/>'
        '<g fill="none" stroke="#bfefff" stroke-width="2"><circle cx="86" cy="20" r="4"/>'
        '<circle cx="78" cy="10" r="2.5"/><circle cx="90" cy="8" r="2"/></g>'
        '<path d="M22 50 C30 30 62 28 72 48 L90 34 L86 50 L90 66 L72 54 C62 74 30 70 22 50 Z" '
        'fill="#ffb703"/>'
        f'<path d="M40 34 C36 44 36 56 40 66 M54 33 C50 44 50 56 54 67" stroke="{WHITE}" stroke-width="5" '
        'fill="none"/>'
        f'<circle cx="32" cy="46" r="3.2" fill="{INK}"/>'
        f'<g fill="none" stroke="{RED}" stroke-width="2.5">'
        '<circle cx="50" cy="50" r="30" stroke-opacity=".85"/>'
        '<path d="M50 14 V28 M50 72 V86 M14 50 H28 M72 50 H86"/></g>'
    )


def football() -> str:
    """Virtual football: a ball on the pitch's centre circle."""
    spokes = "".join(
        f'<path d="M{_polar(60, 52, 9, a)} L{_polar(60, 52, 20, a)}"/>'
        f'<polygon points="{_pentagon(*_centre(60, 52, 24, a + 36), 7)}"/>'
        for a in range(-90, 270, 72)
    )
    return (
        '<path d="M4 84 L24 58 H76 L96 84 Z" fill="#2e9e4f"/>'
        '<path d="M4 84 L24 58 H76 L96 84 Z M50 58 V84" fill="none" stroke="#e8ffe8" stroke-width="1.5"/>'
        '<ellipse cx="50" cy="70" rx="14" ry="5" fill="none" stroke="#e8ffe8" stroke-width="1.5"/>'
        f'<circle cx="60" cy="52" r="24" fill="{WHITE}" stroke="{INK}" stroke-width="2"/>'
        f'<polygon points="{_pentagon(60, 52, 9)}" fill="{INK}"/>'
        f'<defs><clipPath id="m-ball"><circle cx="60" cy="52" r="23"/></clipPath></defs>'
        f'<g stroke="{INK}" stroke-width="2" fill="{INK}" clip-path="url(#m-ball)">{spokes}</g>'
        '<path d="M18 40 H30 M12 48 H28 M20 56 H32" stroke="#e8ffe8" stroke-width="2.5" '
        'stroke-linecap="round"/>'
    )


def _pentagon(cx: float, cy: float, r: float) -> str:
    return " ".join(_polar(cx, cy, r, -90 + i * 72, ",") for i in range(5))


def arena() -> str:
    """Virtual arena: a game controller over crossed swords."""
    sword = (
        '<path d="M14 86 L80 20" stroke="#d7e1ec" stroke-width="6" stroke-linecap="round"/>'
        '<path d="M80 20 L88 12" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>'
        f'<path d="M18 74 L28 84 M12 92 L20 84" stroke="{GOLD}" stroke-width="5" stroke-linecap="round"/>'
    )
    return (
        sword
        + f'<g transform="matrix(-1 0 0 1 100 0)">{sword}</g>'
        + '<path d="M24 44 C30 38 70 38 76 44 C84 52 90 72 82 76 C76 80 70 70 64 66 H36 C30 70 24 80 18 76 '
        'C10 72 16 52 24 44 Z" fill="#3a2f8f" stroke="#a99cff" stroke-width="2"/>'
        f'<path d="M34 48 V60 M28 54 H40" stroke="{WHITE}" stroke-width="4" stroke-linecap="round"/>'
        '<circle cx="64" cy="50" r="3.5" fill="#ff4d6d"/><circle cx="71" cy="56" r="3.5" fill="#2ee6ff"/>'
        '<circle cx="57" cy="56" r="3.5" fill="#ffd23f"/><circle cx="64" cy="62" r="3.5" fill="#7bd389"/>'
    )


_BALL_COLOURS = ("#e63946", "#f4a261", "#2a9d8f", "#457b9d", "#9b5de5", "#f15bb5")


def lottery_balls(numbers: tuple[str, ...]) -> str:
    """Lottery: numbered balls in a row, the middle one forward. The numbers are the caller's."""
    count = len(numbers)
    radius = 19 if count <= 3 else (15 if count == 4 else 12)
    step = (100 - 2 * radius) / max(count - 1, 1)
    parts = [
        '<defs><radialGradient id="m-shine" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fff" '
        'stop-opacity=".85"/><stop offset=".4" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>'
    ]
    for i, number in enumerate(numbers):
        cx = radius + i * step if count > 1 else 50
        cy = 56 - (8 if i % 2 else 0)
        colour = _BALL_COLOURS[i % len(_BALL_COLOURS)]
        parts.append(
            f'<circle cx="{cx:.1f}" cy="{cy}" r="{radius}" fill="{colour}"/>'
            f'<circle cx="{cx:.1f}" cy="{cy}" r="{radius * 0.58:.1f}" fill="{WHITE}"/>'
            f'<text x="{cx:.1f}" y="{cy + radius * 0.24:.1f}" font-size="{radius * 0.68:.1f}" '
            f'font-weight="700" text-anchor="middle" font-family="sans-serif" fill="{INK}">{number}</text>'
            f'<circle cx="{cx:.1f}" cy="{cy}" r="{radius}" fill="url(#m-shine)"/>'
        )
    return "".join(parts)
