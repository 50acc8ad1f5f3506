"""The Vatican report at the end of each period: faith thresholds, support or excommunication."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.lorenzo.actions import Church
from regelwerk.engine.lorenzo.effects import on_event, push, receive, with_player
from regelwerk.engine.lorenzo.rules import C
from regelwerk.engine.lorenzo.state import Pending, Stage, State


@implements(C + "vatican.when", C + "vatican.threshold", C + "vatican.forced", C + "vatican.order")
def report(state: State) -> State:
    """Players below the period's threshold are excommunicated; the others decide in turn order."""
    threshold = state.rules.thresholds[state.period - 1]
    offered = state.rules.fns.choice_offered
    state = state._replace(stage=Stage.VATICAN)
    asked = []
    for p in state.order:
        if offered(state.players[p].faith, threshold):
            asked.append(Pending(Stage.CHURCH, p))
        else:
            state = excommunicate(state, p)
    return push(state, asked)


@implements(C + "vatican.threshold", C + "vatican.forced")
def choice_offered(faith: Any, threshold: Any, ops: Ops = INT) -> Any:
    """A player chooses between support and excommunication only with the period's faith."""
    return faith >= threshold


@implements(C + "vatican.forced", C + "vatican.final", C + "excommunication.tiles")
def excommunicate(state: State, p: int) -> State:
    """The period's tile binds ``p`` from now on; he keeps his faith, except in the last
    report, where his faith space still scores and the disc goes back (under the variant
    ``sisto_bonus = any_faith_scoring`` with the bonus of supporting the Church too)."""
    tile = state.excommunication[state.period - 1]
    player = state.players[p]
    player = player._replace(excommunicated=player.excommunicated + (tile,),
                             mods=player.mods + state.rules.excommunications[tile].effects)
    state = with_player(state, p, player)
    if state.period == state.rules.periods:
        state = score_faith(state, p)
        if state.rules.sisto_any_faith:        # interp.sisto_final_report, the variant
            state, _ = receive(state, p, on_event(state.players[p], "church_support"))
    return state


@implements(C + "vatican.support")
def score_faith(state: State, p: int) -> State:
    rules = state.rules
    player = state.players[p]
    player = player._replace(vp=player.vp + rules.faith_vp[min(player.faith, rules.faith_max)],
                             faith=rules.faith_reset)
    return with_player(state, p, player)


@implements(C + "vatican.choice", C + "vatican.support")
def church_options(state: State, like: Church | None) -> Iterable[Church]:
    return CHOICES


CHOICES = (Church(True), Church(False))


def church(state: State, action: Church) -> State:
    p = state.pending[0].player
    state = state._replace(pending=state.pending[1:])
    if not action.support:
        return excommunicate(state, p)
    bonus = on_event(state.players[p], "church_support")
    state = score_faith(state, p)
    state, _ = receive(state, p, bonus)
    return state
