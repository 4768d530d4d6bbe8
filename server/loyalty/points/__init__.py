"""Points: earned from settled valid bets at the category rates, never expiring; the points mall."""
