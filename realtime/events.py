"""Event names and room names, in one place (the client keeps the same map in realtime/events.ts)."""

from __future__ import annotations

BALANCE = "balance"
MESSAGES_UNREAD = "messages:unread"
SESSION_REVOKED = "session:revoked"
WINNERS = "winners"
LOTTERY_OPENED = "lottery:opened"
MISSIONS_LEADERBOARD = "missions:leaderboard"
SYSTEM_STATUS = "system:status"
# To the merchant's cashier desk (staff who may read the cashier): a deposit or withdrawal waits for them.
CONSOLE_CASHIER = "console:cashier"
# To the merchant's feedback desk (staff who read feedback): a member's feedback, an affiliate application.
CONSOLE_FEEDBACK = "console:feedback"
CONSOLE_APPLICATION = "console:application"


def user_room(member_id: int) -> str:
    return f"user:{member_id}"


def user_of_room(room: str) -> int | None:
    """The member a user room belongs to (a staff console watching a member subscribes to it)."""
    prefix, _, rest = room.partition(":")
    return int(rest) if prefix == "user" and rest.isdigit() and len(rest) <= 15 else None


def staff_room(staff_id: int) -> str:
    return f"staff:{staff_id}"


def session_room(session_id: int) -> str:
    return f"session:{session_id}"


def console_room(code: str) -> str:
    """Joined at connect by staff sockets whose role reads the cashier; never by subscription."""
    return f"console:{code}"


def feedback_desk_room(code: str) -> str:
    """Joined at connect by staff sockets whose role reads feedback; never by subscription."""
    return f"console:{code}:feedback"


def merchant_room(code: str) -> str:
    return f"merchant:{code}"


def lottery_room(game_code: str) -> str:
    return f"lottery:{game_code}"
