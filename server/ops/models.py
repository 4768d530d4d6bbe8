"""Operational bookkeeping that belongs to the platform, not to one merchant."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, UtcDateTime


class JobRun(Base):
    """The last run of each scheduled job, whichever runner (in-process or Celery) ran it."""

    __tablename__ = "job_runs"

    job: Mapped[str] = mapped_column(String(64), primary_key=True)
    runs: Mapped[int] = mapped_column(Integer, default=0)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    last_started_at: Mapped[datetime] = mapped_column(UtcDateTime())
    last_finished_at: Mapped[datetime] = mapped_column(UtcDateTime())
    last_ok: Mapped[bool] = mapped_column(Boolean)
    last_runner: Mapped[str] = mapped_column(String(16))
    last_detail: Mapped[str | None] = mapped_column(Text, nullable=True)
