"""How each kind of move changes a family's member counts.

A family's members are counts: in the supply, standing and lying per town, and
on the tracks. Each move changes a few of them, and each function here says
how: it takes the counts the move touches and returns them after the move. The
engine's effects call them (through ``rules.fns``) on ints, the proof
``il_vecchio.members`` (:mod:`regelwerk.verification.il_vecchio`) on z3 terms
(``ops``, :mod:`regelwerk.engine.core.arith`), so the proof is about this very
code and a broken rule here breaks it and shows in ``simulate`` too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.il_vecchio.rule_fns import C, family_return

if TYPE_CHECKING:
    from regelwerk.engine.il_vecchio.rules import Rules


@implements(C + "action.reinforcement", C + "setup.placement_roll", C + "setup.placement_choice")
def member_enters(supply: Any, standing: Any, ops: Ops = INT) -> tuple[Any, Any]:
    """A member goes from the supply onto a town: ``(supply, standing there)`` after."""
    return supply - 1, standing + 1


@implements(C + "travel.roads", C + "travel.carriage")
def member_travels(standing_from: Any, standing_to: Any, ops: Ops = INT) -> tuple[Any, Any]:
    """A standing member travels to another town: ``(standing at the start, at the goal)``."""
    return standing_from - 1, standing_to + 1


@implements(C + "action.town.crest", C + "event.family")
def member_lies_down(standing: Any, lying: Any, ops: Ops = INT) -> tuple[Any, Any]:
    """A standing member is laid down where it stands: ``(standing, lying)`` there after."""
    return standing - 1, lying + 1


@implements(C + "action.province.track", C + "action.florence")
def member_joins_track(standing: Any, on_track: Any, ops: Ops = INT) -> tuple[Any, Any]:
    """A standing member leaves its town for a track: ``(standing there, the family's members
    on the track)`` after."""
    return standing - 1, on_track + 1


@implements(C + "action.recovery")
def members_stand_up(standing: Any, lying: Any, ops: Ops = INT) -> tuple[Any, Any]:
    """Recovery in one town: every lying member stands up, ``(standing, lying)`` after."""
    return standing + lying, 0


@implements(C + "event.family")
def member_taken_back(supply: Any, lying: Any, rules: Rules, ops: Ops = INT) -> tuple[Any, Any]:
    """The family event takes a lying member back: ``(supply, lying there)`` after."""
    return supply + family_return(rules), lying - 1
