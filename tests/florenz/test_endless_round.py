"""A round of Florenz need not end (florenz:interp.endless_round): a family that moves a
member to and fro along a path its own escort guards gets back the time each move costs,
so it can act forever without passing, and the families that passed take a bonus every
time their turn comes round. The record is a game a greedy player found (issue 33)."""

from __future__ import annotations

from pathlib import Path

import pytest
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.florenz import GAME, State

RECORD = Path(__file__).parent / "records" / "endless_round.json"


def replayed() -> tuple[list[State], list[int], GameRecord]:
    """Every state of the record (``states[k]``: before action ``k``), and the indices of
    its moves."""
    record = GameRecord.read(RECORD)
    state = GAME.new_game(seed=record.seed, options=dict(record.options))
    states = [state]
    for raw in record.actions:
        state = GAME.apply(state, GAME.action_from_json(raw))
        states.append(state)
    moves = [k for k, raw in enumerate(record.actions) if raw["type"] == "move"]
    return states, moves, record


@pytest.mark.play("florenz:action.move", "florenz:guard.escort", "florenz:action.passed_bonus",
                  "florenz:round.sequence")
def test_a_family_can_move_to_and_fro_for_nothing_and_never_pass() -> None:
    states, moves, record = replayed()
    first, last = moves[-3], moves[-1]               # one whole cycle: two moves, the bonuses
    before, after = states[first], states[last]
    mover = GAME.to_move(before)
    assert GAME.to_move(after) == mover and not after.passed[mover]
    assert after.round == before.round and after.phase == before.phase
    assert after.clock[mover] == before.clock[mover]          # each move paid back by the escort
    assert after.where == before.where and after.queues == before.queues
    spec = GAME.spec
    for family, passed in enumerate(before.passed):           # a bonus per turn come round
        if family != mover:
            assert passed
            assert after.points[family] == before.points[family] + 2 * spec["pass.bonus_points"]
    # the cycle can be played again from where it ends: the same actions are legal
    again = after
    for raw in record.actions[first:last]:
        again = GAME.apply(again, GAME.action_from_json(raw))
    assert again.where == after.where and again.clock == after.clock


def test_the_tools_assume_a_bound_on_such_moves_and_say_so() -> None:
    """The maximum length the tools need (issue 33) counts these free moves by an assumed
    number, visible as assumed, with its reason naming the register entry."""
    number = GAME.spec.numbers["round.free_moves"]
    assert number.confidence == "assumed" and "florenz:interp.endless_round" in number.reason
    rules = GAME.default_rules
    lower = GAME.with_spec(GAME.spec.with_numbers({"round.free_moves": number.value - 1}))
    assert GAME.longest(rules) > lower.longest(lower.default_rules)
