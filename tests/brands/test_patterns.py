"""The registration pattern catalogue, table-tested: every id accepts its samples and rejects the others."""

import re

import pytest

from server.brands.patterns import ANY, PATTERNS, matches

CASES: dict[int, tuple[list[str], list[str]]] = {
    0: (["anything goes", "!@#", "中文", ""], []),
    1: (["abc123", "Player1", "a"], ["1abc", "_abc", "ab c", "ab-c", "中文1"]),
    2: (["中文123", "玩家", "2024"], ["abc", "中文a", "中 文"]),
    3: (["a.b+c@example.com", "x@mail.co.uk"], ["a@b", "a@@b.com", "a b@c.com", "@b.com", "a@-b.com"]),
    4: (["abc123", "ABC", "123"], ["abc_123", "abc 123", "中文", "abc!"]),
    5: (["Demo1234", "pass1!", "1a"], ["abcdef", "123456", "abc 123", "密码1a"]),
    6: (["0", "0917123456"], ["12a", "+63", "1 2", "١٢٣"]),
    7: (["Abc123", "ABC"], ["abc123", "Abc-123", "Ab c"]),
    8: (["John Smith", "Ann"], ["José", "John3", "Ann-Lee"]),
    9: (["no-spaces_here!", "中文"], ["has space", "tab\there", " lead"]),
    10: (["中文，标点。", "你好！", "张·三"], ["abc", "中文1"]),
    11: (["2024-02-29", "1999-12-31"], ["2023-02-29", "2024-13-01", "24-01-01", "2024/01/01"]),
    12: (["José Rizal", "Nguyễn Văn An", "Ana"], ["Ana1", "张三", "Ana_B"]),
    13: (["02-29-2024", "12-31-1999"], ["02-29-2023", "2024-01-01", "13-01-2024"]),
    14: (["Nguyễn123", "abc", "123"], ["abc 123", "abc!", "中文"]),
    15: (["김철수", "한국어"], ["Kim", "김 철수", "김1"]),
    16: (["สมชาย", "ภาษาไทย"], ["Somchai", "สม ชาย", "ไทย1"]),
    17: (["สมชาย Jaidee", "Somchai", "ไทย"], ["สมชาย1", "Nguyễn"]),
    18: (["JUAN DELA CRUZ", "A"], ["Juan", "123", "   ", "JUAN1"]),
    19: (["Abc!@#123", "~`{}"], ["abc 123", "中文", "é"]),
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
