"""The turn: one main action (two in the final round), province tiles, the next player
(passing: :mod:`.passing`).

:func:`settle` runs after every action: decisions nobody can answer are
skipped, and a turn with nothing left to do in it ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio.answers import has_answer
from regelwerk.engine.il_vecchio.council import reveal_council
from regelwerk.engine.il_vecchio.players import with_player
from regelwerk.engine.il_vecchio.province_tiles import player_uses, use_options
from regelwerk.engine.il_vecchio.rules import C
from regelwerk.engine.il_vecchio.state import OVER, PLAY, Player, State

Effect = Callable[[State, Any], State]


def settle(state: State) -> State:
    """Skip decisions nobody can take, then end the turn if nothing is left to do in it."""
    pending = state.pending
    if pending:
        while pending and not has_answer(state):
            pending = pending[1:]
            state = state._replace(pending=pending)
        if pending:
            return state
    if (state.phase == PLAY and not state.main_action_left()
            and not (state.players[state.turn].province_up
                     and next(use_options(state, None), None) is not None)):
        return end_turn(state)
    return state


def start_turn(state: State) -> State:
    """The player to move reveals the council tiles he gained since his last turn."""
    if state.actions_taken or state.tile_used:
        state = state._replace(actions_taken=0, tile_used=False)
    for tile in state.players[state.turn].council_down:
        state = reveal_council(state, state.turn, tile)
    return settle(state)


@implements(C + "turn.structure", C + "end.finish_round", C + "end.double_turn")
def end_turn(state: State, **changes: Any) -> State:
    """The next player's turn; after the last player of the final round, the game is over.

    ``changes``: what the last action changed, made in the same copy of the state (not the
    turn's own fields, which the next turn sets; only the final state keeps a count)."""
    if state.turn == state.rules.players - 1:
        if state.final_round:
            return state._replace(phase=OVER, pending=(), **changes)
        triggered = changes.get("end_triggered", state.end_triggered)
        return start_turn(state._replace(turn=0, final_round=triggered, actions_taken=0,
                                         tile_used=False, **changes))
    return start_turn(state._replace(turn=state.turn + 1, actions_taken=0, tile_used=False,
                                     **changes))


@implements(C + "turn.structure", C + "tiles.province")
def main_taken(state: State, p: int, me: Player, **changes: Any) -> State:
    """The state after a main action of ``p``, the player to move, which leaves him as ``me``
    with ``changes``: the action counted, then :func:`settle`; when nothing is left to do
    in the turn, the next turn begins in the same copy of the state."""
    taken = state.actions_taken + 1
    if (changes.get("pending", state.pending) or state.phase != PLAY
            or taken < (state.rules.double_turn_actions if state.final_round else 1)  # main_actions
            or (me.province_up and next(player_uses(state.rules, me, None), None) is not None)):
        return settle(with_player(state, p, me, actions_taken=taken, **changes))
    if state.final_round and state.turn == state.rules.players - 1:
        changes["actions_taken"] = taken        # the game ends: the last count stays
    return end_turn(state, players=replaced(state.players, p, me), **changes)


def settled(effect: Effect) -> Effect:
    """``effect``, then :func:`settle`."""
    def run(state: State, action: Any) -> State:
        return settle(effect(state, action))
    return run
