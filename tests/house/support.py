"""A random source that plays back chosen numbers, to put a game into an exact situation."""

from __future__ import annotations

from server.house.engine.fair import RandomSource


class Scripted(RandomSource):
    """Returns the given numbers in order, then 0; records every bound it was asked for."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.bounds: list[int] = []

    def randbelow(self, n: int) -> int:
        self.bounds.append(n)
        value = self.values.pop(0) if self.values else 0
        assert 0 <= value < n, (value, n)
        return value
