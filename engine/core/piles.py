"""Face-down piles (a bag of tiles, a deck of cards) and their draws as chance nodes.

A pile is a tuple of item ids whose next item is the **last** one. A seeded
game shuffles a pile once, when it is formed (:func:`shuffled`), so chance's
seeded draw is simply the top item (:func:`seeded_draw`) and a seeded game
replays exactly. A game made with ``seed=None`` keeps the pile in box order
and stops at each draw: the outcomes are the distinct items left
(:func:`draw_outcomes`), each as likely as its share of the pile
(:func:`draw_probability`), and the caller picks one. Either way the drawn
item leaves the pile by :func:`drawn`, which keeps the order of the rest.

>>> pile = shuffled(range(4), None, "deck")
>>> pile, seeded_draw(pile), draw_outcomes(pile)
((0, 1, 2, 3), 3, (3, 2, 1, 0))
>>> drawn(pile, 1), draw_probability((1, 1, 2), 1)
((0, 2, 3), Fraction(2, 3))
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from regelwerk.engine.core.draws import seeded_rng, shuffle


def shuffled(items: Iterable[int], seed: int | None, *path: object) -> tuple[int, ...]:
    """``items`` as a pile: shuffled by ``seeded_rng(seed, *path)``, in box order for no seed."""
    pile = list(items)
    if seed is not None:
        shuffle(seeded_rng(seed, *path), pile)
    return tuple(pile)


def seeded_draw(pile: tuple[int, ...]) -> int:
    """The item a seeded game draws next: the top of its shuffled pile."""
    return pile[-1]


def draw_outcomes(pile: tuple[int, ...]) -> tuple[int, ...]:
    """The items a draw can give: each distinct item left, the top one first."""
    return tuple(dict.fromkeys(reversed(pile)))


def draw_probability(pile: tuple[int, ...], item: int) -> Fraction:
    """How likely a draw gives ``item``: its share of the pile."""
    return Fraction(pile.count(item), len(pile))


def drawn(pile: tuple[int, ...], item: int) -> tuple[int, ...]:
    """The pile after ``item`` is drawn (its topmost copy leaves; the rest keep their order)."""
    if pile[-1] == item:
        return pile[:-1]
    at = len(pile) - 1 - pile[::-1].index(item)
    return pile[:at] + pile[at + 1:]
