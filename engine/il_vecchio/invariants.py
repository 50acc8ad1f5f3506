"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.il_vecchio`, under the same ids: z3 proves them for
all states of the model; ``regelwerk simulate`` checks them on every state it
reaches, asking the rule functions the engine plays by (``rules.fns``).
"""

from __future__ import annotations

from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY
from regelwerk.engine.il_vecchio.rules import Rules
from regelwerk.engine.il_vecchio.scoring import final_scores
from regelwerk.engine.il_vecchio.state import Need, Phase, State

#: Checked at run time only (no z3 model): id -> what it states (English).
RUNTIME_ONLY = {
    "il_vecchio.final_round": "The final round is played only after the end was triggered.",
    "il_vecchio.track_owners": "Every member on a track belongs to a player of the game.",
    "il_vecchio.resources_nonnegative": "No player holds fewer than 0 of any resource.",
    "il_vecchio.tiles_conserved": "Every council tile is in the stack, drawn, or with exactly "
                                  "one player.",
    "il_vecchio.middlemen": "Every middleman stands on a town, never on a green one.",
}

#: Every id :func:`violations` reports: the runtime twins of the z3 invariants
#: (:data:`regelwerk.verification.il_vecchio.INVARIANTS`, same ids) and the above.
CHECKED = ("il_vecchio.track_capacity", "il_vecchio.crests", "il_vecchio.additional_cost",
           "il_vecchio.members", "il_vecchio.majority_strict", "il_vecchio.power_points_max",
           *RUNTIME_ONLY)


def violations(state: State) -> list[str]:
    """Names of the invariants ``state`` breaks (empty when all hold)."""
    rules = state.rules
    broken = []
    n = rules.players
    for t, owners in enumerate(state.tracks):
        beyond = len(owners) - rules.usable(t)
        if beyond > 0 and (not state.final_round or beyond != state.overflow[t]):
            broken.append("il_vecchio.track_capacity")
        if any(not 0 <= o < n for o in owners):
            broken.append("il_vecchio.track_owners")
        elif len(owners) > 1 and not _majority_strict(owners, rules):
            broken.append("il_vecchio.majority_strict")
    for p, me in enumerate(state.players):
        on_tracks = sum(owners.count(p) for owners in state.tracks)
        if me.supply + sum(me.standing) + sum(me.lying) + on_tracks != rules.family_members:
            broken.append("il_vecchio.members")
        if min(me.standing) < 0 or min(me.lying) < 0 or me.supply < 0:
            broken.append("il_vecchio.members")
        if min(me.res) < 0:
            broken.append("il_vecchio.resources_nonnegative")
    taken = state.crests_taken()
    if taken + state.crests_left != rules.crests_dealt:
        broken.append("il_vecchio.crests")
    if state.phase >= Phase.PLAY and state.end_triggered != (not state.crests_left):
        broken.append("il_vecchio.crests")
    if state.extra_cost_on != (NOBILITY if taken else COUNCIL):
        broken.append("il_vecchio.additional_cost")
    if state.final_round and not state.end_triggered:
        broken.append("il_vecchio.final_round")
    council = [t for me in state.players for t in (*me.council_up, *me.council_down)]
    drawn = [t for pend in state.pending
             if pend.need in (Need.FLORENCE_TILE, Need.DRAW_TILES) and pend.arg == COUNCIL
             for t in pend.options]
    everywhere = sorted([*council, *state.council_pile, *drawn])
    if state.phase != Phase.SETUP_COUNCIL and everywhere != list(range(len(rules.council_tiles))):
        broken.append("il_vecchio.tiles_conserved")
    if any(m < 0 or rules.board.colours[m] == "green" for m in state.middlemen):
        broken.append("il_vecchio.middlemen")
    if state.phase == Phase.OVER:
        low = rules.spec["players.count"][0]
        bound = rules.spec["bounds.power_points_max"][rules.players - low]
        if any(score.total > bound for score in final_scores(state)):
            broken.append("il_vecchio.power_points_max")
    return broken


def _majority_strict(owners: tuple[int, ...], rules: Rules) -> bool:
    """Of every two players on the track, exactly one beats the other (``rules.fns``)."""
    counts = [0] * rules.players
    last = [0] * rules.players
    for position, owner in enumerate(owners):
        counts[owner] += 1
        last[owner] = position
    present = [p for p, c in enumerate(counts) if c]
    beats = rules.fns.majority_beats
    return all(bool(beats(counts[a], last[a], counts[b], last[b], rules))
               != bool(beats(counts[b], last[b], counts[a], last[a], rules))
               for i, a in enumerate(present) for b in present[i + 1:])
