"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.medici_vs_strozzi`: z3 proves them for all states
of the model; ``regelwerk simulate`` checks them on every state it reaches.
"""

from __future__ import annotations

from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR, Phase, State


def violations(state: State) -> list[str]:
    """Names of the invariants ``state`` breaks (empty when all hold)."""
    rules = state.rules
    broken = []
    for player in (0, 1):
        for ship, hold in enumerate(state.holds[player]):
            if len(hold) > rules.capacities[ship]:
                broken.append("mvs.capacity")
            if (state.ports[player][ship] == NO_HARBOUR) != (not hold):
                broken.append("mvs.port_iff_loaded")
        used = [h for h in state.ports[player] if h != NO_HARBOUR]
        if len(used) != len(set(used)):
            broken.append("mvs.ports_distinct")
        if state.cash[player] < 0 or state.loans[player] < 0:
            broken.append("mvs.money_nonnegative")
    if state.phase in (Phase.DRAW, Phase.PRICE, Phase.RESPOND, Phase.LOAD):
        largest_free = max(state.free_space(state.active))
        if len(state.drawn) > min(rules.max_draw, largest_free):
            broken.append("mvs.draw_limit")
    half = rules.scoring.half_length
    if any(not -half <= m <= half for m in state.markers):
        broken.append("mvs.markers_on_track")
    if state.phase != Phase.OVER:
        everywhere = [*state.bag, *state.drawn, *state.discarded]
        for player_holds in state.holds:
            for hold in player_holds:
                everywhere += hold
        # Tile ids are distinct, so "each tile exactly once" is length + set equality.
        if len(everywhere) != rules.tile_count or set(everywhere) != set(range(rules.tile_count)):
            broken.append("mvs.tiles_conserved")
    return broken
