"""Fish shooting, the high-card duel and virtual matches on exact, scripted draws."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from server.house.engine import fish, highcard, virtual_match
from server.house.engine.fair import SeededSource
from server.house.engine.virtual_match import AWAY, DRAW, HOME, TEAM_A, TEAM_B, Market, Selection
from tests.house.support import Scripted


@pytest.mark.parametrize(("kind", "multiplier"), list(fish.MULTIPLIERS.items()))
def test_a_fish_is_hit_with_probability_rtp_over_its_multiplier(kind: str, multiplier: int) -> None:
    # One draw below 100 x multiplier; exactly the 96 lowest values hit: p = 96 / (100 m).
    hits = [fish.shoot(Scripted(v), kind, 10).hit for v in range(100 * multiplier)]
    assert Fraction(sum(hits), len(hits)) == Fraction(96, 100 * multiplier)
    assert fish.shoot(Scripted(95), kind, 10) == fish.Shot(kind, True, 10 * multiplier)
    assert fish.shoot(Scripted(96), kind, 10) == fish.Shot(kind, False, 0)
    assert fish.exact_rtp(kind) == Fraction(96, 100)


def test_fish_kinds_and_schools() -> None:
    assert sorted(fish.MULTIPLIERS.values()) == [2, 3, 5, 10, 20, 50]
    assert set(fish.SCHOOL_WEIGHTS) == set(fish.MULTIPLIERS)
    school = fish.school(SeededSource(2), 20_000)
    assert len(school) == 20_000
    seen = Counter(school)
    total = sum(fish.SCHOOL_WEIGHTS.values())
    for kind, weight in fish.SCHOOL_WEIGHTS.items():
        # Within 5 standard deviations of the weight's share (at most 0.5 x sqrt(20,000) ~ 71 fish).
        assert abs(seen[kind] - 20_000 * weight / total) < 5 * 71, (kind, seen)
    with pytest.raises(KeyError):
        fish.shoot(SeededSource(1), "MERMAID", 10)


def test_highcard_rake_push_and_rtp() -> None:
    assert highcard.pot_after_rake(1000) == 1900  # 2 x 1000 less 5%
    assert highcard.pot_after_rake(15) == 29  # 30 less 1.5, the fraction left to the players
    # Deck order 2S 2H 2D 2C 3S ... AC: indices 0 and 51.
    assert highcard.duel(Scripted(51, 0), 1000) == highcard.Duel("AC", "2S", "A", 1900, 0)
    assert highcard.duel(Scripted(0, 50), 1000) == highcard.Duel("2S", "AC", "B", 0, 1900)
    # The second card comes from the 51 left: a draw of 0 after the 2S is the 2H, a push.
    assert highcard.duel(Scripted(0, 0), 1000) == highcard.Duel("2S", "2H", "PUSH", 1000, 1000)
    # Exhaustively over all 52 x 51 deals: seat A's average return equals exact_rtp().
    returns = [highcard.duel(Scripted(a, b), 100).return_a for a in range(52) for b in range(51)]
    assert Fraction(sum(returns), 100 * len(returns)) == highcard.exact_rtp()
    assert highcard.exact_rtp() == Fraction(24, 51) * Fraction(190, 100) + Fraction(3, 51)


def markets(count: int) -> list[Market]:
    rng = SeededSource(5)
    made = []
    for _ in range(count):
        made.append(virtual_match.make_football_match(rng, "Home FC", "Away FC"))
        made.append(virtual_match.make_esports_match(rng, "Team X", "Team Y"))
    return made


def test_odds_carry_the_margin() -> None:
    for market in markets(500):
        assert sum(s.probability for s in market.selections) == 1
        for s in market.selections:
            rtp = virtual_match.exact_rtp(market, s.code)
            assert Fraction(92, 100) <= rtp <= Fraction(97, 100), (market, s)
            assert s.odds_hundredths > 100
            # Rounded down to the hundredth: one more hundredth would pay more than the margin allows.
            assert s.probability * (s.odds_hundredths + 1) / 100 > virtual_match.PAYBACK
        assert virtual_match.market_from_dict(virtual_match.market_to_dict(market)) == market
    football = [m for m in markets(500) if m.sport == "FOOTBALL"]
    assert [s.code for s in football[0].selections] == [HOME, DRAW, AWAY]


def test_settle() -> None:
    assert virtual_match.settle(1000, 215, True) == 2150
    assert virtual_match.settle(1000, 215, False) == 0
    assert virtual_match.settle(333, 187, True) == 622  # 622.71 rounds down


def test_results_are_drawn_with_exactly_the_market_probabilities() -> None:
    market = Market(
        "FOOTBALL",
        "H",
        "A",
        (
            Selection(HOME, "H", Fraction(1, 2), 190),
            Selection(DRAW, "Draw", Fraction(1, 3), 285),
            Selection(AWAY, "A", Fraction(1, 6), 570),
        ),
    )
    won = Counter(virtual_match.play_football(Scripted(v), market).selection_won for v in range(6))
    assert won == {HOME: 3, DRAW: 2, AWAY: 1}
    rng = Scripted()
    virtual_match.play_football(rng, market)
    assert rng.bounds[0] == 6  # one draw over the common denominator
    broken = Market("ESPORTS", "X", "Y", (Selection(TEAM_A, "X", Fraction(1, 2), 190),))
    with pytest.raises(ValueError, match="sum to one"):
        virtual_match.play_esports(SeededSource(1), broken)
    with pytest.raises(ValueError, match="cannot be played"):
        virtual_match.play_esports(SeededSource(1), market)


def test_scores_agree_with_the_result() -> None:
    rng = SeededSource(9)
    for market in markets(300):
        if market.sport == "FOOTBALL":
            result = virtual_match.play_football(rng, market)
            home, away = result.score
            assert {home, away} <= set(range(5))
            expected = HOME if home > away else AWAY if away > home else DRAW
        else:
            result = virtual_match.play_esports(rng, market)
            assert result.score in ((2, 0), (2, 1), (1, 2), (0, 2))
            expected = TEAM_A if result.score[0] == 2 else TEAM_B
        assert result.selection_won == expected
