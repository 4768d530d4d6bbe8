"""The lucky wheel and the golden egg: prize tables, plays earned by deposit, turnover and check-in."""
