"""Medici vs Strozzi's final fortunes item by item (``Game.score_items``), each line citing
its clause: the starting money, each round's harbour and monopoly income (the engine's own
:class:`~.scoring.RoundScore` of that round), what was paid in cash for tiles, and the loans.
The items add up to the fortune :func:`~.game.outcome` scores (cash minus loans)."""

from __future__ import annotations

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.game import ScoreItem
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.medici_vs_strozzi.rules import GAME
from regelwerk.engine.medici_vs_strozzi.state import State

C = prefix(GAME)
ROUND = N_("round {round}")
PAID = N_("paid in cash for goods tiles")
OWED = N_("loans still owed")


def score_items(state: State) -> tuple[tuple[ScoreItem, ...], ...]:
    """Per player: start money, income per round, cash paid for tiles, loans (negative)."""
    rules = state.rules
    result = []
    for p in range(len(rules.players)):
        items = [ScoreItem(C + "setup.money", rules.start_money)]
        for number, score in enumerate(state.scores, 1):
            items += [ScoreItem(C + "scoring.harbour", score.harbour_income[p], ROUND,
                                {"round": number}),
                      ScoreItem(C + "scoring.marker_payout", score.marker_income[p], ROUND,
                                {"round": number})]
        income = sum(item.points for item in items)
        items += [ScoreItem(C + "turn.payment", state.cash[p] - income, PAID),
                  ScoreItem(C + "money.loans", -state.loans[p], OWED)]
        result.append(tuple(items))
    return tuple(result)
