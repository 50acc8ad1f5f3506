"""Action kinds of passing: pass (ring, first pass time) and a passed family's bonus.

A family that has passed takes a bonus on each of its turns instead of an
action: 1 time, 1 point, or a swap at its ring (``fns.swap_allowed``).
"""

from __future__ import annotations

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.actions import BonusPoint, BonusSwap, BonusTime, Pass
from regelwerk.engine.florenz.board import credit, gain
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.state import NONE, Source, State
from regelwerk.engine.florenz.turns import advance

C = prefix(ID)


@implements(C + "action.pass")
def pass_options(state: State, like: Pass | None) -> list[Pass]:
    """Pass and put the ring on a location without one; the last family places no ring
    (location 0)."""
    rules = state.rules
    pass_ = rules.tables.actions.pass_
    if sum(state.passed) == rules.families - 1:
        return [pass_[0]]
    taken = state.rings
    if like is not None:
        return [pass_[like.location]] if 1 <= like.location <= rules.locations and \
            like.location - 1 not in taken else []
    return [pass_[i + 1] for i in range(rules.locations) if i not in taken]


def explain_pass(state: State, action: Pass) -> IllegalAction | None:
    if sum(state.passed) == state.families - 1:
        return IllegalAction(C + "action.pass", N_("The last family to pass places no ring; "
                                                   "pass with location 0."))
    if not 1 <= action.location <= state.rules.locations:
        return IllegalAction(C + "action.pass", N_("There is no location {location}."),
                             location=action.location)
    return IllegalAction(C + "action.pass", N_("Location {location} already has a ring."),
                         location=action.location)


@implements(C + "action.pass", C + "action.pass_first")
def pass_(state: State, action: Pass) -> State:
    f = state.current
    rules = state.rules
    clock = state.clock
    automa = state.automa
    if not any(state.passed):
        clock = gain(clock, f, rules.first_pass_time, rules)
        if automa is not None:
            automa = automa._replace(first_passer=f)
    passed = replaced(state.passed, f, True)
    if action.location == 0:
        return advance(state, passed=passed, clock=clock, automa=automa)
    return advance(state, passed=passed, clock=clock, automa=automa,
                   rings=replaced(state.rings, f, action.location - 1))


@implements(C + "action.passed_bonus")
def bonus_time_options(state: State, like: BonusTime | None) -> tuple[BonusTime]:
    """A family that has passed may take 1 time (its stage: :mod:`.game`)."""
    return state.rules.tables.actions.bonus_time


@implements(C + "action.passed_bonus")
def bonus_point_options(state: State, like: BonusPoint | None) -> tuple[BonusPoint]:
    """A family that has passed may take 1 point."""
    return state.rules.tables.actions.bonus_point


def explain_bonus_swap(state: State, action: BonusSwap) -> IllegalAction | None:
    return IllegalAction(C + "action.passed_bonus",
                         N_("Only a member and a neighbour of equal rank and another "
                            "family may swap, where the ring lies."))


@implements(C + "action.passed_bonus")
def bonus_swap_options(state: State, like: BonusSwap | None) -> list[BonusSwap]:
    """A member at the ring swaps with a neighbour of equal rank and another family (under
    the reading ``swap_then_resort`` of interp.swap_rank_boundary: with any neighbour, the
    queue then sorted by rank again)."""
    family = state.current
    ring = state.rings[family]
    if ring == NONE:
        return []
    out = []
    queue = state.queues[ring]
    rules = state.rules
    allowed, per, rank = rules.fns.swap_allowed, rules.pieces_per_family, rules.tables.rank_of_piece
    anyone = rules.swap_then_resort
    for i in range(len(queue) - 1):
        a, b = queue[i], queue[i + 1]
        fa, fb = a // per, b // per
        if anyone or allowed(rank[a], rank[b], fa, fb):
            if fa == family:
                out.append(BonusSwap(a, b))
            elif fb == family:
                out.append(BonusSwap(b, a))
    return out


@implements(C + "action.passed_bonus")
def bonus_time(state: State, action: BonusTime) -> State:
    rules = state.rules
    return advance(state, clock=gain(state.clock, state.current, rules.bonus_time, rules))


@implements(C + "action.passed_bonus")
def bonus_point(state: State, action: BonusPoint) -> State:
    return advance(state, **credit(state, state.current, Source.BONUS, state.rules.bonus_points))


@implements(C + "action.passed_bonus")
def bonus_swap(state: State, action: BonusSwap) -> State:
    loc = state.rings[state.current]
    queue = list(state.queues[loc])
    i, j = queue.index(action.piece), queue.index(action.other)
    queue[i], queue[j] = queue[j], queue[i]
    if state.rules.swap_then_resort:   # rank order again
        rank = state.rules.tables.rank_of_piece
        queue.sort(key=lambda p: -rank[p])
    return advance(state, queues=replaced(state.queues, loc, tuple(queue)))
