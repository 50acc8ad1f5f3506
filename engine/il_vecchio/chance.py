"""Chance in Il Vecchio: the seeded random source, the shuffles and the dice.

Every outcome of chance is an explicit chance node (``State.current_player`` is
``CHANCE``): the dice (:mod:`.dice`), the middlemen's start position and every
face-down draw, a crest or a Florence tile (:mod:`.draws`). The face-down
stacks are piles (:mod:`regelwerk.engine.core.piles`, the top is the last
item): a seeded game shuffles them when they are formed, so its chance draws
the top; a game made with ``seed=None`` keeps them in box order and stops at
each draw for the caller to choose the outcome.

The n-th seeded chance event of a game (a roll, a shuffle, the middlemen's start)
draws from ``seeded_rng(seed, "chance", n)``, i.e. ``Random(f"{seed}/chance/{n}")``;
``State.chance`` counts them, with or without a seed. Draws from a pile take
no number: the shuffle that formed the pile decided them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import product
from random import Random

from regelwerk.engine.core.draws import below
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.core.piles import shuffled
from regelwerk.engine.il_vecchio.state import State


def chance_rng(seed: int, n: int) -> Random:
    """The random source of the ``n``-th chance event of the game with ``seed``."""
    return seeded_rng(seed, "chance", n)


def shuffled_order(state: State, items: Iterable[int]) -> tuple[tuple[int, ...], State]:
    """``items`` shuffled by the next chance event (box order when ``seed`` is None)."""
    return (shuffled(items, state.seed, "chance", state.chance),
            state._replace(chance=state.chance + 1))


def shuffled_pile(state: State, items: Iterable[int]) -> tuple[tuple[int, ...], State]:
    """:func:`shuffled_order` as a pile: its first item on top (the pile's last)."""
    order, state = shuffled_order(state, items)
    return order[::-1], state


def seeded_roll(state: State, n: int) -> int:
    """What the dice of the ``n``-th chance event of a seeded game show, added up."""
    assert state.seed is not None
    rng = chance_rng(state.seed, n)
    rules = state.rules
    sides = rules.dice_sides
    # one face each, as ``rng.randint(1, sides)`` draws it (the same random bits: ``below``)
    total = rules.dice_count
    for _ in range(rules.dice_count):
        total += below(rng, sides)
    return total


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
