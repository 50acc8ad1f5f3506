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


def test_unknown_is_never_proven() -> None:
    import z3

    x, y = z3.Ints("x y")
    # A non-linear claim under a tiny resource budget: z3 must give up.
    result: Result = prove(x * x * x + y * y * y != 33, [x > 0], rlimit=1)
    assert result.status == UNKNOWN and not result.proven
