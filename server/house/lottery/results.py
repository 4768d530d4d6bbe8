"""A draw's numbers and what each bet wins on them. Both are pure functions: the numbers follow from the
issue's seed (drawn from a CSPRNG when the issue opened, its SHA-256 published then), so anyone given the seed
after the draw can check the sheet; the payout follows from the sheet, the play and the odds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.house.engine.fair import FairRng
from server.house.lottery.catalogue import DIGITS5, DISTINCT_NUMBERS, TIERS, LotteryGame, PlayType

Tiers = list[dict[str, Any]]  # [{"tier": "special", "numbers": ["12345"]}, ...]


def draw(game: LotteryGame, issue_no: str, seed: str) -> Tiers:
    rng = FairRng(seed, f"{game.code}:{issue_no}", 0)
    seen: set[str] = set()
    sheet: Tiers = []
    for tier, count, digits in TIERS[game.draw_format]:
        numbers: list[str] = []
        while len(numbers) < count:
            number = str(rng.randbelow(10**digits)).zfill(digits)
            if game.draw_format in DISTINCT_NUMBERS and number in seen:
                continue
            seen.add(number)
            numbers.append(number)
        sheet.append({"tier": tier, "numbers": numbers})
    return sheet


def _special(sheet: Tiers) -> str:
    return str(sheet[0]["numbers"][0])


def winning_positions(game: LotteryGame, play: PlayType, pick: str, sheet: Tiers) -> list[tuple[str, int]]:
    """Where on the sheet this pick won: (tier, index of the number in the tier), once per prize number it
    won on; for the five balls, the balls the winning play reads."""
    if game.draw_format == DIGITS5:
        balls = [str(n) for n in sheet[0]["numbers"]]
        total = sum(int(b) for b in balls)
        read = {
            "D1": (pick == balls[0], [0]),
            "2D": (pick == "".join(balls[-2:]), [len(balls) - 2, len(balls) - 1]),
            "3D": (pick == "".join(balls[-3:]), [len(balls) - 3, len(balls) - 2, len(balls) - 1]),
            "BS": (pick == ("BIG" if total >= 23 else "SMALL"), list(range(len(balls)))),
            "OE": (pick == ("ODD" if total % 2 else "EVEN"), list(range(len(balls)))),
        }
        won, places = read[play.code]
        return [(str(sheet[0]["tier"]), i) for i in places] if won else []
    numbered = [(str(t["tier"]), i, str(n)) for t in sheet for i, n in enumerate(t["numbers"])]
    if play.code == "LO":
        return [(tier, i) for tier, i, number in numbered if number[-2:] == pick]
    if play.code in ("BIG", "SMALL"):
        paying = play.tier_odds[next(iter(play.tier_odds))]
        return [(tier, i) for tier, i, number in numbered if number == pick and tier in paying]
    special = _special(sheet)
    won = {
        "DE": special[-2:] == pick,
        "HEAD": special[-2] == pick,
        "TAIL": special[-1] == pick,
        "3D": special[-3:] == pick,
        "4D": special[-4:] == pick,
    }[play.code]
    return [("special", 0)] if won else []


def hits(game: LotteryGame, play: PlayType, pick: str, sheet: Tiers) -> list[str]:
    """The tiers this pick won on, once per winning prize number (a lô can win on several); the five balls
    pay once whichever balls they read."""
    positions = winning_positions(game, play, pick, sheet)
    if game.draw_format == DIGITS5:
        return ["balls"] if positions else []
    return [tier for tier, _ in positions]


@dataclass(frozen=True)
class Settled:
    win: int  # minor units
    hits: dict[str, int]  # pick -> how many times it won


def settle(
    game: LotteryGame,
    play: PlayType,
    prize_mode: str,
    picks: list[str],
    stake: int,
    sheet: Tiers,
    *,
    odds: int | None = None,
) -> Settled:
    """Each pick is its own stake; every hit pays stake x odds: the odds the bet was placed at (`odds`, else
    the catalogue's), or the odds of the tier it hit on where the play is tiered. Fractions of a minor unit
    go to the house (rounded down)."""
    flat = odds if odds is not None else play.odds[prize_mode]
    total = 0
    counted: dict[str, int] = {}
    tiered = play.tier_odds.get(prize_mode)
    for pick in picks:
        won = hits(game, play, pick, sheet)
        if not won:
            continue
        counted[pick] = len(won)
        for tier in won:
            total += stake * (tiered[tier] if tiered else flat) // 100
    return Settled(total, counted)
