"""Recovery (action e): every lying family member stands up again."""

from __future__ import annotations

from itertools import compress

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.tuples import added
from regelwerk.engine.il_vecchio.actions import RECOVER, Recover
from regelwerk.engine.il_vecchio.players import has_council, with_player
from regelwerk.engine.il_vecchio.reinforcement import explain_main, roll_into_play
from regelwerk.engine.il_vecchio.rules import FLORIN, C
from regelwerk.engine.il_vecchio.state import State
from regelwerk.engine.il_vecchio.turn import main_taken, settle


@implements(C + "action.recovery")
def recover_options(state: State, like: Recover | None) -> tuple[Recover, ...]:
    """Recovery, while a main action is left; with interp.endless_game's reading
    ``needs_lying_member`` only while one of the player's members lies down."""
    if not state.main_action_left():
        return ()
    if state.rules.may_be_stuck and not any(state.players[state.turn].lying):
        return ()
    return (RECOVER,)


def explain_recover(state: State, action: Recover) -> IllegalAction | None:
    return explain_main(state)


@implements(C + "action.recovery", C + "tiles.council")
def recover(state: State, action: Recover) -> State:
    """Stand every lying member up (in each town where one lies) and take the Florin; counts
    the main action and settles (:func:`~.turn.main_taken`: one copy of the state, also when
    the turn ends)."""
    p = state.turn
    rules = state.rules
    me = state.players[p]
    res = added(me.res, FLORIN, rules.recovery_florins)
    if any(me.lying):
        stand_up = rules.fns.members_stand_up
        standing, lying = list(me.standing), list(me.lying)
        for town in compress(rules.tables.towns, me.lying):     # the towns where one lies
            standing[town], lying[town] = stand_up(standing[town], lying[town])
        me = me._replace(standing=tuple(standing), lying=tuple(lying), res=res)
    else:
        me = me._replace(res=res)
    if me.supply >= 1 and has_council(me, rules, "recovery"):
        state = with_player(state, p, me, actions_taken=state.actions_taken + 1)
        return settle(roll_into_play(state, p, via_reinforcement=False, offer=True))
    return main_taken(state, p, me)
