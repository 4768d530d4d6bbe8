"""Reading one stored picture of a member's submission (a feedback's, a promotion application's): scoped to
the merchant through the submission it belongs to, and to the member when a member asks. Anyone else's is
answered exactly as one that does not exist, with the feature's own not-found code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from server.http.core.errors import AppError, ErrorCode

PictureT = TypeVar("PictureT")


@dataclass(frozen=True)
class PictureTable(Generic[PictureT]):
    """Where a feature keeps its pictures: the picture table, the submission (one member's row of a merchant)
    each picture belongs to, and the code a picture nobody may see is answered with."""

    picture: type[PictureT]
    position: InstrumentedAttribute[int]
    # The picture's column naming its submission, and the submission's id, merchant and member columns.
    link: InstrumentedAttribute[int]
    owner: InstrumentedAttribute[int]
    owner_merchant: InstrumentedAttribute[int]
    owner_member: InstrumentedAttribute[int]
    not_found: ErrorCode

    async def read(
        self, session: AsyncSession, merchant_id: int, owner_id: int, position: int, *, member_id: int | None
    ) -> PictureT:
        """The picture at `position` of submission `owner_id` of this merchant (and of this member, when
        `member_id` is given): the not-found code for anyone else's, as for one that does not exist."""
        query = (
            select(self.picture)
            .join(self.owner.class_, self.owner == self.link)
            .where(
                self.owner == owner_id,
                self.owner_merchant == merchant_id,
                self.position == position,
            )
        )
        if member_id is not None:
            query = query.where(self.owner_member == member_id)
        found = await session.scalar(query)
        if found is None:
            raise AppError(self.not_found)
        return found
