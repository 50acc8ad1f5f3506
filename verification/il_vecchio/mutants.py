"""Deliberately broken rules of Il Vecchio, one or more per invariant.

Each replaces one of the engine's rule functions (``rules.fns``); ``verify``
must find the invariant violated, and ``simulate`` plays the broken rule too.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio import rule_fns
from regelwerk.engine.il_vecchio.rule_fns import Counts
from regelwerk.verification.core import Mutant


def full_track_any_round(placed: Any, usable: Any, final_round: Any, rules: Any,
                         ops: Ops = INT) -> Any:
    return ops.or_(placed < usable, True)          # forgets "only in the final round"


def end_one_crest_early(on_board: Any, taken: Any, ended: Any, rules: Any,
                        ops: Ops = INT) -> tuple[Any, Any, Any]:
    left, taken, _ = rule_fns.crest_step(on_board, taken, ended, rules, ops)
    return left, taken, ops.or_(ended, left <= rules.spec["events.end_when_left"] + 1)


def additional_cost_moves_late(taken: Any, rules: Any, ops: Ops = INT) -> Any:
    return rule_fns.additional_cost_stack(taken - 1, rules, ops)    # after the second crest


def taken_back_into_the_box(supply: Any, lying: Any, rules: Any,
                            ops: Ops = INT) -> tuple[Any, Any]:
    return supply, lying - 1                       # the member leaves the game


def joins_track_and_stays(standing: Any, on_track: Any, ops: Ops = INT) -> tuple[Any, Any]:
    return standing, on_track + 1                  # a copy joins, the member stays in town


def majority_without_tiebreak(count_a: Any, last_a: Any, count_b: Any, last_b: Any, rules: Any,
                              ops: Ops = INT) -> Any:
    return count_a > count_b


def nobility_point_more(kind: str, counts: Counts, rules: Any, ops: Ops = INT) -> Any:
    return rule_fns.nobility_points(kind, counts, rules, ops) + 1


def recovery_loses_the_lying(standing: Any, lying: Any, ops: Ops = INT) -> tuple[Any, Any]:
    return standing, 0                             # the lying members are lost


MUTANTS: tuple[Mutant, ...] = (
    Mutant("il_vecchio.track_capacity", N_("A member may join a full track in any round, not "
                                           "only in the final one."),
           {"may_place": full_track_any_round}, runtime=True),
    Mutant("il_vecchio.crests", N_("The end is triggered when one crest is still on the "
                                   "board."), {"crest_step": end_one_crest_early}, runtime=True),
    Mutant("il_vecchio.additional_cost", N_("The additional cost moves to the nobility stack "
                                            "only after the second crest."),
           {"additional_cost_stack": additional_cost_moves_late}, runtime=True),
    Mutant("il_vecchio.members", N_("A member the family event takes back leaves the game "
                                    "instead of going to the supply."),
           {"member_taken_back": taken_back_into_the_box}, runtime=True),
    Mutant("il_vecchio.members", N_("A member joins a track but also stays standing in its "
                                    "town."), {"member_joins_track": joins_track_and_stays},
           runtime=True),
    Mutant("il_vecchio.members", N_("Recovery removes the lying members instead of standing "
                                    "them up."), {"members_stand_up": recovery_loses_the_lying},
           runtime=True),
    Mutant("il_vecchio.majority_strict", N_("Equal counts on a track are not broken by the "
                                            "earlier last member."),
           {"majority_beats": majority_without_tiebreak}, runtime=True),
    Mutant("il_vecchio.power_points_max", N_("Every nobility tile scores one Power point more."),
           {"nobility_points": nobility_point_more}),
)
