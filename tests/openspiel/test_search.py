"""The search bridge (regelwerk/openspiel.py, :class:`SearchState`): any engine state as
OpenSpiel's MCTS searches it, moves numbered per state, for every game at every count."""

from __future__ import annotations

import math
from random import Random

import pytest

from regelwerk import games
from regelwerk.policies import candidates, parse

try:
    from open_spiel.python.algorithms import mcts
except ImportError:
    raise ImportError("tests/openspiel need OpenSpiel: pip install 'regelwerk[openspiel]'"
                      ) from None

from regelwerk.openspiel import SearchGame, SearchState, seat_returns

COUNTS = [(game_id, players) for game_id, info in sorted(games.games().items())
          for players in range(info.game.players[0], info.game.players[1] + 1)]


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_a_search_state_plays_a_game_to_its_end(game_id: str, players: int) -> None:
    """Moves are indices into the state's own candidates; chance's outcomes add up to 1; a
    clone goes on alone; the end gives the returns of the outcome."""
    game = games.get(game_id).game
    start = game.new_game(seed=None, options={"players": players})
    seats = len(game.seats(start))
    searched = SearchGame(game, seats, "win" if seats > 1 else "margin", candidates)
    state, rng, moves, chance_nodes = SearchState(searched, start), Random(players), 0, 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == list(range(len(candidates(game, state.state))))
        if state.is_chance_node():
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert [i for i, _ in outcomes] == legal
        else:
            assert state.current_player() == game.to_move(state.state)
        before = state.state
        clone = state.clone()
        clone.apply_action(rng.choice(legal))
        assert state.state is before                      # the clone went on alone
        state = clone
        moves += 1
        assert moves <= game.longest(start)
    assert chance_nodes > 0
    outcome = game.outcome(state.state)
    assert outcome is not None
    assert state.returns() == seat_returns(game.seats(start), outcome.winners, outcome.scores,
                                           searched.returns_mode)
    if seats > 1:
        assert math.isclose(sum(state.returns()), 0.0, abs_tol=1e-9)


@pytest.mark.parametrize("players", [2, 4])
def test_mcts_searches_florenz_at_any_count(players: int) -> None:
    """Per-state moves let the search run whatever the stable ids number (Florenz's
    compound scandal play gave billions, more than OpenSpiel takes)."""
    game = games.get("florenz").game
    state, rng = game.new_game(seed=3, options={"players": players}), Random(3)
    decisions = 0
    while decisions < 3 and not game.is_over(state):
        action = parse("mcts:8").choose(game, state, rng)
        assert game.is_legal(state, action)
        state = game.apply(state, action)
        decisions += 1
    assert decisions == 3


def test_openspiel_s_bot_accepts_the_search_game() -> None:
    game = games.get("medici_vs_strozzi").game
    searched = SearchGame(game, 2, "win", candidates)
    bot = mcts.MCTSBot(searched, 2.0, 5, mcts.RandomRolloutEvaluator(1))
    state = SearchState(searched, game.new_game(seed=None))
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    assert bot.step(state) in state.legal_actions()
    assert searched.max_utility() == 1.0
