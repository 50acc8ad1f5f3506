"""``greedy``: one step ahead on the game's heuristic (issue 33).

For each legal action of the seat to move (:func:`~regelwerk.policies.candidates`), the
action is carried out on :meth:`Game.determinized
<regelwerk.engine.core.game.Game.determinized>` (never the true state: a seeded state
would let chance's next outcome be read off), nothing settled, and the state after it
valued by ``game.heuristic(state, seat)``. Where chance acts next, the value is the mean
over chance's outcomes weighted by their probabilities, one level deep (what chance does
after that is not looked at). The best actions share the highest value; the policy source
picks one of them. A game without a heuristic values every position 0
(:func:`~regelwerk.policies.heuristic_of`): greedy then picks uniformly among all its
actions, an open choice counted number by number.
"""

from __future__ import annotations

from random import Random
from typing import Any

from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.policies.base import Searching, candidates, heuristic_of


class Greedy(Searching):
    """The action whose result the heuristic values most for the seat to move."""

    name = "greedy"

    def choose(self, game: Game[Any, Any], state: Any, rng: Random) -> Any:
        seat = game.to_move(state)
        seen = game.determinized(state, seat, rng)
        best: list[Any] = []
        top = float("-inf")
        for action in candidates(game, seen):
            value = valued(game, after(game, seen, action), seat)
            if value > top:
                best, top = [action], value
            elif value == top:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def after(game: Game[Any, Any], state: Any, action: Any) -> Any:
    """The state after a listed (so legal) ``action``: straight to its effect, as random
    play does; ``state`` has no seed, so chance waits."""
    return game.kind_of[type(action)].effect(state, action)


def valued(game: Game[Any, Any], state: Any, seat: int) -> float:
    """The heuristic's value of ``state`` for ``seat``; at a chance node the mean over its
    outcomes, each weighted by its probability (one level)."""
    heuristic = heuristic_of(game)
    if game.is_over(state) or game.to_move(state) != CHANCE:
        return float(heuristic(state, seat))
    return sum(float(p) * float(heuristic(after(game, state, outcome), seat))
               for outcome, p in game.chance_outcomes(state))
