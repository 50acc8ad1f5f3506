"""Florenz's final points item by item (``Game.score_items``), each line citing its clause.

The points scored during the nine rounds are kept per clause in ``State.scored``
(:class:`~.state.Source`: escorts, boasts, heads of queues, the Medici's scorings, the
passed families' bonus points, Strozzi's cards): one line for each clause that gave a
family points. The end scoring's two items are the engine's own rule functions on the
finished game (:func:`~.scoring.time_points` of the clock, end.time;
:func:`~.scoring.plan_points`, end.plan: :func:`~.cleanup.cleanup` leaves clock and board
as they were). The lines add up to the family's points (:func:`.game.outcome`)."""

from __future__ import annotations

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.game import ScoreItem
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import SOURCE_CLAUSES, Source, State

C = prefix(ID)
CLOCK = N_("{time} time left on the clock")
#: what a line counts where its clause's title alone does not say it
NOTES = {Source.SOLO_PARTY: N_("the party card: points per time spent"),
         Source.SOLO_BOAST: N_("also the friend card's boasts")}


def score_items(state: State) -> tuple[tuple[ScoreItem, ...], ...]:
    """Per family: a line per clause that scored it points during the rounds (in the
    order of :class:`~.state.Source`), then time and plan card at the end."""
    rules = state.rules
    result = []
    for family, (scored, clock) in enumerate(zip(state.scored, state.clock, strict=True)):
        items = [ScoreItem(SOURCE_CLAUSES[source], points, NOTES.get(Source(source), ""))
                 for source, points in enumerate(scored) if points]
        items += [ScoreItem(C + "end.time", time_points(clock, rules), CLOCK, {"time": clock}),
                  ScoreItem(C + "end.plan", plan_points(state, family))]
        result.append(tuple(items))
    return tuple(result)
