"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.medici_vs_strozzi`: z3 proves them for all states
of the model; ``regelwerk simulate`` checks them on every state it reaches.
"""

from __future__ import annotations

from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR, Phase, State

#: Checked at run time only (no z3 model): id -> what it states (English).
RUNTIME_ONLY = {
    "mvs.port_iff_loaded": "A ship has a harbour exactly when it carries tiles.",
    "mvs.ports_distinct": "A player's ships lie in different harbours.",
    "mvs.money_nonnegative": "Cash and loans are never negative.",
    "mvs.tiles_conserved": "Every tile is in exactly one place until the game ends.",
}

#: Every id :func:`violations` reports: the runtime twins of the z3 invariants
#: (:data:`regelwerk.verification.medici_vs_strozzi.INVARIANTS`, same ids) and the above.
CHECKED = ("mvs.capacity", "mvs.draw_limit", "mvs.markers_on_track", "mvs.payout.round.max",
           "mvs.payout.round.min", "mvs.payout.game.max", "mvs.payout.game.min", *RUNTIME_ONLY)


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
    if state.phase in (Phase.DRAW, Phase.TILE, Phase.PRICE, Phase.RESPOND, Phase.LOAD):
        largest_free = max(state.free_space(state.active))
        if len(state.drawn) > min(rules.max_draw, largest_free):
            broken.append("mvs.draw_limit")
    if state.scores:
        spec = rules.spec
        last = state.scores[-1].total
        if max(last) > spec["bounds.round_payout_max"]:
            broken.append("mvs.payout.round.max")
        if min(last) < spec["bounds.round_payout_min"]:
            broken.append("mvs.payout.round.min")
        if state.phase == Phase.OVER:
            game = [sum(s.total[p] for s in state.scores) for p in (0, 1)]
            if max(game) > spec["bounds.game_payout_max"]:
                broken.append("mvs.payout.game.max")
            if min(game) < spec["bounds.game_payout_min"]:
                broken.append("mvs.payout.game.min")
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
