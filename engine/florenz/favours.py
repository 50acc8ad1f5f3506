"""Action kinds that win favour: boasting (a cup on a boast board), gifts to a Medici,
and discarding a scandal card for time (not an action: allowed at any decision of
phases 2 and 4).
"""

from __future__ import annotations

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.actions import Boast, DiscardForTime, Gift
from regelwerk.engine.florenz.board import (
    boast_field_at,
    cup_put,
    cups_left,
    free_crests,
    gain,
    gift_cost,
    give_gift,
    spent,
)
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.members import time_refusal
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.scoring import achievement
from regelwerk.engine.florenz.state import Source, State
from regelwerk.engine.florenz.turns import advance

C = prefix(ID)


# --------------------------------------------------------------------- Boast

@implements(C + "action.boast")
def boast_options(state: State, like: Boast | None) -> list[Boast]:
    """A cup goes on the board of a location with a member of the family (once per board),
    on a free field its achievement there reaches."""
    f = state.current
    rules = state.rules
    if state.clock[f] < rules.cost_boast or cups_left(state, f) <= 0:
        return []
    mine = state.on_board(f)
    where, cups, boast = state.where, state.cups, rules.tables.actions.boast
    present = {where[p] for p in mine}
    locs = sorted(present) if like is None else \
        [like.location - 1] if like.location - 1 in present else []
    return [boast[loc] for loc in locs if f not in cups[loc] and
            boast_field_at(state, f, loc, achievement(state, f, loc, mine=mine)) >= 0]


def explain_boast(state: State, action: Boast) -> IllegalAction | None:
    f = state.current
    loc = action.location - 1
    if not 0 <= loc < state.rules.locations:
        return IllegalAction(C + "action.boast", N_("There is no location {location}."),
                             location=action.location)
    if not any(state.family_of(p) == f for p in state.queues[loc]):
        return IllegalAction(C + "action.boast", N_("Boasting needs a family member at the "
                                                    "location."))
    if cups_left(state, f) <= 0 or f in state.cups[loc]:
        return IllegalAction(C + "action.boast", N_("No cup left, or a cup of this family is "
                                                    "already on that board."))
    if boast_field_at(state, f, loc) < 0:
        return IllegalAction(C + "action.boast", N_("No free field fits these points."))
    return time_refusal(state, "boast", state.rules.cost_boast)


@implements(C + "action.boast")
def boast(state: State, action: Boast) -> State:
    f = state.current
    loc = action.location - 1
    points = achievement(state, f, loc)
    field = boast_field_at(state, f, loc, points)
    return advance(state, clock=spent(state, f, state.rules.cost_boast),
                   **cup_put(state, f, loc, points, field, Source.BOAST))


# --------------------------------------------------------------------- Gift

@implements(C + "action.gift", C + "guard.crest", C + "action.gift_cost")
def gift_options(state: State, like: Gift | None) -> list[Gift]:
    """A gift to a Medici whose carriage has a member of the family, paid in time; a guard
    goes on a free crest of his (none if no crest is free or no guard is left; under the
    reading ``no_gift`` of interp.gift_no_crest there is then no gift)."""
    f = state.current
    if state.gifts[f] <= 0:
        return []
    out = []
    gift = state.rules.tables.actions.gift
    unguarded = [] if state.rules.gift_needs_crest else [-1]
    where = state.where
    present = {where[p] for p in state.on_board(f)}
    carriages = state.carriages
    for m in range(len(carriages)) if like is None else \
            [like.medici] if 0 <= like.medici < len(carriages) else []:
        if carriages[m] in present and state.clock[f] >= gift_cost(state, f, m):
            free = free_crests(state, m) if state.guards[f] > 0 else []
            out += [gift[m][c + 1] for c in free or unguarded]
    return out


def explain_gift(state: State, action: Gift) -> IllegalAction | None:
    f, m = state.current, action.medici
    if m not in range(state.rules.medici) or state.gifts[f] <= 0:
        return IllegalAction(C + "action.gift", N_("No gift left, or no such Medici."))
    if not any(state.family_of(p) == f for p in state.queues[state.carriages[m]]):
        return IllegalAction(C + "action.gift", N_("A gift needs a family member at the "
                                                   "Medici's carriage."))
    free = free_crests(state, m) if state.guards[f] > 0 else []
    if (action.crest == -1 and (free or state.rules.gift_needs_crest)) or \
            (action.crest != -1 and action.crest not in free):
        return IllegalAction(C + "guard.crest", N_("The guard must go on a free crest of that "
                                                   "Medici."))
    return time_refusal(state, "gift", gift_cost(state, f, m))


@implements(C + "action.gift", C + "guard.crest", C + "guard.escort", C + "guard.spy",
            C + "guard.doorman")
def gift(state: State, action: Gift) -> State:
    f, m = state.current, action.medici
    clock = spent(state, f, gift_cost(state, f, m))
    return advance(give_gift(state._replace(clock=clock), f, m, action.crest))


# --------------------------------------------------------------------- DiscardForTime

@implements(C + "action.discard_for_time")
def discard_options(state: State, like: DiscardForTime | None) -> tuple[DiscardForTime, ...]:
    """At any decision of phases 2 and 4 (the kind's stages) a hand card may be discarded
    for time."""
    count = len(state.hands[state.current])
    discard = state.rules.tables.actions.discard
    if like is not None:
        return discard[like.index:like.index + 1] if 0 <= like.index < count else ()
    return discard[:count]


def explain_discard(state: State, action: DiscardForTime) -> IllegalAction | None:
    return IllegalAction(C + "action.discard_for_time", N_("There is no card {index} in the "
                                                           "hand."), index=action.index)


@implements(C + "action.discard_for_time")
def discard(state: State, action: DiscardForTime) -> State:
    f = state.current
    hand = state.hands[f]
    i = action.index
    card = hand[i]
    rules = state.rules
    m = card_medici(rules, card)
    return state._replace(hands=replaced(state.hands, f, hand[:i] + hand[i + 1:]),
                          discards=replaced(state.discards, m, state.discards[m] + (card,)),
                          clock=gain(state.clock, f, rules.discard_time, rules))
