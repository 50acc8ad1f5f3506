"""Medici vs Strozzi (Reiner Knizia, 2006) as an executable specification.

>>> from regelwerk.engine import medici_vs_strozzi as mvs
>>> state = mvs.new_game(seed=1)
>>> state.cash, mvs.legal_actions(state)
((300, 300), (Draw(),))

Public API: :func:`new_game`, :func:`legal_actions`, :func:`apply`, the
scoring functions (:func:`score_round`, :func:`harbour_payout`, ...), game
records (:func:`action_to_json`, :func:`action_from_json`) and
:func:`violations` (the runtime invariants).
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.medici_vs_strozzi.actions import (
    BUY,
    DECLINE,
    DISCARD,
    DRAW,
    STOP,
    Action,
    Buy,
    Decline,
    Discard,
    Draw,
    Load,
    SetPrice,
    Stop,
    action_from_json,
    action_to_json,
)
from regelwerk.engine.medici_vs_strozzi.invariants import violations
from regelwerk.engine.medici_vs_strozzi.play import (
    apply,
    cargo,
    draw_allowance,
    draw_limit,
    hold_has_room,
    is_legal,
    legal_actions,
    loading_options,
    new_game,
    pay,
    random_action,
    round_is_over,
    rules_for,
)
from regelwerk.engine.medici_vs_strozzi.rules import GAME, MEDICI, STROZZI, VARIANTS, Rules
from regelwerk.engine.medici_vs_strozzi.scoring import (
    RoundScore,
    harbour_payout,
    marker_income,
    move_marker,
    score_round,
    tile_steps,
    winners,
)
from regelwerk.engine.medici_vs_strozzi.state import Phase, State

#: (fewest, most) players, from spec.
PLAYERS = (rules_for().spec["players.count"],) * 2


def current_player(state: State) -> int:
    return state.current_player


def is_terminal(state: State) -> bool:
    return state.is_terminal


def result(state: State) -> dict[str, Any]:
    """The outcome in record form: fortunes, winners (two = shared win), per-round payouts."""
    names = state.rules.players
    fortunes = state.fortunes()
    return {
        "fortunes": dict(zip(names, fortunes, strict=True)),
        "winners": [names[p] for p in winners(fortunes)] if state.is_terminal else [],
        "round_payouts": [list(s.total) for s in state.scores],
    }


__all__ = [
    "BUY",
    "DECLINE",
    "DISCARD",
    "DRAW",
    "GAME",
    "MEDICI",
    "PLAYERS",
    "STOP",
    "STROZZI",
    "VARIANTS",
    "Action",
    "Buy",
    "Decline",
    "Discard",
    "Draw",
    "Load",
    "Phase",
    "RoundScore",
    "Rules",
    "SetPrice",
    "State",
    "Stop",
    "action_from_json",
    "action_to_json",
    "apply",
    "cargo",
    "current_player",
    "draw_allowance",
    "draw_limit",
    "harbour_payout",
    "hold_has_room",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "loading_options",
    "marker_income",
    "move_marker",
    "new_game",
    "pay",
    "random_action",
    "result",
    "round_is_over",
    "rules_for",
    "score_round",
    "tile_steps",
    "violations",
    "winners",
]
