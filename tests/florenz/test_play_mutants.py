"""Phase-boundary mutants (issue 17): a doubled and a skipped effect where phases meet must
make named scenarios through play fail, and the same scenarios hold without them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.florenz import board, passing, solo, turns

from regelwerk import scenarios
from tests.florenz.test_play_solo import check_round_totals

ROOT = Path(__file__).resolve().parents[2]
BY_ID = {s.id: s for s in scenarios.load(ROOT, "florenz")}


def fails(scenario_id: str) -> bool:
    return scenarios.run(BY_ID[scenario_id]) != []


def _twice(rules: Any, clock: int, amount: int) -> int:
    return board.gained(rules, board.gained(rules, clock, amount), amount)


def _no_gain(clock: tuple[int, ...], family: int, amount: int, rules: Any) -> tuple[int, ...]:
    return clock


@pytest.mark.play("florenz:solo.time")
def test_doubled_round_start_time_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strozzi's round-start gain given twice (the defect of issue 17, in another form)."""
    ids = ("solo-round-2-time-normal", "solo-round-2-time-easier", "solo-round-2-time-harder")
    assert not any(fails(i) for i in ids) and check_round_totals("normal", range(2)) == []
    monkeypatch.setattr(solo, "gained", _twice)
    assert all(fails(i) for i in ids)
    assert check_round_totals("normal", range(2)) != []


@pytest.mark.play("florenz:time.gain")
def test_doubled_family_time_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every family's round-start gain given twice."""
    assert not fails("round-2-time-gain")
    monkeypatch.setattr(turns, "gained", _twice)
    assert fails("round-2-time-gain")


@pytest.mark.play("florenz:action.pass_first")
def test_forgotten_pass_bonus_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first family to pass does not gain its time (a pass bonus forgotten)."""
    assert not fails("pass-first-time") and not fails("round-2-time-gain")
    monkeypatch.setattr(passing, "gain", _no_gain)
    assert fails("pass-first-time") and fails("round-2-time-gain")


@pytest.mark.play("florenz:solo.time")
def test_skipped_round_start_time_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strozzi's round-start gain skipped (his clock left as it was)."""
    assert not fails("solo-round-2-time-normal")
    monkeypatch.setattr(solo, "gained", lambda rules, clock, amount: clock)
    assert fails("solo-round-2-time-normal")
    assert check_round_totals("harder", range(1)) != []
