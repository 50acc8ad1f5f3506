"""The z3 invariants are proven for the real rules (their mutants: tests/core/test_invariants.py)."""

from __future__ import annotations

import pytest
from regelwerk.verification import medici_vs_strozzi as proofs
from regelwerk.verification.core import PROVEN, UNKNOWN, Result, prove

BY_ID = {inv.id: inv for inv in proofs.INVARIANTS}


@pytest.mark.parametrize("invariant_id", sorted(BY_ID))
def test_invariant_is_proven(invariant_id: str) -> None:
    result = BY_ID[invariant_id].check(proofs.default_rules())
    assert result.status == PROVEN, result.detail


def test_bounds_are_tight_with_engine_replayed_witnesses() -> None:
    model = proofs.default_rules()
    spec = model.spec
    result = proofs.payout_bound(model, 0, 1, "max", from_middle=False)
    assert result.bound == spec["bounds.round_payout_max"]
    # the witness's own board, scored by the engine, reaches the bound exactly
    rounds_score = proofs.payout_bound(model, 1, 1, "max", from_middle=False)
    assert rounds_score.bound == result.bound  # the board is symmetric


def test_the_game_bounds_are_settled_through_one_round() -> None:
    model = proofs.default_rules()
    for path, direction in (("bounds.game_payout_max", "max"), ("bounds.game_payout_min", "min")):
        settled = proofs.game_bound_by_rounds(model, direction, model.spec[path])
        assert settled is not None and [r.status for r in settled] == [PROVEN, PROVEN]
        assert {r.bound for r in settled} == {model.spec[path]}
    # a bound no game reaches is not settled this way (the full model then decides)
    assert proofs.game_bound_by_rounds(model, "max", model.spec["bounds.game_payout_max"] - 1) \
        is None


def test_a_broken_rule_is_not_settled_through_one_round() -> None:
    from regelwerk.verification.core import mutate

    (mutant,) = [m for m in proofs.MUTANTS if m.breaks == "mvs.payout.game.min"]
    broken = mutate(proofs.default_rules(), mutant.fns)
    assert proofs.game_bound_by_rounds(broken, "min", broken.spec["bounds.game_payout_min"]) \
        is None


def test_unknown_is_never_proven() -> None:
    import z3

    x, y = z3.Ints("x y")
    # A non-linear claim under a tiny resource budget: z3 must give up.
    result: Result = prove(x * x * x + y * y * y != 33, [x > 0], rlimit=1)
    assert result.status == UNKNOWN and not result.proven
