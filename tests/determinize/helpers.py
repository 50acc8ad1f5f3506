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


def assert_samples_play_to_the_end(game: Game[Any, Any], sample: Sampler,
                                   options: Mapping[str, Any], seat: int) -> None:
    """Samples taken early, midway and late in a seeded random game keep every runtime
    invariant and play on to the game's end (with chance drawn by its probabilities)."""
    played = list(states(game, options, (3,), every=1))
    for at in (0, len(played) // 3, 2 * len(played) // 3):
        drawn = sample(played[at], seat, Random(at))
        assert game.violations(drawn) == []
        end = played_out(game, drawn, Random(at))
        assert game.is_terminal(end)
        assert game.violations(end) == []


def assert_blind_to(game: Game[Any, Any], sample: Sampler, state: Any, planted: Any, seat: int,
                    seeds: range = range(5),
                    value: Callable[[Any, int], float] | None = None) -> None:
    """``planted`` differs from ``state`` only in what ``seat`` may not see: the two look
    alike to the seat, their samples are the same for the same seeds, and the heuristic
    ``value`` (if given) does not tell them apart."""
    assert game.key(planted) != game.key(state)
    assert game.key(game.view(planted, seat)) == game.key(game.view(state, seat))
    for seed in seeds:
        assert game.key(sample(planted, seat, Random(seed))) == \
            game.key(sample(state, seat, Random(seed)))
    if value is not None:
        assert value(planted, seat) == value(state, seat)
