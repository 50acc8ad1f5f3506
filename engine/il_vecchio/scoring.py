"""Final scoring of Il Vecchio (Wertung).

:func:`final_scores` applies the small rule functions (:func:`.rule_fns.majority_beats`,
:func:`.rule_fns.nobility_points`, through ``rules.fns``; the z3 models in
:mod:`regelwerk.verification.il_vecchio` reason about that very code) to a finished game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY, REGIONS, TRACKS
from regelwerk.engine.il_vecchio.rule_fns import (  # re-exported: Counts and the rule functions
    ABBOT,
    ASSASSIN,
    FLORIN,
    KNIGHT,
    SCROLL,
    C,
    Counts,
    majority_beats,
    nobility_points,
)
from regelwerk.engine.il_vecchio.rules import Rules
from regelwerk.engine.il_vecchio.state import State


def majority_winner(owners: Sequence[int], rules: Rules) -> int:
    """The player holding the majority on a track with ``owners`` in placement order (-1: none)."""
    best = -1
    beats = rules.fns.majority_beats
    players = rules.players
    counts = [0] * players
    last = [-1] * players
    for position, owner in enumerate(owners):
        counts[owner] += 1
        last[owner] = position
    for p in range(players):
        if counts[p] and (best < 0 or beats(counts[p], last[p], counts[best], last[best], rules)):
            best = p
    return best


def space_of(rules: Rules, track: int, position: int) -> int:
    """The space index of the ``position``-th member on a track (past the end: the last space)."""
    return min(rules.first_space + position, rules.board.tracks[track].length - 1)


@implements(C + "scoring.tracks")
def track_points(rules: Rules, tracks: Sequence[Sequence[int]], player: int) -> int:
    """Power points of ``player``'s members on all five tracks."""
    total = 0
    for t, owners in enumerate(tracks):
        points = rules.board.tracks[t].points
        total += sum(points[space_of(rules, t, k)] for k, o in enumerate(owners) if o == player)
    return total


def neighbour_pairs(rules: Rules, tracks: Sequence[Sequence[int]], player: int) -> int:
    """Pairs of ``player``'s members on neighbouring spaces of a track (interp.neighbour_pairs)."""
    total = 0
    disjoint = rules.disjoint_pairs
    for t, owners in enumerate(tracks):
        length = rules.usable(t)
        run = 0
        for owner in owners[:length]:
            run = run + 1 if owner == player else 0
            if disjoint:
                if run == 2:
                    total += 1
                    run = 0
            elif run >= 2:
                total += 1
    return total


def counts_of(state: State, player: int) -> Counts:
    """The counts of ``player`` in ``state`` (the scoring marker changes none: interp.scoring_marker)."""
    rules = state.rules
    me = state.players[player]
    members = [s + y for s, y in zip(me.standing, me.lying, strict=True)]
    towns_of = rules.tables.towns_of
    present = tuple(any(members[t] for t in towns_of.get(c, ()))
                    for c in ("white", "gray", "black"))
    on_track = [sum(1 for o in owners if o == player) for owners in state.tracks]
    return Counts(
        supply=me.supply, in_towns=sum(members),
        regions=(on_track[0], on_track[1], on_track[2]),
        council=on_track[COUNCIL], nobility=on_track[NOBILITY], res=me.res,
        colours_present=(present[0], present[1], present[2]),
        neighbour_pairs=neighbour_pairs(rules, state.tracks, player),
        unused_provinces=sum(1 for t in me.province_up if t not in me.province_again),
        crests=len(me.crests))


class Score(NamedTuple):
    """One player's final Power points, item by item (Wertung / Scoring)."""

    tracks: int
    presence: int
    majorities: int
    crests: int
    passed: int
    nobility: int

    @property
    def total(self) -> int:
        return sum(self)


@implements(C + "scoring.tracks", C + "scoring.presence",
            C + "scoring.majority", C + "scoring.crests", C + "end.pass_bonus")
def final_scores(state: State) -> tuple[Score, ...]:
    """Every player's final score."""
    rules = state.rules
    s = rules.scoring
    winners = [majority_winner(owners, rules) for owners in state.tracks]
    tile_points = rules.fns.nobility_points
    scores = []
    for p, me in enumerate(state.players):
        counts = counts_of(state, p)
        on_all = all(p in owners for owners in state.tracks)
        scores.append(Score(
            tracks=track_points(rules, state.tracks, p),
            presence=s["presence_bonus"] if on_all else 0,
            majorities=s["majority"] * winners.count(p),
            crests=s["crest"] * len(me.crests),
            passed=s["pass_bonus"] if me.passed else 0,
            nobility=sum(tile_points(rules.nobility_tiles[t], counts, rules)
                         for t in me.nobility)))
    return tuple(scores)


def tiebreak_key(state: State, player: int, scores: Sequence[Score] | None = None
                 ) -> tuple[int, ...]:
    """Power points, then followers + scrolls, then Florins (end.winner); with
    interp.winner_tiebreak's reading ``followers_then_scrolls`` followers, then scrolls, then
    Florins; ``scores``: the final scores if already known."""
    res = state.players[player].res
    total = (scores or final_scores(state))[player].total
    followers = res[ASSASSIN] + res[KNIGHT] + res[ABBOT]
    if state.rules.followers_then_scrolls:      # interp.winner_tiebreak
        return (total, followers, res[SCROLL], res[FLORIN])
    return (total, followers + res[SCROLL], res[FLORIN])


@implements(C + "end.winner")
def winners(state: State, scores: Sequence[Score] | None = None) -> tuple[int, ...]:
    """The winning player(s): more than one only if tied on all three tie-breaks;
    ``scores``: the final scores if already known."""
    scores = scores or final_scores(state)
    keys = [tiebreak_key(state, p, scores) for p in range(state.rules.players)]
    best = max(keys)
    return tuple(p for p, k in enumerate(keys) if k == best)


__all__ = ["REGIONS", "TRACKS", "Counts", "Score", "counts_of", "final_scores", "majority_beats",
           "majority_winner", "neighbour_pairs", "nobility_points", "space_of", "tiebreak_key",
           "track_points", "winners"]
