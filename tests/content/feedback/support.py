"""What the feedback tests share: logins, a multipart send, and what the database holds."""

from __future__ import annotations

from collections.abc import Sequence

import httpx
from sqlalchemy import func, select

from server.content.feedback.models import Feedback, FeedbackImage
from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for

FEEDBACK = "/wps/feedback"
DESK = "/wps/admin/feedback"


async def staff(db: Database, username: str = "support1", merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username, staff=True), merchant)


async def member(db: Database, username: str = "player1", merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username), merchant)


async def send(
    client: httpx.AsyncClient,
    headers: dict[str, str],
    *,
    category: str = "BUG",
    content: str = "The wheel froze after my bet",
    files: Sequence[tuple[str, bytes, str]] = (),
) -> httpx.Response:
    """PUT /wps/feedback as a browser's FormData sends it: each picture under the same field name."""
    return await client.put(
        FEEDBACK,
        data={"category": category, "content": content},
        files=[("images", file) for file in files] or None,
        headers=headers,
    )


async def stored(db: Database) -> tuple[int, int]:
    """(feedback rows, picture rows) in the database."""
    async with db.read_session() as session:
        items = await session.scalar(select(func.count()).select_from(Feedback))
        pictures = await session.scalar(select(func.count()).select_from(FeedbackImage))
    return int(items or 0), int(pictures or 0)


async def pictures_of(db: Database, feedback_id: int) -> list[FeedbackImage]:
    async with db.read_session() as session:
        return list(
            await session.scalars(
                select(FeedbackImage)
                .where(FeedbackImage.feedback_id == feedback_id)
                .order_by(FeedbackImage.position)
            )
        )
