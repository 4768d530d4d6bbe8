"""Affiliate and agent applications from the /join page, and the staff desk that follows them up."""
