"""Each z3 invariant has a runtime twin of the same id, and a broken rule shows in both."""

from __future__ import annotations

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.medici_vs_strozzi import invariants
from regelwerk.verification import medici_vs_strozzi as proofs
from regelwerk.verification.core import mutate

from regelwerk.simulate import simulate


def test_every_proved_invariant_is_checked_at_run_time_under_the_same_id() -> None:
    proved = {inv.id for inv in proofs.INVARIANTS}
    assert proved <= set(invariants.CHECKED)
    assert set(invariants.CHECKED) - proved == set(invariants.RUNTIME_ONLY)


@pytest.mark.parametrize("mutant", [m for m in proofs.MUTANTS if m.runtime], ids=lambda m: m.id)
def test_a_broken_rule_shows_in_simulate_as_in_verify(mutant: proofs.Mutant) -> None:
    rules = mutate(mvs.GAME.rules_for(), mutant.fns)
    report = simulate(mvs, 40, seed=1, rules=rules)
    found = {name for v in report.violations for name in v.invariants}
    assert mutant.breaks in found
    assert found <= set(invariants.CHECKED)
