"""Round scoring of Medici vs Strozzi (Wertung einer Runde).

:func:`score_round` applies the small rule functions (:mod:`.rule_fns`, through
``rules.fns``, which the z3 models in :mod:`regelwerk.verification.medici_vs_strozzi`
prove their bounds about) to a concrete end of round; :func:`winners` decides the game.
The rule functions are offered here too (``scoring.harbour_payout``, ...).

Signs: a marker position counts spaces from the middle, positive towards the
Medici player, negative towards the Strozzi player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.medici_vs_strozzi.rule_fns import harbour_payout as harbour_payout
from regelwerk.engine.medici_vs_strozzi.rule_fns import marker_income as marker_income
from regelwerk.engine.medici_vs_strozzi.rule_fns import move_marker as move_marker
from regelwerk.engine.medici_vs_strozzi.rule_fns import tile_steps as tile_steps
from regelwerk.engine.medici_vs_strozzi.rules import GAME, MEDICI, STROZZI, Rules

C = prefix(GAME)


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


@implements(C + "scoring.marker_move")
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

@implements(C + "end.winner", C + "money.loans")
def winners(fortunes: Sequence[int]) -> tuple[int, ...]:
    """The players with the largest fortune (cash minus loans); two means a shared win."""
    best = max(fortunes)
    return tuple(p for p, f in enumerate(fortunes) if f == best)
