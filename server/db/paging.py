"""Paging arithmetic every listed page shares: an empty list is still one (empty) page."""

from __future__ import annotations


def page_count(total: int, page_size: int) -> int:
    return max(1, -(-total // page_size))
