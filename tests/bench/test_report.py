"""`make bench` prints every part's figures and carries on: a round without answers (NaN, an infinity, none at
all) is a MISSED line saying so, never a traceback, and a part that fails is listed as missed."""

from __future__ import annotations

import math

import pytest

from infra.bench import __main__ as bench
from infra.bench.report import LINE, NO_ANSWERS, Goal, median_line, ratios, summary


def test_a_figure_prints_its_median_and_spread_against_its_goal() -> None:
    goal = Goal("status / hello", ">=", 0.45, [0.49, 0.52, 0.55])
    assert goal.met
    assert goal.line() == "status / hello (goal >= 0.45)  0.52  (min 0.49, max 0.55; 3 rounds)  met"
    found = LINE.match(goal.line())
    assert found is not None
    assert found["value"] == "0.52"
    # Rounded away from the goal: just short of it never prints as the goal itself.
    assert "0.44" in Goal("x", ">=", 0.45, [0.4499]).line()


@pytest.mark.parametrize("rounds", [[], [math.nan], [math.nan, math.nan], [math.inf], [-math.inf, math.nan]])
def test_rounds_without_answers_are_a_missed_line_not_a_crash(rounds: list[float]) -> None:
    for op in (">=", "<="):
        goal = Goal("fan-out p99", op, 0.5, rounds, "s")
        assert not goal.met
        line = goal.line()
        assert NO_ANSWERS in line
        assert line.endswith("MISSED")
        assert f"({len(rounds)} rounds)" in line
    assert NO_ANSWERS in median_line("baseline", rounds, "req/s")


def test_one_silent_round_is_said_and_misses_the_goal() -> None:
    goal = Goal("ledger / pgbench", ">=", 0.6, [0.7, math.nan, 0.8])
    assert not goal.met  # the part did not keep its load in every round
    assert goal.line() == (
        f"ledger / pgbench (goal >= 0.6)  0.75  (min 0.70, max 0.80; 3 rounds, 1 with {NO_ANSWERS})  MISSED"
    )
    # An infinity is no answer either, even where it would "meet" a >= goal.
    assert not Goal("x", ">=", 0.6, [math.inf, 0.7]).met
    assert (
        median_line("b", [1.0, math.inf], "/s")
        == f"b  1.0 /s  (min 1.0, max 1.0; 2 rounds, 1 with {NO_ANSWERS})"
    )


def test_ratios_against_a_baseline_without_answers_are_nan() -> None:
    found = ratios([10.0, 5.0, 3.0], [2.0, 0.0, math.nan])
    assert found[0] == 5.0
    assert math.isnan(found[1])
    assert math.isnan(found[2])


def test_the_summary_lists_every_missed_goal_and_failed_part() -> None:
    goals = [
        Goal("met one", "<=", 2.5, [1.0, 2.0]),
        Goal("silent one", ">=", 0.45, [math.nan]),
        Goal.failed("chat part", "RuntimeError: the relay did not start"),
    ]
    assert goals[2].line() == "chat part (part failed: RuntimeError: the relay did not start)  MISSED"
    assert summary(goals) == "\n1 of 3 goals met: missed silent one; chat part"


def test_a_part_that_raises_is_missed_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crashes() -> list[Goal]:
        raise ValueError("cannot convert float NaN to integer")

    def exits() -> list[Goal]:
        raise SystemExit("wrk is missing: apt-get install wrk")

    def measures() -> list[Goal]:
        return [Goal("status / hello", ">=", 0.45, [0.5])]

    def skips() -> list[Goal]:
        return []

    parts = {"first": crashes, "second": exits, "third": skips, "fourth": measures}
    monkeypatch.setattr(bench, "PARTS", parts)
    monkeypatch.setattr("sys.argv", ["bench"])
    bench.main()
    out = capsys.readouterr().out
    assert "first part (part failed: ValueError: cannot convert float NaN to integer)  MISSED" in out
    assert "second part (part failed: SystemExit: wrk is missing: apt-get install wrk)  MISSED" in out
    assert "third part (part failed: measured nothing" in out
    assert "status / hello (goal >= 0.45)  0.50" in out
    assert "1 of 4 goals met: missed first part; second part; third part" in out


def test_ctrl_c_still_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted() -> list[Goal]:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        bench.run_part("status", interrupted)
