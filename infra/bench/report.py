"""How `make bench` prints a figure against its goal: one line each, the median of the rounds with their min
and max, in a form a reader and a script can both check:

    status / Starlette hello-world (goal >= 0.45)  0.52  (min 0.49, max 0.55; 3 rounds)  met

A figure whose rounds vary more than the gap to its goal is noise, not a result: the min and max say which.

A round that got no answers (NaN, an infinity from a zero baseline, no round at all) is not a figure: the line
says so and the goal counts as missed, whatever the other rounds say (a part that could not keep its load did
not meet it). A part that failed outright is a `Goal.failed`: its name, its error, MISSED.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

LINE = re.compile(
    r"^(?P<figure>.+) \(goal (?P<op>>=|<=) (?P<target>[\d.]+)(?: (?P<unit>\S+))?\)\s+(?P<value>[\d.]+)"
)
NO_ANSWERS = "no answers"


def _finite(rounds: Sequence[float]) -> list[float]:
    return [r for r in rounds if isinstance(r, int | float) and math.isfinite(r)]


@dataclass(frozen=True)
class Goal:
    figure: str
    op: Literal[">=", "<="]
    target: float
    rounds: Sequence[float]
    unit: str = ""
    error: str = ""  # why the part measured nothing (an exception, a skip); set by `failed`

    @classmethod
    def failed(cls, figure: str, error: str) -> Goal:
        """A part that gave no figure at all: it is listed, and missed."""
        return cls(figure, ">=", 0, [], error=error or "failed")

    @property
    def answered(self) -> list[float]:
        """The rounds that measured something."""
        return _finite(self.rounds)

    @property
    def value(self) -> float:
        """The median of the rounds that measured something; NaN when none did."""
        answered = self.answered
        return statistics.median(answered) if answered else math.nan

    @property
    def met(self) -> bool:
        if self.error or not self.rounds or len(self.answered) != len(self.rounds):
            return False
        return self.value >= self.target if self.op == ">=" else self.value <= self.target

    def line(self) -> str:
        if self.error:
            return f"{self.figure} (part failed: {self.error})  MISSED"
        unit = f" {self.unit}" if self.unit else ""
        goal = f"(goal {self.op} {self.target:g}{unit})"
        answered = self.answered
        if not answered:
            return f"{self.figure} {goal}  {NO_ANSWERS}  ({len(self.rounds)} rounds)  MISSED"
        digits = _digits(self.target)
        # Rounded away from the goal, so that a value just short of it never prints as the goal itself.
        scale = 10**digits
        away = math.floor if self.op == ">=" else math.ceil

        def shown(value: float) -> str:
            return f"{away(value * scale) / scale:.{digits}f}"

        spread = f"min {shown(min(answered))}, max {shown(max(answered))}; {len(self.rounds)} rounds"
        silent = len(self.rounds) - len(answered)
        if silent:
            spread += f", {silent} with {NO_ANSWERS}"
        verdict = "met" if self.met else "MISSED"
        return f"{self.figure} {goal}  {shown(self.value)}{unit}  ({spread})  {verdict}"


def _digits(target: float) -> int:
    """As many decimals as the goal needs to be told apart from its neighbours: 0.45 -> 2, 50 -> 1."""
    return 2 if target < 10 else 1 if target < 1000 else 0


def median_line(label: str, rounds: Sequence[float], unit: str, *, digits: int = 1) -> str:
    """A figure without a goal (a baseline, a reference), in the same shape."""
    answered = _finite(rounds)
    if not answered:
        return f"{label}  {NO_ANSWERS}  ({len(rounds)} rounds)"
    silent = len(rounds) - len(answered)
    extra = f", {silent} with {NO_ANSWERS}" if silent else ""
    unit = f" {unit}" if unit else ""
    middle, low, high = statistics.median(answered), min(answered), max(answered)
    return (
        f"{label}  {middle:.{digits}f}{unit}  "
        f"(min {low:.{digits}f}, max {high:.{digits}f}; {len(rounds)} rounds{extra})"
    )


def ratios(numerators: Sequence[float], denominators: Sequence[float]) -> list[float]:
    """Round-by-round ratios; a round whose baseline answered nothing is NaN (no answers), not a crash."""
    pairs = zip(numerators, denominators, strict=True)
    return [a / b if b and math.isfinite(b) else math.nan for a, b in pairs]


def summary(goals: Sequence[Goal]) -> str:
    missed = [g.figure for g in goals if not g.met]
    head = f"\n{len(goals) - len(missed)} of {len(goals)} goals met"
    return head + (": missed " + "; ".join(missed) if missed else "")
