"""What each seat of Il Vecchio sees (engine/il_vecchio/view.py, issue 33): a face-down tile
of another seat never appears in its view, its own do, and a revealed one does."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import HIDDEN
from regelwerk.engine.il_vecchio import GAME
from regelwerk.engine.il_vecchio.state import NEED_FLORENCE_TILE, OVER, SETUP_ROLL

PLAYERS = 3
GAMES = [conformance.play(GAME, {"players": PLAYERS}, seed) for seed in range(4)]
STATES = [s for played in GAMES for s in played.states]


def _first(test: Any) -> Any:
    return next(s for s in STATES if test(s))


def _with_nobility(state: Any) -> Any:
    """``state`` with nobility tiles in every hand (random play rarely takes them)."""
    tiles = len(state.rules.nobility_tiles)
    return state._replace(players=tuple(
        p._replace(nobility=(n % tiles, (n + 3) % tiles)) for n, p in enumerate(state.players)))


def _others(seat: int) -> list[int]:
    return [p for p in range(PLAYERS) if p != seat]


@pytest.mark.clause("il_vecchio:action.florence.nobility")
def test_nobility_tiles_are_seen_by_their_owner_only_until_the_end() -> None:
    state = _with_nobility(_first(lambda s: s.phase == SETUP_ROLL))
    for seat in range(PLAYERS):
        view = GAME.view(state, seat)
        assert view.players[seat].nobility == state.players[seat].nobility
        for other in _others(seat):
            assert view.players[other].nobility == (HIDDEN,) * len(state.players[other].nobility)


@pytest.mark.clause("il_vecchio:scoring.nobility_tiles")
def test_the_end_shows_every_nobility_tile() -> None:
    over = _with_nobility(GAMES[0].states[-1])
    assert over.phase == OVER
    for seat in range(PLAYERS):
        assert [p.nobility for p in GAME.view(over, seat).players] == \
            [p.nobility for p in over.players]


@pytest.mark.clause("il_vecchio:action.florence.council_reveal")
def test_a_council_tile_is_hidden_until_its_owner_turns_it_up() -> None:
    at, played = next((i, g) for g in GAMES for i, s in enumerate(g.states)
                      if any(p.council_down for p in s.players))
    state = played.states[at]
    owner = next(p for p, player in enumerate(state.players) if player.council_down)
    tile = state.players[owner].council_down[0]
    assert GAME.view(state, owner).players[owner].council_down == \
        state.players[owner].council_down
    for seat in _others(owner):
        assert tile not in GAME.view(state, seat).players[owner].council_down
    later = next(s for s in played.states[at:] if tile in s.players[owner].council_up)
    for seat in range(PLAYERS):
        assert tile in GAME.view(later, seat).players[owner].council_up


@pytest.mark.clause("il_vecchio:setup.council_choice")
def test_the_council_tiles_drawn_at_the_set_up_are_their_drawers_own() -> None:
    state = _first(lambda s: s.phase == SETUP_ROLL)
    for seat in range(PLAYERS):
        view = GAME.view(state, seat)
        assert view.setup_offer[seat] == state.setup_offer[seat]
        for other in _others(seat):
            assert view.setup_offer[other] == (HIDDEN,) * len(state.setup_offer[other])
            # the kept tile lies face up
            assert view.players[other].council_up == state.players[other].council_up


@pytest.mark.clause("il_vecchio:action.florence.tiles")
def test_the_tiles_drawn_to_choose_from_are_the_choosers_own() -> None:
    state = _first(lambda s: s.pending and s.pending[0].need == NEED_FLORENCE_TILE)
    chooser = state.pending[0].player
    assert GAME.view(state, chooser).pending[0] == state.pending[0]
    for seat in _others(chooser):
        assert GAME.view(state, seat).pending[0].options == \
            (HIDDEN,) * len(state.pending[0].options)


@pytest.mark.clause("il_vecchio:setup.tiles", "il_vecchio:setup.crests")
def test_face_down_stacks_show_their_size_not_their_tiles() -> None:
    state = _first(lambda s: s.phase == SETUP_ROLL)
    view = GAME.view(state, 0)
    for pile in ("crest_pile", "council_pile", "nobility_pile"):
        assert getattr(view, pile) == (HIDDEN,) * len(getattr(state, pile))
    assert view.seed is None


@pytest.mark.clause("il_vecchio:action.florence.nobility")
def test_a_planted_secret_of_another_seat_changes_nothing_a_seat_sees() -> None:
    state = _with_nobility(_first(lambda s: s.phase == SETUP_ROLL))
    tiles = len(state.rules.nobility_tiles)
    other = state.players[1]._replace(nobility=tuple((t + 1) % tiles
                                                     for t in state.players[1].nobility))
    planted = state._replace(players=(state.players[0], other, *state.players[2:]))
    for seat in (0, 2):
        assert GAME.view(planted, seat) == GAME.view(state, seat)
        assert GAME.view_text(planted, seat, "en") == GAME.view_text(state, seat, "en")
    assert GAME.view(planted, 1) != GAME.view(state, 1)
