"""Invite friends: a player's link, the invitees and the rewards for those who qualify."""
