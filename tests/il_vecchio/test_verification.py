"""Every z3 invariant is proven for the real rules of every player count; the deliberately
broken rules are :data:`regelwerk.verification.il_vecchio.MUTANTS` (checked for every game by
``tests/core/test_invariants.py``); here the board data, the Power points bound and the
termination answer."""

from __future__ import annotations

import dataclasses

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core import spec as spec_module
from regelwerk.verification import il_vecchio as v
from regelwerk.verification.core import Result, mutate

BY_ID = {inv.id: inv for inv in v.INVARIANTS}


def _check(name: str, rules: iv.Rules) -> Result:
    return BY_ID[f"il_vecchio.{name}"].check(rules)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["track_capacity", "crests", "additional_cost", "members",
                                  "majority_strict"])
def test_invariant_proven(name: str, players: int) -> None:
    result = _check(name, v.default_rules(players))
    assert result.status == "proven", result


#: The mutants checked here for the other player counts too (the bound's, whose proof takes
#: seconds, is checked for the default count by tests/core).
OTHER_COUNTS = [m for m in v.MUTANTS if m.breaks != "il_vecchio.power_points_max"]


@pytest.mark.parametrize("mutant", OTHER_COUNTS, ids=lambda m: m.id)
@pytest.mark.parametrize("players", [2, 3])
def test_mutants_break_their_proof_for_other_player_counts(mutant: v.Mutant, players: int) -> None:
    assert _check(mutant.breaks.split(".", 1)[1],
                  mutate(v.default_rules(players), mutant.fns)).status == "violated"


@pytest.mark.clause("il_vecchio:setup.crests")
def test_more_crests_than_crest_spaces_is_violated() -> None:
    rules = dataclasses.replace(v.default_rules(2), crests_dealt=10)
    result = _check("crests", rules)
    assert result.status == "violated" and result.counterexample["dealt"] == 10


@pytest.mark.clause("il_vecchio:scoring.tracks", "il_vecchio:scoring.nobility_tiles")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_power_points_bound_is_tight_recorded_and_engine_reaches_it(players: int) -> None:
    rules = v.default_rules(players)
    result = _check("power_points_max", rules)
    assert result.status == "proven", result
    assert result.bound == v.power_points_recorded(rules)
    state = v.witness_state(rules, dict(result.witness))
    assert iv.final_scores(state)[0].total == result.bound
    assert "il_vecchio.power_points_max" not in iv.violations(state)


@pytest.mark.clause("il_vecchio:scoring.tracks")
def test_power_points_runtime_twin_reports_a_score_beyond_the_bound() -> None:
    rules = v.default_rules(2)
    result = _check("power_points_max", rules)
    state = v.witness_state(rules, dict(result.witness))
    me = state.players[0]
    state = state._replace(players=(me._replace(crests=(*me.crests, 0)), *state.players[1:]))
    assert iv.final_scores(state)[0].total > result.bound
    assert "il_vecchio.power_points_max" in iv.violations(state)


@pytest.mark.clause("il_vecchio:scoring.tracks")
def test_a_board_with_rising_points_is_not_proven() -> None:
    spec = spec_module.load("il_vecchio").with_numbers(
        {"board.tracks.milano.points": [3, 4, 5, 6, 7, 8, 10]})
    rules = iv.rules_from_spec(spec, 2)
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
