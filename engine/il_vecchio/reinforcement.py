"""Reinforcement (action d) and the rolls that bring members in (Recovery, action e, is in
:mod:`.recovery`)."""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.actions import REINFORCE, Reinforce
from regelwerk.engine.il_vecchio.players import has_council
from regelwerk.engine.il_vecchio.rules import C, Rules, illegal
from regelwerk.engine.il_vecchio.state import (
    NEED_OFFER,
    NEED_PLACE,
    NEED_ROLL,
    PLAY,
    Pending,
    State,
)


def placement_towns(rules: Rules, area: int) -> tuple[int, ...]:
    """Towns a placement into ``area`` may use (0: any town, Florence included)."""
    if area == 0:
        return rules.tables.towns
    return rules.board.areas[area]


@implements(C + "action.reinforcement", C + "tiles.council")
def roll_into_play(state: State, p: int, via_reinforcement: bool, offer: bool = False,
                   **changes: Any) -> State:
    """Queue a roll for the placement of a family member (the free roll: any town, Florence
    included); with the reinforcement council tile, two members, the second one the
    player may decline (interp.optional_placements).

    ``offer``: the roll itself is the player's choice, asked before the dice
    (``Need.OFFER``; the recovery tile, a tile's bonus when turned up). The roll of the
    Reinforcement action leaves its placement to the player where the text says 'darf'.
    The roll is chance's (:mod:`.dice`); it keeps the number of the chance event it is.
    ``changes``: further changes to the state, made in the same copy.
    """
    rules = state.rules
    me = state.players[p]
    twice = has_council(me, rules, "reinforcement") and (via_reinforcement
                                                          or rules.every_roll_reinforced)
    may = rules.may_decline
    if offer:
        return state._replace(pending=(*state.pending,
                                        Pending(NEED_OFFER, p, 0, (int(twice), int(may)))),
                              **changes)
    due = Pending(NEED_ROLL, p, state.chance,
                  (int(via_reinforcement and may), int(twice), int(may)))
    return state._replace(pending=(*state.pending, due), chance=state.chance + 1, **changes)


@implements(C + "tiles.council")
def offered_roll(state: State, roll: bool) -> State:
    """The answer to an offered roll: the dice are rolled for a placement the player has
    then chosen (only a second member stays his choice), or nothing happens."""
    due = state.pending[0]
    rest = state.pending[1:]
    if not roll:
        return state._replace(pending=rest)
    twice, may = due.options
    rolled = Pending(NEED_ROLL, due.player, state.chance, (0, twice, may))
    return state._replace(pending=(rolled, *rest), chance=state.chance + 1)


def main_action_open(state: State) -> bool:
    """Is a main action possible at all now (play, no open decision, one left)?"""
    return state.phase == PLAY and not state.pending and state.main_action_left()


def explain_main(state: State) -> IllegalAction | None:
    """A main action after the turn's main actions are used."""
    if not state.main_action_left():
        return illegal("turn.structure", N_("You have already taken your action."))
    return None


@implements(C + "action.reinforcement")
def reinforce_options(state: State, like: Reinforce | None) -> tuple[Reinforce, ...]:
    """Reinforcement, while a main action is left and a member is in the supply."""
    if state.main_action_left() and state.players[state.turn].supply >= 1:
        return (REINFORCE,)
    return ()


def explain_reinforce(state: State, action: Reinforce) -> IllegalAction | None:
    return explain_main(state) or illegal(
        "action.reinforcement", N_("You have no family member in your supply."))


@implements(C + "action.reinforcement", C + "variant.less_luck")
def reinforce(state: State, action: Reinforce) -> State:
    """A roll for a placement (a placement of choice in the less-luck variant), twice with
    the reinforcement council tile; counts the main action."""
    p = state.turn
    taken = state.actions_taken + 1
    rules = state.rules
    if rules.less_luck:
        place = Pending(NEED_PLACE, p, 0, (1,) if rules.may_decline else ())
        twice = has_council(state.players[p], rules, "reinforcement")
        return state._replace(pending=(*state.pending, *(place,) * (1 + twice)),
                              actions_taken=taken)
    return roll_into_play(state, p, via_reinforcement=True, actions_taken=taken)
