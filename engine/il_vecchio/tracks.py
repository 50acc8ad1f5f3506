"""The five tracks: the next space, whether a member may still join, joining one."""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.tuples import added, replaced
from regelwerk.engine.il_vecchio.events import take_crest
from regelwerk.engine.il_vecchio.players import with_player
from regelwerk.engine.il_vecchio.rules import C, Rules
from regelwerk.engine.il_vecchio.state import Player, State


def next_space(state: State, track: int) -> tuple[int, bool]:
    """(space index, beyond the end) of the next family member on ``track``."""
    rules = state.rules
    k = len(state.tracks[track])
    if k >= rules.usable(track):
        return rules.board.tracks[track].length - 1, True
    return rules.first_space + k, False


@implements(C + "end.full_track")
def may_place(placed: Any, usable: Any, final_round: Any, rules: Rules, ops: Ops = INT) -> Any:
    """May one more family member join a track holding ``placed`` of ``usable`` members?"""
    only_final = bool(rules.spec["end.full_track_final_only"])
    beyond_ok = ops.and_(final_round, True) if only_final else ops.or_(final_round, True)
    return ops.or_(placed < usable, beyond_ok)


def track_open(state: State, track: int) -> bool:
    """``rules.fns.may_place`` (:func:`may_place`) for ``track`` now."""
    rules = state.rules
    return bool(rules.fns.may_place(len(state.tracks[track]), rules.tables.usable[track],
                                    state.final_round, rules))


def place_on_track(state: State, p: int, me: Player, town: int, track: int) -> State:
    """Move ``p``'s standing member from ``town`` onto ``track`` (``rules.fns.member_joins_track``);
    take a crest if shown."""
    space, beyond = next_space(state, track)
    owners = state.tracks[track]
    mine = owners.count(p)
    standing, on_track = state.rules.fns.member_joins_track(me.standing[town], mine)
    me = me._replace(standing=replaced(me.standing, town, standing))
    tracks = replaced(state.tracks, track, (*owners, *(p,) * (on_track - mine)))
    overflow = added(state.overflow, track, 1) if beyond else state.overflow
    state = with_player(state, p, me, tracks=tracks, overflow=overflow)
    if not beyond and state.rules.board.tracks[track].crests[space]:
        state = take_crest(state, p)
    return state
