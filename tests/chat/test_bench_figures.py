"""The chat bench's figures when things go wrong: it reports every goal (missed) instead of a traceback, a
round that stored nothing has no figures, and a server that falls behind does not count as holding the load
because the clients waited for it."""

from __future__ import annotations

import pytest

from infra.bench import chat

SECOND = 1_000_000_000


def sent(k: int, *, status: int, answered_s: float, of: int = 100, received: bool = True) -> chat.Sent:
    """The k-th of `of` sends spread over a 10 s round, answered answered_s after it left."""
    at = k * 10 * SECOND // of
    answered = at + int(answered_s * SECOND)
    return chat.Sent("PLAYER", 0, k, at, at, answered, status, answered + 1 if received else 0)


def round_of(records: list[chat.Sent], seconds: float = 10.0) -> chat.Round:
    usage = {"api_a": 0.5, "api_b": 0.5, "elapsed": seconds}
    return chat.Round("chat", seconds, records, chat.Counts(0, 0, 0), usage)


def test_a_part_that_fails_reports_every_goal_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails() -> None:
        raise RuntimeError("a client process failed: ConnectionRefusedError")

    monkeypatch.setattr(chat, "run", fails)
    goals = chat.goals()
    assert len(goals) == 5
    assert not any(goal.met for goal in goals)
    assert all("no answers" in goal.line() and goal.line().endswith("MISSED") for goal in goals)


def test_a_round_that_stored_nothing_has_no_figures() -> None:
    silent = round_of([sent(k, status=chat.NO_ANSWER, answered_s=30) for k in range(10)])
    goals = chat._goals([silent])
    assert [goal.met for goal in goals] == [False] * 5
    lost, out_of_order, p99, cpu, _rate = (goal.line() for goal in goals)
    for line in (lost, out_of_order, p99, cpu):
        assert "no answers" in line


def test_a_server_that_falls_behind_does_not_hold_the_load() -> None:
    target = 2 * chat.CONVERSATIONS / chat.INTERVAL
    count = int(target * 10)
    # Every send of the 10 s round acknowledged, the last ones 20 s late: 30 s to store 10 s of load.
    late = round_of([sent(k, status=chat.STORED, answered_s=20 * k / count, of=count) for k in range(count)])
    assert late.stored_rate() == pytest.approx(count / 30, rel=0.01)
    on_time = round_of([sent(k, status=chat.STORED, answered_s=0.01, of=count) for k in range(count)])
    assert on_time.stored_rate() == pytest.approx(target, rel=0.01)
    held = chat._goals([on_time])[-1]
    behind = chat._goals([late])[-1]
    assert held.met
    assert not behind.met
