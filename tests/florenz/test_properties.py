"""Random legal playouts (hypothesis): invariants hold, illegal actions change nothing,
records round-trip."""

from __future__ import annotations

import contextlib
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.records import GameRecord, actions_json

ILLEGAL_PROBES = (fz.Send(0), fz.Move(0, 9), fz.Promote(44), fz.Boast(9), fz.Gift(2, 99),
                  fz.Accept(), fz.BonusSwap(0, 1), fz.DiscardForTime(7), fz.Place(1),
                  fz.HurryTwice(0, 5, 5), fz.Pass(1))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(0, 10_000))
def test_random_playout_keeps_invariants(players: int, seed: int) -> None:
    state = fz.new_game(seed, {"players": players})
    rng = Random(seed)
    actions = []
    while not fz.is_terminal(state):
        legal = fz.legal_actions(state)
        assert legal
        for probe in ILLEGAL_PROBES:
            if probe not in legal:
                with contextlib.suppress(IllegalAction):
                    fz.apply(state, probe)
        action = fz.random_action(state, rng)
        state = fz.apply(state, action)
        actions.append(action)
        assert fz.violations(state) == []
    assert state.round == 9 and fz.result(state)["winners"]
    record = GameRecord("florenz", seed, actions_json(fz, actions), {"players": players})
    again = GameRecord.from_json(record.to_json())
    replay = fz.new_game(again.seed, again.options)
    for data in again.actions:
        replay = fz.apply(replay, fz.action_from_json(data))
    assert replay == state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_illegal_actions_are_refused_and_state_unchanged(seed: int, steps: int) -> None:
    state = fz.new_game(seed, {"players": 3})
    rng = Random(seed)
    for _ in range(steps):
        if fz.is_terminal(state):
            break
        state = fz.apply(state, fz.random_action(state, rng))
    legal = set(fz.legal_actions(state))
    before = state
    for probe in ILLEGAL_PROBES:
        if probe in legal:
            continue
        try:
            fz.apply(state, probe)
        except IllegalAction as error:
            assert error.clause.startswith("florenz:")
            assert error.message_in("de")
        else:
            raise AssertionError(f"{probe} accepted although not legal")
        assert state is before and state == before


def test_every_legal_action_applies() -> None:
    state = fz.new_game(5, {"players": 4})
    rng = Random(5)
    for _ in range(80):
        for action in fz.legal_actions(state):
            fz.apply(state, action)
        state = fz.apply(state, fz.random_action(state, rng))


def test_german_error_message() -> None:
    state = fz.new_game(0, {"players": 2})
    try:
        fz.apply(state, fz.Send(1))
    except IllegalAction as error:
        assert "Regel florenz:setup.first_debutants" in error.message_in("de")
        assert "nicht möglich" in error.message_in("de")     # core's refusal out of stage
    else:
        raise AssertionError("sending during setup was accepted")


@pytest.mark.clause("florenz:scandal.play", "florenz:turn.order")
@settings(max_examples=12, deadline=None)
@given(st.integers(1, 5), st.integers(0, 10_000))
def test_random_action_is_always_legal(players: int, seed: int) -> None:
    """random_action samples without listing everything; every pick is in legal_actions."""
    state = fz.new_game(seed, {"players": players})
    rng = Random(seed)
    steps = 0
    while not fz.is_terminal(state) and steps < 120:
        action = fz.random_action(state, rng)
        assert action in fz.legal_actions(state)
        state = fz.apply(state, action)
        steps += 1


@pytest.mark.clause("florenz:scandal.play")
def test_scandal_cards_get_played_in_random_games() -> None:
    played = set()
    for seed in range(40):
        state = fz.new_game(seed, {"players": 3})
        rng = Random(seed)
        while not fz.is_terminal(state):
            action = fz.random_action(state, rng)
            if isinstance(action, fz.ScandalCard):
                played.add(fz.card_kind(state, state.hands[state.current][action.index]))
            state = fz.apply(state, action)
    assert len(played) >= 10


def test_actions_of_different_kinds_are_never_equal() -> None:
    from regelwerk.engine.florenz import actions

    assert actions.Pass(1) != actions.Boast(1) != actions.Send(1)
    assert actions.Accept() != actions.Decline() and actions.BonusTime() != actions.BonusPoint()
    assert actions.Boast(2) == actions.Boast(2)
