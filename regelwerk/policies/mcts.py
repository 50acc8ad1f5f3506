"""``mcts`` / ``mcts:N``: OpenSpiel's Monte-Carlo tree search (issue 33; the ``openspiel`` extra).

Each decision of a seat searches afresh with
:class:`open_spiel.python.algorithms.mcts.MCTSBot` (UCT, exploration constant
:data:`UCT_C`, the solver on), ``N`` simulations (default :data:`SIMULATIONS`), from **one**
fresh determinization per decision: :meth:`Game.determinized
<regelwerk.engine.core.game.Game.determinized>` of the true state for the seat to move (what
it may not see drawn anew, the seed dropped, so chance is searched over its probabilities,
never read from the seed). The search runs on the bridge's :class:`~regelwerk.openspiel.SearchState`
(moves numbered per state, so no game's stable action ids need fit OpenSpiel).

Leaves are valued by :class:`TruncatedRollout`: a random playout of at most
:data:`DEPTH` moves (chance's included; ``mcts:N:D`` sets D), then, where the game is not over, the seat the
heuristic puts ahead is counted the winner (seats level share, as in the returns); a
solo game is searched on its score margin (``returns="margin"``), and a leaf is then valued
by the heuristic itself, which is that margin. Why a depth: a full random playout costs
hundreds of moves per simulation (most of a search's time) and says little of how the
position stands, random play being far from what the seat will do; after a few moves the
heuristic, from the game's own scoring, says it better at a fixed cost, so a search takes
bounded time. :data:`DEPTH` is about one whole turn with the answers to it (Medici vs
Strozzi: the draws and chance's tiles, the price, the answer, the loading; a worker placed
and what it brings in the other games), so a leaf is valued after the move searched has
had its immediate effect.

A decision with one legal action is taken without a search. A game without a heuristic is
valued level at every cut leaf (:func:`~regelwerk.policies.heuristic_of`): the search then
learns only from the game ends its rollouts reach.
"""

from __future__ import annotations

from random import Random
from typing import Any

from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import N_
from regelwerk.policies.base import PolicyError, Searching, candidates, heuristic_of

#: Simulations per decision of ``mcts`` without a number.
SIMULATIONS = 200
#: The most moves (chance's included) a leaf's random rollout plays before the heuristic
#: values where it stands.
DEPTH = 12
#: The longest rollout ``mcts:N:D`` may ask for (longer than any game's whole playout).
MOST_DEPTH = 100_000
#: UCT's exploration constant (OpenSpiel's examples use 2 for returns of about ±1).
UCT_C = 2.0


def _openspiel() -> tuple[Any, Any, Any]:
    """OpenSpiel's MCTS and the bridge, imported when a search first runs."""
    try:
        import numpy
        from open_spiel.python.algorithms import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
            mcts,
        )
    except ImportError:
        raise PolicyError(N_("the policy mcts needs OpenSpiel: pip install "
                             "'regelwerk[openspiel]'")) from None
    from regelwerk import openspiel

    return mcts, openspiel, numpy


class Mcts(Searching):
    """MCTS with ``simulations`` per decision (see the module)."""

    def __init__(self, simulations: int = SIMULATIONS, depth: int = DEPTH) -> None:
        self.simulations, self.depth = simulations, depth
        self.name = ("mcts" if simulations == SIMULATIONS and depth == DEPTH
                     else f"mcts:{simulations}" if depth == DEPTH
                     else f"mcts:{simulations}:{depth}")

    def check(self, game: Game[Any, Any]) -> None:
        super().check(game)
        _openspiel()

    def choose(self, game: Game[Any, Any], state: Any, rng: Random) -> Any:
        seat = game.to_move(state)
        seen = game.determinized(state, seat, rng)
        moves = candidates(game, seen)
        if len(moves) == 1:
            return moves[0]
        mcts, openspiel, numpy = _openspiel()
        seats = len(game.seats(seen))
        searched = openspiel.SearchGame(game, seats, "win" if seats > 1 else "margin",
                                        candidates)
        root = openspiel.SearchState(searched, seen)
        evaluator = TruncatedRollout(game, Random(rng.getrandbits(64)), self.depth)
        bot = mcts.MCTSBot(searched, UCT_C, self.simulations, evaluator, solve=True,
                           random_state=numpy.random.RandomState(rng.getrandbits(32)))
        return root.candidates()[int(bot.step(root))]

    def __repr__(self) -> str:
        return self.name


class TruncatedRollout:
    """OpenSpiel's evaluator interface (``evaluate``, ``prior``): a random rollout of at
    most ``depth`` moves, valued by the game's end or by the heuristic (see the module);
    a uniform prior over a seat's moves, chance's own probabilities at a chance node."""

    def __init__(self, game: Game[Any, Any], rng: Random, depth: int) -> None:
        self.game, self.rng, self.depth = game, rng, depth
        self.heuristic = heuristic_of(game)

    def evaluate(self, state: Any) -> list[float]:
        game, rng = self.game, self.rng
        current = state.state
        for _ in range(self.depth):
            if game.is_over(current):
                break
            current = game.step_random(current, rng)[1]
        ended = state.clone()
        ended.state = current
        if game.is_over(current):
            return list(ended.returns())
        seats = state.seats
        values = [float(self.heuristic(current, seat)) for seat in range(len(seats))]
        if len(seats) == 1:
            return values
        top = max(values)
        from regelwerk.openspiel import seat_returns

        return seat_returns(seats, [s for s, v in zip(seats, values, strict=True) if v == top],
                            {})

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        count = len(state.legal_actions())
        return [(i, 1.0 / count) for i in range(count)]
