"""Wire shapes of the feedback calls (times as millisecond timestamps, as every content call)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from server.content.feedback.models import Feedback
from server.http.core.envelope import WireModel

Category = Literal["SUGGESTION", "BUG", "PAYMENT", "GAME", "OTHER"]
Status = Literal["OPEN", "ANSWERED"]
CONTENT_MAX = 2000
ANSWER_MAX = 2000


def millis(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


class FeedbackIdOut(WireModel):
    id: int


class FeedbackOut(WireModel):
    id: int
    category: Category
    content: str
    images: int = Field(description="How many pictures: fetch each from /wps/feedback/{id}/images/{n}")
    status: Status
    answer: str | None
    created_at: int = Field(description="Milliseconds since 1970")
    answered_at: int | None = Field(description="Milliseconds since 1970")

    @classmethod
    def of(cls, item: Feedback) -> FeedbackOut:
        return cls(
            id=item.id,
            category=item.category,
            content=item.content,
            images=item.image_count,
            status=item.status,
            answer=item.answer,
            created_at=millis(item.created_at) or 0,
            answered_at=millis(item.answered_at),
        )


class FeedbackListOut(WireModel):
    list: list[FeedbackOut]


class FeedbackAdminOut(FeedbackOut):
    member_id: int
    username: str
    answered_by: str | None = Field(description="The staff login that answered")


class FeedbackPageOut(WireModel):
    list: list[FeedbackAdminOut]
    page_num: int
    total_pages: int
    total: int


class AnswerIn(WireModel):
    answer: str = Field(min_length=1, max_length=ANSWER_MAX)
