"""The five tracks: the next space, whether a member may still join, joining one."""

from __future__ import annotations

from regelwerk.engine.core.tuples import added, replaced
from regelwerk.engine.il_vecchio.events import take_crest
from regelwerk.engine.il_vecchio.rule_fns import may_place  # re-exported
from regelwerk.engine.il_vecchio.state import Pending, State


def next_space(state: State, track: int) -> tuple[int, bool]:
    """(space index, beyond the end) of the next family member on ``track``: the first
    usable space plus the members on it, past the usable ones the last space
    (``rules.tables.next_space``, whose last entry is beyond the end)."""
    spaces = state.rules.tables.next_space[track]
    return spaces[min(len(state.tracks[track]), len(spaces) - 1)]


def track_open(state: State, track: int) -> bool:
    """``rules.fns.may_place`` (:func:`may_place`) for ``track`` now (asked once per rules
    and case, ``rules.tables.track_open``, for as many members as the players have)."""
    rules = state.rules
    placed = len(state.tracks[track])
    known = rules.tables.track_open[state.final_round][track]
    if placed < len(known):
        return known[placed]
    return bool(rules.fns.may_place(placed, rules.tables.usable[track], state.final_round, rules))


Counts = tuple[int, ...]


def joined_track(state: State, p: int, standing: Counts, town: int, track: int,
                 pending: tuple[Pending, ...]
                 ) -> tuple[Counts, tuple[Counts, ...], Counts, tuple[Pending, ...]]:
    """``p``'s standing member in ``town`` joins ``track`` (``rules.fns.member_joins_track``),
    taking a crest if its space shows one: ``p``'s standing members, the tracks, the
    overflow and the queue ``pending`` after it (the action builds the state once)."""
    rules = state.rules
    space, beyond = next_space(state, track)
    owners = state.tracks[track]
    mine = owners.count(p)
    here, on_track = rules.fns.member_joins_track(standing[town], mine)
    tracks = replaced(state.tracks, track, (*owners, *(p,) * (on_track - mine)))
    overflow = added(state.overflow, track, 1) if beyond else state.overflow
    if not beyond and rules.board.tracks[track].crests[space]:
        pending = take_crest(state, p, pending)
    return replaced(standing, town, here), tracks, overflow, pending


__all__ = ["Counts", "joined_track", "may_place", "next_space", "track_open"]
