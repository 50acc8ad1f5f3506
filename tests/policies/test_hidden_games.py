"""Greedy and MCTS in a game that hides something (issue 33): Il Vecchio's council tiles.
Two deals alike but for the tile another seat keeps face down give the seat to move the
same choice from the same policy source (il_vecchio:setup.council_choice)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.il_vecchio.state import SETUP_COUNCIL

from regelwerk import games
from regelwerk.policies import candidates, parse


def deal(choose_second: bool) -> Any:
    """Il Vecchio at two players, chance taking its first outcome every time but, with
    ``choose_second``, its second for the first council tile dealt to player 1 (his secret:
    he keeps one face up, the others go back unseen)."""
    game = games.get("il_vecchio").game
    state = game.new_game(seed=None, options={"players": 2})
    while game.to_move(state) == CHANCE:
        to_second = (choose_second and state.phase == SETUP_COUNCIL and state.middlemen
                     and len(state.setup_offer) > 1
                     and len(state.setup_offer[0]) == state.rules.council_draw
                     and not state.setup_offer[1])
        outcomes = game.chance_outcomes(state)
        state = game.apply(state, outcomes[1 if to_second else 0][0])
    return state


@pytest.mark.clause("il_vecchio:setup.council_choice")
@pytest.mark.parametrize("name", ["greedy", "mcts:12"])
def test_another_seat_s_secret_changes_no_choice(name: str) -> None:
    game = games.get("il_vecchio").game
    first, planted = deal(False), deal(True)
    assert first.setup_offer[1] != planted.setup_offer[1]
    assert game.key(game.view(first, 0)) == game.key(game.view(planted, 0))
    assert game.to_move(first) == game.to_move(planted) == 0
    assert len(candidates(game, first)) > 1              # a choice to make
    for seed in range(3):
        chosen = {parse(name).choose(game, state, Random(seed)) for state in (first, planted)}
        assert len(chosen) == 1
        assert game.is_legal(first, chosen.pop())
