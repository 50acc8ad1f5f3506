"""Passing: after the main action, or giving up (the rest of) the final double turn, and
the pass bonus. Above the five main actions, since a reading may leave a player none of
them (interp.endless_game)."""

from __future__ import annotations

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio import florence, province, recovery, reinforcement, towns
from regelwerk.engine.il_vecchio.actions import PASS, Pass
from regelwerk.engine.il_vecchio.players import with_player
from regelwerk.engine.il_vecchio.rules import C, illegal
from regelwerk.engine.il_vecchio.state import State
from regelwerk.engine.il_vecchio.turn import end_turn


@implements(C + "end.double_turn", C + "turn.structure")
def pass_options(state: State, like: Pass | None) -> tuple[Pass, ...]:
    """Passing: after the main action, or in the final round at any time (giving up the rest
    of the double turn); with interp.partial_double_turn's reading ``both_or_none`` the
    double turn is given up whole or played whole: passing before its first action or after
    its last."""
    if not state.main_action_left():
        return (PASS,)
    rules = state.rules
    if state.final_round and not (state.actions_taken and rules.whole_double_turn):
        return (PASS,)
    if rules.may_be_stuck and no_main_action(state):
        return (PASS,)                  # no rule can demand an action that is not there
    return ()


def no_main_action(state: State) -> bool:
    """Is none of the five main actions open to the player to move? (Possible only where a
    reading takes away the Recovery that is otherwise always open: interp.endless_game.)"""
    return all(next(iter(options(state, None)), None) is None
               for options in (towns.town_options, province.province_options,
                               florence.office_options, reinforcement.reinforce_options,
                               recovery.recover_options))


def explain_pass(state: State, action: Pass) -> IllegalAction | None:
    return illegal("turn.structure", N_("You must take one action on your turn."))


@implements(C + "end.double_turn", C + "end.pass_bonus", C + "turn.structure")
def pass_turn(state: State, action: Pass) -> State:
    """End the turn; passing a whole double turn earns the pass bonus: no action taken and,
    unless the variant says otherwise, no province tile used in it
    (interp.pass_bonus_tiles)."""
    if state.final_round and state.actions_taken == 0 and (
            not state.tile_used or state.rules.pass_bonus_keeps_tiles):
        me = state.players[state.turn]
        state = with_player(state, state.turn, me._replace(passed=True))
    return end_turn(state)
