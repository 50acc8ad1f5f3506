"""How well a seat of Florenz stands, for a search's leaves (issue 33).

:func:`value` is the game's ``heuristic``. It reads only what the seat may see
(:mod:`.view`): the points on the score track, the clocks, the board, and the seat's own
plan card; another family's plan card (Strozzi's in the harder solo game) is secret until
the end scoring shows it, so it counts for nobody but its owner.
"""

from __future__ import annotations

from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import Phase, State


def standing(state: State, seat: int) -> list[int]:
    """Each family's points as the seat can count them: the points scored so far, plus
    while the game goes on what the end scoring would add now, the time left on its clock
    (florenz:end.time) and, for the seat's own family only, its plan card
    (florenz:end.plan). After the end scoring, the final points (florenz:end.winner)."""
    if state.phase == Phase.OVER:
        return list(state.points)
    rules = state.rules
    totals = [points + time_points(clock, rules)
              for points, clock in zip(state.points, state.clock, strict=True)]
    totals[seat] += plan_points(state, seat)
    return totals


def value(state: State, seat: int) -> float:
    """The margin of ``seat``'s family over the best other family in :func:`standing`
    (higher is better); in the solo game the other is Strozzi, whom the player must
    outscore to win (florenz:solo.end)."""
    totals = standing(state, seat)
    best = max(points for family, points in enumerate(totals) if family != seat)
    return float(totals[seat] - best)
