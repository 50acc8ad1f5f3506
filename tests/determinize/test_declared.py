"""Every game declares its heuristic, and every game that hides something its
determinization, in ``GAME`` (the interface the policies use: ``Game.heuristic``,
``Game.determinized``)."""

from __future__ import annotations

import importlib
from random import Random

import pytest

GAMES = ("medici_vs_strozzi", "florenz", "il_vecchio", "lorenzo")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_declaration_names_the_games_own_functions(game_id: str) -> None:
    game = importlib.import_module(f"regelwerk.engine.{game_id}").GAME
    heuristic = importlib.import_module(f"regelwerk.engine.{game_id}.heuristic")
    state = game.new_game(seed=5)
    state = game.apply(state, game.random_action(state, Random(5)))
    assert game.heuristic is heuristic.value
    if game.hides:
        determinize = importlib.import_module(f"regelwerk.engine.{game_id}.determinize")
        assert game.determinize is determinize.sample
        assert game.key(game.determinized(state, 0, Random(1))) == \
            game.key(determinize.sample(state, 0, Random(1)))
    else:
        assert game.determinize is None
        assert game.determinized(state, 0, Random(1)) == state._replace(seed=None)
