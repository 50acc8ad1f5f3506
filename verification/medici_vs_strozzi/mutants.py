"""Deliberately broken rules of Medici vs Strozzi, one or more per invariant.

Each replaces one of the engine's rule functions (``rules.fns``); ``verify``
must find the invariant violated, and ``simulate`` plays the broken rule too.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.i18n import N_
from regelwerk.verification.core import Mutant


def too_generous_room(capacity: Any, loaded: Any, count: Any) -> Any:
    return capacity >= count                      # forgets what is already loaded


def draw_ignores_holds(max_draw: Any, free: Any, in_play: Any, ops: Ops = INT) -> Any:
    return ops.if_(in_play < max_draw, in_play, max_draw)


def move_without_track_end(position: Any, medici: Any, strozzi: Any, params: Any,
                           ops: Ops = INT) -> Any:
    return position + medici - strozzi


def bonuses_stack(position: Any, player: int, params: Any, ops: Ops = INT) -> Any:
    distance = position * (1, -1)[player]
    bonus = ops.if_(distance >= params.bonus_small_distance, params.bonus_small, 0) + \
        ops.if_(distance >= params.bonus_large_distance, params.bonus_large, 0)
    return ops.if_(distance > 0, params.per_marker + bonus, 0)


def loser_paid_too(own: Any, other: Any, params: Any, ops: Ops = INT) -> Any:
    return params.harbour_payout


MUTANTS: tuple[Mutant, ...] = (
    Mutant("mvs.capacity", N_("A hold's room forgets what is already loaded."),
           {"hold_has_room": too_generous_room}, runtime=True),
    Mutant("mvs.draw_limit", N_("The draw limit ignores the room in the drawer's ships."),
           {"draw_allowance": draw_ignores_holds}, runtime=True),
    Mutant("mvs.markers_on_track", N_("Markers move past the end of their track."),
           {"move_marker": move_without_track_end}, runtime=True),
    Mutant("mvs.payout.round.max", N_("Both bonus spaces pay a marker beyond them."),
           {"marker_income": bonuses_stack}),
    Mutant("mvs.payout.round.min", N_("The lower total in a harbour is paid as well."),
           {"harbour_payout": loser_paid_too}),
    Mutant("mvs.payout.game.max", N_("Both bonus spaces pay a marker beyond them."),
           {"marker_income": bonuses_stack}),
    Mutant("mvs.payout.game.min", N_("The lower total in a harbour is paid as well."),
           {"harbour_payout": loser_paid_too}),
)
