"""Il Vecchio (Rüdiger Dorn, 2012) as an executable specification, for 2 to 4 players.

>>> from regelwerk.engine import il_vecchio as iv
>>> state = iv.new_game(seed=1, options={"players": 3})
>>> state.players[0].res[iv.FLORIN], state.players[2].res[iv.FLORIN]
(2, 4)

The game is declared in :mod:`.game` (:data:`GAME`); the contract's functions
(``new_game``, ``legal_actions``, ``apply``, ``is_legal``, ``random_action``,
``outcome``, ``chance_outcomes``, ``action_to_json``, ... see
:data:`regelwerk.engine.core.game.EXPORTS`) are offered here as module
functions. The rules themselves live in modules named for what they hold:
:mod:`.setup`, :mod:`.travel`, :mod:`.turn`, :mod:`.towns`, :mod:`.province`,
:mod:`.florence`, :mod:`.reinforcement`, :mod:`.province_tiles`, :mod:`.passing`,
:mod:`.answers`, :mod:`.events`, :mod:`.tracks`, :mod:`.members`, :mod:`.dice` and
:mod:`.scoring` (:func:`final_scores`, :func:`winners`). The rule functions the proofs
are about (:mod:`.rule_fns`: :func:`nobility_points`, :func:`majority_beats`, ...) are
played through ``rules.fns`` (:class:`RuleFns`), so a mutant reaches the engine.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.il_vecchio import scoring
from regelwerk.engine.il_vecchio.actions import (
    PASS,
    RECOVER,
    REINFORCE,
    Action,
    ChanceOutcome,
    CrestDrawn,
    FamilyChoice,
    KeepCouncil,
    Levy,
    MiddlemenPlaced,
    Office,
    Pass,
    PickTile,
    Place,
    Province,
    Recover,
    Reinforce,
    Roll,
    SetupPlace,
    TakeFollower,
    TakeRoll,
    TileDrawn,
    TownAction,
    UseProvince,
)
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY, REGIONS, TRACKS, Board
from regelwerk.engine.il_vecchio.chance import roll
from regelwerk.engine.il_vecchio.game import GAME
from regelwerk.engine.il_vecchio.invariants import violations
from regelwerk.engine.il_vecchio.reinforcement import placement_towns
from regelwerk.engine.il_vecchio.rule_fns import (
    Counts,
    followers_match,
    majority_beats,
    may_place,
    nobility_points,
)
from regelwerk.engine.il_vecchio.rules import (
    ABBOT,
    ASSASSIN,
    BISHOP,
    CARRIAGE,
    EVENTS,
    FAMILY,
    FLORIN,
    FOLLOWERS,
    KNIGHT,
    LEVY,
    MIDDLEMEN,
    RESOURCES,
    SCROLL,
    RuleFns,
    Rules,
    default_rules,
    middleman_setups,
    rules_from_spec,
)
from regelwerk.engine.il_vecchio.scoring import Score, final_scores, majority_winner, winners
from regelwerk.engine.il_vecchio.setup import setup_placements
from regelwerk.engine.il_vecchio.state import Need, Pending, Phase, Player, State
from regelwerk.engine.il_vecchio.travel import travel_cost


def __getattr__(name: str) -> Any:
    """The contract's functions (``iv.apply``, ...): see :meth:`Game.export`."""
    return GAME.export(name)


def town(state_or_rules: State | Rules, name: str) -> int:
    """The index of a town by its id (``"pistoia"``) or printed name (``"Pistoia"``)."""
    rules = state_or_rules if isinstance(state_or_rules, Rules) else state_or_rules.rules
    board = rules.board
    return board.towns.index(name) if name in board.towns else board.names.index(name)


__all__ = [
    "ABBOT", "ASSASSIN", "BISHOP", "CARRIAGE", "CHANCE", "COUNCIL", "EVENTS", "FAMILY", "FLORIN",
    "FOLLOWERS", "GAME", "KNIGHT", "LEVY", "MIDDLEMEN", "NOBILITY", "PASS", "RECOVER", "REGIONS",
    "REINFORCE", "RESOURCES", "SCROLL", "TRACKS",
    "Action", "Board", "ChanceOutcome", "Counts", "CrestDrawn", "FamilyChoice", "KeepCouncil",
    "Levy", "MiddlemenPlaced", "Need", "Office", "Pass", "Pending", "Phase", "PickTile", "Place",
    "Player", "Province", "Recover", "Reinforce", "Roll", "RuleFns", "Rules", "Score",
    "SetupPlace", "State", "TakeFollower", "TakeRoll", "TileDrawn", "TownAction", "UseProvince",
    "default_rules", "final_scores", "followers_match", "majority_beats",
    "majority_winner", "may_place", "middleman_setups", "nobility_points", "placement_towns",
    "roll", "rules_from_spec", "scoring", "setup_placements", "town", "travel_cost",
    "violations", "winners",
]
