"""Phase-boundary mutants (issue 17 point 4): an effect doubled or skipped where the last
purchase of a round meets its scoring, or a round meets the next, must fail a named
scenario through play, and the same scenario passes on the engine as it is."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from regelwerk.engine.medici_vs_strozzi import play
from regelwerk.engine.medici_vs_strozzi.rules import Rules
from regelwerk.engine.medici_vs_strozzi.scoring import Cargo, RoundScore
from regelwerk.engine.medici_vs_strozzi.state import State

from tests.medici_vs_strozzi import test_play_round as scenarios


def fails(scenario: Callable[[], None]) -> bool:
    try:
        scenario()
    except AssertionError:
        return True
    return False


def test_round_scoring_applied_twice_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Doubled: the round's scoring runs twice at the end of the round (markers moved
    again, harbour and monopoly income paid again)."""
    scenario = scenarios.test_a_whole_round_adds_up_as_the_text_says
    assert not fails(scenario)
    original = play.score_round

    def twice(rules: Rules, cargo: Cargo, markers: Sequence[int],
              taken: Sequence[tuple[int, int]] | None = None) -> RoundScore:
        once = original(rules, cargo, markers, taken)
        again = original(rules, cargo, once.markers_after, taken)
        return RoundScore(once.harbour_totals,
                          (2 * once.harbour_income[0], 2 * once.harbour_income[1]),
                          once.markers_before, again.markers_after,
                          (once.marker_income[0] + again.marker_income[0],
                           once.marker_income[1] + again.marker_income[1]), once.steps)

    monkeypatch.setattr(play, "score_round", twice)
    assert fails(scenario)


def test_marker_moves_skipped_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skipped: the round goes from its last purchase straight to the payout, without the
    players' marker moves."""
    scenario = scenarios.test_a_whole_round_adds_up_as_the_text_says
    assert not fails(scenario)

    def no_moves(state: State) -> State:
        return play._end_round(state, ((0, 0),) * state.rules.marker_count)

    monkeypatch.setattr(play, "_start_scoring", no_moves)
    assert fails(scenario)


def test_bag_not_refilled_for_the_next_round_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skipped: the tiles of round 1 do not go back into the bag for round 2."""
    scenario = scenarios.test_the_next_round_starts_with_empty_ships_a_full_bag_and_the_markers_kept
    assert not fails(scenario)
    original = play.bag_for_round

    def kept(rules: Rules, seed: int | None, round_number: int) -> tuple[int, ...]:
        bag = original(rules, seed, round_number)
        return bag if round_number == 1 else bag[:len(bag) // 2]

    monkeypatch.setattr(play, "bag_for_round", kept)
    assert fails(scenario)
