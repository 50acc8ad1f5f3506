"""Deliberately broken rules of Florenz, one or more per invariant.

Each replaces one of the engine's rule functions (``rules.fns``); ``verify``
must find the invariant violated, and ``simulate`` plays the broken rule too.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.florenz import rule_fns
from regelwerk.engine.florenz.game import default_rules
from regelwerk.engine.florenz.rules import GIOVANNI
from regelwerk.verification.core import Mutant


def join_at_back(ranks: Any, length: Any, new_rank: Any, doorman: Any, ops: Ops = INT) -> Any:
    return length                                 # ignores rank


def doorman_jumps_to_head(ranks: Any, length: Any, new_rank: Any, doorman: Any,
                          ops: Ops = INT) -> Any:
    normal = rule_fns.insert_position(ranks, length, new_rank, False, ops)
    return ops.if_(doorman, 0, normal)            # in front of higher ranks too


def swap_across_ranks(rank_a: Any, rank_b: Any, family_a: Any, family_b: Any,
                      ops: Ops = INT) -> Any:
    return family_a != family_b                   # forgets the equal rank


def enter_one_too_many(length: Any, capacity: Any, ops: Ops = INT) -> Any:
    return length <= capacity


def control_by_count_only(count: Any, first_place: Any, spaces: Any, ops: Ops = INT) -> Any:
    return count                                  # no tie-break by place


def gain_without_cap(clock: Any, amount: Any, clock_max: Any, ops: Ops = INT) -> Any:
    return clock + amount


def card_beyond_limit(hand: Any, clock: Any, limit: Any, overflow_time: Any, clock_max: Any,
                      ops: Ops = INT) -> tuple[Any, Any, Any]:
    return hand + 1, clock, True


def boast_ignores_taken(points: Any, taken: Any, thresholds: Any, ops: Ops = INT) -> Any:
    return rule_fns.boast_field(points, [False] * len(taken), thresholds, ops)


def giovanni_reoffers_decliner(candidate: Any, place: Any, accepts: Any,
                               ops: Ops = INT) -> tuple[Any, Any]:
    return ops.if_(accepts, candidate + 1, candidate), place + 1


def strozzi_time_without_minimum(tile: Any, minimum: Any, change: Any, top: Any,
                                 ops: Ops = INT) -> Any:
    return tile + change


def strozzi_pays_below_zero(clock: Any, cost: Any, ops: Ops = INT) -> Any:
    return clock - cost


def head_points_doubled(heads: Any, per_head: Any, ops: Ops = INT) -> Any:
    return 2 * heads * per_head


def every_place_scores_the_head(mine: Any, ranks: Any, table: Any, skip_debutants: Any,
                                ops: Ops = INT) -> Any:
    return rule_fns.queue_points(mine, ranks, [table[0]] * len(table), skip_debutants, ops)


def _bound_mutants() -> tuple[Mutant, ...]:
    """The head points break every round's bound; the place points those of Cosimo and
    Contessina (Giovanni's rounds score his places, not the queue)."""
    rules = default_rules()
    mutants = []
    for r in range(1, rules.rounds + 1):
        bound = f"florenz.medici_bound.round{r}"
        mutants.append(Mutant(bound, N_("The head of a queue scores twice the round's head "
                                        "points."), {"head_award": head_points_doubled}))
        if rules.disc_medici[r - 1] != GIOVANNI:
            mutants.append(Mutant(bound, N_("Every member in the scored queue gets the points "
                                            "of its first place."),
                                  {"queue_points": every_place_scores_the_head}))
    return tuple(mutants)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("florenz.queue_order", N_("A newcomer joins the back of the queue, whatever its "
                                     "rank."), {"insert_position": join_at_back}, runtime=True),
    Mutant("florenz.queue_order", N_("A doorman lets a newcomer in front of higher ranks too."),
           {"insert_position": doorman_jumps_to_head}, runtime=True, name="doorman_to_head"),
    Mutant("florenz.queue_order", N_("The passed family's swap ignores the ranks of the two "
                                     "members."), {"swap_allowed": swap_across_ranks},
           runtime=True),
    Mutant("florenz.queue_capacity", N_("A queue takes a newcomer when it is already full."),
           {"may_enter": enter_one_too_many}, runtime=True),
    Mutant("florenz.control_strict", N_("Control counts members only, so families can tie."),
           {"control_key": control_by_count_only}, runtime=True),
    Mutant("florenz.clock_range", N_("Time gained beyond the clock's maximum is kept."),
           {"gain_time": gain_without_cap}, runtime=True),
    Mutant("florenz.hand_limit", N_("A family at the hand limit still takes another scandal "
                                    "card."), {"receive_card": card_beyond_limit}, runtime=True),
    Mutant("florenz.boast_field", N_("A boast cup may go on a field another family's cup "
                                     "holds."), {"boast_field": boast_ignores_taken}),
    Mutant("florenz.giovanni_one_reward", N_("Giovanni offers the next place again to the "
                                             "family that declined."),
           {"giovanni_step": giovanni_reoffers_decliner}),
    Mutant("florenz.solo_clock", N_("Strozzi's time gain ignores his minimum."),
           {"automa_time": strozzi_time_without_minimum}),
    Mutant("florenz.solo_clock", N_("Strozzi pays a card's full cost even beyond his time."),
           {"automa_pay": strozzi_pays_below_zero}),
    *_bound_mutants(),
)
