"""The wire shapes of missions and their leaderboards (portal times in milliseconds since 1970)."""

from __future__ import annotations

from pydantic import Field

from server.http.core.envelope import WireModel
from server.promotions.kinds import WagerCategory
from server.promotions.schemas import MissionOut


class MissionSummaryOut(WireModel):
    count: int = Field(description="Tasks done and not yet claimed, over every running mission: the badge")
    list: list[MissionOut]


class BoardRowOut(WireModel):
    rank: int
    name: str = Field(description="The member's masked user name")
    score: str = Field(description="Valid turnover in the period")
    prize: str | None
    tag: str = Field(description="An opaque per-board id of the member (me.tag finds the reader's row)")


class StandingOut(WireModel):
    rank: int | None = Field(description="None: no turnover on this board yet")
    score: str
    tag: str


class BoardOut(WireModel):
    promotion_id: int
    title: str
    period_key: str
    starts_at: int
    ends_at: int | None
    prizes: list[str]
    category: WagerCategory | None
    rows: list[BoardRowOut]
    me: StandingOut | None = Field(description="The reader's standing; none for visitors")
    room: str = Field(description="Subscribe to it for missions:leaderboard pushes")


class BoardListOut(WireModel):
    list: list[BoardOut]
