"""Rules that mutants of the engine survived (``make mutate``, issue 30), pinned through play:
each expectation is worked out from the rule text and the register, not read off the engine."""

from __future__ import annotations

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR

from tests.medici_vs_strozzi.conftest import play

M, S = mvs.MEDICI, mvs.STROZZI
PORT = "medici_vs_strozzi:turn.port"


@pytest.mark.play("medici_vs_strozzi:turn.load", "medici_vs_strozzi:turn.port",
                  "medici_vs_strozzi:turn.discard")
def test_part_of_a_purchase_sends_an_unassigned_ship_to_the_chosen_harbour() -> None:
    """interp.part_of_a_purchase, variant ``load_some``, with interp.port_on_first_load as
    decided: a ship gets its harbour in the step that first loads it, and keeps it for the
    round. Strozzi buys the first turn's tiles; whichever harbour he names for the part he
    keeps, that ship is now in it, holding the kept tile, and his other ships have none."""
    start = mvs.new_game(seed=7, options={"part_of_a_purchase": "load_some"})
    rules = start.rules
    state = start
    for _ in range(rules.max_draw):
        state = mvs.apply(state, mvs.DRAW)
    state = play(state, mvs.SetPrice(rules.min_price), mvs.BUY)
    assert state.ports[S] == (NO_HARBOUR,) * len(rules.capacities)
    drawn = state.drawn
    for harbour in range(rules.harbour_count):
        after = mvs.apply(state, mvs.LoadPart(1, harbour, 0b1))
        assert after.ports[S][1] == harbour
        assert after.holds[S][1] == (drawn[0],)
        assert after.ports[S][0] == after.ports[S][2] == NO_HARBOUR
        assert not mvs.violations(after)


@pytest.mark.play("medici_vs_strozzi:turn.port")
def test_a_ship_sent_to_its_harbour_at_round_start_cannot_be_sent_again() -> None:
    """interp.port_on_first_load, variant ``assign_at_round_start``: each ship is sent once
    and stays in its harbour for the round, and no two of a player's ships share one. The
    opener's second order for a ship already sent, and an order into the harbour his other
    ship already uses, are refused under the harbour clause and change nothing; the
    refusal names the ship and its harbour, or the harbour taken."""
    state = mvs.new_game(seed=3, options={"port_on_first_load": "assign_at_round_start"})
    opener = state.current_player
    state = mvs.apply(state, mvs.Assign(0, 0))
    assert state.current_player == opener and state.ports[opener][0] == 0
    for again, names in ((mvs.Assign(0, 1), ("Ship 0", "harbour 0")),
                         (mvs.Assign(1, 0), ("harbour 0",))):
        with pytest.raises(IllegalAction) as refused:
            mvs.apply(state, again)
        assert refused.value.clause == PORT
        message = refused.value.message_in("en")
        assert all(name in message for name in names)
        assert ("Ship 0" in message) == (again.ship == 0)
