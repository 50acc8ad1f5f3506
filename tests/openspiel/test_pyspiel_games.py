"""Every game as an OpenSpiel game (regelwerk/openspiel.py), held to OpenSpiel's own
``random_sim_test`` at every player count; without OpenSpiel this module fails, naming
what to install (no skip)."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import CHANCE, Game

from regelwerk import games

try:
    import pyspiel
except ImportError:
    raise ImportError("tests/openspiel need OpenSpiel: pip install 'regelwerk[openspiel]'"
                      ) from None

from regelwerk import openspiel

COUNTS = [(info.id, n) for info in games.games().values()
          for n in range(info.game.players[0], info.game.players[1] + 1)]
#: The most action ids any game may have at any count: every compound choice is a sequence
#: of small ones (Florenz's scandal play, issue 33), so an id space stays small.
MOST_IDS = 10**6


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_openspiel_random_sim_test_passes(game_id: str, players: int) -> None:
    game = pyspiel.load_game(f"regelwerk_{game_id}", {"players": players})
    declared = games.get(game_id).game
    rules = declared.rules_for({"players": players})
    assert game.num_players() == len(declared.seats(rules))
    assert game.max_game_length() == declared.longest(rules)
    assert 0 < game.num_distinct_actions() <= MOST_IDS
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_game_with_too_many_action_ids_is_refused_with_its_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose ids do not fit OpenSpiel (a compound action left whole) is refused when
    loaded, with its size, rather than failing inside OpenSpiel."""
    size = openspiel.sizes(games.get("medici_vs_strozzi").game, 2).actions
    monkeypatch.setattr(openspiel, "LARGEST", size - 1)
    with pytest.raises(Exception, match=f"{size:,} action ids"):
        pyspiel.load_game("regelwerk_medici_vs_strozzi", {"players": 2})


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_action_ids_are_stable_and_decode_to_the_action(game_id: str) -> None:
    game = games.get(game_id).game
    rules = game.default_rules
    players, chance = (openspiel.Encoding(game, rules, side) for side in (False, True))
    seen: dict[Any, int] = {}
    for state in conformance.play(game, {}, None).states[::5]:
        encoding = chance if game.current_player(state) == CHANCE else players
        for option in game.legal_actions(state):
            for action in encoding.expand(option):
                number = encoding.encode(action)
                assert 0 <= number < encoding.size
                assert encoding.decode(number) == action
                assert seen.setdefault(action, number) == number


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_random_games_stay_within_the_declared_length(game_id: str) -> None:
    game: Game[Any, Any] = games.get(game_id).game
    low, high = game.players
    for players in range(low, high + 1):
        longest = game.longest(game.rules_for({"players": players}))
        assert longest is not None
        for seed in range(6):
            played = conformance.play(game, {"players": players}, None if seed % 2 else seed)
            assert len(played.actions) <= longest


def test_winners_share_and_a_solo_seat_wins_by_its_rule_or_its_margin() -> None:
    assert openspiel.seat_returns(("a", "b"), ("a",), {"a": 3, "b": 1}) == [1.0, -1.0]
    assert openspiel.seat_returns(("a", "b"), ("a", "b"), {"a": 3, "b": 3}) == [0.0, 0.0]
    three = openspiel.seat_returns(("a", "b", "c"), ("a", "c"), {"a": 3, "b": 1, "c": 3})
    assert three == [0.5, -1.0, 0.5] and sum(three) == 0
    florenz = games.get("florenz").game
    state = conformance.play(florenz, {"players": 1}, 3).states[-1]
    outcome = florenz.outcome(state)
    seats = florenz.seats(state)
    assert seats == ("violet",)
    won = openspiel.seat_returns(seats, outcome.winners, outcome.scores)
    assert won == [1.0 if "violet" in outcome.winners else -1.0]
    margin = openspiel.seat_returns(seats, outcome.winners, outcome.scores, "margin")
    assert margin == [float(outcome.scores["violet"] - outcome.scores["strozzi"])]
    assert (margin[0] > 0) == (won[0] > 0)


def test_the_returns_parameter_is_checked() -> None:
    game = pyspiel.load_game("regelwerk_medici_vs_strozzi", {"returns": "margin"})
    assert game.get_parameters()["returns"] == "margin"
    with pytest.raises(Exception, match="returns"):
        pyspiel.load_game("regelwerk_medici_vs_strozzi", {"returns": "points"})
