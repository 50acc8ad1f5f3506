"""How well a seat of Lorenzo il Magnifico stands, for a search's leaves (issue 33).

:func:`value` is the game's ``heuristic``. The final scoring counts only what lies open on
the table: victory points, the cards taken, military and faith points, resources, the
lasting effects of played leaders and excommunications (:mod:`.view` hides the leaders in
hand and the decks, which it never reads).
"""

from __future__ import annotations

from regelwerk.engine.lorenzo.scoring import final_scores
from regelwerk.engine.lorenzo.state import State


def value(state: State, seat: int) -> float:
    """The margin of ``seat`` over the best other player in the victory points the final
    scoring would give now (lorenzo:scoring.territories, lorenzo:scoring.characters,
    lorenzo:scoring.ventures, lorenzo:scoring.military, lorenzo:scoring.resources,
    lorenzo:scoring.excommunication, lorenzo:effect.end_vp), added to the points gained so
    far (lorenzo:round.structure); higher is better. After the game, the final margin."""
    scores = final_scores(state)
    best = max(points for player, points in enumerate(scores) if player != seat)
    return float(scores[seat] - best)
