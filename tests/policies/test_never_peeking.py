"""Greedy and MCTS never read what the seat to move may not see (issue 33): two states that
differ only in a planted secret give the same choice from the same policy source."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.game import Game, Views

from regelwerk.policies import PolicyError, candidates, check, parse, parse_seats
from tests.policies.helpers import fortune_margin, last_decision, mvs, with_margin

POLICIES = ("greedy", "mcts:12")


def decision_before_chance(game: Game[Any, Any]) -> Any:
    """A seeded position whose seat to move may draw (chance acts next), so that the seed,
    chance's future, decides what the draw brings."""
    state, rng = game.new_game(seed=4), Random(4)
    while True:
        kinds = {type(a).__name__ for a in candidates(game, state._replace(seed=None))}
        if {"Draw", "Stop"} <= kinds:
            return state
        _, state = game.step_random(state, rng)


def test_determinized_drops_the_seed() -> None:
    game = mvs()
    state = game.new_game(seed=9)
    assert state.seed is not None
    seen = game.determinized(state, 0, Random(1))
    assert seen.seed is None
    assert game.key(game.view(seen, 0)) == game.key(game.view(state, 0))


@pytest.mark.parametrize("name", POLICIES)
def test_chance_s_future_changes_no_choice(name: str) -> None:
    """Medici vs Strozzi hides nothing but chance's future, which a seeded state holds in
    its seed: states differing only in the seed give the same choice."""
    game = with_margin(mvs())
    state = decision_before_chance(game)
    for seed in range(3):
        chosen = {parse(name).choose(game, state._replace(seed=other), Random(seed))
                  for other in (1, 2, 77, 12345)}
        assert len(chosen) == 1


def hidden_bag(game: Game[Any, Any]) -> Game[Any, Any]:
    """A stand-in for a game that hides something: Medici vs Strozzi whose bag (which tiles
    and in which order) no seat may see; its determinize draws the bag anew, as many tiles,
    and drops the seed, as a game's own would. Its heuristic reads the bag (which a game's
    own must not: here it makes a peek show), turning the fortune margin round when the
    bag's tiles add up to an odd number."""
    tiles = len(game.default_rules.tile_good)

    def mask(state: Any, seat: int) -> Any:
        del seat
        return state._replace(bag=(0,) * len(state.bag), seed=None)

    def determinize(state: Any, seat: int, rng: Random) -> Any:
        del seat
        return state._replace(bag=tuple(rng.sample(range(tiles), len(state.bag))), seed=None)

    def secretive(state: Any, seat: int) -> float:
        return fortune_margin(state, seat) * (-1 if sum(state.bag) % 2 else 1)

    return dataclasses.replace(game, views=Views(mask, hides=True), determinize=determinize,
                               heuristic=secretive)


def test_greedy_never_reads_a_planted_secret() -> None:
    """At a decision that ends the game, two states alike but for the hidden bag's tiles
    (their sum odd in one, even in the other) give greedy the same choice: a greedy that
    valued the true state would turn its choice round with the secret."""
    game = hidden_bag(mvs())
    state, _seat, _winning = last_decision(mvs())
    bag = state.bag
    planted = [state._replace(bag=tuple(t + i for t in bag)) for i in (0, 1)]
    assert len({sum(p.bag) % 2 for p in planted}) == 2
    for seed in range(4):
        chosen = {parse("greedy").choose(game, p, Random(seed)) for p in planted}
        assert len(chosen) == 1


def test_mcts_never_reads_a_planted_secret() -> None:
    """Before a draw, two states alike but for the order of the hidden bag give MCTS the
    same choice (its rollouts would value the true bag's tiles otherwise)."""
    game = hidden_bag(with_margin(mvs()))
    state = decision_before_chance(game)
    bag = list(state.bag)
    planted = [state, state._replace(bag=tuple(reversed(bag))),
               state._replace(bag=tuple(bag[1:] + bag[:1]))]
    for seed in range(3):
        chosen = {parse("mcts:12").choose(game, p, Random(seed)) for p in planted}
        assert len(chosen) == 1
@pytest.mark.parametrize("name", POLICIES)
def test_a_hiding_game_without_determinize_is_refused(name: str) -> None:
    game = dataclasses.replace(hidden_bag(mvs()), determinize=None)
    with pytest.raises(PolicyError) as refused:
        check(game, parse_seats(name, 2))
    assert "determinize" in str(refused.value)
    check(game, parse_seats("random", 2))          # random play reads nothing: it may
    with pytest.raises(TypeError):
        parse(name).choose(game, decision_before_chance(game), Random(0))
