"""Moving the monopoly markers is a choice (issue 12: "darf ... ziehen"), through play.

The register entries interp.marker_moves and interp.marker_order, each reading played
(variants ``marker_moves`` and ``marker_order``). Rounds are reached by ``new_game``
(chance chosen) and ``apply``; see test_play_round.py for round 1 of these tests.
"""

from __future__ import annotations

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.errors import IllegalAction

from tests.medici_vs_strozzi.conftest import move_markers, tiles, turn
from tests.medici_vs_strozzi.test_play_round import (
    FAR,
    ONE,
    RULES,
    SPEC,
    board_is_the_specs,
    first_round,
    track,
)

M, S = mvs.MEDICI, mvs.STROZZI
MARKER = SPEC["scoring.marker_payout"]


def lone_zero_round(options: dict[str, object] | None = None) -> mvs.State:
    """Round 1 in which Medici fills his ships alone (Strozzi declines every offer): ship 0
    goes to harbour 0 with indigo 0 and two silk tiles (no silk track there); every other
    tile lies where its good has no track. Only the indigo track of harbour 0 can move."""
    r = RULES
    state = mvs.new_game(seed=None, options=options)
    for drawn, load in ((tiles(r, "indigo", 0) + tiles(r, "silk", 2, 3), (0, 0)),
                        (tiles(r, "spices", 1, 2, 3), (1, 1)), (tiles(r, "spices", 4), (1, 1)),
                        (tiles(r, "indigo", 1, 2, 3), (2, 2)),
                        (tiles(r, "indigo", 4) + tiles(r, "furs", 1), (2, 2))):
        state = turn(state, drawn, 0, False, load)
    return state


def round_two_to_scoring(options: dict[str, object] | None = None) -> mvs.State:
    """Round 1 as in test_play_round.py, every move taken; then round 2 (Strozzi opens):
    Medici buys silk 0 onto ship 0 in harbour 1, Strozzi silk 1 onto his ship 0 there, and
    Strozzi fills his ships with goods that have no track where they lie."""
    r = RULES
    state = move_markers(first_round(options))
    assert state.round == 2 and state.active == S
    state = turn(state, tiles(r, "silk", 0), 0, True, (0, 1))
    state = turn(state, tiles(r, "silk", 1), 0, True, (0, 1))
    for drawn, load in ((tiles(r, "spices", 1, 2), (0, 1)), (tiles(r, "silk", 2, 3, 4), (1, 0)),
                        (tiles(r, "silk", 4, 4)[1:], (1, 0)), (tiles(r, "indigo", 1, 2, 3), (2, 2)),
                        (tiles(r, "furs", 1, 2), (2, 2))):
        state = turn(state, drawn, 0, False, load)
    return state


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move",
                  "medici_vs_strozzi:scoring.marker_payout")
def test_a_player_may_decline_a_marker_move() -> None:
    state = first_round()
    assert state.phase == mvs.Phase.MARKERS and mvs.current_player(state) == M
    assert mvs.Move(0) in mvs.legal_actions(state)          # declining is offered
    while state.phase == mvs.Phase.MARKERS:                 # Medici declines, Strozzi moves
        moves = mvs.legal_actions(state)
        state = mvs.apply(state, min(moves) if mvs.current_player(state) == M else max(moves))
    expected = [0] * SPEC["components.markers"]
    expected[track(0, "furs")] = -ONE
    expected[track(1, "silk")] = -(ONE + FAR)
    assert state.markers == tuple(expected)
    assert state.scores[0].marker_income == (0, 2 * MARKER)
    assert state.scores[0].steps[track(0, "indigo")] == (0, 0)


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move")
def test_each_tile_is_used_whole_or_not() -> None:
    state = lone_zero_round()
    assert state.phase == mvs.Phase.MARKERS and len(state.pending) == 1
    assert mvs.legal_actions(state) == (mvs.Move(0), mvs.Move(FAR))
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.Move(ONE))
    assert refused.value.clause == "medici_vs_strozzi:scoring.marker_move"
    after = mvs.apply(state, mvs.Move(FAR))
    assert after.round == 2 and after.markers[track(0, "indigo")] == FAR


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move")
def test_variant_any_number_allows_part_of_the_zero_tile() -> None:
    state = lone_zero_round({"marker_moves": "any_number"})
    assert mvs.legal_actions(state) == tuple(mvs.Move(k) for k in range(FAR + 1))
    after = mvs.apply(state, mvs.Move(ONE))
    assert after.markers[track(0, "indigo")] == ONE


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move")
def test_variant_all_moves_every_step_without_asking() -> None:
    state = first_round({"marker_moves": "all"})
    assert state.round == 2 and state.phase == mvs.Phase.DRAW     # no choice was asked
    assert state.scores[0] == move_markers(first_round()).scores[0]
    assert lone_zero_round({"marker_moves": "all"}).markers[track(0, "indigo")] == FAR


BONUS_EARLY = {"board.bonus_small_distance": 1, "board.bonus_large_distance": FAR + ONE}


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move", "medici_vs_strozzi:scoring.marker_bonus")
def test_declining_pays_on_a_board_with_the_bonus_before_the_end() -> None:
    """A printed board whose larger bonus space lies before the track's end: Medici's
    indigo in harbour 0 allows the far move and two single steps; stopping one step
    short leaves the marker on the bonus space."""
    assert board_is_the_specs()
    options = {"board": BONUS_EARLY}
    state = first_round(options)
    assert state.pending[0][:2] == (track(0, "indigo"), M)
    short = move_markers(mvs.apply(state, mvs.Move(FAR + ONE)))
    full = move_markers(mvs.apply(state, mvs.Move(FAR + 2 * ONE)))
    assert short.markers[track(0, "indigo")] == BONUS_EARLY["board.bonus_large_distance"]
    gain = short.scores[0].marker_income[M] - full.scores[0].marker_income[M]
    assert gain == SPEC["scoring.bonus_large"]


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move", "medici_vs_strozzi:game.rounds")
def test_the_round_opener_chooses_first() -> None:
    # round 1, Medici opens: on the silk track of harbour 1 Medici chooses before Strozzi
    first = first_round()
    silk = track(1, "silk")
    assert [p for t, p, _ in first.pending if t == silk] == [M, S]
    # round 2, Strozzi opens: Strozzi chooses first
    second = round_two_to_scoring()
    assert second.round == 2 and second.phase == mvs.Phase.MARKERS
    assert [(t, p) for t, p, _ in second.pending] == [(silk, S), (silk, M)]
    assert mvs.current_player(second) == S
    # the chosen steps are netted: Strozzi declines, Medici takes the far move
    after = mvs.apply(mvs.apply(second, mvs.Move(0)), mvs.Move(FAR))
    assert after.round == 3
    assert after.markers[silk] == second.markers[silk] + FAR


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move")
def test_variant_medici_first() -> None:
    second = round_two_to_scoring({"marker_order": "medici_first"})
    silk = track(1, "silk")
    assert [(t, p) for t, p, _ in second.pending] == [(silk, M), (silk, S)]
    assert mvs.current_player(second) == M
