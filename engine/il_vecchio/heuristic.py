"""How well a seat of Il Vecchio stands, for a search's leaves (issue 33).

:func:`value` is the game's ``heuristic``: the final scoring as if the game ended now. The
other players' nobility tiles lie face down until the end (:mod:`.view`), so until then
they count for their owners only: the seat's own count, the others' are left out.
"""

from __future__ import annotations

from regelwerk.engine.il_vecchio.scoring import final_scores
from regelwerk.engine.il_vecchio.state import OVER, State


def standing(state: State, seat: int) -> list[int]:
    """Each player's Power points if the game ended now, as the seat can count them: the
    track spaces (il_vecchio:scoring.tracks), presence on every track
    (il_vecchio:scoring.presence), the majorities (il_vecchio:scoring.majority), the crests
    (il_vecchio:scoring.crests), the pass bonus (il_vecchio:end.pass_bonus) and the nobility
    tiles (il_vecchio:scoring.nobility_tiles): the seat's own, and everyone's once the end
    shows them."""
    if state.phase != OVER:
        state = state._replace(players=tuple(
            player if number == seat or not player.nobility else player._replace(nobility=())
            for number, player in enumerate(state.players)))
    return [score.total for score in final_scores(state)]


def value(state: State, seat: int) -> float:
    """The margin of ``seat`` over the best other player in :func:`standing` (higher is
    better)."""
    totals = standing(state, seat)
    best = max(points for player, points in enumerate(totals) if player != seat)
    return float(totals[seat] - best)
