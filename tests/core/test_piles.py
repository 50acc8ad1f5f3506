"""Face-down piles (engine/core/piles.py): the draws every game's chance nodes share."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st
from regelwerk.engine.core import piles

items = st.lists(st.integers(0, 5), min_size=1, max_size=12).map(tuple)


def test_doctests() -> None:
    assert doctest.testmod(piles).failed == 0


@given(items)
def test_the_outcomes_are_the_distinct_items_and_their_chances_sum_to_one(pile: tuple[int, ...]) -> None:
    outcomes = piles.draw_outcomes(pile)
    assert sorted(outcomes) == sorted(set(pile))
    assert sum(piles.draw_probability(pile, item) for item in outcomes) == 1
    assert piles.seeded_draw(pile) == outcomes[0]


@given(items, st.data())
def test_a_draw_takes_one_copy_and_keeps_the_order_of_the_rest(pile: tuple[int, ...],
                                                                data: st.DataObject) -> None:
    item = data.draw(st.sampled_from(piles.draw_outcomes(pile)))
    rest = piles.drawn(pile, item)
    assert len(rest) == len(pile) - 1
    assert rest.count(item) == pile.count(item) - 1
    assert [x for x in pile if x != item] == [x for x in rest if x != item]


def test_the_topmost_copy_leaves() -> None:
    assert piles.drawn((1, 2, 1, 3), 1) == (1, 2, 3)


def test_a_seeded_pile_is_a_permutation_that_replays() -> None:
    first = piles.shuffled(range(20), 7, "deck", 1)
    assert sorted(first) == list(range(20))
    assert first == piles.shuffled(range(20), 7, "deck", 1)
    assert first != piles.shuffled(range(20), 7, "deck", 2)
    assert piles.shuffled(range(20), None, "deck", 1) == tuple(range(20))
