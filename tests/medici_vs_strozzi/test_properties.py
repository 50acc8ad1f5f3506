"""Generated games: invariants always hold, illegal actions change nothing, records replay."""

from __future__ import annotations

import json
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.records import GameRecord

from tests.refusals import refused

CANDIDATES = (mvs.DRAW, mvs.STOP, mvs.BUY, mvs.DECLINE, mvs.DISCARD, mvs.SetPrice(3),
              mvs.SetPrice(-1), *(mvs.Load(s, h) for s in range(-1, 4) for h in range(-1, 4)))


def legal_concrete(state: mvs.State) -> list[mvs.Action]:
    out = []
    for choice in mvs.legal_actions(state):
        out += [choice.make(0), choice.make(7)] if isinstance(choice, OpenChoice) else [choice]
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["buy_and_discard", "may_not_buy"]))
def test_random_games_keep_every_invariant(seed: int, variant: str) -> None:
    rng = Random(seed)
    state = mvs.new_game(seed=seed, options={"buy_without_room": variant})
    steps = 0
    while not state.is_terminal:
        state = mvs.apply(state, mvs.random_action(state, rng))
        steps += 1
        assert mvs.violations(state) == []
    assert len(state.scores) == state.rules.rounds
    assert steps > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 300))
def test_illegal_actions_are_refused_and_change_nothing(seed: int, steps: int) -> None:
    rng = Random(seed)
    state = mvs.new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = mvs.apply(state, mvs.random_action(state, rng))
    legal = set(legal_concrete(state))
    for action in CANDIDATES:
        if action in legal:
            continue
        snapshot = state
        try:
            mvs.apply(state, action)
        except IllegalAction as refusal:
            assert refusal.clause.startswith("medici_vs_strozzi:")
            assert refusal.clause in state.rules.spec.clauses
        else:
            # Only open choices (any price >= min) are legal without being listed.
            assert isinstance(action, mvs.SetPrice) and action.amount >= state.rules.min_price
        assert state is snapshot and state == snapshot


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_records_round_trip_and_replay_exactly(seed: int) -> None:
    rng = Random(seed)
    state = mvs.new_game(seed=seed)
    actions = []
    while not state.is_terminal:
        action = mvs.random_action(state, rng)
        actions.append(action)
        state = mvs.apply(state, action)
    record = GameRecord("medici_vs_strozzi", seed, tuple(map(mvs.action_to_json, actions)),
                        {}, mvs.result(state))
    again = GameRecord.from_json(json.loads(record.dumps()))
    assert again == record
    replayed = mvs.new_game(seed=again.seed, options=dict(again.options))
    for raw in again.actions:
        replayed = mvs.apply(replayed, mvs.action_from_json(raw))
    assert replayed == state
    assert mvs.result(replayed) == again.result


def test_same_seed_same_bag_different_seed_different_bag() -> None:
    assert mvs.new_game(seed=5).bag == mvs.new_game(seed=5).bag
    assert mvs.new_game(seed=5).bag != mvs.new_game(seed=6).bag


def test_actions_of_different_kinds_are_never_equal() -> None:
    singletons = [mvs.DRAW, mvs.STOP, mvs.BUY, mvs.DECLINE, mvs.DISCARD]
    assert len(set(singletons)) == len(singletons)
    assert mvs.Load(0, 1) != mvs.SetPrice(0) and mvs.SetPrice(1) == mvs.SetPrice(1)
    state = mvs.apply(mvs.new_game(seed=2), mvs.DRAW)
    state = mvs.apply(mvs.apply(state, mvs.STOP), mvs.SetPrice(1))
    refused(mvs, state, mvs.STOP, "medici_vs_strozzi:turn.offer")   # only buy or decline
