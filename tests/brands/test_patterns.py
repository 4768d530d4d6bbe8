"""The registration pattern catalogue, table-tested: every id accepts its samples and rejects the others."""

import json
import re
from pathlib import Path

import pytest

from server.brands.patterns import ANY, PATTERNS, matches

# Shared with the browser's copy of the rules: frontend/src/features/account/validation.test.ts runs the
# same samples through JavaScript's RegExp with the expressions stored here.
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "pattern_cases.json"
_TABLE = json.loads(FIXTURE.read_text())
CASES: dict[int, tuple[list[str], list[str]]] = {
    int(k): (v["accepted"], v["rejected"]) for k, v in _TABLE.items()
}


def test_every_catalogue_id_is_tested() -> None:
    assert set(CASES) == set(PATTERNS) == set(range(20))


@pytest.mark.parametrize("pattern_id", sorted(CASES))
def test_pattern_accepts_and_rejects(pattern_id: int) -> None:
    accepted, rejected = CASES[pattern_id]
    for value in accepted:
        assert matches(pattern_id, value), f"pattern {pattern_id} should accept {value!r}"
    for value in rejected:
        assert not matches(pattern_id, value), f"pattern {pattern_id} should reject {value!r}"


def test_expressions_are_anchored_and_portable() -> None:
    for pattern in PATTERNS.values():
        if pattern.expression == ANY:
            continue
        assert pattern.expression.startswith("^")
        assert pattern.expression.endswith("$")
        # No Python-only syntax: named groups, inline flags, possessive quantifiers or \p classes.
        assert not re.search(r"\(\?P|\(\?[aiLmsux]|\\p\{|\+\+|\*\+", pattern.expression)
        assert pattern.message_key == f"reg_pattern_{pattern.id}"


def test_unknown_pattern_is_an_error() -> None:
    with pytest.raises(KeyError):
        matches(20, "x")


def test_the_shared_table_carries_the_current_expressions() -> None:
    assert {int(k): v["expression"] for k, v in _TABLE.items()} == {
        p.id: p.expression for p in PATTERNS.values()
    }
