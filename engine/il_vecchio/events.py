"""The crests and their Il Vecchio events (levy, middlemen, family), and the additional cost."""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY
from regelwerk.engine.il_vecchio.players import with_player
from regelwerk.engine.il_vecchio.rules import LEVY, MIDDLEMEN, C, Rules
from regelwerk.engine.il_vecchio.state import Need, Pending, State


@implements(C + "event.crest", C + "event.last_crest")
def crest_step(on_board: Any, taken: Any, ended: Any, rules: Rules, ops: Ops = INT
               ) -> tuple[Any, Any, Any]:
    """One crest taken: (left on the board, taken in all, end triggered)."""
    left = on_board - 1
    return left, taken + 1, ops.or_(ended, left <= rules.spec["events.end_when_left"])


@implements(C + "event.first_crest", C + "setup.additional_cost")
def additional_cost_stack(taken: Any, rules: Rules, ops: Ops = INT) -> Any:
    """The track whose stack carries the additional-cost tile after ``taken`` crests."""
    return ops.if_(taken >= rules.spec["events.additional_cost_moves_after"], NOBILITY, COUNCIL)


@implements(C + "event.crest", C + "event.first_crest", C + "event.last_crest",
            C + "event.levy", C + "event.middlemen", C + "event.family",
            C + "variant.less_luck")
def take_crest(state: State, p: int) -> State:
    """Take the top crest (if any), move the additional cost after the first, run the event."""
    if not state.crest_stack:
        return state
    event = state.crest_stack[-1]
    stack = state.crest_stack[:-1]
    me = state.players[p]
    state = with_player(state, p, me._replace(crests=(*me.crests, event)))
    fns = state.rules.fns
    _, taken, ended = fns.crest_step(len(state.crest_stack), state.crests_taken() - 1,
                                     state.end_triggered, state.rules)
    state = state._replace(crest_stack=stack, end_triggered=ended,
                           extra_cost_on=fns.additional_cost_stack(taken, state.rules))
    if state.rules.variants["less_luck"] == "on":
        return state
    n = state.rules.players
    order = [(p + k) % n for k in range(n)]
    if event == MIDDLEMEN:
        board = state.rules.board
        return state._replace(middlemen=tuple(board.next_town[t] for t in state.middlemen))
    need = Need.LEVY if event == LEVY else Need.FAMILY
    return state._replace(pending=(*state.pending, *(Pending(need, q) for q in order)))


@implements(C + "event.family")
def family_return(rules: Rules) -> int:
    """Where a lying member taken back by the family event goes: 1 = the supply."""
    return 1 if rules.spec["events.family_return"] == "supply" else 0
