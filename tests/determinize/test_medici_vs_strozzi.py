"""Medici vs Strozzi's heuristic (engine/medici_vs_strozzi/heuristic.py), and its
determinization: the game hides nothing, so ``Game.determinized`` only drops the seed."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.medici_vs_strozzi import GAME
from regelwerk.engine.medici_vs_strozzi.heuristic import value

from tests.determinize.helpers import played_out, states

SEAT, OTHER = 0, 1


def _opening() -> Any:
    """The first state of a seeded game: empty ships, markers in the middle."""
    return GAME.new_game(seed=0)


def _shipped(state: Any, player: int, tile: int) -> Any:
    """``state`` with ``tile`` on ``player``'s first ship, which lies in the first harbour."""
    holds = state.holds[player]
    ports = state.ports[player]
    return state._replace(
        holds=replaced(state.holds, player, replaced(holds, 0, (*holds[0], tile))),
        ports=replaced(state.ports, player, replaced(ports, 0, 0)))


def _gold(state: Any) -> int:
    """A gold tile: gold has no marker track, it pays in the harbours only."""
    rules = state.rules
    return next(t for t, good in enumerate(rules.tile_good) if rules.goods[good] == "gold")


def test_the_game_hides_nothing_so_a_determinization_only_drops_the_seed() -> None:
    for index, state in enumerate(states(GAME, {}, (0,))):
        for seat in (SEAT, OTHER):
            drawn = GAME.determinized(state, seat, Random(index))
            assert drawn.seed is None
            assert GAME.key(GAME.view(drawn, seat)) == GAME.key(GAME.view(state, seat))
    middle = GAME.determinized(list(states(GAME, {}, (0,), every=1))[60], SEAT, Random(0))
    assert GAME.is_terminal(played_out(GAME, middle, Random(0)))


@pytest.mark.clause("medici_vs_strozzi:scoring.harbour")
def test_the_heuristic_counts_the_harbour_a_ship_would_win_now() -> None:
    state = _opening()
    assert not any(state.holds[SEAT]) and not any(state.holds[OTHER])
    payout = state.rules.scoring.harbour_payout
    assert payout > 0
    assert value(_shipped(state, SEAT, _gold(state)), SEAT) == value(state, SEAT) + payout
    assert value(_shipped(state, OTHER, _gold(state)), SEAT) == value(state, SEAT) - payout
    both = _shipped(_shipped(state, SEAT, _gold(state)), OTHER, _gold(state))
    assert value(both, SEAT) == value(state, SEAT)      # a tie pays nobody


@pytest.mark.clause("medici_vs_strozzi:money.loans")
def test_the_heuristic_counts_money_less_loans() -> None:
    state = _opening()
    richer = state._replace(cash=replaced(state.cash, SEAT, state.cash[SEAT] + 5))
    assert value(richer, SEAT) == value(state, SEAT) + 5
    indebted = state._replace(loans=replaced(state.loans, SEAT, state.loans[SEAT] + 5))
    assert value(indebted, SEAT) == value(state, SEAT) - 5
    assert value(state, OTHER) == -value(state, SEAT)


@pytest.mark.clause("medici_vs_strozzi:end.winner")
def test_the_heuristic_of_a_finished_game_is_the_margin_of_the_fortunes() -> None:
    end = list(states(GAME, {}, (4,), every=1))[-1]
    assert GAME.is_terminal(end)
    fortunes = end.fortunes()
    assert value(end, SEAT) == fortunes[SEAT] - fortunes[OTHER]
