"""Promotions: rules the server evaluates (sign-up, first-deposit and reload bonuses, the daily check-in),
their members' entries and rewards, and the wagering meter the wallet's bonus locks count with."""
