"""Random legal play: invariants after every step, illegal actions refused, records round-trip."""

from __future__ import annotations

import json
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.records import GameRecord, RecordError


def _playout(seed: int, players: int, options: dict[str, str] | None = None,
             limit: int = 5000) -> tuple[iv.State, list[iv.Action]]:
    rng = Random(f"{seed}/policy")
    state = iv.new_game(seed, {"players": players, **(options or {})})
    actions = []
    while not iv.is_terminal(state) and len(actions) < limit:
        action = iv.random_action(state, rng)
        state = iv.apply(state, action)
        actions.append(action)
        assert iv.violations(state) == [], (len(actions), action)
    return state, actions


@pytest.mark.clause("il_vecchio:turn.structure", "il_vecchio:end.winner")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_without_violations(players: int) -> None:
    for seed in range(3):
        state, _ = _playout(seed, players)
        assert iv.is_terminal(state)
        assert iv.result(state)["winners"]


@pytest.mark.clause("il_vecchio:variant.less_luck")
def test_random_games_with_every_variant() -> None:
    for name, options in iv.VARIANTS.items():
        state, _ = _playout(7, 3, {name: options[1]})
        assert iv.is_terminal(state)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 250))
def test_illegal_actions_refused_state_unchanged(seed: int, players: int, steps: int) -> None:
    rng = Random(seed)
    state = iv.new_game(seed, {"players": players})
    for _ in range(steps):
        if iv.is_terminal(state):
            break
        state = iv.apply(state, iv.random_action(state, rng))
    legal = set(iv.legal_actions(state))
    snapshot = state
    probes = [iv.RECOVER, iv.REINFORCE, iv.PASS, iv.Place(0), iv.Levy(iv.SCROLL),
              iv.PickTile(0), iv.KeepCouncil(0), iv.TownAction(0, 0, False, False),
              iv.Office(0, 0, False, iv.COUNCIL), iv.UseProvince(0)]
    for probe in probes:
        if probe in legal:
            continue
        with pytest.raises(IllegalAction) as info:
            iv.apply(state, probe)
        assert info.value.clause.startswith("il_vecchio:")
        assert state == snapshot


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_record_round_trip_replays_exactly(seed: int, players: int) -> None:
    state, actions = _playout(seed, players, limit=400)
    record = GameRecord(iv.GAME, seed, tuple(iv.action_to_json(a) for a in actions),
                        {"players": players})
    again = GameRecord.from_json(json.loads(record.dumps()))
    replay = iv.new_game(again.seed, dict(again.options))
    for data in again.actions:
        replay = iv.apply(replay, iv.action_from_json(data))
    assert replay == state


def test_bad_record_entries_are_refused() -> None:
    for bad in ({"type": "warp"}, {"type": "place"}, {"type": "place", "town": "x"},
                {"type": "town", "frm": 0, "to": 1, "carriage": 1, "bishop": False}):
        with pytest.raises(RecordError):
            iv.action_from_json(bad)


def test_legal_actions_are_all_legal() -> None:
    rng = Random(3)
    state = iv.new_game(3, {"players": 3})
    for _ in range(150):
        for action in iv.legal_actions(state):
            assert iv.is_legal(state, action)
        state = iv.apply(state, iv.random_action(state, rng))
