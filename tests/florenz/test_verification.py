"""The z3 invariants of Florenz: each proven, and violated by a mutant rule."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.arith import INT
from regelwerk.verification import florenz as vf

INV = {i.id: i for i in vf.INVARIANTS}


def mutant(**fns: Any) -> fz.Rules:
    base = vf.default_rules()
    return dataclasses.replace(base, fns=dataclasses.replace(base.fns, **fns))


@pytest.mark.parametrize("invariant", vf.INVARIANTS, ids=lambda i: i.id)
def test_invariant_proven(invariant: Any) -> None:
    for clause in invariant.clauses:
        assert clause.startswith("florenz:")
    result = invariant.check(vf.default_rules())
    assert result.proven, result.detail
    if invariant.id.startswith("florenz.medici_bound"):
        assert result.bound is not None and result.bound > 0


@pytest.mark.clause("florenz:queue.rank", "florenz:queue.priority")
def test_mutant_queue_join_at_back_breaks_order() -> None:
    broken = mutant(insert_position=lambda ranks, length, new_rank, doorman, ops=INT: length)
    assert INV["florenz.queue_order"].check(broken).status == "violated"


@pytest.mark.clause("florenz:guard.doorman")
def test_mutant_doorman_jumps_higher_ranks_breaks_order() -> None:
    def jump(ranks: Any, length: Any, new_rank: Any, doorman: Any, ops: Any = INT) -> Any:
        normal = fz.insert_position(ranks, length, new_rank, False, ops)
        return ops.if_(doorman, 0, normal)
    assert INV["florenz.queue_order"].check(mutant(insert_position=jump)).status == "violated"


@pytest.mark.clause("florenz:action.passed_bonus")
def test_mutant_swap_across_ranks_breaks_order() -> None:
    broken = mutant(swap_allowed=lambda ra, rb, fa, fb, ops=INT: fa != fb)
    assert INV["florenz.queue_order"].check(broken).status == "violated"


@pytest.mark.clause("florenz:queue.capacity")
def test_mutant_capacity_off_by_one() -> None:
    broken = mutant(may_enter=lambda length, capacity, ops=INT: length <= capacity)
    result = INV["florenz.queue_capacity"].check(broken)
    assert result.status == "violated" and result.counterexample["length"] == \
        result.counterexample["capacity"]


@pytest.mark.clause("florenz:queue.control")
def test_mutant_control_by_count_only_ties() -> None:
    broken = mutant(control_key=lambda count, first, spaces, ops=INT: count)
    assert INV["florenz.control_strict"].check(broken).status == "violated"


@pytest.mark.clause("florenz:time.clock")
def test_mutant_clock_without_cap() -> None:
    broken = mutant(gain_time=lambda clock, amount, top, ops=INT: clock + amount)
    assert INV["florenz.clock_range"].check(broken).status == "violated"


@pytest.mark.clause("florenz:hand.limit")
def test_mutant_hand_without_limit() -> None:
    def greedy(hand: Any, clock: Any, limit: Any, over: Any, top: Any, ops: Any = INT) -> Any:
        return hand + 1, clock, True
    assert INV["florenz.hand_limit"].check(mutant(receive_card=greedy)).status == "violated"


@pytest.mark.clause("florenz:action.boast")
def test_mutant_boast_ignores_taken_fields() -> None:
    def ignore(points: Any, taken: Any, thresholds: Any, ops: Any = INT) -> Any:
        return fz.boast_field(points, [False] * len(taken), thresholds, ops)
    assert INV["florenz.boast_field"].check(mutant(boast_field=ignore)).status == "violated"


@pytest.mark.clause("florenz:scoring.giovanni_one_reward")
def test_mutant_giovanni_reoffers_decliner() -> None:
    def keep(candidate: Any, place: Any, accepts: Any, ops: Any = INT) -> Any:
        return ops.if_(accepts, candidate + 1, candidate), place + 1
    assert INV["florenz.giovanni_one_reward"].check(mutant(giovanni_step=keep)).status == \
        "violated"


@pytest.mark.clause("florenz:medici.head", "florenz:scoring.cosimo", "florenz:scoring.contessina",
                    "florenz:scoring.giovanni")
@pytest.mark.parametrize("round_number", range(1, 10))
def test_medici_bound_tight_and_replayed(round_number: int) -> None:
    """The witness reaches the proven bound through the engine's scoring functions."""
    rules = vf.default_rules()
    result, _ = vf.medici_phase_bound(rules, round_number)
    assert result.proven
    assert vf.replay_bound_witness(rules, round_number, dict(result.witness)) == result.bound


@pytest.mark.clause("florenz:scoring.cosimo")
def test_mutant_disc_value_moves_the_bound() -> None:
    rules = vf.default_rules()
    table = list(rules.queue_points)
    table[0] = (table[0][0] + 10, *table[0][1:])
    raised = dataclasses.replace(rules, queue_points=tuple(table))
    before, _ = vf.medici_phase_bound(rules, 1)
    after, _ = vf.medici_phase_bound(raised, 1)
    assert after.bound == before.bound + 10


@pytest.mark.clause("florenz:solo.time")
def test_mutant_strozzi_time_without_minimum() -> None:
    broken = mutant(automa_time=lambda tile, minimum, change, top, ops=INT: tile + change)
    assert INV["florenz.solo_clock"].check(broken).status == "violated"


@pytest.mark.clause("florenz:solo.turn")
def test_mutant_strozzi_pays_below_zero() -> None:
    broken = mutant(automa_pay=lambda clock, cost, ops=INT: clock - cost)
    assert INV["florenz.solo_clock"].check(broken).status == "violated"
