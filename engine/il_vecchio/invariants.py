"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.il_vecchio`, under the same ids: z3 proves them for
all states of the model; ``regelwerk simulate`` checks them on every state it
reaches, asking the rule functions the engine plays by (``rules.fns``).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import chain

from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY
from regelwerk.engine.il_vecchio.rules import Rules
from regelwerk.engine.il_vecchio.scoring import final_scores
from regelwerk.engine.il_vecchio.state import (
    NEED_DRAW_TILES,
    NEED_FLORENCE_TILE,
    OVER,
    PLAY,
    SETUP_COUNCIL,
    Player,
    State,
)

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
    """Names of the invariants ``state`` breaks (empty when all hold).

    The tracks' capacity and owners, which most steps leave as they were, are a pure
    function of the tracks and the usable spaces (``rules.tables``), the majorities of the
    tracks and the rules; each is answered once per distinct value (:func:`_tracks`,
    :func:`_majorities_strict`).
    """
    rules = state.rules
    n = rules.players
    tracks = state.tracks
    broken = list(_tracks(tracks, state.overflow, state.final_round, rules.tables.usable, n))
    if not _majorities_strict(tracks, _Same(rules)):
        broken.append("il_vecchio.majority_strict")
    broken.extend(_members(state.players, tracks, rules.family_members))
    taken = state.crests_taken()
    if taken + state.crests_left != rules.crests_dealt:
        broken.append("il_vecchio.crests")
    if state.phase >= PLAY and state.end_triggered != (not state.crests_left):
        broken.append("il_vecchio.crests")
    if state.extra_cost_on != (NOBILITY if taken else COUNCIL):
        broken.append("il_vecchio.additional_cost")
    if state.final_round and not state.end_triggered:
        broken.append("il_vecchio.final_round")
    if state.phase != SETUP_COUNCIL and not _tiles_conserved(state):
        broken.append("il_vecchio.tiles_conserved")
    colours = rules.board.colours
    if any(m < 0 or colours[m] == "green" for m in state.middlemen):
        broken.append("il_vecchio.middlemen")
    if state.phase == OVER and not rules.spec.originals:   # spec's bound: spec's own board
        low = rules.spec["players.count"][0]
        bound = rules.spec["bounds.power_points_max"][rules.players - low]
        if any(score.total > bound for score in final_scores(state)):
            broken.append("il_vecchio.power_points_max")
    return broken


@lru_cache(maxsize=256)
def _tracks(tracks: tuple[tuple[int, ...], ...], overflow: tuple[int, ...], final_round: bool,
            usable: tuple[int, ...], players: int) -> tuple[str, ...]:
    """The invariants of the tracks' capacity (``usable`` spaces each; beyond them only the
    final round's overflow) and owners (players of the game) that ``tracks`` break."""
    broken = []
    for t, owners in enumerate(tracks):
        if not owners:
            continue
        beyond = len(owners) - usable[t]
        if beyond > 0 and (not final_round or beyond != overflow[t]):
            broken.append("il_vecchio.track_capacity")
        if min(owners) < 0 or max(owners) >= players:
            broken.append("il_vecchio.track_owners")
    return tuple(broken)


def _members(players: tuple[Player, ...], tracks: tuple[tuple[int, ...], ...],
             family_members: int) -> tuple[str, ...]:
    """The invariants of the family members (each in the supply, on a town or on a track,
    ``family_members`` in all, never fewer than 0 anywhere) and of the resources."""
    broken: list[str] = []
    on_tracks = Counter(chain.from_iterable(tracks))
    for p, me in enumerate(players):
        standing, lying = me.standing, me.lying
        if me.supply + sum(standing) + sum(lying) + on_tracks[p] != family_members:
            broken.append("il_vecchio.members")
        if min(standing) < 0 or min(lying) < 0 or me.supply < 0:
            broken.append("il_vecchio.members")
        if min(me.res) < 0:
            broken.append("il_vecchio.resources_nonnegative")
    return tuple(broken)


def _tiles_conserved(state: State) -> bool:
    """Every council tile is in the stack, among the drawn ones, or with one player."""
    everywhere = [*state.council_pile]
    for me in state.players:
        everywhere += me.council_up
        everywhere += me.council_down
    for pend in state.pending:
        if pend.arg == COUNCIL and pend.need in _DRAWING:
            everywhere += pend.options
    everywhere.sort()
    return everywhere == list(range(len(state.rules.council_tiles)))


#: The pending decisions whose options are drawn tiles.
_DRAWING = (NEED_FLORENCE_TILE, NEED_DRAW_TILES)


class _Same:
    """The rules as a cache key: equal only to themselves (a mutant's rules are others),
    and kept alive by the key, so no other rules can take their place."""

    __slots__ = ("rules",)

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def __eq__(self, other: object) -> bool:
        return type(other) is _Same and other.rules is self.rules

    def __hash__(self) -> int:
        return id(self.rules)


@lru_cache(maxsize=256)
def _majorities_strict(tracks: tuple[tuple[int, ...], ...], same: _Same) -> bool:
    """On every track of players of the game, the majority order is strict (:func:`_majority_strict`,
    the rule function of ``same.rules``); a pure function of the tracks and the rules,
    answered once per distinct tracks."""
    rules = same.rules
    n = rules.players
    return all(_majority_strict(owners, rules) for owners in tracks
               if len(owners) > 1 and owners.count(owners[0]) != len(owners)
               and min(owners) >= 0 and max(owners) < n)


def _majority_strict(owners: tuple[int, ...], rules: Rules) -> bool:
    """Of every two players on the track, exactly one beats the other (``rules.fns``)."""
    counts: dict[int, int] = {}
    last: dict[int, int] = {}
    for position, owner in enumerate(owners):
        counts[owner] = counts.get(owner, 0) + 1
        last[owner] = position
    present = sorted(counts)
    beats = rules.fns.majority_beats
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            if bool(beats(counts[a], last[a], counts[b], last[b], rules)) \
                    == bool(beats(counts[b], last[b], counts[a], last[a], rules)):
                return False
    return True
