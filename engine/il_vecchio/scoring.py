"""Final scoring of Il Vecchio (Wertung), usable on ints and on z3 terms.

The small functions take ``ops`` (:mod:`regelwerk.engine.core.arith`) so the z3
models in :mod:`regelwerk.verification.il_vecchio` reason about this very code;
:func:`final_scores` applies them to a finished game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY, REGIONS, TRACKS
from regelwerk.engine.il_vecchio.rules import (
    ABBOT,
    ASSASSIN,
    BISHOP,
    CARRIAGE,
    FLORIN,
    FOLLOWERS,
    KNIGHT,
    SCROLL,
    Rules,
)
from regelwerk.engine.il_vecchio.state import State


class Counts(NamedTuple):
    """What the nobility tiles look at, for one player (ints or z3 terms)."""

    supply: Any
    in_towns: Any
    regions: tuple[Any, Any, Any]
    council: Any
    nobility: Any
    res: tuple[Any, ...]
    colours_present: tuple[Any, Any, Any]   # a member in a white, a gray, a black town
    neighbour_pairs: Any
    unused_provinces: Any
    crests: Any


@implements("il_vecchio:scoring.majority")
def majority_beats(count_a: Any, last_a: Any, count_b: Any, last_b: Any, rules: Rules,
                   ops: Ops = INT) -> Any:
    """Does A beat B for a track's majority: more members, or as many and the earlier last one."""
    if rules.spec["scoring.majority_tiebreak"] != "earliest_last":
        return count_a > count_b
    return ops.or_(count_a > count_b, ops.and_(count_a == count_b, last_a < last_b))


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


@implements("il_vecchio:scoring.tracks")
def track_points(rules: Rules, tracks: Sequence[Sequence[int]], player: int) -> int:
    """Power points of ``player``'s members on all five tracks."""
    total = 0
    for t, owners in enumerate(tracks):
        points = rules.board.tracks[t].points
        total += sum(points[space_of(rules, t, k)] for k, o in enumerate(owners) if o == player)
    return total


@implements("il_vecchio:tiles.nobility", "il_vecchio:scoring.nobility_tiles")
def nobility_points(kind: str, c: Counts, rules: Rules, ops: Ops = INT) -> Any:
    """Power points one nobility tile gives for the counts ``c`` (Anhang C / Appendix C):
    its points per fulfilment times how often it is fulfilled, at most as often as the tile
    allows (``nobility.times``; the tiles with one condition score it once)."""
    s = rules.scoring
    per_two = s["set_points"]
    size = s["members_per_set"]

    def times(n: Any) -> Any:
        cap = s["times"][kind]
        return n if isinstance(cap, str) else _min(n, cap, ops)     # "any", or a figure

    if kind == "supply":
        return per_two * times(_sets(c.supply, size, ops))
    if kind == "towns":
        return per_two * times(_sets(c.in_towns, size, ops))
    if kind == "regions":
        return per_two * times(_sets(c.regions[0] + c.regions[1] + c.regions[2], size, ops))
    if kind == "nobility":
        return s["per_track_member"] * times(c.nobility)
    if kind == "council":
        return s["per_track_member"] * times(c.council)
    if kind == "pairs":
        pairs = times(_min(c.res[CARRIAGE], c.res[BISHOP], ops))
        return _min(s["pair_points"] * pairs, s["pair_cap"], ops)
    if kind == "colours":
        return ops.if_(ops.and_(*c.colours_present), s["colours_points"], 0)
    if kind == "three_regions":
        if rules.variants["three_regions"] == "any_three":
            sets = _sets(c.regions[0] + c.regions[1] + c.regions[2], s["regions_set"], ops)
        else:
            sets = _min(_min(c.regions[0], c.regions[1], ops), c.regions[2], ops)
        return s["regions_points"] * times(sets)
    if kind == "neighbours":
        return rules.players * times(c.neighbour_pairs)
    if kind == "collection":
        has_follower = ops.or_(*(c.res[f] >= 1 for f in FOLLOWERS))
        return ops.if_(ops.and_(has_follower, c.res[FLORIN] >= 1, c.res[SCROLL] >= 1,
                                c.res[CARRIAGE] >= 1, c.res[BISHOP] >= 1),
                       s["collection_points"], 0)
    if kind == "unused_provinces":
        return s["unused_province"] * times(c.unused_provinces)
    if kind == "crests":            # the last figure: for that many or more crests, or
        table = s["crest_points"]   # for exactly that many (interp.crests_four_plus)
        value: Any = table[-1]
        if rules.variants["crests_four_plus"] == "exactly_four":
            value = ops.if_(c.crests <= len(table) - 1, table[-1], 0)
        for held in range(len(table) - 2, -1, -1):
            value = ops.if_(c.crests <= held, table[held], value)
        return value
    raise ValueError(f"unknown nobility tile {kind!r}")


def _sets(x: Any, size: int, ops: Ops) -> Any:
    """Complete sets of ``size`` in ``x`` (integer division for ints and z3 Ints)."""
    return x // size if ops is INT else x / size


def _min(a: Any, b: Any, ops: Ops) -> Any:
    return ops.if_(a <= b, a, b)


def neighbour_pairs(rules: Rules, tracks: Sequence[Sequence[int]], player: int) -> int:
    """Pairs of ``player``'s members on neighbouring spaces of a track (interp.neighbour_pairs)."""
    total = 0
    disjoint = rules.variants["neighbour_pairs"] == "disjoint"
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


@implements("il_vecchio:scoring.tracks", "il_vecchio:scoring.presence",
            "il_vecchio:scoring.majority", "il_vecchio:scoring.crests", "il_vecchio:end.pass_bonus")
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
    if state.rules.variants["winner_tiebreak"] == "followers_then_scrolls":
        return (total, followers, res[SCROLL], res[FLORIN])
    return (total, followers + res[SCROLL], res[FLORIN])


@implements("il_vecchio:end.winner")
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
