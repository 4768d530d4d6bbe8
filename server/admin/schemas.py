from __future__ import annotations

from datetime import datetime

from pydantic import Field, model_validator

from server.http.core.envelope import WireModel


class MaintenanceIn(WireModel):
    on: bool = Field(description="Maintenance now, until switched off")
    start: datetime | None = Field(default=None, description="Or a scheduled window: its start (UTC)")
    end: datetime | None = Field(default=None, description="The window's end; open-ended when absent")

    @model_validator(mode="after")
    def _window(self) -> MaintenanceIn:
        for moment in (self.start, self.end):
            if moment is not None and moment.tzinfo is None:
                raise ValueError("times must carry a time zone")
        if self.start and self.end and self.end <= self.start:
            raise ValueError("end must come after start")
        if self.end and not self.start:
            raise ValueError("a window needs its start")
        return self


class MaintenanceOut(WireModel):
    on: bool
    start: datetime | None
    end: datetime | None
    announced: bool = Field(description="Open pages were told of a change")


class SmsOut(WireModel):
    id: int
    phone: str
    purpose: str
    text: str
    created_at: datetime


class EmailOut(WireModel):
    id: int
    to_address: str
    subject: str
    body: str
    created_at: datetime
