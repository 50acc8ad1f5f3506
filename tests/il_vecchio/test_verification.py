"""Every z3 invariant is proven for the real rules and violated for a deliberately broken one."""

from __future__ import annotations

import dataclasses

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.verification import il_vecchio as v

BY_ID = {inv.id: inv for inv in v.INVARIANTS}


def _check(name: str, rules: iv.Rules) -> v.Result:  # type: ignore[name-defined]
    return BY_ID[f"il_vecchio:inv.{name}"].check(rules)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["track_capacity", "crests", "additional_cost", "members",
                                  "majority_strict"])
def test_invariant_proven(name: str, players: int) -> None:
    result = _check(name, v.default_rules(players))
    assert result.status == "proven", result


@pytest.mark.clause("il_vecchio:end.full_track")
def test_mutant_full_track_any_round() -> None:
    rules = v.mutant(v.default_rules(), **{"end.full_track_final_only": False})
    assert _check("track_capacity", rules).status == "violated"


@pytest.mark.clause("il_vecchio:event.last_crest")
def test_mutant_end_one_crest_early() -> None:
    rules = v.mutant(v.default_rules(), **{"events.end_when_left": 1})
    assert _check("crests", rules).status == "violated"


@pytest.mark.clause("il_vecchio:setup.crests")
def test_mutant_more_crests_than_spaces() -> None:
    rules = dataclasses.replace(v.default_rules(2), crests_dealt=10)
    result = _check("crests", rules)
    assert result.status == "violated" and result.counterexample["dealt"] == 10


@pytest.mark.clause("il_vecchio:event.first_crest")
def test_mutant_additional_cost_moves_late() -> None:
    rules = v.mutant(v.default_rules(), **{"events.additional_cost_moves_after": 2})
    assert _check("additional_cost", rules).status == "violated"


@pytest.mark.clause("il_vecchio:event.family")
def test_mutant_family_member_lost() -> None:
    rules = v.mutant(v.default_rules(), **{"events.family_return": "box"})
    assert _check("members", rules).status == "violated"


@pytest.mark.clause("il_vecchio:scoring.majority")
def test_mutant_no_tiebreak() -> None:
    rules = v.mutant(v.default_rules(), **{"scoring.majority_tiebreak": "none"})
    assert _check("majority_strict", rules).status == "violated"


@pytest.mark.clause("il_vecchio:scoring.tracks", "il_vecchio:scoring.nobility_tiles")
def test_power_points_bound_is_tight_and_engine_reaches_it() -> None:
    rules = v.default_rules(2)
    result = _check("power_points_max", rules)
    assert result.status == "proven"
    state = v.witness_state(rules, dict(result.witness))
    assert iv.final_scores(state)[0].total == result.bound


@pytest.mark.clause("il_vecchio:scoring.tracks")
def test_mutant_rising_points_is_not_proven() -> None:
    rules = v.mutant(v.default_rules(2), **{"board.tracks.milano.points": [3, 4, 5, 6, 7, 8, 10]})
    assert _check("power_points_max", rules).status != "proven"


@pytest.mark.clause("il_vecchio:action.recovery", "il_vecchio:event.last_crest")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_termination_answer_game_need_not_end(players: int) -> None:
    prefix, cycle = v.endless_game(players)
    assert len(cycle) == 2 * players
    state = iv.new_game(0, {"players": players})
    for action in prefix:
        state = iv.apply(state, action)
    start = state
    for _ in range(3):
        for action in cycle:
            state = iv.apply(state, action)
        assert state == start and not iv.is_terminal(state)
    assert v.check_termination(v.default_rules(players)).status == "violated"


def test_no_single_action_leaves_a_player_unchanged() -> None:
    """Why no shorter cycle exists: every main action changes the actor's own position."""
    state = iv.new_game(0, {"players": 2})
    prefix, _ = v.endless_game(2)
    for action in prefix:
        state = iv.apply(state, action)
    for action in iv.legal_actions(state):
        after = iv.apply(state, action)
        while after.pending:                      # finish the action's own decisions
            after = iv.apply(after, iv.legal_actions(after)[0])
        assert (after.players[0], after.middlemen, after.tracks) != (
            state.players[0], state.middlemen, state.tracks)
