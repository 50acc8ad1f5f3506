"""Every data scenario in tests/scenarios/<game>/*.toml, played (issue 17).

Each scenario is one test, named ``game/id``; a failure lists every expectation
that does not hold, with the clause.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from regelwerk.engine.core import spec as spec_module

from regelwerk import games, scenarios

ROOT = Path(__file__).resolve().parents[2]
ALL = scenarios.load(ROOT)


@pytest.mark.parametrize("scenario", ALL, ids=[s.name for s in ALL])
def test_scenario_holds(scenario: scenarios.Scenario) -> None:
    assert scenarios.run(scenario) == []


@pytest.mark.parametrize("game", sorted(games.games()))
def test_scenarios_cite_clauses_of_their_game(game: str) -> None:
    known = spec_module.load(game).clauses
    cited = {c for s in ALL if s.game == game for c in s.clauses}
    assert sorted(c for c in cited if c not in known) == []
    unplayable = scenarios.not_played(ROOT, game)
    assert sorted(c for c in unplayable if c not in known) == []
    assert sorted(cited & set(unplayable)) == [], "a clause is both played and 'not played'"
