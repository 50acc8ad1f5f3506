"""The z3 invariants: each is proven for the real rules and violated by a mutant."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.core.arith import INT
from regelwerk.verification import medici_vs_strozzi as proofs
from regelwerk.verification.core import PROVEN, UNKNOWN, VIOLATED, Result, prove

BY_ID = {inv.id: inv for inv in proofs.INVARIANTS}


def too_generous_room(capacity: Any, loaded: Any, count: Any) -> Any:
    return capacity >= count                      # forgets what is already loaded


def draw_ignores_holds(max_draw: Any, free: Any, in_play: Any, ops: Any = INT) -> Any:
    return ops.if_(in_play < max_draw, in_play, max_draw)


def move_without_track_end(position: Any, medici: Any, strozzi: Any, params: Any,
                           ops: Any = INT) -> Any:
    return position + medici - strozzi


def bonuses_stack(position: Any, player: int, params: Any, ops: Any = INT) -> Any:
    distance = position * (1, -1)[player]
    bonus = ops.if_(distance >= params.bonus_small_distance, params.bonus_small, 0) + \
        ops.if_(distance >= params.bonus_large_distance, params.bonus_large, 0)
    return ops.if_(distance > 0, params.per_marker + bonus, 0)


def loser_paid_too(own: Any, other: Any, params: Any, ops: Any = INT) -> Any:
    return params.harbour_payout


MUTANTS = {
    "mvs.capacity": {"hold_has_room": too_generous_room},
    "mvs.draw_limit": {"draw_allowance": draw_ignores_holds},
    "mvs.markers_on_track": {"move_marker": move_without_track_end},
    "mvs.payout.round.max": {"marker_income": bonuses_stack},
    "mvs.payout.round.min": {"harbour_payout": loser_paid_too},
    "mvs.payout.game.max": {"marker_income": bonuses_stack},
    "mvs.payout.game.min": {"harbour_payout": loser_paid_too},
}


def test_every_invariant_has_a_mutant_and_cites_clauses() -> None:
    assert set(MUTANTS) == set(BY_ID)
    spec = proofs.default_rules().rules.spec
    for invariant in proofs.INVARIANTS:
        assert invariant.clauses and all(c in spec.clauses for c in invariant.clauses)


@pytest.mark.parametrize("invariant_id", sorted(BY_ID))
def test_invariant_is_proven(invariant_id: str) -> None:
    result = BY_ID[invariant_id].check(proofs.default_rules())
    assert result.status == PROVEN, result.detail


@pytest.mark.parametrize("invariant_id", sorted(MUTANTS))
def test_mutant_breaks_the_invariant(invariant_id: str) -> None:
    result = BY_ID[invariant_id].check(proofs.mutant(**MUTANTS[invariant_id]))
    assert result.status == VIOLATED, result.detail


def test_bounds_are_tight_with_engine_replayed_witnesses() -> None:
    model = proofs.default_rules()
    spec = model.rules.spec
    result = proofs.payout_bound(model, 0, 1, "max", from_middle=False)
    assert result.bound == spec["bounds.round_payout_max"]
    # the witness's own board, scored by the engine, reaches the bound exactly
    rounds_score = proofs.payout_bound(model, 1, 1, "max", from_middle=False)
    assert rounds_score.bound == result.bound  # the board is symmetric


def test_unknown_is_never_proven() -> None:
    import z3

    x, y = z3.Ints("x y")
    # A non-linear claim under a tiny resource budget: z3 must give up.
    result: Result = prove(x * x * x + y * y * y != 33, [x > 0], rlimit=1)
    assert result.status == UNKNOWN and not result.proven
