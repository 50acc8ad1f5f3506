"""Il Vecchio's final Power points item by item (``Game.score_items``), each line citing
its clause: the fields of the engine's own :class:`~.scoring.Score`
(:func:`~.scoring.final_scores`), the nobility tiles one by one with the rule function
that scores them (``rules.fns.nobility_points``)."""

from __future__ import annotations

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.game import ScoreItem
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.rules import GAME
from regelwerk.engine.il_vecchio.scoring import counts_of, final_scores
from regelwerk.engine.il_vecchio.state import State

C = prefix(GAME)
#: The clause of each field of :class:`~.scoring.Score` but the nobility tiles.
CLAUSES = {"tracks": C + "scoring.tracks", "presence": C + "scoring.presence",
           "majorities": C + "scoring.majority", "crests": C + "scoring.crests",
           "passed": C + "end.pass_bonus"}
TILE = N_("nobility tile {tile}")


def score_items(state: State) -> tuple[tuple[ScoreItem, ...], ...]:
    """Per player: tracks, presence, majorities, crests, pass bonus, each nobility tile."""
    rules = state.rules
    points = rules.fns.nobility_points
    result = []
    for p, score in enumerate(final_scores(state)):
        items = [ScoreItem(clause, getattr(score, name)) for name, clause in CLAUSES.items()]
        counts = counts_of(state, p)
        items += [ScoreItem(C + "scoring.nobility_tiles",
                            points(rules.nobility_tiles[t], counts, rules), TILE, {"tile": t + 1})
                  for t in state.players[p].nobility]
        result.append(tuple(items))
    return tuple(result)
