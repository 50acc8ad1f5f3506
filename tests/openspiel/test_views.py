"""Each seat's observation and information state in OpenSpiel (regelwerk/openspiel.py,
issue 33): from the seat's view, so a planted secret of another seat changes neither."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.il_vecchio.state import SETUP_COUNCIL

from regelwerk import games

try:
    import pyspiel
except ImportError:
    raise ImportError("tests/openspiel need OpenSpiel: pip install 'regelwerk[openspiel]'"
                      ) from None

from regelwerk import openspiel  # noqa: F401  (registers the games)


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_a_game_is_imperfect_information_exactly_when_its_views_hide_something(
        game_id: str) -> None:
    declared = games.get(game_id).game
    if game_id == "florenz":     # loadable at two players only (its compound scandal play)
        loaded = pyspiel.load_game("regelwerk_florenz", {"players": 2})
    else:
        loaded = pyspiel.load_game(f"regelwerk_{game_id}")
    kind = loaded.get_type()
    assert kind.provides_information_state_string and kind.provides_observation_string
    imperfect = kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert imperfect == declared.hides == (game_id != "medici_vs_strozzi")


def _deal(choose_second: bool) -> Any:
    """Il Vecchio at two players, chance taking its first outcome every time but, with
    ``choose_second``, its second for the first council tile dealt to player 1 (his
    secret: he keeps one face up, the others go back unseen, setup.council_choice)."""
    state = pyspiel.load_game("regelwerk_il_vecchio", {"players": 2}).new_initial_state()
    while state.is_chance_node():
        engine = state.state
        to_second = (choose_second and engine.phase == SETUP_COUNCIL and engine.middlemen
                     and len(engine.setup_offer) > 1 and len(engine.setup_offer[0]) ==
                     engine.rules.council_draw and not engine.setup_offer[1])
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[1 if to_second else 0][0])
    return state


@pytest.mark.clause("il_vecchio:setup.council_choice")
def test_a_planted_secret_of_another_seat_leaves_a_seats_strings_unchanged() -> None:
    first, planted = _deal(False), _deal(True)
    assert first.state.setup_offer[1] != planted.state.setup_offer[1]
    assert first.state.setup_offer[0] == planted.state.setup_offer[0]
    assert first.current_player() == 0
    assert first.information_state_string(0) == planted.information_state_string(0)
    assert first.observation_string(0) == planted.observation_string(0)
    assert first.information_state_string(1) != planted.information_state_string(1)
    assert first.observation_string(1) != planted.observation_string(1)


def test_the_information_state_is_the_observation_and_the_seats_recall() -> None:
    """Two different own moves give two information states, each the observation of the
    position it led to and the seat's recall beneath it."""
    state = _deal(False)
    legal = state.legal_actions()
    assert len(legal) > 1
    one, other = state.clone(), state.clone()
    one.apply_action(legal[0])
    other.apply_action(legal[1])
    assert one.information_state_string(0) != other.information_state_string(0)
    assert one.information_state_string(0).startswith(one.observation_string(0))

