"""The wire shapes of a raffle: what the portal's promotion detail carries (the commitment from the start; the
seed, the ticket ranges and the winners once drawn), the relay's claim, and the console's summary."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from server.http.core.envelope import WireModel
from server.http.core.wire_types import WireId


class RaffleRangeOut(WireModel):
    name: str = Field(description="The member's masked username")
    first: int = Field(description="The member's first ticket number (the first range starts at 0)")
    count: int


class RaffleWinnerOut(WireModel):
    rank: int = Field(description="0: the first prize")
    name: str = Field(description="The winner's masked username")
    ticket: int = Field(description="The winning ticket's number in the ranges")
    prize: str


class RaffleOut(WireModel):
    commitment: str = Field(description="Hex SHA-256 of the seed's hex text, published before the draw")
    draw_at: int = Field(description="Milliseconds since 1970: the promotion's end, when it is drawn")
    drawn: bool
    seed: str | None = Field(description="Hex, 32 bytes; null until drawn")
    tickets: int | None = Field(description="Every member's tickets together; null until drawn")
    my_tickets: int | None = Field(description="The reader's tickets (live until drawn); null for visitors")
    ranges: list[RaffleRangeOut] = Field(description="Once drawn: the ticket ranges, by member id")
    winners: list[RaffleWinnerOut] = Field(description="Once drawn: by rank")


class RaffleClaimIn(WireModel):
    promotion_id: WireId


class RaffleAdminRangeOut(WireModel):
    member_id: int
    username: str
    first: int
    count: int


class RaffleAdminWinnerOut(WireModel):
    rank: int
    member_id: int
    username: str
    ticket: int
    prize: str


class RaffleAdminOut(WireModel):
    promotion_id: int
    commitment: str
    draw_at: datetime
    drawn_at: datetime | None
    seed: str | None = Field(description="Null until drawn")
    tickets: int
    ranges: list[RaffleAdminRangeOut]
    winners: list[RaffleAdminWinnerOut]
