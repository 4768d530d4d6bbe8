"""Platform messages (messageV2): the member's inbox, its unread count, staff sends and system messages."""
