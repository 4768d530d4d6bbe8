"""Event names and room names, in one place (the client keeps the same map in realtime/events.ts)."""

from __future__ import annotations

BALANCE = "balance"
MESSAGES_UNREAD = "messages:unread"
SESSION_REVOKED = "session:revoked"
WINNERS = "winners"
LOTTERY_OPENED = "lottery:opened"
MISSIONS_LEADERBOARD = "missions:leaderboard"
SYSTEM_STATUS = "system:status"
# To the member: a deposit or withdrawal request's new status (a staff decision, a payout, their own step).
CASHIER_REQUEST = "cashier:request"
# To the merchant's room: a notice, banner, popup or announcement was published, changed or withdrawn.
NOTICES_CHANGED = "notices:changed"
# To the merchant's cashier desk (staff who may read the cashier): a deposit or withdrawal waits for them.
CONSOLE_CASHIER = "console:cashier"
# To the merchant's feedback desk (staff who read feedback): a member's feedback, an affiliate application.
CONSOLE_FEEDBACK = "console:feedback"
CONSOLE_APPLICATION = "console:application"
# Customer-service chat, in a conversation's rooms; console:chat to the merchant's support desk.
CHAT_MESSAGE = "chat:message"
CHAT_TYPING = "chat:typing"
CHAT_READ = "chat:read"
CHAT_ASSIGNED = "chat:assigned"
CHAT_CLOSED = "chat:closed"
CHAT_QUEUE = "chat:queue"
CONSOLE_CHAT = "console:chat"
# To the merchant's room: a mini-game session opened or closed, or its envelopes left (coalesced).
MINIGAMES_STATE = "minigames:state"


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


def conversation_room(conversation_id: int) -> str:
    """A chat's room: its player (member or visitor) and the merchant's support staff, by subscription."""
    return f"conversation:{conversation_id}"


def conversation_staff_room(conversation_id: int) -> str:
    """A chat's staff-only room (private notes): support staff of the merchant, by subscription."""
    return f"conversation:{conversation_id}:staff"


def conversation_of_room(room: str) -> tuple[int, bool] | None:
    """(conversation id, staff-only) of a conversation room, None for any other name."""
    prefix, _, rest = room.partition(":")
    if prefix != "conversation":
        return None
    number, _, suffix = rest.partition(":")
    if not number.isdigit() or len(number) > 15 or suffix not in ("", "staff"):
        return None
    return int(number), suffix == "staff"


def chat_desk_room(code: str) -> str:
    """Joined at connect by staff sockets whose role reads the support desk; never by subscription."""
    return f"console:{code}:chat"


def chat_supervisors_room(code: str) -> str:
    """Joined at connect by staff sockets whose role supervises the support desk (they list every live
    conversation, so they hear of every player message); never by subscription."""
    return f"console:{code}:chat:live"


# A signed-in socket's state: when (time.monotonic()) the hub authenticated its session at connect, so that a
# handler which re-reads the session now and then (chat:send) counts that read as its first.
SIGNED_IN_AT = "signed_in_at"
