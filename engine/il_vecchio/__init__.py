"""Il Vecchio (Rüdiger Dorn, 2012) as an executable specification, for 2 to 4 players.

>>> from regelwerk.engine import il_vecchio as iv
>>> state = iv.new_game(seed=1, options={"players": 3})
>>> state.players[0].res[iv.FLORIN], state.players[2].res[iv.FLORIN]
(2, 4)

Public API: :func:`new_game`, :func:`legal_actions`, :func:`apply`,
:func:`random_action`, the scoring functions (:func:`final_scores`,
:func:`winners`, :func:`nobility_points`, :func:`majority_beats`), game records
(:func:`action_to_json`, :func:`action_from_json`) and :func:`violations`.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.il_vecchio.actions import (
    PASS,
    RECOVER,
    REINFORCE,
    Action,
    FamilyChoice,
    KeepCouncil,
    Levy,
    Office,
    Pass,
    PickTile,
    Place,
    Province,
    Recover,
    Reinforce,
    SetupPlace,
    TakeFollower,
    TownAction,
    UseProvince,
    action_from_json,
    action_to_json,
)
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY, REGIONS, TRACKS, Board
from regelwerk.engine.il_vecchio.invariants import violations
from regelwerk.engine.il_vecchio.play import (
    apply,
    followers_match,
    is_legal,
    legal_actions,
    may_place,
    middleman_setups,
    new_game,
    placement_towns,
    random_action,
    roll,
    rules_for,
    travel_cost,
)
from regelwerk.engine.il_vecchio.rules import (
    ABBOT,
    ASSASSIN,
    BISHOP,
    CARRIAGE,
    FLORIN,
    FOLLOWERS,
    GAME,
    KNIGHT,
    RESOURCES,
    SCROLL,
    VARIANTS,
    Rules,
    default_rules,
    rules_from_spec,
)
from regelwerk.engine.il_vecchio.scoring import (
    Counts,
    Score,
    final_scores,
    majority_beats,
    majority_winner,
    nobility_points,
    winners,
)
from regelwerk.engine.il_vecchio.state import Need, Pending, Phase, Player, State

#: (fewest, most) players, from spec.
PLAYERS = tuple(spec_module.load("il_vecchio")["players.count"])
#: The player count ``new_game`` and ``regelwerk simulate`` use when none is given.
DEFAULT_PLAYERS = PLAYERS[-1]


def current_player(state: State) -> int:
    return state.current_player


def is_terminal(state: State) -> bool:
    return state.is_terminal


def result(state: State) -> dict[str, Any]:
    """The outcome in record form: Power points per player and the winners."""
    names = state.rules.names
    scores = final_scores(state)
    return {
        "power_points": {names[p]: s.total for p, s in enumerate(scores)},
        "winners": [names[p] for p in winners(state)] if state.is_terminal else [],
    }


def town(state_or_rules: State | Rules, name: str) -> int:
    """The index of a town by its id (``"pistoia"``) or printed name (``"Pistoia"``)."""
    rules = state_or_rules if isinstance(state_or_rules, Rules) else state_or_rules.rules
    board = rules.board
    return board.towns.index(name) if name in board.towns else board.names.index(name)


__all__ = [
    "ABBOT", "ASSASSIN", "BISHOP", "CARRIAGE", "COUNCIL", "FLORIN", "FOLLOWERS", "GAME", "KNIGHT",
    "NOBILITY", "PASS", "PLAYERS", "RECOVER", "REGIONS", "REINFORCE", "RESOURCES", "SCROLL",
    "TRACKS", "VARIANTS", "Action", "Board", "Counts", "FamilyChoice", "KeepCouncil", "Levy",
    "Need", "Office", "Pass", "Pending", "Phase", "PickTile", "Place", "Player", "Province",
    "Recover", "Reinforce", "Rules", "Score", "SetupPlace", "State", "TakeFollower", "TownAction",
    "UseProvince", "action_from_json", "action_to_json", "apply", "current_player",
    "default_rules", "final_scores", "followers_match", "is_legal", "is_terminal",
    "legal_actions", "majority_beats", "majority_winner", "may_place", "middleman_setups",
    "new_game", "nobility_points", "placement_towns", "random_action", "result", "roll",
    "rules_for", "rules_from_spec", "town", "travel_cost", "violations", "winners",
]
