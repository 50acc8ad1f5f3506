"""Florenz's final points item by item (``Game.score_items``), each line citing its clause.

The end scoring's two items are the engine's own rule functions on the finished game
(:func:`~.scoring.time_points` of the clock, end.time; :func:`~.scoring.plan_points`,
end.plan: :func:`~.cleanup.cleanup` leaves clock and board as they were). The rest are
the points scored during the nine rounds (queue scorings, boasts, bonuses), which the
state keeps as one sum (round.sequence)."""

from __future__ import annotations

from regelwerk.engine.core.game import ScoreItem
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import State

C = "florenz:"
DURING = N_("points scored during the rounds (queues, boasts, bonuses)")
CLOCK = N_("{time} time left on the clock")


def score_items(state: State) -> tuple[tuple[ScoreItem, ...], ...]:
    """Per family: the rounds' points, then time and plan card at the end."""
    rules = state.rules
    result = []
    for family, (points, clock) in enumerate(zip(state.points, state.clock, strict=True)):
        time, plan = time_points(clock, rules), plan_points(state, family)
        result.append((ScoreItem(C + "round.sequence", points - time - plan, DURING),
                       ScoreItem(C + "end.time", time, CLOCK, {"time": clock}),
                       ScoreItem(C + "end.plan", plan)))
    return tuple(result)
