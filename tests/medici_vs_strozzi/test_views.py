"""Medici vs Strozzi hides nothing from a seat (engine/medici_vs_strozzi/view.py, issue 33):
both see every tile drawn, loaded and discarded; a view leaves out only chance's future."""

from __future__ import annotations

import pytest
from regelwerk.engine.core import conformance
from regelwerk.engine.medici_vs_strozzi import GAME

STATES = conformance.play(GAME, {}, 5).states


@pytest.mark.clause("medici_vs_strozzi:turn.draw", "medici_vs_strozzi:turn.load",
                    "medici_vs_strozzi:turn.discard")
def test_both_seats_see_the_whole_position() -> None:
    assert not GAME.hides
    for state in STATES[::5]:
        first, second = GAME.view(state, 0), GAME.view(state, 1)
        assert first == second
        assert first._replace(bag=state.bag, seed=state.seed) == state
        assert GAME.view_text(state, 0, "en") == GAME.position_text(state, "en")


@pytest.mark.clause("medici_vs_strozzi:setup.tiles")
def test_a_view_holds_the_bags_tiles_but_not_their_order() -> None:
    state = STATES[0]
    view = GAME.view(state, 0)
    assert sorted(view.bag) == sorted(state.bag) and view.seed is None
    assert GAME.view(state._replace(bag=state.bag[::-1], seed=99), 0) == view
