"""The core loop of random play: :meth:`Game.random_steps` and :meth:`Game.step_random` make
exactly the draws of :meth:`Game.random_action` followed by :meth:`Game.apply` (which the
fingerprints of ``benchmarks/fingerprints.py`` pin), checked or not; a kind drawn by weight
that has no action is dropped with its weight, as it always was."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from types import SimpleNamespace
from typing import Any

import pytest
from regelwerk.engine.core.draws import below
from regelwerk.engine.core.game import ActionKind, Game, RandomPolicy, Weighted
from regelwerk.engine.core.playout import draw_weighted

from regelwerk import games
from regelwerk.simulate import playout

GAMES = sorted(games.games())


def game_of(game_id: str) -> Game[Any, Any]:
    return games.get(game_id).game


def counts(game: Game[Any, Any]) -> list[dict[str, int]]:
    low, high = game.players
    return [{"players": low}] if low == high else [{"players": low}, {"players": high}]


def by_random_action(game: Game[Any, Any], state: Any, rng: Random) -> list[Any]:
    actions = []
    while not game.is_over(state):
        action = game.random_action(state, rng)
        actions.append(action)
        state = game.apply(state, action)
    return actions


@pytest.mark.parametrize("game_id", GAMES)
def test_random_steps_draw_what_random_action_and_apply_draw(game_id: str) -> None:
    game = game_of(game_id)
    for options in counts(game):
        for seed in range(2):
            start = game.new_game(seed=seed, options=options)
            expected = by_random_action(game, start, Random(seed))
            for check in (False, True):
                steps = list(game.random_steps(start, Random(seed), check))
                assert [action for action, _ in steps] == expected
                assert game.is_over(steps[-1][1])
            rng, state, stepped = Random(seed), start, []
            while not game.is_over(state):
                action, state = game.step_random(state, rng, False)
                stepped.append(action)
            assert stepped == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_a_playout_that_does_not_end_in_time_is_stopped(game_id: str) -> None:
    game = game_of(game_id)
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        playout(game, 1, 0, {}, check=True, max_steps=3)
    state, steps, violation = playout(game, 1, 0, {}, check=True)
    assert game.is_over(state) and steps > 3 and violation is None


@dataclass(frozen=True)
class Token:
    kind: int
    value: int


def stub_kind(number: int, empty: bool) -> ActionKind[Any, Any]:
    """A kind whose sampler draws a value from 0 to 9, or has no action (``empty``)."""
    def sampler(state: Any, rng: Random) -> Token | None:
        return None if empty else Token(number, below(rng, 10))
    return ActionKind(Token, f"k{number}", "c", lambda s, like: (), lambda s, a: s,
                      sampler=sampler)


def reference_weighted(rng: Random, weighted: Weighted) -> Token:
    """The weighted draw as first written: the kinds and weights copied into lists."""
    kinds, weights = list(weighted.kinds), list(weighted.weights)
    total = weighted.total
    while kinds:
        point = below(rng, total)
        i = 0
        while point >= weights[i]:
            point -= weights[i]
            i += 1
        action: Token | None = kinds[i].sampler((), rng)  # type: ignore[misc]
        if action is not None:
            return action
        total -= weights.pop(i)
        kinds.pop(i)
    raise AssertionError("no action")


def test_a_weighted_kind_without_an_action_is_dropped_with_its_weight() -> None:
    weighted = Weighted(tuple(stub_kind(k, empty=k in (0, 2)) for k in range(4)), (5, 1, 7, 2))
    core = SimpleNamespace(policy=RandomPolicy(), sequence_clause=lambda state: "c")
    drawn = set()
    for seed in range(200):
        action, kind, listed = draw_weighted(core, (), Random(seed), weighted)
        assert action == reference_weighted(Random(seed), weighted)
        assert kind.name == f"k{action.kind}" and not listed
        drawn.add(action.kind)
    assert drawn == {1, 3}
    assert weighted.kinds[0].name == "k0" and len(weighted.kinds) == 4   # left whole
