"""Bad input never crashes and is never accepted (issue 11): Florenz's action fields
declare their domains, and a board whose numbers cannot be played is refused."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.spec import SpecError


def refused(state: fz.State, action: Any, clause: str) -> str:
    before = fz.key(state)
    with pytest.raises(IllegalAction) as info:
        fz.apply(state, action)
    assert info.value.clause == clause and fz.key(state) == before
    assert not fz.is_legal(state, action)
    return str(info.value)


@pytest.mark.play("florenz:action.move", "florenz:action.send", "florenz:scandal.play",
                  "florenz:action.gift")
def test_fields_outside_their_domain_are_refused_with_the_kinds_clause() -> None:
    state = fz.new_game(seed=4, options={"players": 3})
    state = fz.apply(state, fz.legal_actions(state)[0])
    state = fz.apply(state, fz.legal_actions(state)[0])
    state = fz.apply(state, fz.legal_actions(state)[0])          # round 1, a family acts
    pieces = state.rules.families * state.rules.pieces_per_family
    assert "from 0 to" in refused(state, fz.Move(pieces, 1), "florenz:action.move")
    refused(state, fz.Move(-1, 1), "florenz:action.move")
    refused(state, fz.Send(state.rules.locations + 1), "florenz:action.send")
    refused(state, fz.Send(0), "florenz:action.send")
    refused(state, fz.Gift(state.rules.medici, -1), "florenz:action.gift")
    refused(state, fz.Scandal(state.rules.hand_limit), "florenz:scandal.play")
    refused(state, fz.Scandal(0, 10**6), "florenz:scandal.play")
    refused(state, fz.Send(2.0), "florenz:action.send")            # type: ignore[arg-type]
    refused(state, fz.Send(True), "florenz:action.send")           # type: ignore[arg-type]


@pytest.mark.play("florenz:setup.disc", "florenz:cleanup.disc")
@pytest.mark.parametrize("board, words", [
    ({"disc.location_tiles": [1, 2, 3, 4, 5, 6, 7, 8, 10]}, "disc.location_tiles"),
    ({"disc.location_tiles": [1, 1, 2, 3, 4, 5, 6, 7, 8]}, "disc.location_tiles"),
    ({"disc.time_tiles": [2, 3]}, "disc.time_tiles"),
    ({"disc.giovanni": [[], [], [[4]], [], [], [], [], [], []]}, "disc.giovanni"),
])
def test_a_board_that_cannot_be_played_is_refused_in_one_line(board: dict[str, Any],
                                                              words: str) -> None:
    with pytest.raises(SpecError) as info:
        fz.new_game(seed=1, options={"board": board})
    text = str(info.value)
    assert words in text and "\n" not in text
    assert words in info.value.message_in("de")
