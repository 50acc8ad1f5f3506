"""Random play's draws: python's own draws, without their overhead.

Random play (:meth:`~regelwerk.engine.core.game.Game.random_action`, ``step_random``)
draws a kind with ``policy.index`` and an action with ``policy.choose``
(:class:`~regelwerk.engine.core.game.RandomPolicy`, whose defaults these are); a game's
fast samplers draw with the same functions. :func:`below`, :func:`choice` and :func:`shuffle`
give exactly what ``Random.randrange(n)``, ``Random.choice(items)`` and
``Random.shuffle(items)`` give from the same random source (CPython draws them all as
:func:`below` does: ``getrandbits`` of ``n``'s bit length until
the value is below ``n``), so seeded random games stay the same games (the fingerprints
of ``benchmarks/fingerprints.py`` and ``tests/core/test_draws.py`` hold them to it),
with one call of Python instead of three or four per draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")


def below(rng: Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: a whole number from 0 to ``n - 1``."""
    if n <= 0:
        raise ValueError("empty range for below()")
    bits = n.bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


def choice(rng: Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``: one of ``items`` (not empty)."""
    return items[below(rng, len(items))]


def seeded_rng(seed: int, *path: object) -> Random:
    """The random source of one chance event of a seeded game: ``Random("seed/path...")``.

    Every game derives each shuffle or roll from the game's seed and the
    event's name, so (game, options, seed, actions) replays exactly.
    """
    return Random("/".join([str(seed), *[str(part) for part in path]]))


def shuffle(rng: Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: ``items`` shuffled in place (each swap's draw is :func:`below`'s,
    written out: a shuffle makes one per item)."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]

