"""How `make bench` prints a figure against its goal: one line each, the median of the rounds with their min
and max, in a form a reader and a script can both check:

    status / Starlette hello-world (goal >= 0.45)  0.52  (min 0.49, max 0.55; 3 rounds)  met

A figure whose rounds vary more than the gap to its goal is noise, not a result: the min and max say which.
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


@dataclass(frozen=True)
class Goal:
    figure: str
    op: Literal[">=", "<="]
    target: float
    rounds: Sequence[float]
    unit: str = ""

    @property
    def value(self) -> float:
        return statistics.median(self.rounds)

    @property
    def met(self) -> bool:
        return self.value >= self.target if self.op == ">=" else self.value <= self.target

    def line(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        digits = _digits(self.target)
        # Rounded away from the goal, so that a value just short of it never prints as the goal itself.
        scale = 10**digits
        away = math.floor if self.op == ">=" else math.ceil

        def shown(value: float) -> str:
            return f"{away(value * scale) / scale:.{digits}f}"

        spread = f"min {shown(min(self.rounds))}, max {shown(max(self.rounds))}; {len(self.rounds)} rounds"
        goal = f"(goal {self.op} {self.target:g}{unit})"
        verdict = "met" if self.met else "MISSED"
        return f"{self.figure} {goal}  {shown(self.value)}{unit}  ({spread})  {verdict}"


def _digits(target: float) -> int:
    """As many decimals as the goal needs to be told apart from its neighbours: 0.45 -> 2, 50 -> 1."""
    return 2 if target < 10 else 1 if target < 1000 else 0


def median_line(label: str, rounds: Sequence[float], unit: str) -> str:
    """A figure without a goal (a baseline, a reference), in the same shape."""
    return (
        f"{label}  {statistics.median(rounds):.1f} {unit}  "
        f"(min {min(rounds):.1f}, max {max(rounds):.1f}; {len(rounds)} rounds)"
    )


def summary(goals: Sequence[Goal]) -> str:
    missed = [g.figure for g in goals if not g.met]
    head = f"\n{len(goals) - len(missed)} of {len(goals)} goals met"
    return head + (": missed " + "; ".join(missed) if missed else "")
