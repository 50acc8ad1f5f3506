"""Invariants checked on concrete states after every simulated step.

The runtime twins of the z3 invariants in :mod:`regelwerk.verification.il_vecchio`.
"""

from __future__ import annotations

from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY
from regelwerk.engine.il_vecchio.state import Need, Phase, State


def violations(state: State) -> list[str]:
    """Names of the invariants ``state`` breaks (empty when all hold)."""
    rules = state.rules
    broken = []
    n = rules.players
    for t, owners in enumerate(state.tracks):
        beyond = len(owners) - rules.usable(t)
        if beyond > 0 and (not state.final_round or beyond != state.overflow[t]):
            broken.append("iv.track_capacity")
        if any(not 0 <= o < n for o in owners):
            broken.append("iv.track_owners")
    for p, me in enumerate(state.players):
        on_tracks = sum(owners.count(p) for owners in state.tracks)
        if me.supply + sum(me.standing) + sum(me.lying) + on_tracks != rules.family_members:
            broken.append("iv.members_in_one_place")
        if min(me.standing) < 0 or min(me.lying) < 0 or me.supply < 0:
            broken.append("iv.members_in_one_place")
        if min(me.res) < 0:
            broken.append("iv.resources_nonnegative")
    taken = state.crests_taken()
    if taken + len(state.crest_stack) != rules.crests_dealt:
        broken.append("iv.crests_conserved")
    if state.phase >= Phase.PLAY and state.end_triggered != (not state.crest_stack):
        broken.append("iv.end_by_last_crest")
    if state.extra_cost_on != (NOBILITY if taken else COUNCIL):
        broken.append("iv.additional_cost")
    if state.final_round and not state.end_triggered:
        broken.append("iv.end_by_last_crest")
    council = [t for me in state.players for t in (*me.council_up, *me.council_down)]
    drawn = [t for pend in state.pending
             if pend.need == Need.FLORENCE_TILE and pend.arg == COUNCIL
             for t in pend.options]
    everywhere = sorted([*council, *state.council_stack, *drawn])
    if state.phase != Phase.SETUP_COUNCIL and everywhere != list(range(len(rules.council_tiles))):
        broken.append("iv.tiles_conserved")
    if any(m < 0 or rules.board.colours[m] == "green" for m in state.middlemen):
        broken.append("iv.middlemen")
    return broken
