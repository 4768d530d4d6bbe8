"""A prize table: checking what the console sends, and what a play costs the merchant on average.

Probabilities travel as percent strings with at most four decimals ("12.5", "0.0001") and are kept as parts
per million, so that "they sum to 100" is an exact integer test (1,000,000), never a float comparison."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from server.minigames.prizes.models import MONEY, NOTHING, POINTS, PPM, PRIZE_KINDS, TICKETS

MIN_PRIZES, MAX_PRIZES = 2, 12
MAX_WAGER_MULTIPLE = 50
MAX_VALUE = 1_000_000  # points or tickets one prize may give
_PERCENT = re.compile(r"^(0|[1-9][0-9]{0,2})(\.([0-9]{1,4}))?$")


@dataclass(frozen=True)
class PrizeAsk:
    """One row of the table as the console sent it (labels already checked by the wire model)."""

    kind: str
    amount: str | None
    value: int | None
    wager_multiple: int
    labels: Mapping[str, str]
    probability: str


def _bad(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def to_ppm(text: str, field: str = "probability") -> int:
    found = _PERCENT.match(text)
    if found is None:
        raise _bad(field, "probability")
    ppm = int(found[1]) * 10_000 + int((found[3] or "").ljust(4, "0"))
    if ppm > PPM:
        raise _bad(field, "probability")
    return ppm


def percent_text(ppm: int) -> str:
    """12.5 % for 125,000 parts per million; "100" and "0.0001" at the ends."""
    whole, rest = divmod(ppm, 10_000)
    return f"{whole}.{rest:04d}".rstrip("0").rstrip(".")


def _row(index: int, ask: PrizeAsk) -> dict[str, Any]:
    where = f"prizes.{index}"
    if ask.kind not in PRIZE_KINDS:
        raise _bad(f"{where}.kind", "kind")
    if not 0 <= ask.wager_multiple <= MAX_WAGER_MULTIPLE:
        raise _bad(f"{where}.wagerMultiple", "range")
    amount: int | None = None
    value: int | None = None
    if ask.kind == MONEY:
        if ask.amount is None or ask.value is not None:
            raise _bad(f"{where}.amount", "amount")
        amount = parse_amount(ask.amount, field=f"{where}.amount")
    else:
        if ask.amount is not None:
            raise _bad(f"{where}.amount", "amount")
        if ask.wager_multiple:
            raise _bad(f"{where}.wagerMultiple", "range")  # only money carries a wagering requirement
        if ask.kind in (POINTS, TICKETS):
            if ask.value is None or not 0 < ask.value <= MAX_VALUE:
                raise _bad(f"{where}.value", "value")
            value = ask.value
        elif ask.value is not None:
            raise _bad(f"{where}.value", "value")
    if not (ask.labels.get("EN") or "").strip():
        raise _bad(f"{where}.label.EN", "missing")
    return {
        "kind": ask.kind,
        "amount": amount,
        "value": value,
        "wagerMultiple": ask.wager_multiple,
        "labels": {str(k): str(v) for k, v in ask.labels.items()},
        "ppm": to_ppm(ask.probability, f"{where}.probability"),
    }


def validate(asks: Sequence[PrizeAsk]) -> list[dict[str, Any]]:
    """The stored table, or VALIDATION_ERROR naming the bad field, or PRIZE_TABLE_SUM with the sum sent."""
    if not MIN_PRIZES <= len(asks) <= MAX_PRIZES:
        raise _bad("prizes", "count")
    rows = [_row(index, ask) for index, ask in enumerate(asks)]
    total = sum(int(row["ppm"]) for row in rows)
    if total != PPM:
        raise AppError(errors.PRIZE_TABLE_SUM, value={"sum": percent_text(total)})
    return rows


def cost_of(prize: Mapping[str, Any], points_ratio: int) -> Fraction:
    """What one prize costs the merchant in minor units: money at face value, points at what they convert to
    (points per 1.00), raffle tickets nothing (the raffle's prizes are paid by the raffle)."""
    if prize["kind"] == MONEY:
        return Fraction(int(prize["amount"]))
    if prize["kind"] == POINTS:
        return Fraction(int(prize["value"]) * 100, points_ratio)
    return Fraction(0)


def expected_cost(prizes: Sequence[Mapping[str, Any]], points_ratio: int) -> int:
    """Minor units per play, rounded half up: the sum of each prize's probability times its cost."""
    total = sum(
        (Fraction(int(p["ppm"]), PPM) * cost_of(p, points_ratio) for p in prizes if p["kind"] != NOTHING),
        Fraction(0),
    )
    return int(total + Fraction(1, 2))


def pick(prizes: Sequence[Mapping[str, Any]], draw: int) -> int:
    """The index of the prize a draw in [0, 1,000,000) lands on: the prizes' parts laid end to end in table
    order (a prize of 0 parts is never drawn)."""
    if not 0 <= draw < PPM:
        raise ValueError("draw out of range")
    edge = 0
    for index, prize in enumerate(prizes):
        edge += int(prize["ppm"])
        if draw < edge:
            return index
    raise ValueError("the table does not sum to 1,000,000")
