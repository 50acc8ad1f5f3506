"""Florenz's determinize and heuristic (engine/florenz/determinize.py, heuristic.py):
a sample looks to its seat exactly as the true state does, plays on, and depends on
nothing the seat cannot see; the heuristic counts what the seat may count."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz import GAME
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.determinize import sample
from regelwerk.engine.florenz.heuristic import value

from tests.determinize.helpers import (
    assert_blind_to,
    assert_samples_play_to_the_end,
    seats,
    states,
    unseen_difference,
)

COUNTS = range(GAME.players[0], GAME.players[1] + 1)
CONFIGURATIONS = [{"players": n} for n in COUNTS] + [{"players": 1, "solo_level": "harder"}]
SEAT = 0


def _played(players: int = 3, seed: int = 0) -> list[Any]:
    return list(states(GAME, {"players": players}, (seed,), every=1))


def _planted_card(state: Any) -> tuple[Any, Any] | None:
    """``state`` and the same state with a card of another family's hand swapped for a
    card of its Medici's deck (what the seat cannot tell apart), if there is one."""
    rules = state.rules
    for family, hand in enumerate(state.hands):
        if family == SEAT:
            continue
        for at, card in enumerate(hand):
            medici = card_medici(rules, card)
            deck = state.decks[medici]
            other = next((d for d in deck if d != card), None)
            if other is None:
                continue
            where = deck.index(other)
            planted = state._replace(
                hands=replaced(state.hands, family, replaced(hand, at, other)),
                decks=replaced(state.decks, medici, replaced(deck, where, card)))
            return state, planted
    return None


def _planted_plan(state: Any) -> Any:
    """``state`` with another family's secret plan card swapped for one nobody holds."""
    free = next(p for p in range(len(state.rules.plan_cards)) if p not in state.plans)
    return state._replace(plans=replaced(state.plans, SEAT + 1, free))


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=str)
def test_a_sample_looks_to_its_seat_as_the_true_state_does(options: dict[str, Any]) -> None:
    for index, state in enumerate(states(GAME, options)):
        for seat in seats(GAME, state):
            drawn = sample(state, seat, Random(index))
            assert drawn.seed is None
            assert unseen_difference(GAME, sample, state, seat, Random(index)) == []


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=str)
def test_a_sample_keeps_every_invariant_and_plays_to_the_end(options: dict[str, Any]) -> None:
    assert_samples_play_to_the_end(GAME, sample, options, SEAT)


def test_a_sample_does_not_depend_on_the_cards_in_another_hand() -> None:
    pairs = [p for p in map(_planted_card, _played()) if p is not None]
    assert pairs, "random play gave no other family a card"
    for index, (state, planted) in enumerate(pairs[::5]):
        assert_blind_to(GAME, sample, state, planted, SEAT, range(index, index + 1), value)


def test_a_sample_does_not_depend_on_another_familys_plan_card() -> None:
    state = _played()[20]
    planted = _planted_plan(state)
    assert planted.plans != state.plans
    assert_blind_to(GAME, sample, state, planted, SEAT, value=value)


def test_a_sample_draws_the_hidden_cards_and_plans_anew() -> None:
    state = next(p[0] for p in map(_planted_card, _played()) if p is not None)
    other = next(f for f, hand in enumerate(state.hands) if f != SEAT and hand)
    drawn = [sample(state, SEAT, Random(seed)) for seed in range(10)]
    assert any(d.hands[other] != state.hands[other] for d in drawn)
    assert any(d.plans[other] != state.plans[other] for d in drawn)
    assert all(d.hands[SEAT] == state.hands[SEAT] and d.plans[SEAT] == state.plans[SEAT]
               for d in drawn)


@pytest.mark.clause("florenz:end.time")
def test_the_heuristic_counts_time_left_as_the_end_scoring_does() -> None:
    state = _played()[20]
    rules = state.rules
    richer = state._replace(clock=replaced(state.clock, SEAT, state.clock[SEAT]
                                           + rules.time_per_point))
    assert value(richer, SEAT) == value(state, SEAT) + 1


def test_the_heuristic_rises_with_the_seats_points_and_falls_with_the_others() -> None:
    state = _played()[20]
    gained = state._replace(points=replaced(state.points, SEAT, state.points[SEAT] + 3))
    assert value(gained, SEAT) == value(state, SEAT) + 3
    others = state._replace(points=tuple(p if f == SEAT else p + 3
                                         for f, p in enumerate(state.points)))
    assert value(others, SEAT) == value(state, SEAT) - 3


@pytest.mark.clause("florenz:solo.end")
def test_the_solo_heuristic_is_the_margin_against_strozzi() -> None:
    state = _played(players=1)[10]
    automa = state.rules.automa
    ahead = state._replace(points=replaced(state.points, automa, state.points[automa] + 4))
    assert value(ahead, SEAT) == value(state, SEAT) - 4
