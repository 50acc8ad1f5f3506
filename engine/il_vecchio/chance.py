"""Chance in Il Vecchio: the seeded random source, the shuffles and the dice.

The n-th chance event of a seeded game (a roll or a shuffle) draws from
``seeded_rng(seed, "chance", n)``, i.e. ``Random(f"{seed}/chance/{n}")``;
``State.chance`` counts them. The dice are explicit chance nodes (see
:mod:`.dice`); the shuffles of the piles and the middlemen's start position are
still drawn inside the effects. A game made with ``seed=None`` leaves those
piles in box order (only its dice are chosen by the caller).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import product
from random import Random

from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.il_vecchio.state import State


def chance_rng(seed: int, n: int) -> Random:
    """The random source of the ``n``-th chance event of the game with ``seed``."""
    return seeded_rng(seed, "chance", n)


def shuffled(state: State, items: Iterable[int]) -> tuple[tuple[int, ...], State]:
    """``items`` shuffled by the next chance event (box order when ``seed`` is None)."""
    found = list(items)
    if state.seed is not None:
        chance_rng(state.seed, state.chance).shuffle(found)
    return tuple(found), state._replace(chance=state.chance + 1)


def seeded_roll(state: State, n: int) -> int:
    """What the dice of the ``n``-th chance event of a seeded game show, added up."""
    assert state.seed is not None
    rng = chance_rng(state.seed, n)
    sides = state.rules.dice_sides
    return sum(rng.randint(1, sides) for _ in range(state.rules.dice_count))


def roll(state: State) -> tuple[int, State]:
    """Roll the dice of a seeded game now and add them up (the next chance event)."""
    return seeded_roll(state, state.chance), state._replace(chance=state.chance + 1)


@cache
def dice_totals(count: int, sides: int) -> dict[int, Fraction]:
    """Every total ``count`` dice of ``sides`` sides can show, with its probability."""
    ways: dict[int, int] = {}
    for faces in product(range(1, sides + 1), repeat=count):
        ways[sum(faces)] = ways.get(sum(faces), 0) + 1
    return {total: Fraction(n, sides ** count) for total, n in sorted(ways.items())}
