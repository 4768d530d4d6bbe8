"""Player protection (issue 34)."""
