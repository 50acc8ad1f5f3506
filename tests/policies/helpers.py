"""Positions and stand-ins the policy tests share."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

from regelwerk.engine.core.game import Game

from regelwerk import games
from regelwerk.policies import candidates
from regelwerk.policies.greedy import after

MVS = "medici_vs_strozzi"


def mvs() -> Game[Any, Any]:
    return games.get(MVS).game


def fortune_margin(state: Any, seat: int) -> float:
    """A stand-in heuristic of the test's own, from the rule that decides the game
    (medici_vs_strozzi:end.winner: fortunes, cash less loans): the seat's lead."""
    fortunes = state.fortunes()
    return float(fortunes[seat] - fortunes[1 - seat])


def with_margin(game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` valued by :func:`fortune_margin` (the greedy and search tests do not wait
    for the game's own heuristic)."""
    return dataclasses.replace(game, heuristic=fortune_margin)


def last_decision(game: Game[Any, Any], seeds: range = range(40)) -> tuple[Any, int, list[Any]]:
    """A decision of a seeded random game after which the game is over whichever action is
    taken, and the actions give the seat different fortunes, with its cash shifted so that
    exactly the actions of the best result win (the others lose): the state, the seat and
    the winning actions."""
    for seed in seeds:
        state, rng = game.new_game(seed=seed), Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)
            ends = [(a, after(game, state._replace(seed=None), a))
                    for a in candidates(game, state._replace(seed=None))]
            if ends and all(game.is_over(end) for _, end in ends):
                margins = {a: fortune_margin(end, seat) for a, end in ends}
                best, worst = max(margins.values()), min(margins.values())
                if best > worst:
                    below = max(m for m in margins.values() if m < best)
                    shift = -int((best + below) // 2)         # best wins, the rest lose
                    cash = list(state.cash)
                    cash[seat] += shift
                    planted = state._replace(cash=tuple(cash))
                    return planted, seat, [a for a, m in margins.items() if m == best]
            _, state = game.step_random(state, rng)
    raise AssertionError("no such decision in the seeded games")
