"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.medici_vs_strozzi`: z3 proves them for all states
of the model; ``regelwerk simulate`` checks them on every state it reaches.
"""

from __future__ import annotations

from functools import lru_cache

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
    """Names of the invariants ``state`` breaks (empty when all hold).

    The ships' checks read only the holds and harbours, which most steps leave as they
    were: a pure function of them, answered once per distinct value (:func:`_ships`).
    The payout bounds are spec's, proved for spec's own numbers: a game on a board that
    replaced numbers is not held to them (``regelwerk verify --board`` proves its own).
    """
    rules = state.rules
    broken = list(_ships(state.holds, state.ports, rules.capacities, rules.ports_at_start))
    if min(state.cash) < 0 or min(state.loans) < 0:
        broken.append("mvs.money_nonnegative")
    if state.phase in _TURN:
        largest_free = max(state.free_space(state.active))
        if len(state.drawn) > min(rules.max_draw, largest_free):
            broken.append("mvs.draw_limit")
    spec = rules.spec
    if state.scores and not spec.originals:   # the payout bounds spec records: its own board
        # (on a printed board they may move: ``verify --board`` proves them for it, issue 31)
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
    markers = state.markers
    if markers and (min(markers) < -half or max(markers) > half):
        broken.append("mvs.markers_on_track")
    if state.phase != Phase.OVER and not _tiles_conserved(state):
        broken.append("mvs.tiles_conserved")
    return broken


#: The phases of a turn, in which the tiles drawn must fit the draw limit.
_TURN = (Phase.DRAW, Phase.TILE, Phase.PRICE, Phase.RESPOND, Phase.LOAD)


@lru_cache(maxsize=256)
def _ships(holds: tuple[tuple[tuple[int, ...], ...], ...], ports: tuple[tuple[int, ...], ...],
           capacities: tuple[int, ...], ports_at_start: bool) -> tuple[str, ...]:
    """The invariants of the ships (capacity, harbour exactly when loaded, one ship per
    harbour) that ``holds`` and ``ports`` break. With the harbours chosen before the round
    (``ports_at_start``, interp.port_on_first_load) an empty ship has its harbour too: a
    harbour exactly when loaded becomes a harbour whenever loaded."""
    broken = []
    for player in (0, 1):
        for ship, hold in enumerate(holds[player]):
            if len(hold) > capacities[ship]:
                broken.append("mvs.capacity")
            if (ports[player][ship] == NO_HARBOUR) != (not hold) and \
                    not (ports_at_start and not hold):
                broken.append("mvs.port_iff_loaded")
        used = [h for h in ports[player] if h != NO_HARBOUR]
        if len(used) != len(set(used)):
            broken.append("mvs.ports_distinct")
    return tuple(broken)


def _tiles_conserved(state: State) -> bool:
    """Every tile is in exactly one place: the bag, the table, the discards or a hold.

    Tile ids are whole numbers from 0 to ``tile_count - 1``: each is there exactly once
    when there are ``tile_count`` of them, all different, none outside that range.
    """
    everywhere = [*state.bag, *state.drawn, *state.discarded]
    for player_holds in state.holds:
        for hold in player_holds:
            everywhere += hold
    count = state.rules.tile_count
    if not everywhere:
        return count == 0
    return len(everywhere) == count == len(set(everywhere)) and min(everywhere) >= 0 and \
        max(everywhere) < count
