"""Wire shapes of the /join application and the staff desk's calls (times as millisecond timestamps)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationInfo, field_validator

from server.content.applications.service import DeskRow
from server.content.feedback.schemas import millis
from server.http.core.envelope import WireModel

Kind = Literal["AFFILIATE", "AGENT"]
ContactType = Literal["MOBILE", "EMAIL", "TELEGRAM", "WHATSAPP", "LINE", "ZALO"]
Status = Literal["NEW", "CONTACTED", "CLOSED"]

# The same rules as the /join form (frontend/src/features/content/joinForm.ts).
_EMAIL = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")
_PHONE = re.compile(r"^\+?[0-9][0-9 ()-]{4,19}$")


def _filled(value: str) -> str:
    text = " ".join(value.split())
    if not text:
        raise ValueError("required")
    return text


OneLine = Annotated[str, AfterValidator(_filled)]


class ApplyIn(WireModel):
    kind: Kind
    name: Annotated[OneLine, Field(min_length=1, max_length=60)]
    contact_type: ContactType
    contact: Annotated[OneLine, Field(min_length=1, max_length=120)]
    message: Annotated[str, Field(max_length=1000), AfterValidator(str.strip)] = ""

    @field_validator("contact")
    @classmethod
    def _fits_its_type(cls, contact: str, info: ValidationInfo) -> str:
        kind = info.data.get("contact_type")
        if kind == "EMAIL" and not _EMAIL.match(contact):
            raise ValueError("not an e-mail address")
        if kind == "MOBILE" and not _PHONE.match(contact):
            raise ValueError("not a phone number")
        return contact


class ApplicationIdOut(WireModel):
    id: int


class ApplicationOut(WireModel):
    id: int
    kind: Kind
    name: str
    contact_type: ContactType
    contact: str
    message: str
    status: Status
    member_id: int | None = Field(description="The member who applied while signed in")
    username: str | None
    ip: str
    created_at: int = Field(description="Milliseconds since 1970")
    handled_by: str | None = Field(description="The staff login that last changed the status")
    handled_at: int | None = Field(description="Milliseconds since 1970")

    @classmethod
    def of(cls, row: DeskRow) -> ApplicationOut:
        item = row.item
        return cls(
            id=item.id,
            kind=item.kind,
            name=item.name,
            contact_type=item.contact_type,
            contact=item.contact,
            message=item.message,
            status=item.status,
            member_id=item.member_id,
            username=row.username,
            ip=item.ip,
            created_at=millis(item.created_at) or 0,
            handled_by=row.handled_by,
            handled_at=millis(item.handled_at),
        )


class ApplicationPageOut(WireModel):
    list: list[ApplicationOut]
    page_num: int
    total_pages: int
    total: int


class StatusIn(WireModel):
    status: Status
