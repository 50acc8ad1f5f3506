"""What the determinize tests of every game share: states along random games, a sample's
view, and a random playout with chance drawn by its probabilities."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from random import Random
from typing import Any

from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import Game

Sampler = Callable[[Any, int, Random], Any]


def states(game: Game[Any, Any], options: Mapping[str, Any], seeds: tuple[int | None, ...] = (
        0, 1, None), every: int = 5) -> Iterator[Any]:
    """Every ``every``-th state of random games with ``seeds`` (``None``: a game whose
    chance waits, so its chance nodes are among the states), the last one included."""
    for seed in seeds:
        played = conformance.play(game, options, seed).states
        yield from played[::every]
        yield played[-1]


def seats(game: Game[Any, Any], state: Any) -> range:
    return range(len(game.seats(state)))


def unseen_difference(game: Game[Any, Any], sample: Sampler, state: Any, seat: int,
                      rng: Random) -> list[str]:
    """The fields of the view of ``seat`` that a sample changes (none, if it is right)."""
    drawn = sample(state, seat, rng)
    seen, truth = game.view(drawn, seat), game.view(state, seat)
    if game.key(seen) == game.key(truth):
        return []
    return [name for name in truth._fields if getattr(seen, name) != getattr(truth, name)]


def played_out(game: Game[Any, Any], state: Any, rng: Random) -> Any:
    """``state`` played to its end by random actions, chance's outcomes drawn by their
    probabilities (the state has no seed: chance waits for them); at most the game's
    declared length."""
    limit = game.longest(state) or 100_000
    for _ in range(limit):
        if game.is_terminal(state):
            return state
        outcomes = game.chance_outcomes(state)
        if outcomes:
            action = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = game.random_action(state, rng)
        state = game.apply(state, action)
    return state
