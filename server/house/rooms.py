"""The house's rooms that anyone may follow: a real lottery game's draws, or a real table of the socket's own
merchant (rooms of other merchants, or made-up names, would let one socket fill the server with rooms)."""

from __future__ import annotations

from server.house.config import LIVE_TABLES
from server.house.lottery.catalogue import GAMES_BY_CODE as LOTTERY_GAMES
from server.house.tables import room as table_room


def is_public_topic(topic: str, merchant: str) -> bool:
    if topic.startswith("lottery:"):
        return topic.removeprefix("lottery:") in LOTTERY_GAMES
    return any(topic == table_room(merchant, table) for table in LIVE_TABLES)


def no_public_topic(topic: str, merchant: str) -> bool:
    """Where the house is switched off there are no games to follow."""
    return False
