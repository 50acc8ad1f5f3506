"""The round's first two phases: everyone gains time, then the families act in turn.

:func:`start_round` is phase 1 (the disc's time; then Strozzi's first turns
in the solo game), :func:`advance` hands the turn on after an action, and
starts the Medici phase when every family has passed (the rules' ``medici_phase``:
:func:`.medici.medici_phase`, handed over by :mod:`.game`, since the Medici phase leads
back here through the clean-up).
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.florenz import solo
from regelwerk.engine.florenz.board import gained
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.state import NONE, Phase, State

C = prefix(ID)


@implements(C + "time.gain", C + "turn.order")
def start_round(state: State) -> State:
    """Every family gains the round's time; the start coin's holder acts first. In the
    solo game Strozzi gains his own time instead (solo.time replaces time.gain for him:
    :func:`.solo.start_round`), never both; the other reading of
    interp.solo_time_replaces (variant ``solo_time_replaces``) gives him both."""
    rules = state.rules
    amount = state.sector_time[state.round - 1]
    automa = NONE if rules.solo_time_both else rules.automa
    clock = tuple([c if f == automa else gained(rules, c, amount)
                   for f, c in enumerate(state.clock)])
    state = state._replace(phase=Phase.ACTIONS, clock=clock, current=state.start,
                           passed=(False,) * state.families, rings=(NONE,) * state.families)
    if rules.automa >= 0:
        return solo.start_round(state, amount)
    return state


@implements(C + "turn.order")
def advance(state: State, **changes: Any) -> State:
    """After an action (which changed ``state`` by ``changes``, ``_replace`` keywords, made
    here in one copy with the turn's): the next family (Strozzi's turns played), or the
    Medici phase."""
    if all(changes.get("passed", state.passed)):
        return state.rules.medici_phase(state._replace(**changes) if changes else state)
    then = (state.current + 1) % state.rules.families
    if state.rules.automa >= 0:
        return solo.turns(state._replace(**changes) if changes else state, then)
    return state._replace(current=then, **changes)
