"""The crests and their Il Vecchio events (levy, middlemen, family), and the additional cost."""

from __future__ import annotations

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.piles import drawn
from regelwerk.engine.il_vecchio.actions import CrestDrawn
from regelwerk.engine.il_vecchio.players import with_player
from regelwerk.engine.il_vecchio.rule_fns import (  # re-exported: the rule functions' old home
    LEVY,
    MIDDLEMEN,
    C,
    additional_cost_stack,
    crest_step,
    family_return,
)
from regelwerk.engine.il_vecchio.state import NEED_CREST, NEED_FAMILY, NEED_LEVY, Pending, State


@implements(C + "event.crest")
def take_crest(state: State, p: int, pending: tuple[Pending, ...]) -> tuple[Pending, ...]:
    """The queue ``pending`` after ``p`` takes the top crest, if any is left: chance turns
    it over at once (``Need.CREST`` goes first in the queue; :func:`crest_turned`)."""
    if not state.crests_left:
        return pending
    return (Pending(NEED_CREST, p, len(pending)), *pending)


@implements(C + "event.crest", C + "event.first_crest", C + "event.last_crest",
            C + "event.levy", C + "event.middlemen", C + "event.family",
            C + "variant.less_luck")
def crest_turned(state: State, action: CrestDrawn) -> State:
    """The crest taken shows ``action.event``: it is the taker's, the additional cost moves
    after the first, the last triggers the end, and the event is carried out. Its
    decisions (everyone, the taker first) join the queue where the crest was taken."""
    due = state.pending[0]
    p, before = due.player, due.arg
    rest = state.pending[1:]
    event = action.event
    rules = state.rules
    fns = rules.fns
    left, taken, ended = fns.crest_step(state.crests_left, state.crests_taken(),
                                        state.end_triggered, rules)
    me = state.players[p]
    state = with_player(state, p, me._replace(crests=(*me.crests, event)),
                        crest_pile=drawn(state.crest_pile, event), crests_left=left,
                        end_triggered=ended, extra_cost_on=fns.additional_cost_stack(taken, rules),
                        pending=rest)
    if rules.less_luck:                 # variant.less_luck
        return state
    if event == MIDDLEMEN:
        board = rules.board
        return state._replace(middlemen=tuple(board.next_town[t] for t in state.middlemen))
    n = rules.players
    need = NEED_LEVY if event == LEVY else NEED_FAMILY
    queued = tuple(Pending(need, (p + k) % n) for k in range(n))
    return state._replace(pending=(*rest[:before], *queued, *rest[before:]))


__all__ = ["additional_cost_stack", "crest_step", "crest_turned", "family_return", "take_crest"]
