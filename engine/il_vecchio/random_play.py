"""Random play: how Il Vecchio's random player draws (part of the game's declaration).

A random player draws a kind of action uniformly among the kinds that can
have a legal action (:func:`~.game.sampling`), then the action's parameters
one after the other (the kinds' fast samplers), each uniformly among the
values that still leave a legal action. Nothing is listed in full; every legal
action has a positive probability. Decisions and the set-up draw uniformly
from the legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from regelwerk.engine.core.game import RandomPolicy


def pick(rng: Random, options: Sequence[Any]) -> Any:
    """One of ``options``, uniformly; no randomness is used when there is only one."""
    n = len(options)
    return options[int(rng.random() * n)] if n > 1 else options[0]


def index(rng: Random, n: int) -> int:
    """A uniform index below ``n`` (the kind to draw first)."""
    return int(rng.random() * n)


POLICY = RandomPolicy(choose=pick, index=index)


def only(options: Callable[[Any, None], Sequence[Any]]) -> Callable[[Any, Random], Any]:
    """The fast sampler of a kind with at most one legal action (Reinforcement, Recovery,
    passing): the action its ``options`` list, or ``None``; like :func:`pick` of one, it
    draws no randomness, so random play draws as when it listed the kind."""
    def sampler(state: Any, rng: Random) -> Any:
        found = options(state, None)
        return found[0] if found else None
    return sampler
