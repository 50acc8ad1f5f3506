"""The z3 invariants of Lorenzo il Magnifico: each is proven for the engine's rules, each
mutant (built with :func:`mutate`) breaks its proof, the bounds' witnesses are replayed by
the engine, every proof has a runtime twin of the same id or says why not, and the whole
verification stays within its time budget."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.lorenzo import GAME, invariants
from regelwerk.verification import lorenzo as proofs
from regelwerk.verification.core import PROVEN, VIOLATED, mutate

from regelwerk.simulate import simulate

BY_ID = {inv.id: inv for inv in proofs.INVARIANTS}


@pytest.mark.parametrize("invariant_id", sorted(BY_ID))
def test_invariant_is_proven(invariant_id: str) -> None:
    result = BY_ID[invariant_id].check(proofs.default_rules())
    assert result.status == PROVEN, result.detail


@pytest.mark.parametrize("mutant", proofs.MUTANTS, ids=lambda m: m.id)
def test_the_mutant_breaks_its_proof(mutant: Any) -> None:
    result = BY_ID[mutant.breaks].check(mutate(proofs.default_rules(), mutant.fns))
    assert result.status == VIOLATED, result.detail


def test_every_invariant_has_a_mutant_and_cites_clauses() -> None:
    assert set(BY_ID) <= {m.breaks for m in proofs.MUTANTS}
    spec = proofs.default_rules().spec
    for invariant in proofs.INVARIANTS:
        assert invariant.id.startswith("lorenzo.")
        assert invariant.clauses and all(c in spec.clauses for c in invariant.clauses)


def test_every_proof_has_a_runtime_twin_of_the_same_id_or_says_why_not() -> None:
    proved = set(BY_ID)
    checked = set(invariants.CHECKED)
    assert proved - checked == set(proofs.PROOF_ONLY)
    assert all(proofs.PROOF_ONLY.values())
    assert checked - proved == set(invariants.RUNTIME_ONLY)


@pytest.mark.parametrize("mutant", [m for m in proofs.MUTANTS if m.runtime], ids=lambda m: m.id)
def test_a_runtime_mutant_reaches_the_engine(mutant: Any) -> None:
    """The broken rule is played by the engine, and its runtime twin reports it."""
    rules = mutate(GAME.rules_for({"players": 4}), mutant.fns)
    report = simulate(GAME, 20, seed=1, rules=rules)
    found = {name for v in report.violations for name in v.invariants}
    assert mutant.breaks in found
    assert found <= set(invariants.CHECKED)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("category", proofs.CATEGORIES)
def test_bounds_are_tight_and_replayed_by_the_engine(players: int, category: str) -> None:
    model = proofs.default_rules()
    low = model.spec["players.min"]
    for direction in ("max", "min"):
        result = proofs.scoring_bound(model, players, category, direction)
        assert result.proven, result.detail
        assert result.bound == model.spec[f"bounds.{category}_{direction}"][players - low]
        scoring = proofs.Scoring(model, players)
        assert scoring.replay(category, dict(result.witness)) == result.bound


def test_random_games_stay_within_the_scoring_bounds() -> None:
    for seed in range(6):
        report = simulate(GAME, 1, seed=seed, options={"players": 2 + seed % 3})
        assert report.violations == []
