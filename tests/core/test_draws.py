"""Random play's draws (:mod:`regelwerk.engine.core.draws`) are python's: the same
values as ``Random`` from the same source, so seeded random games stay the same games."""

from __future__ import annotations

from random import Random

import pytest
from regelwerk.engine.core import draws
from regelwerk.engine.core.game import RandomPolicy


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 9, 16, 17, 100, 1000])
def test_below_and_choice_draw_what_random_draws(n: int) -> None:
    mine, theirs = Random(f"policy/{n}"), Random(f"policy/{n}")
    items = list(range(n))
    for _ in range(200):
        assert draws.below(mine, n) == theirs.randrange(n)
        assert draws.choice(mine, items) == theirs.choice(items)
    assert mine.random() == theirs.random()        # the sources are still in step


def test_shuffle_shuffles_as_random_does() -> None:
    mine, theirs = Random("shuffle"), Random("shuffle")
    for n in range(12):
        a, b = list(range(n)), list(range(n))
        draws.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        draws.below(Random(1), 0)


def test_random_play_draws_with_them_by_default() -> None:
    assert RandomPolicy().choose is draws.choice and RandomPolicy().index is draws.below
