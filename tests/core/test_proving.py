"""Proofs on worker processes: the same verdicts, in the same order, as one after another.

(z3 may find another counterexample in a fresh process; each one found is one.)"""

from __future__ import annotations

from regelwerk.verification.core import mutate
from regelwerk.verification.florenz import INVARIANTS, MUTANTS, default_rules

from regelwerk.proving import check_all


def test_two_workers_prove_and_refute_what_one_process_does() -> None:
    rules = default_rules()
    mutant = MUTANTS[0]
    broken = mutate(rules, mutant.fns)
    proofs = [(inv, rules) for inv in INVARIANTS[:4]] + [
        (inv, broken) for inv in INVARIANTS if inv.id == mutant.breaks]
    alone = [result for result, _ in check_all(proofs, 1)]
    shared = [result for result, _ in check_all(proofs, 2)]
    assert [r.status for r in shared] == [r.status for r in alone]
    assert [r.status for r in alone] == ["proven"] * 4 + ["violated"]
    assert alone[-1].counterexample and shared[-1].counterexample
