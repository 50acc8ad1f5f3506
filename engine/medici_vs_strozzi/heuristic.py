"""How well a seat of Medici vs Strozzi stands, for a search's leaves (issue 33).

:func:`value` is the game's ``heuristic``: the seat's fortune as the end counts it, plus what
the round's scoring would pay if the round ended now, less the same for the other player.
Nothing of the game is hidden from a seat (:mod:`.view`), so it reads the whole state; the
bag's order, chance's future, it never reads.
"""

from __future__ import annotations

from regelwerk.engine.medici_vs_strozzi.play import cargo
from regelwerk.engine.medici_vs_strozzi.scoring import score_round
from regelwerk.engine.medici_vs_strozzi.state import Phase, State


def standing(state: State) -> tuple[int, int]:
    """Each player's fortune (cash minus loans: medici_vs_strozzi:end.winner,
    medici_vs_strozzi:money.loans) plus, while the game goes on, the payout of the round
    scored as it stands: the harbours' payouts for the tiles on ships there
    (medici_vs_strozzi:scoring.harbour), every marker step those tiles allow taken
    (medici_vs_strozzi:scoring.marker_move) and the markers' income with its bonus spaces
    (medici_vs_strozzi:scoring.marker_payout, medici_vs_strozzi:scoring.marker_bonus)."""
    medici, strozzi = state.fortunes()
    if state.phase != Phase.OVER:
        paid = score_round(state.rules, cargo(state), state.markers).total
        medici, strozzi = medici + paid[0], strozzi + paid[1]
    return medici, strozzi


def value(state: State, seat: int) -> float:
    """The margin of ``seat`` over the other player in :func:`standing` (higher is better;
    after the last round, the margin of the final fortunes)."""
    totals = standing(state)
    return float(totals[seat] - totals[1 - seat])
