"""The z3 invariants: each is proven for the real rules and violated by a mutant."""

from __future__ import annotations

import pytest
from regelwerk.verification import medici_vs_strozzi as proofs
from regelwerk.verification.core import PROVEN, UNKNOWN, VIOLATED, Result, mutate, prove
from regelwerk.verification.medici_vs_strozzi.mutants import MUTANTS as MUTANTS_LIST

BY_ID = {inv.id: inv for inv in proofs.INVARIANTS}


MUTANTS = {m.breaks: m for m in MUTANTS_LIST}


def test_every_invariant_has_a_mutant_and_cites_clauses() -> None:
    assert set(MUTANTS) == set(BY_ID)
    spec = proofs.default_rules().spec
    for invariant in proofs.INVARIANTS:
        assert invariant.clauses and all(c in spec.clauses for c in invariant.clauses)


@pytest.mark.parametrize("invariant_id", sorted(BY_ID))
def test_invariant_is_proven(invariant_id: str) -> None:
    result = BY_ID[invariant_id].check(proofs.default_rules())
    assert result.status == PROVEN, result.detail


@pytest.mark.parametrize("invariant_id", sorted(MUTANTS))
def test_mutant_breaks_the_invariant(invariant_id: str) -> None:
    result = BY_ID[invariant_id].check(mutate(proofs.default_rules(), MUTANTS[invariant_id].fns))
    assert result.status == VIOLATED, result.detail


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
