"""Deliberately broken rules of Lorenzo il Magnifico, one or more per invariant.

Each replaces one of the engine's rule functions (``rules.fns``); ``verify`` must find
the invariant violated, and the engine plays the broken rule too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.lorenzo.rules import COIN
from regelwerk.verification.core import Mutant


def any_space(occupants: Any, waived: Any = False, ops: Ops = INT) -> Any:
    return True                                   # forgets who stands there


def any_colour(own_coloured: Any, neutral: Any, ops: Ops = INT) -> Any:
    return True                                   # forgets the family's coloured members


def no_military(military: Any, requirements: Sequence[Any], held: Any, waived: Any,
                ops: Ops = INT) -> Any:
    return True                                   # takes any territory


def coins_only(have: Any, need: Any, ops: Ops = INT) -> Any:
    return have[COIN] >= need[COIN]               # checks the coins, nothing else


def below_nothing(amount: Any, add: Any, ops: Ops = INT) -> Any:
    return amount + add                           # a penalty may take away


def off_the_track(faith: Any, faith_max: Any, ops: Ops = INT) -> Any:
    return faith                                  # no end to the track


def one_short(faith: Any, threshold: Any, ops: Ops = INT) -> Any:
    return faith >= threshold - 1                 # one faith point short still chooses


def point_per_card(table: Sequence[int], count: Any, ops: Ops = INT) -> Any:
    if ops is INT:
        return table[count] + count
    return ops.sum(ops.if_(count == k, v + k, 0) for k, v in enumerate(table))


def doubled(points: Sequence[Any], ops: Ops = INT) -> Any:
    return 2 * ops.sum(points)


def second_shares_first(values: Sequence[Any], p: int, prizes: Sequence[int],
                        ops: Ops = INT) -> Any:
    above = ops.sum(ops.if_(v > values[p], 1, 0) for v in values)
    return ops.if_(above <= 1, prizes[0], 0)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("lorenzo.tower_space_single", N_("A tower floor takes a member though one stands "
                                            "there."), {"space_open": any_space}),
    Mutant("lorenzo.one_colour_per_tower", N_("A family's second coloured member enters a "
                                              "tower."), {"colour_open": any_colour},
           runtime=True),
    Mutant("lorenzo.territory_military", N_("Territory slots ask for no military points."),
           {"territory_allowed": no_military}),
    Mutant("lorenzo.resources_nonnegative", N_("Only the coins of a cost are checked."),
           {"payable": coins_only}, runtime=True),
    Mutant("lorenzo.resources_nonnegative", N_("A penalty on a gain takes resources away."),
           {"lessened": below_nothing}),
    Mutant("lorenzo.faith_on_track", N_("Faith goes beyond the last space of the track."),
           {"on_track": off_the_track}),
    Mutant("lorenzo.vatican_threshold", N_("One faith point short of the threshold still "
                                           "lets a player choose."),
           {"choice_offered": one_short}),
    Mutant("lorenzo.scoring.territories", N_("Each territory adds a point to its table."),
           {"table_points": point_per_card}),
    Mutant("lorenzo.scoring.characters", N_("Each character adds a point to its table."),
           {"table_points": point_per_card}),
    Mutant("lorenzo.scoring.ventures", N_("Ventures score twice."), {"venture_points": doubled}),
    Mutant("lorenzo.scoring.military", N_("The second place shares the first prize."),
           {"military_award": second_shares_first}),
    Mutant("lorenzo.scoring.final", N_("Ventures score twice."), {"venture_points": doubled}),
)
