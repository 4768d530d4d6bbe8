"""A mission as the portal shows it: its period and each task's progress for the member."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from server.http.core.money import format_amount
from server.promotions import kinds, missions, schemas
from server.promotions.models import Promotion


def _ms(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


def _unit(task: dict[str, object], value: int) -> str:
    return str(value) if task["type"] in kinds.COUNTED_TASKS else format_amount(value)


async def mission_out(
    session: AsyncSession,
    promotion: Promotion,
    member_id: int,
    shown_as: schemas.PromotionCardOut,
    now: datetime,
) -> schemas.MissionOut:
    found, tasks = await missions.progress(session, promotion, member_id, now)
    return schemas.MissionOut(
        promotion=shown_as,
        period_key=found.key,
        starts_at=int(found.starts_at.timestamp() * 1000),
        ends_at=_ms(found.ends_at),
        tasks=[
            schemas.TaskProgressOut(
                index=task.index,
                type=task.task["type"],
                target=kinds.task_target_text(task.task),
                category=task.task.get("category"),
                progress=_unit(task.task, task.progress),
                done=task.done,
                claimed=task.claimed,
                reward=format_amount(int(task.task["reward"])) if task.task.get("reward") else None,
                tickets=task.task.get("tickets"),
                raffle_id=task.task.get("raffleId"),
            )
            for task in tasks
        ],
        leaderboard=bool(promotion.params.get("leaderboard")),
    )
