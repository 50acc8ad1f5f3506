"""Every declared game meets the contract (engine/core/game.py), checked by one suite.

Parametrised by the games found (``regelwerk.games``): a new game gets all of it
by being declared. The last tests break a declaration on purpose and expect the
suite to notice.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import Game

from regelwerk import games

GAMES = sorted(games.games())
SEEDS = (1, 2)


def declared(game_id: str) -> Game[Any, Any]:
    return games.get(game_id).engine_module().GAME


@cache
def played(game_id: str) -> tuple[conformance.Played, ...]:
    game = declared(game_id)
    return tuple(conformance.play(game, options, seed)
                 for options in conformance.configurations(game) for seed in SEEDS)


def some_states(game_id: str, every: int = 7) -> list[Any]:
    return [state for p in played(game_id) for state in p.states[::every]]


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_is_legal_and_keeps_the_invariants(game_id: str) -> None:
    game = declared(game_id)
    problems = [p for game_played in played(game_id) for p in conformance.check_play(game, game_played)]
    assert problems == []


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_are_ordered_and_seats_number_the_movers(game_id: str) -> None:
    game = declared(game_id)
    assert conformance.check_declaration(game) == []
    assert [p for game_played in played(game_id)
            for p in conformance.check_movers(game, game_played)] == []
    assert game.longest(game.default_rules) is not None, "every game declares max_length"


def test_an_unordered_action_and_too_long_a_game_fail_the_suite() -> None:
    game = declared("medici_vs_strozzi")

    @dataclasses.dataclass(frozen=True)
    class Unordered:
        pass

    kind = dataclasses.replace(game.kinds[0], action=Unordered)
    broken = dataclasses.replace(game, kinds=(kind, *game.kinds[1:]))
    assert any("Unordered" in p for p in conformance.check_declaration(broken))
    game_played = played("medici_vs_strozzi")[0]
    short = dataclasses.replace(game, max_length=lambda rules: len(game_played.actions) - 1)
    assert any("more than the declared" in p for p in conformance.check_play(short, game_played))


@pytest.mark.parametrize("game_id", GAMES)
def test_samplers_draw_only_legal_actions_and_every_kind(game_id: str) -> None:
    assert conformance.check_samplers(declared(game_id), some_states(game_id, every=3)) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_are_refused_with_a_clause_and_change_nothing(game_id: str) -> None:
    assert conformance.check_refusals(declared(game_id), some_states(game_id, every=25)) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_records_round_trip(game_id: str) -> None:
    game = declared(game_id)
    assert [p for g in played(game_id)[:3] for p in conformance.check_records(game, g)] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_chosen_by_the_caller_plays_to_the_end(game_id: str) -> None:
    game = declared(game_id)
    game_played = conformance.play(game, {}, None)
    assert game.is_terminal(game_played.states[-1])
    assert conformance.check_play(game, game_played) == []
    assert conformance.check_chance(game, game_played) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_equal_states_have_equal_keys(game_id: str) -> None:
    game = declared(game_id)
    first, again = (conformance.play(game, {}, 5) for _ in range(2))
    assert [game.key(s) for s in first.states] == [game.key(s) for s in again.states]
    assert len({game.key(s) for s in first.states}) > 1


# ------------------------------------------------------------------ mutants: the suite can fail

def _with_kind(game: Game[Any, Any], name: str, **changes: Any) -> Game[Any, Any]:
    kinds = tuple(dataclasses.replace(k, **changes) if k.name == name else k for k in game.kinds)
    return dataclasses.replace(game, kinds=kinds)


def test_a_sampler_that_draws_an_illegal_action_fails_the_suite() -> None:
    game = declared("medici_vs_strozzi")
    load = next(k for k in game.kinds if k.name == "load")

    def careless(state: Any, rng: Random) -> Any:
        return load.action(ship=len(state.rules.capacities), harbour=0)   # no such ship

    broken = _with_kind(game, "load", sampler=careless)
    assert any("sampler of load" in p for p in conformance.check_samplers(
        broken, some_states("medici_vs_strozzi", every=3)))


def test_a_legality_rule_that_forgets_a_condition_fails_the_suite() -> None:
    game = declared("medici_vs_strozzi")
    load = next(k for k in game.kinds if k.name == "load")

    def any_ship(state: Any, like: Any) -> Any:     # forgets that the hold must have room
        if not load.options(state, None):
            return ()
        return tuple(load.action(s, h) for s in range(len(state.rules.capacities))
                     for h in range(state.rules.harbour_count))

    broken = _with_kind(game, "load", options=any_ship)
    problems = [p for seed in SEEDS for p in conformance.check_game(broken, {}, seed)]
    assert any("invariants broken" in p or "random play failed" in p for p in problems)


def test_a_narrowing_that_changes_legality_fails_the_suite() -> None:
    game = declared("medici_vs_strozzi")
    load = next(k for k in game.kinds if k.name == "load")

    def trusting(state: Any, like: Any) -> Any:     # "like" must only narrow, never admit
        return (like,) if like is not None and load.options(state, None) else \
            load.options(state, None)

    broken = _with_kind(game, "load", options=trusting)
    problems = conformance.check_refusals(broken, some_states("medici_vs_strozzi", every=5))
    assert any("is_legal says True" in p for p in problems)
