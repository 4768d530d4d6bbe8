"""A house slot title as its screen sees it: the machine it is drawn from (symbols, paylines, paytable,
features, volatility and exact return) and a paid round's outcome, free spins included, as recorded and
shown. plays.py dispatches here for the SLOT game type."""

from __future__ import annotations

from typing import Any

from server.house.engine import slot, slot_math, slots
from server.house.engine.fair import RandomSource
from server.house.engine.slots.base import SlotTitle
from server.http.core.money import format_amount


def title_of(game_code: str) -> SlotTitle | None:
    return slots.BY_CODE.get(game_code)


def config(title: SlotTitle, line_bets: tuple[int, ...]) -> dict[str, Any]:
    machine = title.config
    feature = machine.free_spins
    rtp = slot_math.exact_rtp(machine)
    return {
        "lines": len(machine.paylines),
        "lineBets": [format_amount(b) for b in line_bets],
        "rows": slot.ROWS,
        "reels": len(machine.reels),
        # The paying symbols from the wild down, then the scatter: the order the paytable is shown in.
        "symbols": [*machine.paytable, machine.scatter],
        "paylines": [list(line) for line in machine.paylines],
        "paytable": {sym: {str(k): v for k, v in pays.items()} for sym, pays in machine.paytable.items()},
        "wild": machine.wild,
        "scatter": machine.scatter,
        "scatterPays": {str(k): v for k, v in machine.scatter_pays.items()},
        "wildMultiplier": machine.wild_multiplier,
        "freeSpins": (
            None
            if feature is None
            else {
                "spins": feature.spins,
                "multiplier": feature.multiplier,
                "retrigger": feature.retrigger,
                "trigger": feature.trigger,
            }
        ),
        "volatility": title.volatility,
        # For display only: the exact figure is a Fraction (slot_math.exact_rtp).
        "rtp": f"{float(rtp * 100):.2f}",
    }


def _spin(result: slot.SpinResult) -> dict[str, Any]:
    return {
        "grid": [list(column) for column in result.grid],
        "lineWins": [
            {"line": w.line, "symbol": w.symbol, "count": w.count, "amount": format_amount(w.amount)}
            for w in result.line_wins
        ],
        "scatterWin": format_amount(result.scatter_win),
    }


def play(title: SlotTitle, rng: RandomSource, line_bet: int) -> tuple[int, int, dict[str, Any]]:
    """(stake, win, outcome) of one paid round: the base spin's fields as before, then its free spins, each
    with its own grid, wins and multiplier (already applied to its amounts), in the order played."""
    machine = title.config
    played = slot.play(machine, rng, line_bet)
    retriggers = machine.free_spins is not None and machine.free_spins.retrigger
    free_spins = [
        _spin(free)
        | {
            "win": format_amount(free.total_win),
            "multiplier": free.multiplier,
            "retrigger": retriggers and slot.triggers(machine, free),
        }
        for free in played.free_spins
    ]
    outcome = _spin(played.base) | {
        "baseWin": format_amount(played.base.total_win),
        "freeSpins": free_spins,
        "freeSpinsWin": format_amount(played.total_win - played.base.total_win),
    }
    return played.total_bet, played.total_win, outcome
