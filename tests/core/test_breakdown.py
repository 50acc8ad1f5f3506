"""``benchmarks/breakdown.py`` measures the games the benchmark measures, and names the
function a wrapped sampler calls (so that two kinds' wrappers are told apart)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from regelwerk.engine.florenz import members

from regelwerk import games
from regelwerk.simulate import simulate

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "breakdown.py"


@pytest.fixture(scope="module")
def breakdown() -> ModuleType:
    spec = importlib.util.spec_from_file_location("breakdown", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(games.games()))
def test_plays_the_games_simulate_plays(breakdown: ModuleType, game: str) -> None:
    declared = games.get(game).game
    options = {"players": declared.players[0]}
    actions, _ = breakdown.play(declared, options, 2, 7)
    assert actions == simulate(declared, 2, 7, options, check=False).actions


def test_a_wrapped_sampler_is_known_by_the_function_it_wraps(breakdown: ModuleType) -> None:
    declared = games.get("florenz").game
    hurry = next(kind for kind in declared.kinds if kind.name == "hurry_twice")
    assert breakdown._unwrapped(hurry.sampler) is members.hurry_sample
    assert breakdown._unwrapped(members.hurry_sample) is members.hurry_sample
