"""Phase-boundary mutants for the cards and guards (issue 17): where the Medici phase hands
out scandal cards, a doubled and a skipped effect must make named scenarios through play
fail, and the same scenarios hold without them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.florenz import cards, medici

from regelwerk import scenarios
from tests.florenz import test_play_guards, test_play_scandals

ROOT = Path(__file__).resolve().parents[2]
BY_ID = {s.id: s for s in scenarios.load(ROOT, "florenz")}
SPY_SCENARIO = "spy-card-when-medici-passes"

_dealing = cards.dealing          # what medici imported
_visit = medici._visit


def fails(scenario_id: str) -> bool:
    return scenarios.run(BY_ID[scenario_id]) != []


def raises(test: Any) -> bool:
    """Whether a Python scenario (a test function) fails."""
    try:
        test()
    except AssertionError:
        return True
    return False


def _deals_twice(state: Any, draws: Any = None, **changes: Any) -> Any:
    """Every scandal card the travelling Medici hands out is handed out twice."""
    return _dealing(state, None if draws is None else (*draws, *draws), **changes)


def _spy_forgotten(state: Any, m: int, location: int, points: Any, award: int,
                   deals: list[tuple[int, ...]]) -> Any:
    """Where the Medici arrives, everything happens except the spies' cards."""
    mine: list[tuple[int, ...]] = []
    points = _visit(state, m, location, points, award, mine)
    deals.extend(d for d in mine if d[-1] != cards.SPY)
    return points


@pytest.mark.play("florenz:guard.spy", "florenz:medici.boast_reward")
def test_doubled_card_deal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = test_play_guards.test_spy_draws_a_card_of_the_medici_who_stops_there
    dealt = test_play_scandals.test_scandalmonger_counts_the_cards_in_hand
    assert not fails(SPY_SCENARIO) and not raises(spy) and not raises(dealt)
    monkeypatch.setattr(medici, "dealing", _deals_twice)
    assert fails(SPY_SCENARIO)
    assert raises(spy)
    assert raises(dealt)


@pytest.mark.play("florenz:guard.spy")
def test_skipped_spy_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = test_play_guards.test_spy_draws_a_card_of_the_medici_who_stops_there
    both = test_play_guards.test_spy_and_top_cup_give_two_cards_to_one_family
    assert not fails(SPY_SCENARIO) and not raises(spy) and not raises(both)
    monkeypatch.setattr(medici, "_visit", _spy_forgotten)
    assert fails(SPY_SCENARIO)
    assert raises(spy)
    assert raises(both)
