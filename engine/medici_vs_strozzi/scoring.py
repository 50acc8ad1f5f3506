"""Round scoring of Medici vs Strozzi (Wertung einer Runde).

The small functions take an ``ops`` argument so that the z3 models in
:mod:`regelwerk.verification.medici_vs_strozzi` prove their bounds about this
very code; :func:`score_round` applies them to a concrete end of round.

Signs: a marker position counts spaces from the middle, positive towards the
Medici player, negative towards the Strozzi player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regelwerk.engine.core.arith import INT, Ops, clamp
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.medici_vs_strozzi.rules import MEDICI, STROZZI, Rules, ScoringParams

SIDE = (1, -1)  # direction towards MEDICI, STROZZI

@implements("medici_vs_strozzi:scoring.harbour")
def harbour_payout(own_total: Any, other_total: Any, params: ScoringParams, ops: Ops = INT) -> Any:
    """The harbour payout for the higher total; a tie (even 0 : 0) pays nobody."""
    return ops.if_(own_total > other_total, params.harbour_payout, 0)

@implements("medici_vs_strozzi:scoring.marker_move")
def tile_steps(value: int, params: ScoringParams, ops: Ops = INT) -> Any:
    """How far one tile of a track's good moves that track's marker."""
    return ops.if_(value == params.far_move_value, params.far_move_steps,
                   params.steps_per_tile)

@implements("medici_vs_strozzi:scoring.marker_move")
def each_tile(steps: tuple[int, ...]) -> tuple[int, ...]:
    """The moves a player may choose on a track: each of his tiles there allows its
    steps, taken or left (interp.marker_moves, variant ``each_tile``): every sum of
    some of ``steps``, none included."""
    sums = {0}
    for step in steps:
        sums |= {total + step for total in sums}
    return tuple(sorted(sums))


@implements("medici_vs_strozzi:scoring.marker_move")
def any_number(steps: tuple[int, ...]) -> tuple[int, ...]:
    """Any number of spaces from none up to all the tiles allow (variant ``any_number``)."""
    return tuple(range(sum(steps) + 1))


@implements("medici_vs_strozzi:scoring.marker_move")
def all_steps(steps: tuple[int, ...]) -> tuple[int, ...]:
    """Every step is taken, nothing to choose (variant ``all``: the engine's earlier reading)."""
    return (sum(steps),)


#: The ``marker_moves`` variant's hook: its value -> the choices it offers.
STEP_CHOICES: Mapping[str, Callable[[tuple[int, ...]], tuple[int, ...]]] = {
    "each_tile": each_tile, "any_number": any_number, "all": all_steps}


@implements("medici_vs_strozzi:scoring.marker_move", "medici_vs_strozzi:setup.markers")
def move_marker(position: Any, towards_medici: Any, towards_strozzi: Any,
                params: ScoringParams, ops: Ops = INT) -> Any:
    """Net both players' steps, then stop at the track's end (interp.marker_netting)."""
    return clamp(ops, position + towards_medici - towards_strozzi,
                 -params.half_length, params.half_length)

@implements("medici_vs_strozzi:scoring.marker_move", "medici_vs_strozzi:setup.markers")
def move_marker_medici_first(position: Any, towards_medici: Any, towards_strozzi: Any,
                             params: ScoringParams, ops: Ops = INT) -> Any:
    """The Medici player's steps first, then the Strozzi player's, each stopping at the
    track's end (interp.marker_netting, variant ``medici_first``)."""
    half = params.half_length
    return clamp(ops, clamp(ops, position + towards_medici, -half, half) - towards_strozzi,
                 -half, half)


#: The ``marker_netting`` variant's hook: its value -> the rule function that moves a marker.
MOVE_MARKER: Mapping[str, Callable[..., Any]] = {
    "net_then_clamp": move_marker, "medici_first": move_marker_medici_first}

@implements("medici_vs_strozzi:scoring.marker_payout", "medici_vs_strozzi:scoring.marker_bonus")
def marker_income(position: Any, player: int, params: ScoringParams, ops: Ops = INT) -> Any:
    """What one marker pays ``player``: the monopoly income plus a bonus space's value."""
    distance = position * SIDE[player]
    bonus = ops.if_(distance == params.bonus_large_distance, params.bonus_large,
                    ops.if_(distance == params.bonus_small_distance, params.bonus_small, 0))
    return ops.if_(distance > 0, params.per_marker + bonus, 0)

@dataclass(frozen=True)
class RoundScore:
    """Everything the round scoring decided, per player (index 0 Medici, 1 Strozzi)."""

    harbour_totals: tuple[tuple[int, int], ...]   # harbour -> (medici, strozzi)
    harbour_income: tuple[int, int]
    markers_before: tuple[int, ...]
    markers_after: tuple[int, ...]
    marker_income: tuple[int, int]
    steps: tuple[tuple[int, int], ...] = ()       # track -> (medici, strozzi) steps taken

    @property
    def total(self) -> tuple[int, int]:
        return (self.harbour_income[0] + self.marker_income[0],
                self.harbour_income[1] + self.marker_income[1])

Cargo = Sequence[Sequence[Sequence[tuple[int, int]]]]  # player -> harbour -> (good, value) tiles
#: track (harbour by harbour) -> player -> the steps each of his tiles there allows
Granted = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


@implements("medici_vs_strozzi:scoring.marker_move")
def granted_steps(rules: Rules, cargo: Cargo) -> Granted:
    """Per track and player, the steps each tile of the track's good in that harbour allows
    towards him (gold and goods without a track there allow none)."""
    params, tile_steps = rules.scoring, rules.fns.tile_steps
    granted: list[tuple[list[int], list[int]]] = [([], []) for _ in range(rules.marker_count)]
    for harbour, track_goods in enumerate(rules.harbour_tracks):
        offset = rules.track_offset[harbour]
        for player in (MEDICI, STROZZI):
            for good, value in cargo[player][harbour]:
                if good in track_goods:
                    granted[offset + track_goods.index(good)][player].append(
                        tile_steps(value, params))
    return tuple((tuple(medici), tuple(strozzi)) for medici, strozzi in granted)


def score_round(rules: Rules, cargo: Cargo, markers: Sequence[int],
                taken: Sequence[tuple[int, int]] | None = None) -> RoundScore:
    """Score a round from what each player has in each harbour and the marker positions.

    ``cargo[player][harbour]`` lists ``(good index, value)`` of the tiles on the
    player's ship in that harbour (empty if he has none there). ``taken[track]``
    is how many steps (Medici, Strozzi) each player chose to move that track's
    marker (interp.marker_moves); ``None``: every step the tiles allow.
    """
    params, fns = rules.scoring, rules.fns
    harbour_payout, move_marker, marker_income = fns.harbour_payout, fns.move_marker, \
        fns.marker_income
    totals = tuple((sum(v for _, v in cargo[MEDICI][h]), sum(v for _, v in cargo[STROZZI][h]))
                   for h in range(rules.harbour_count))
    harbour_income = tuple(
        sum(harbour_payout(t[p], t[1 - p], params) for t in totals) for p in (MEDICI, STROZZI))
    if taken is None:
        taken = tuple((sum(medici), sum(strozzi))
                      for medici, strozzi in granted_steps(rules, cargo))
    after = tuple(move_marker(m, steps[MEDICI], steps[STROZZI], params)
                  for m, steps in zip(markers, taken, strict=True))
    income = tuple(sum(marker_income(m, p, params) for m in after) for p in (MEDICI, STROZZI))
    return RoundScore(totals, (harbour_income[0], harbour_income[1]), tuple(markers),
                      after, (income[0], income[1]),
                      tuple((steps[MEDICI], steps[STROZZI]) for steps in taken))

@implements("medici_vs_strozzi:end.winner", "medici_vs_strozzi:money.loans")
def winners(fortunes: Sequence[int]) -> tuple[int, ...]:
    """The players with the largest fortune (cash minus loans); two means a shared win."""
    best = max(fortunes)
    return tuple(p for p, f in enumerate(fortunes) if f == best)
