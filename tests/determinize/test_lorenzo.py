"""Lorenzo il Magnifico's determinize and heuristic (engine/lorenzo/determinize.py,
heuristic.py): a sample looks to its seat exactly as the true state does, plays on, and
depends on nothing the seat cannot see; the heuristic counts what the seat may count."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo import GAME
from regelwerk.engine.lorenzo.determinize import sample
from regelwerk.engine.lorenzo.heuristic import value
from regelwerk.engine.lorenzo.rules import RESOURCES
from regelwerk.engine.lorenzo.state import LEADERS, PLACE

from tests.determinize.helpers import (
    assert_blind_to,
    assert_samples_play_to_the_end,
    seats,
    states,
    unseen_difference,
)

COUNTS = range(GAME.players[0], GAME.players[1] + 1)
CONFIGURATIONS = [{"players": n} for n in COUNTS] + [{"players": 3, "game_mode": "basic"}]
SEAT, OTHER = 0, 1


def _placing(players: int = 3) -> Any:
    """A state of the first round with leader cards in every hand and cards in the decks."""
    return next(s for s in states(GAME, {"players": players}, (0,), every=1)
                if s.stage == PLACE and all(p.hand for p in s.players) and s.decks[0])


def _planted_leader(state: Any) -> Any:
    """``state`` with a leader in :data:`OTHER`'s hand swapped for one nobody holds."""
    held = {leader for p in state.players for leader in (*p.hand, *p.leaders)}
    free = next(leader for leader in range(len(state.rules.leaders)) if leader not in held)
    player = state.players[OTHER]
    return state._replace(players=replaced(state.players, OTHER,
                                           player._replace(hand=(free, *player.hand[1:]))))


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=str)
def test_a_sample_looks_to_its_seat_as_the_true_state_does(options: dict[str, Any]) -> None:
    for index, state in enumerate(states(GAME, options)):
        for seat in seats(GAME, state):
            drawn = sample(state, seat, Random(index))
            assert drawn.seed is None
            assert unseen_difference(GAME, sample, state, seat, Random(index)) == []


def test_the_leaders_dealt_are_sampled_as_their_seat_sees_them() -> None:
    dealing = [s for s in states(GAME, {"players": 4}, (None,), every=1) if s.stage == LEADERS]
    assert dealing
    for index, state in enumerate(dealing):
        for seat in seats(GAME, state):
            assert unseen_difference(GAME, sample, state, seat, Random(index)) == []
            drawn = sample(state, seat, Random(index))
            dealt = [leader for hand in drawn.hands for leader in hand]
            assert sorted(dealt + list(drawn.pile)) == list(range(len(state.rules.leaders)))


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=str)
def test_a_sample_keeps_every_invariant_and_plays_to_the_end(options: dict[str, Any]) -> None:
    assert_samples_play_to_the_end(GAME, sample, options, SEAT)


def test_a_sample_does_not_depend_on_the_leaders_in_another_hand() -> None:
    state = _placing()
    planted = _planted_leader(state)
    assert_blind_to(GAME, sample, state, planted, SEAT, value=value)


def test_a_sample_does_not_depend_on_the_order_of_a_deck() -> None:
    state = _placing()
    deck = state.decks[0]
    assert len(deck) > 1
    planted = state._replace(decks=replaced(state.decks, 0, deck[::-1]))
    assert_blind_to(GAME, sample, state, planted, SEAT, range(2, 3))


def test_a_sample_draws_the_hidden_leaders_and_decks_anew() -> None:
    state = _placing()
    drawn = [sample(state, SEAT, Random(seed)) for seed in range(10)]
    assert any(d.players[OTHER].hand != state.players[OTHER].hand for d in drawn)
    assert any(d.decks != state.decks for d in drawn)
    assert all(d.players[SEAT] == state.players[SEAT] for d in drawn)


def test_the_heuristic_rises_with_the_seats_points_and_falls_with_the_others() -> None:
    state = _placing()
    me = state.players[SEAT]
    gained = state._replace(players=replaced(state.players, SEAT, me._replace(vp=me.vp + 3)))
    assert value(gained, SEAT) == value(state, SEAT) + 3
    others = state._replace(players=tuple(p if n == SEAT else p._replace(vp=p.vp + 3)
                                          for n, p in enumerate(state.players)))
    assert value(others, SEAT) == value(state, SEAT) - 3


@pytest.mark.clause("lorenzo:scoring.resources")
def test_the_heuristic_counts_resources_as_the_final_scoring_does() -> None:
    state = _placing()
    rules = state.rules
    resource = RESOURCES[rules.scored_resources[0]]
    me = state.players[SEAT]
    # none of one scored resource, then as many as make a victory point
    base = state._replace(players=replaced(state.players, SEAT, me._replace(
        **{resource: 0})))
    richer = state._replace(players=replaced(state.players, SEAT, me._replace(
        **{resource: rules.resources_per_vp})))
    assert value(richer, SEAT) == value(base, SEAT) + 1
