"""The dice as chance nodes: the setup roll and every roll that brings a member into play.

Chance acts when a roll is due (``State.current_player`` is ``CHANCE``): in the
setup placement before the player to place has rolled, and when a
:data:`~.state.Need.ROLL` decision is first in the queue. Its outcomes are the
totals of the dice (:class:`Roll`), each as likely as the dice make it; a seeded
game rolls ``chance_rng(seed, n)`` for the n-th chance event, as it always did.
Chance's other outcomes (the middlemen's start, tiles and crests drawn) are in
:mod:`.draws`.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.actions import Roll
from regelwerk.engine.il_vecchio.chance import dice_totals, seeded_roll
from regelwerk.engine.il_vecchio.rules import C, illegal
from regelwerk.engine.il_vecchio.state import NEED_PLACE, Pending, State


def _totals(state: State) -> dict[int, Fraction]:
    return dice_totals(state.rules.dice_count, state.rules.dice_sides)


@implements(C + "setup.placement_roll", C + "action.reinforcement")
def roll_options(state: State, like: Roll | None) -> Iterator[Roll]:
    """Every total the dice can show."""
    totals = _totals(state)
    if like is not None:
        if like.total in totals:
            yield like
        return
    yield from map(state.rules.tables.roll.__getitem__, totals)


def explain_roll(state: State, action: Roll) -> IllegalAction:
    """A total the dice cannot show, refused under the clause of the roll being made: the
    set-up roll (setup.placement_roll) or a roll for a placement (action.reinforcement)."""
    rules = state.rules
    return illegal("action.reinforcement" if state.pending else "setup.placement_roll",
                   N_("The dice show {low} to {high}, never {total}."),
                   low=rules.dice_count, high=rules.roll_max, total=action.total)


def roll_probability(state: State, outcome: Roll) -> Fraction:
    """How likely the dice show ``outcome.total``."""
    return _totals(state)[outcome.total]


def seeded_outcome(state: State) -> Roll:
    """What a seeded game's dice show: the roll due keeps its chance event's number."""
    n = state.pending[0].arg if state.pending else state.chance
    return state.rules.tables.roll[seeded_roll(state, n)]


@implements(C + "setup.placement_roll", C + "action.reinforcement")
def rolled(state: State, action: Roll) -> State:
    """The setup roll is noted; a roll for a placement queues it (one or two members)."""
    if not state.pending:
        return state._replace(roll=action.total, chance=state.chance + 1)
    due = state.pending[0]
    first, twice, second = due.options
    area = 0 if action.total == state.rules.free_roll else action.total
    place = Pending(NEED_PLACE, due.player, area, (1,) if first else ())
    queue = (place, Pending(NEED_PLACE, due.player, area, (1,) if second else ())) if twice \
        else (place,)
    return state._replace(pending=(*queue, *state.pending[1:]))
