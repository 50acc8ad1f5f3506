"""The quick paths of random play say what the rules say (issues 8 and 10).

The tower sampler remembers, while it draws, which floors it found closed or too dear,
and the final score is added up without building its items; these tests hold each to the
rule functions it stands for, also to deliberately broken ones (mutants), which the quick
path must follow. A seeded game deals a round's cards at once: the same cards chance lays
one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.lorenzo import GAME, scoring
from regelwerk.engine.lorenzo.places import space_needs, tower_options, tower_sampler
from regelwerk.engine.lorenzo.rules import FLOORS, TERRITORY, TYPES, Rules
from regelwerk.engine.lorenzo.state import PLACE, State
from regelwerk.verification.core import mutate
from regelwerk.verification.lorenzo.mutants import (
    any_colour,
    any_space,
    coins_only,
    point_per_card,
)

MUTANTS: dict[str, tuple[str, Callable[..., Any]] | None] = {
    "none": None, "space_open": ("space_open", any_space),
    "colour_open": ("colour_open", any_colour), "payable": ("payable", coins_only),
}


def rules_for(players: int, broken: str) -> Rules:
    rules: Rules = GAME.rules_for({"players": players})
    mutant = MUTANTS[broken]
    return rules if mutant is None else mutate(rules, dict([mutant]))


def played(rules: Rules, games: int) -> Iterator[State]:
    """Every state of ``games`` random games played by ``rules`` (a mutant's game may end
    where its broken rule leaves no legal action: the payable mutant's does)."""
    for seed in range(games):
        rng = Random(seed)
        state = GAME.new_game(seed=seed, rules=rules)
        while not GAME.is_over(state):
            yield state
            try:
                state = GAME.step_random(state, rng, check=False)[1]
            except IllegalAction:
                break


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("broken", list(MUTANTS))
def test_tower_sampler_draws_a_listed_placement_and_none_only_without_one(
        players: int, broken: str) -> None:
    rules = rules_for(players, broken)
    asked = found = 0
    for state in played(rules, 3):
        if state.pending or state.stage != PLACE:
            continue
        listed = set(tower_options(state, None))
        for draw in range(3):
            action = tower_sampler(state, Random(draw))
            asked += 1
            if action is None:
                assert not listed, (state, broken)
            else:
                found += 1
                assert action in listed, (state, action, broken)
    assert asked and found


@pytest.mark.parametrize("take_bonus", [(0,) * len(TYPES), (2, 0, -1, 0), (0, 3, 0, -2)])
def test_space_needs_are_the_floor_values_less_the_take_bonus(
        take_bonus: tuple[int, ...]) -> None:
    rules = rules_for(4, "none")
    needs = space_needs(rules.floor_values, take_bonus)
    assert len(needs) == len(TYPES) * FLOORS
    for space, need in enumerate(needs):
        t, f = divmod(space, FLOORS)
        assert need == rules.floor_values[f] - take_bonus[t]


def final(rules: Rules, seed: int) -> State:
    """The end of a random game played by ``rules``."""
    rng = Random(seed)
    state = GAME.new_game(seed=seed, rules=rules)
    while not GAME.is_over(state):
        state = GAME.step_random(state, rng, check=False)[1]
    return state


@pytest.mark.parametrize("broken", [False, True])
def test_final_scores_add_up_the_score_items(broken: bool) -> None:
    rules = rules_for(3, "none")
    if broken:
        rules = mutate(rules, {"table_points": point_per_card})
    for seed in range(4):
        state = final(rules, seed)
        items = scoring.score_items(state)
        assert scoring.final_scores(state) == tuple(sum(i.points for i in row) for row in items)
        for player, row in zip(state.players, items, strict=True):
            cards = len(player.cards[TERRITORY])
            expected = [] if scoring.excluded(player, TERRITORY) else [
                (rules.fns.table_points(rules.score_territories, cards), {"count": cards})]
            assert [(i.points, i.values) for i in row
                    if i.clause.endswith("scoring.territories")] == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seeded_round_is_dealt_as_chance_deals_it_card_by_card(players: int) -> None:
    """A seeded game lays a round's cards at once (:func:`.flow.dealt_at_once`); chance's
    seeded outcomes, applied one card at a time, lay the same cards on the same spaces and
    leave the same piles, and then the dice are to be rolled."""
    from regelwerk.engine.lorenzo.flow import _seeded_card, deal, dealt_at_once
    from regelwerk.engine.lorenzo.state import DEAL, ROLL

    state = GAME.new_game(seed=players, options={"players": players})
    while not state.decks:                     # to round 1's first placement: piles formed
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    towers = (-1,) * len(state.towers)         # the round's cards taken away again
    at_once = dealt_at_once(state.rules, towers, state.decks)
    one_by_one = state._replace(towers=towers, stage=DEAL, seed=None)
    dealt = 0
    while one_by_one.stage is DEAL:
        one_by_one = deal(one_by_one, _seeded_card(one_by_one))
        dealt += 1
    assert dealt == sum(card >= 0 for card in at_once[0]) > 0
    assert (one_by_one.towers, one_by_one.decks) == at_once
    assert one_by_one.stage is ROLL
