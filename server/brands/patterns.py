"""The registration pattern catalogue (SPEC §5). It lives here once; the client receives the expressions
through the register rules and shows the message `reg_pattern_{id}` with min and max filled in.

Every expression is written so that Python's `re` and JavaScript's RegExp read it the same way
(\\uXXXX escapes, no Unicode property classes). Length is checked separately from the pattern.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

ANY = "*"  # SPEC §5: pattern '*' matches everything

_LATIN_LETTERS = "A-Za-z\\u00C0-\\u024F\\u1E00-\\u1EFF"
_HAN = "\\u4e00-\\u9fa5"
_HANGUL = "\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f"
_THAI = "\\u0e00-\\u0e7f"


@dataclass(frozen=True)
class Pattern:
    id: int
    meaning: str
    expression: str  # ANY or an anchored regular expression

    @property
    def message_key(self) -> str:
        return f"reg_pattern_{self.id}"


PATTERNS: dict[int, Pattern] = {
    p.id: p
    for p in (
        Pattern(0, "Any characters (length only)", ANY),
        Pattern(1, "First character a letter, then letters and digits", "^[A-Za-z][A-Za-z0-9]*$"),
        Pattern(2, "Chinese characters and digits", f"^[{_HAN}0-9]+$"),
        Pattern(
            3,
            "Mailbox format",
            "^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
            "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\\.[A-Za-z]{2,}$",
        ),
        Pattern(4, "Alphanumeric, no special characters", "^[A-Za-z0-9]+$"),
        Pattern(5, "Must combine letters and digits", "^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$"),
        Pattern(6, "Digits only", "^[0-9]+$"),
        Pattern(7, "Alphanumeric with at least one uppercase letter", "^(?=.*[A-Z])[A-Za-z0-9]+$"),
        Pattern(8, "English letters and spaces", "^[A-Za-z ]+$"),
        Pattern(9, "No spaces", "^\\S+$"),
        Pattern(
            10,
            "Chinese characters and punctuation",
            f"^[{_HAN}\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\u00b7\\u2014\\u2026\\u201c\\u201d]+$",
        ),
        Pattern(11, "Date yyyy-MM-dd", "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"),
        Pattern(12, "Letters and spaces", f"^[{_LATIN_LETTERS} ]+$"),
        Pattern(13, "Date MM-dd-yyyy", "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$"),
        Pattern(14, "Letters and digits only", f"^[{_LATIN_LETTERS}0-9]+$"),
        Pattern(15, "Korean only", f"^[{_HANGUL}]+$"),
        Pattern(16, "Thai only", f"^[{_THAI}]+$"),
        Pattern(17, "Thai or English with spaces", f"^[{_THAI}A-Za-z ]+$"),
        Pattern(18, "Uppercase letters and spaces, at least one English letter", "^(?=.*[A-Z])[A-Z ]+$"),
        Pattern(19, "Letters, digits and symbols", "^[\\x21-\\x7e]+$"),
    )
}

_COMPILED = {p.id: re.compile(p.expression) for p in PATTERNS.values() if p.expression != ANY}
_DATE_FORMATS = {11: "%Y-%m-%d", 13: "%m-%d-%Y"}


def matches(pattern_id: int, value: str) -> bool:
    """True when `value` has the shape pattern `pattern_id` asks for (dates must also exist)."""
    if pattern_id not in PATTERNS:
        raise KeyError(f"unknown pattern {pattern_id}")
    compiled = _COMPILED.get(pattern_id)
    if compiled is None:
        return True
    if compiled.fullmatch(value) is None:
        return False
    date_format = _DATE_FORMATS.get(pattern_id)
    if date_format is not None:
        try:
            datetime.strptime(value, date_format)
        except ValueError:
            return False
    return True


@dataclass(frozen=True)
class RegisterRule:
    """How one registration field is offered and checked (SPEC §3, registration rule per field)."""

    field: str
    enabled: bool
    required: bool
    min_length: int
    max_length: int
    pattern_id: int

    @property
    def accepted_pattern(self) -> str:
        return PATTERNS[self.pattern_id].expression
