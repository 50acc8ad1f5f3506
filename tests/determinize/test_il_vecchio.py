"""Il Vecchio's determinize and heuristic (engine/il_vecchio/determinize.py, heuristic.py):
a sample looks to its seat exactly as the true state does, plays on, and depends on
nothing the seat cannot see; the heuristic counts what the seat may count."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio import GAME
from regelwerk.engine.il_vecchio.determinize import sample
from regelwerk.engine.il_vecchio.heuristic import value
from regelwerk.engine.il_vecchio.state import PLAY, SETUP_COUNCIL

from tests.determinize.helpers import (
    assert_blind_to,
    assert_samples_play_to_the_end,
    seats,
    states,
    unseen_difference,
)

COUNTS = range(GAME.players[0], GAME.players[1] + 1)
SEAT, OTHER = 0, 1


def _in_play(players: int = 3) -> Any:
    return next(s for s in states(GAME, {"players": players}, (0,), every=1)
                if s.phase == PLAY and not s.pending and len(s.nobility_pile) > 2)


def _gained(state: Any, pile: str, field: str, at: int) -> Any:
    """``state`` with the tile at ``at`` of the face-down stack ``pile`` in the hidden
    ``field`` of player :data:`OTHER` (a tile he drew and keeps face down)."""
    stack = getattr(state, pile)
    at %= len(stack)
    player = state.players[OTHER]
    player = player._replace(**{field: (*getattr(player, field), stack[at])})
    return state._replace(players=replaced(state.players, OTHER, player),
                          **{pile: stack[:at] + stack[at + 1:]})


@pytest.mark.parametrize("players", COUNTS)
def test_a_sample_looks_to_its_seat_as_the_true_state_does(players: int) -> None:
    for index, state in enumerate(states(GAME, {"players": players})):
        for seat in seats(GAME, state):
            drawn = sample(state, seat, Random(index))
            assert drawn.seed is None
            assert unseen_difference(GAME, sample, state, seat, Random(index)) == []


def test_the_set_up_deals_are_sampled_as_their_seat_sees_them() -> None:
    dealing = [s for s in states(GAME, {"players": 3}, (None,), every=1)
               if s.phase == SETUP_COUNCIL and any(s.setup_offer)]
    assert dealing
    for index, state in enumerate(dealing):
        for seat in seats(GAME, state):
            assert unseen_difference(GAME, sample, state, seat, Random(index)) == []
            drawn = sample(state, seat, Random(index))
            assert GAME.violations(drawn) == []
            # a kept tile stays in its owner's offer
            for player, offer in zip(drawn.players, drawn.setup_offer, strict=True):
                assert not player.council_up or player.council_up[0] in offer


@pytest.mark.parametrize("players", COUNTS)
def test_a_sample_keeps_every_invariant_and_plays_to_the_end(players: int) -> None:
    assert_samples_play_to_the_end(GAME, sample, {"players": players}, SEAT)


@pytest.mark.parametrize(("pile", "field"), [("nobility_pile", "nobility"),
                                             ("council_pile", "council_down")])
def test_a_sample_does_not_depend_on_another_players_face_down_tiles(pile: str,
                                                                     field: str) -> None:
    state = _in_play()
    top, bottom = _gained(state, pile, field, -1), _gained(state, pile, field, 0)
    assert_blind_to(GAME, sample, bottom, top, SEAT, value=value)


def test_a_sample_does_not_depend_on_the_tiles_another_player_returned_at_the_set_up() -> None:
    state = _in_play()
    offer = state.setup_offer[OTHER]
    kept = state.players[OTHER].council_up[0]
    at = next(i for i, tile in enumerate(offer) if tile != kept)
    elsewhere = next(t for t in state.council_pile
                     if all(t not in o for o in state.setup_offer))
    planted = state._replace(setup_offer=replaced(state.setup_offer, OTHER,
                                                  replaced(offer, at, elsewhere)))
    assert_blind_to(GAME, sample, state, planted, SEAT, range(1, 2))


def test_a_sample_draws_the_hidden_tiles_anew() -> None:
    state = _gained(_in_play(), "nobility_pile", "nobility", -1)
    drawn = [sample(state, SEAT, Random(seed)) for seed in range(10)]
    assert any(d.players[OTHER].nobility != state.players[OTHER].nobility for d in drawn)
    assert any(d.setup_offer[OTHER] != state.setup_offer[OTHER] for d in drawn)
    assert any(d.crest_pile != state.crest_pile for d in drawn)
    assert all(d.players[SEAT] == state.players[SEAT] for d in drawn)


@pytest.mark.clause("il_vecchio:end.pass_bonus")
def test_the_heuristic_counts_the_pass_bonus() -> None:
    state = _in_play()
    me = state.players[SEAT]
    passed = state._replace(players=replaced(state.players, SEAT, me._replace(passed=True)))
    assert value(passed, SEAT) == value(state, SEAT) + state.rules.scoring["pass_bonus"]


@pytest.mark.clause("il_vecchio:scoring.nobility_tiles")
def test_the_heuristic_counts_the_seats_own_nobility_tiles_only() -> None:
    state = _in_play()
    tiles = state.rules.nobility_tiles
    # the tile scoring the members in the supply: worth something at the start of play
    supply = next(t for t in state.nobility_pile if tiles[t] == "supply")
    rest = tuple(t for t in state.nobility_pile if t != supply)
    me = state.players[SEAT]
    mine = state._replace(nobility_pile=rest, players=replaced(
        state.players, SEAT, me._replace(nobility=(supply,))))
    rules = state.rules
    sets = me.supply // rules.scoring["members_per_set"]
    cap = rules.scoring["times"]["supply"]       # "any", or how often the tile scores at most
    expected = rules.scoring["set_points"] * (sets if isinstance(cap, str) else min(sets, cap))
    assert expected > 0
    assert value(mine, SEAT) == value(state, SEAT) + expected
    theirs = state._replace(nobility_pile=rest, players=replaced(
        state.players, OTHER, state.players[OTHER]._replace(nobility=(supply,))))
    assert value(theirs, SEAT) == value(state, SEAT)
