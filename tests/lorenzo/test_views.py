"""What each seat of Lorenzo sees (engine/lorenzo/view.py, issue 33): a leader card in
another seat's hand never appears in its view, its own do, and a played one does."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import HIDDEN
from regelwerk.engine.lorenzo import GAME
from regelwerk.engine.lorenzo.state import DRAFT, OVER

PLAYERS = 3
GAMES = [conformance.play(GAME, {"players": PLAYERS}, seed) for seed in range(3)]
STATES = [s for played in GAMES for s in played.states]


def _first(test: Any) -> Any:
    return next(s for s in STATES if test(s))


def _others(seat: int) -> list[int]:
    return [p for p in range(PLAYERS) if p != seat]


@pytest.mark.clause("lorenzo:advanced.leader_draft")
def test_leader_cards_in_hand_are_seen_by_their_holder_only() -> None:
    state = _first(lambda s: s.stage != OVER and all(p.hand for p in s.players))
    for seat in range(PLAYERS):
        view = GAME.view(state, seat)
        assert view.players[seat].hand == state.players[seat].hand
        for other in _others(seat):
            assert view.players[other].hand == (HIDDEN,) * len(state.players[other].hand)


@pytest.mark.clause("lorenzo:advanced.leader_draft")
def test_the_hand_picked_from_in_the_draft_is_the_pickers_own() -> None:
    state = _first(lambda s: s.stage == DRAFT and all(s.hands))
    for seat in range(PLAYERS):
        view = GAME.view(state, seat)
        assert view.hands[seat] == state.hands[seat]
        for other in _others(seat):
            assert view.hands[other] == (HIDDEN,) * len(state.hands[other])


@pytest.mark.play("lorenzo:leader.play")
def test_a_played_leader_is_seen_by_everyone() -> None:
    state = _first(lambda s: any(p.leaders for p in s.players))
    owner = next(p for p, player in enumerate(state.players) if player.leaders)
    for seat in range(PLAYERS):
        assert GAME.view(state, seat).players[owner].leaders == state.players[owner].leaders


@pytest.mark.clause("lorenzo:setup.decks", "lorenzo:round.cards")
def test_the_decks_show_each_cards_period_not_the_card() -> None:
    state = _first(lambda s: s.stage != OVER and any(t >= 0 for t in s.towers) and all(s.decks))
    cards = state.rules.cards
    view = GAME.view(state, 0)
    assert view.decks == tuple(tuple(HIDDEN - cards[c].period for c in deck)
                               for deck in state.decks)
    assert view.towers == state.towers      # the round's cards lie face up
    assert view.seed is None


@pytest.mark.clause("lorenzo:setup.excommunication")
def test_the_excommunication_tiles_are_seen_by_everyone() -> None:
    state = _first(lambda s: s.stage != OVER and len(s.excommunication) == s.rules.periods)
    assert all(GAME.view(state, seat).excommunication == state.excommunication
               for seat in range(PLAYERS))


@pytest.mark.clause("lorenzo:advanced.leader_draft")
def test_a_planted_secret_of_another_seat_changes_nothing_a_seat_sees() -> None:
    state = _first(lambda s: s.stage != OVER and all(p.hand for p in s.players))
    leaders = len(state.rules.leaders)
    other = state.players[1]._replace(hand=tuple((c + 1) % leaders
                                                 for c in state.players[1].hand))
    planted = state._replace(players=(state.players[0], other, *state.players[2:]))
    for seat in (0, 2):
        assert GAME.view(planted, seat) == GAME.view(state, seat)
        assert GAME.view_text(planted, seat, "en") == GAME.view_text(state, seat, "en")
    assert GAME.view(planted, 1) != GAME.view(state, 1)
