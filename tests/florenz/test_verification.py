"""The z3 invariants of Florenz: each proven; the bounds tight and replayed.

That every invariant has a mutant which its proof finds violated (and that a
runtime mutant shows in ``simulate``) is the generic test
``tests/core/test_invariants.py``; here are the Florenz-specific checks.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from regelwerk.verification import florenz as vf
from regelwerk.verification.core import STALE, VIOLATED, mutate

INV = {i.id: i for i in vf.INVARIANTS}


def mutant(breaks: str, fn: str) -> Any:
    return next(m for m in vf.MUTANTS if m.breaks == breaks and fn in m.fns)


@pytest.mark.parametrize("invariant", vf.INVARIANTS, ids=lambda i: i.id)
def test_invariant_proven(invariant: Any) -> None:
    for clause in invariant.clauses:
        assert clause.startswith("florenz:")
    result = invariant.check(vf.default_rules())
    assert result.proven, result.detail
    if invariant.id.startswith("florenz.medici_bound"):
        assert result.bound is not None and result.bound > 0


@pytest.mark.clause("florenz:queue.capacity")
def test_mutant_capacity_off_by_one_overfills_a_full_queue() -> None:
    """The counterexample is a full queue taking one more."""
    broken = mutate(vf.default_rules(), mutant("florenz.queue_capacity", "may_enter").fns)
    result = INV["florenz.queue_capacity"].check(broken)
    assert result.status == VIOLATED
    assert result.counterexample["length"] == result.counterexample["capacity"]


@pytest.mark.clause("florenz:medici.head", "florenz:scoring.cosimo", "florenz:scoring.contessina",
                    "florenz:scoring.giovanni")
@pytest.mark.parametrize("round_number", range(1, 10))
def test_medici_bound_tight_and_replayed(round_number: int) -> None:
    """The witness reaches the proven bound through the engine's scoring functions, and the
    bound is the value spec records."""
    rules = vf.default_rules()
    result, _ = vf.medici_phase_bound(rules, round_number)
    assert result.proven
    assert vf.replay_bound_witness(rules, round_number, dict(result.witness)) == result.bound
    assert result.bound == rules.spec["bounds.medici_phase_max"][round_number - 1]


@pytest.mark.clause("florenz:scoring.cosimo")
def test_mutant_disc_value_moves_the_bound() -> None:
    """A printed disc with other values moves the bound: the rules stay consistent, only the
    value spec records is out of date (issue 31): stale, not violated, with both numbers."""
    rules = vf.default_rules()
    table = list(rules.queue_points)
    table[0] = (table[0][0] + 10, *table[0][1:])
    raised = dataclasses.replace(rules, queue_points=tuple(table))
    before, _ = vf.medici_phase_bound(rules, 1)
    after, _ = vf.medici_phase_bound(raised, 1)
    assert after.bound == before.bound + 10
    result = INV["florenz.medici_bound.round1"].check(raised)
    assert result.status == STALE
    assert f"records {before.bound}, the proven bound is {after.bound}" in result.detail
