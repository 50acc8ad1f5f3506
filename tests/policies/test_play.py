"""Policies at play in Medici vs Strozzi (regelwerk/policies): random play stays the very
same games, greedy beats random, MCTS takes a win that is there."""

from __future__ import annotations

import dataclasses
import json
from random import Random
from typing import Any

import pytest

from regelwerk.cli import main
from regelwerk.compare import wilson
from regelwerk.policies import RANDOM, parse, step
from regelwerk.policies.greedy import Greedy
from regelwerk.simulate import playout, policy, simulate
from tests.policies.helpers import MVS, last_decision, mvs, with_margin


def fingerprint(game: Any, state: Any, steps: int) -> tuple[Any, int]:
    return game.key(state), steps


def test_the_random_policy_plays_the_same_seeded_games() -> None:
    """``--policy random`` (whichever loop plays it) keeps every seeded game as it was:
    the same final position after the same number of actions, game by game."""
    game = mvs()
    for index in range(6):
        before = playout(game, 3, index, {})
        named = playout(game, 3, index, {}, policies="random")
        assert fingerprint(game, before[0], before[1]) == fingerprint(game, named[0], named[1])
        # the seat-wise loop (as a mixed list plays a random seat) draws the same
        rng, state, steps = policy(3, index), game.new_game(seed=3 * 1_000_003 + index), 0
        while not game.is_over(state):
            _, state = step(game, state, (RANDOM, RANDOM), rng)
            steps += 1
        assert fingerprint(game, state, steps) == fingerprint(game, before[0], before[1])


def test_simulate_with_and_without_policy_random_reports_the_same(
        capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for extra in ([], ["--policy", "random"]):
        assert main(["simulate", MVS, "-n", "20", "--seed", "5", "--jobs", "1", "--json",
                     "--no-progress", *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        for volatile in ("seconds", "games_per_second", "actions_per_second"):
            data.pop(volatile)
        reports.append(data)
    assert reports[0] == reports[1]
    assert reports[0]["policy"] == "random"


@pytest.mark.parametrize("valued", ["the game's heuristic", "a fortune margin"])
def test_greedy_beats_random_by_more_than_chance(valued: str) -> None:
    """Greedy on the game's own heuristic, and on a stand-in of the test's own (the fortune
    margin of end.winner), wins more than half of its games against random play, from
    either seat, by its 95% interval."""
    game = mvs() if valued == "the game's heuristic" else with_margin(mvs())
    assert game.heuristic is not None
    wins = games = 0
    for seats, seat in (("greedy,random", 0), ("random,greedy", 1)):
        report = simulate(game, 20, 0, {}, check=False, policies=seats)
        games += report.games
        wins += report.outcomes.get(game.seats(game.default_rules)[seat], 0)
    low, _high = wilson(wins, games)
    assert low > 0.5, (wins, games)


def test_greedy_takes_what_the_heuristic_values_most() -> None:
    """At a decision that ends the game, greedy takes the action whose end the heuristic
    values most for the seat (there: the one that wins)."""
    game = with_margin(mvs())
    state, _seat, winning = last_decision(game)
    for seed in range(5):
        assert Greedy().choose(game, state, Random(seed)) in winning


def test_without_a_heuristic_greedy_chooses_at_random_among_all() -> None:
    """A game that declares no heuristic is valued level everywhere: greedy's choice then
    depends on the policy source alone and ranges over the legal actions."""
    game = dataclasses.replace(mvs(), heuristic=None)
    state, _seat, winning = last_decision(game)
    chosen = {Greedy().choose(game, state, Random(seed)) for seed in range(40)}
    assert chosen - set(winning) and chosen & set(winning)
    assert all(game.is_legal(state, action) for action in chosen)


@pytest.mark.parametrize("count", [5, 30])
def test_mcts_takes_a_win_that_is_there(count: int) -> None:
    game = mvs()
    state, _seat, winning = last_decision(game)
    for seed in range(3):
        assert parse(f"mcts:{count}").choose(game, state, Random(seed)) in winning


def test_mcts_plays_whole_games_the_same_from_the_same_seeds() -> None:
    """Whole games, each seat searching with few simulations, every invariant checked after
    every action; the same games again from the same seeds."""
    game = mvs()
    reports = [simulate(game, 2, 11, {}, check=True, policies="mcts:4").to_json()
               for _ in range(2)]
    for report in reports:
        assert report["games"] == 2 and report["violations"] == []
        assert report["policy"] == "mcts:4"
    assert reports[0]["outcomes"] == reports[1]["outcomes"]
    assert reports[0]["actions"] == reports[1]["actions"]


def test_a_run_under_a_policy_does_not_depend_on_the_workers() -> None:
    game = mvs()
    one, two = (simulate(game, 6, 2, {}, policies="greedy,mcts:3", jobs=jobs).to_json()
                for jobs in (1, 2))
    for report in (one, two):
        for volatile in ("seconds", "games_per_second", "actions_per_second"):
            report.pop(volatile)
    assert one == two and one["policy"] == "greedy,mcts:3"
