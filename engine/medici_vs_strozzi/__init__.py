"""Medici vs Strozzi (Reiner Knizia, 2006) as an executable specification.

>>> from regelwerk.engine import medici_vs_strozzi as mvs
>>> state = mvs.new_game(seed=1)
>>> state.cash, mvs.legal_actions(state)
((300, 300), (Draw(),))

The game is declared in :mod:`.game` (:data:`GAME`); the contract's functions
(``new_game``, ``legal_actions``, ``apply``, ``is_legal``, ``random_action``,
``outcome``, ``chance_outcomes``, ``action_to_json``, ... see
:data:`regelwerk.engine.core.game.EXPORTS`) are offered here as module
functions. The rules themselves: :mod:`.play` (the action kinds) and
:mod:`.scoring` (:func:`score_round`, :func:`harbour_payout`, ...), callable on
their own.
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
    Assign,
    Buy,
    Decline,
    Discard,
    Draw,
    Load,
    LoadPart,
    Move,
    SetPrice,
    Stop,
    TileDrawn,
)
from regelwerk.engine.medici_vs_strozzi.game import GAME
from regelwerk.engine.medici_vs_strozzi.play import (
    cargo,
    draw_allowance,
    draw_limit,
    hold_has_room,
    loading_options,
    pay,
    round_is_over,
)
from regelwerk.engine.medici_vs_strozzi.rules import MEDICI, STROZZI, Rules
from regelwerk.engine.medici_vs_strozzi.scoring import (
    RoundScore,
    granted_steps,
    harbour_payout,
    marker_income,
    move_marker,
    score_round,
    tile_steps,
    winners,
)
from regelwerk.engine.medici_vs_strozzi.state import Phase, State


def __getattr__(name: str) -> Any:
    """The contract's functions (``mvs.apply``, ...): see :meth:`Game.export`."""
    return GAME.export(name)


__all__ = [
    "BUY", "DECLINE", "DISCARD", "DRAW", "GAME", "MEDICI", "STOP", "STROZZI", "VARIANTS",
    "Action", "Assign", "Buy", "Decline", "Discard", "Draw", "Load", "LoadPart", "Move", "Phase",
    "RoundScore", "Rules",
    "SetPrice", "State", "Stop", "TileDrawn", "cargo", "draw_allowance", "draw_limit", "granted_steps",
    "harbour_payout", "hold_has_room", "loading_options", "marker_income", "move_marker",
    "pay", "round_is_over", "score_round", "tile_steps", "winners",
]
