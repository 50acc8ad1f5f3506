"""Every game's invariants: statement, clauses and proof in one place, a runtime twin under
the same id, and a deliberately broken rule (a mutant) that each proof must catch. A game's
proofs are its declaration ``VERIFICATION`` (:attr:`regelwerk.games.GameInfo.verification`).

* every z3 invariant id is checked at run time under the same id (engine
  ``invariants.CHECKED``), or says why it cannot be (the declaration's ``proof_only``);
* every runtime id is a z3 invariant or a declared runtime-only check
  (``invariants.RUNTIME_ONLY``, id -> statement);
* every invariant has a mutant (``mutants``), built one way
  (:func:`~regelwerk.verification.core.mutate`), which ``verify`` finds violated;
* a mutant marked ``runtime`` reaches the engine: ``simulate`` finds it too.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest
from regelwerk.verification.core import VIOLATED, Verification, mutate

from regelwerk import games
from regelwerk.simulate import simulate

GAMES = sorted(games.games())


def runtime(game_id: str) -> ModuleType:
    return importlib.import_module(f"regelwerk.engine.{game_id}.invariants")


def proofs(game_id: str) -> Verification:
    return games.get(game_id).verification


@pytest.mark.parametrize("game_id", GAMES)
def test_every_proof_has_a_runtime_twin_of_the_same_id_or_says_why_not(game_id: str) -> None:
    proved = {inv.id for inv in proofs(game_id).invariants}
    checked = set(runtime(game_id).CHECKED)
    proof_only = dict(proofs(game_id).proof_only)
    assert proved - checked == set(proof_only)
    assert all(reason for reason in proof_only.values())
    assert checked - proved == set(runtime(game_id).RUNTIME_ONLY)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_invariant_cites_clauses_of_its_game(game_id: str) -> None:
    spec = games.get(game_id).game.spec
    for invariant in proofs(game_id).invariants:
        assert invariant.clauses and all(c in spec.clauses for c in invariant.clauses)


MUTANTS = [(g, m) for g in GAMES for m in proofs(g).mutants]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_invariant_has_a_mutant(game_id: str) -> None:
    mutants = proofs(game_id).mutants
    assert {inv.id for inv in proofs(game_id).invariants} <= {m.breaks for m in mutants}
    assert len({m.id for m in mutants}) == len(mutants)      # `--mutant ID` names one


@pytest.mark.parametrize(("game_id", "mutant"), MUTANTS, ids=lambda x: getattr(x, "id", x))
def test_the_mutant_breaks_its_proof(game_id: str, mutant: Any) -> None:
    declared = proofs(game_id)
    result = declared.invariant(mutant.breaks).check(mutate(declared.rules(), mutant.fns))
    assert result.status == VIOLATED, result.detail


@pytest.mark.parametrize(("game_id", "mutant"), [(g, m) for g, m in MUTANTS if m.runtime],
                         ids=lambda x: getattr(x, "id", x))
def test_a_runtime_mutant_shows_in_simulate_too(game_id: str, mutant: Any) -> None:
    game = games.get(game_id).game
    rules = mutate(game.rules_for(), mutant.fns)
    report = simulate(game, 60, seed=1, rules=rules)
    found = {name for v in report.violations for name in v.invariants}
    assert mutant.breaks in found
    assert found <= set(runtime(game_id).CHECKED)
