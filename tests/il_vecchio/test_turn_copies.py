"""A main action that ends the turn builds the next turn in the same copy of the state
(``turn.main_taken``, ``turn.end_turn(state, **changes)``): the result must be exactly the
one of the plain way, the action's changes made first, then counted and settled."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.il_vecchio.players import gained, with_player
from regelwerk.engine.il_vecchio.rules import FLORIN
from regelwerk.engine.il_vecchio.turn import end_turn, main_taken, settle

PLAYERS = (2, 3, 4)


def _play_states(players: int, games: int) -> list[iv.State]:
    """Every state of ``games`` random games in which the player to move may take a main
    action (the states a town action or a recovery starts from)."""
    found = []
    for seed in range(games):
        rng = Random(seed)
        state = iv.new_game(seed=seed, options={"players": players})
        while not state.is_terminal:
            if state.phase == iv.Phase.PLAY and not state.pending and state.main_action_left():
                found.append(state)
            _, state = iv.GAME.step_random(state, rng, False)
    return found


@pytest.mark.clause("il_vecchio:turn.structure", "il_vecchio:end.finish_round",
                    "il_vecchio:tiles.province")
@pytest.mark.parametrize("players", PLAYERS)
def test_main_taken_is_counting_then_settling(players: int) -> None:
    ended = over = 0
    for state in _play_states(players, 6):
        p = state.turn
        me = state.players[p]
        me = me._replace(res=gained(me.res, (FLORIN, 1)))
        changes = {"middlemen": state.middlemen[::-1]}
        plain = settle(with_player(state, p, me, actions_taken=state.actions_taken + 1,
                                   **changes))
        assert main_taken(state, p, me, **changes) == plain
        ended += plain.turn != p or plain.is_terminal
        over += plain.is_terminal
    assert ended and over           # the turn ended (also the game) in some of the states


@pytest.mark.clause("il_vecchio:turn.structure", "il_vecchio:end.finish_round")
@pytest.mark.parametrize("players", PLAYERS)
def test_end_turn_makes_the_changes_first(players: int) -> None:
    states = _play_states(players, 3)
    for state in states[::5] + [s._replace(final_round=True) for s in states[::7]]:
        changes: dict[str, Any] = {"end_triggered": not state.end_triggered,
                                   "middlemen": state.middlemen[::-1]}
        assert end_turn(state, **changes) == end_turn(state._replace(**changes))
