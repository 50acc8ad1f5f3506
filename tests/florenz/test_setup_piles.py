"""The set-up's piles of a seeded game: drawn with core's quick draws, the same as ever.

:func:`~regelwerk.engine.florenz.setup.setup_piles` draws with
:func:`regelwerk.engine.core.draws.below` and :func:`~regelwerk.engine.core.draws.shuffle`
instead of ``Random``'s own methods (fewer calls per draw); a seeded game must still lay
out exactly the piles those methods give, or every seeded game would change.
"""

from __future__ import annotations

from random import Random

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.florenz.setup import setup_piles


def _by_random_methods(rules: fz.Rules, seed: int) -> tuple[tuple[int, ...], ...]:
    """The piles as ``Random.randrange``, ``shuffle`` and ``sample`` lay them out (the
    reading before the quick draws, kept here as the reference)."""
    n, m = rules.families, rules.medici
    boards, plans = len(rules.boast_values), len(rules.plan_cards)
    tiles = [t - 1 for t in rules.spec["disc.location_tiles"]]
    rng: Random = seeded_rng(seed, "setup")
    start = rng.randrange(n)
    kinds = list(range(boards))
    rng.shuffle(kinds)
    dealt = rng.sample(range(plans), n)
    rng.shuffle(tiles)
    first, rest = tiles[:m], tiles[m:]
    carriages = list(first)
    rng.shuffle(carriages)
    rng.shuffle(rest)
    bottom = list(first)
    rng.shuffle(bottom)
    times = list(rules.time_tiles)
    rng.shuffle(times)
    return ((*(f for f in range(n) if f != start), start), tuple(reversed(kinds)),
            (*(p for p in range(plans) if p not in dealt), *reversed(dealt)),
            (*reversed(rest), *reversed(carriages)),
            tuple(carriages.index(t) for t in reversed(bottom)), tuple(times))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_seeded_piles_are_those_of_random_methods(players: int) -> None:
    rules = fz.default_rules(players)
    for seed in range(40):
        assert setup_piles(rules, seed) == _by_random_methods(rules, seed)


def test_piles_differ_between_seeds() -> None:
    """The comparison above means something: the layout depends on the seed."""
    rules = fz.default_rules(3)
    assert len({setup_piles(rules, seed) for seed in range(10)}) > 1
