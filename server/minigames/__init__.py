"""Mini-games floating over the portal: the red-envelope rain (rain/) and the prize games (prizes/)."""
