"""The staff accounts' wire models."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from server.http.core.envelope import WireModel

Role = Literal["OPERATOR", "FINANCE", "SUPPORT", "AUDITOR"]


class StaffOut(WireModel):
    id: int
    username: str
    nickname: str | None
    role: str
    disabled: bool
    otp_enabled: bool
    created_at: datetime


class StaffIn(WireModel):
    username: str = Field(pattern=r"^[A-Za-z0-9_]{3,32}$")
    password: str = Field(min_length=10, max_length=128, description="At least 10 characters")
    role: Role
    nickname: str | None = Field(default=None, max_length=64)


class StaffRoleIn(WireModel):
    role: Role


class StaffStatusIn(WireModel):
    disabled: bool
