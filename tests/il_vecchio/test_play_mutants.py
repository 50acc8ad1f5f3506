"""Phase-boundary mutants (issue 17 point 4): an effect doubled and an effect skipped where
two phases of a turn meet, each made with ``monkeypatch`` on the engine function, must make
a named scenario through play fail; without the mutant the scenario passes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from regelwerk.engine.il_vecchio import turn

from tests.il_vecchio.test_play_end import check_passing, passing_game
from tests.il_vecchio.test_play_turns import (
    test_a_council_tile_pays_its_bonus_once_at_the_owners_next_turn as council_bonus_once,
)


def _fails(scenario: Callable[[], Any]) -> bool:
    try:
        scenario()
    except AssertionError:
        return True
    return False


@pytest.mark.play("il_vecchio:action.florence.council_reveal")
def test_a_council_bonus_paid_twice_at_the_turn_start_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Doubled: the start of a turn turns a new council tile up twice (its bonus twice)."""
    assert not _fails(council_bonus_once)
    real = turn.reveal_council

    def twice(state: Any, p: int, tile: int) -> Any:
        return real(real(state, p, tile), p, tile)

    monkeypatch.setattr(turn, "reveal_council", twice)
    assert _fails(council_bonus_once)


@pytest.mark.play("il_vecchio:end.pass_bonus")
def test_a_forgotten_pass_bonus_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skipped: passing the whole double turn, at the boundary to the next player's turn,
    no longer records the pass (the bonus is forgotten)."""
    assert not _fails(lambda: check_passing(passing_game()))
    monkeypatch.setattr(turn, "with_player", lambda state, p, me, **changes: state)
    assert _fails(lambda: check_passing(passing_game()))
