"""Lorenzo il Magnifico (Gigli, Brasini, Luciani; Cranio Creations 2016) as an executable
specification, from the German rules of its online implementation.

The game is declared in :mod:`.game` (:data:`GAME`); the contract's functions
(``new_game``, ``legal_actions``, ``apply``, ``is_legal``, ``random_action``,
``outcome``, ``chance_outcomes``, ...) are offered here as module functions.
The rules: :mod:`.rules` (read from spec), :mod:`.state`, :mod:`.effects` (the
effect vocabulary), :mod:`.places` (placing members), :mod:`.decisions` (pending
decisions), :mod:`.leaders`, :mod:`.church` (the Vatican report), :mod:`.flow`
(set-up, rounds, chance, turns), :mod:`.scoring`, :mod:`.invariants`. Every shuffle and
roll is a chance node; :func:`reveal` lets chance act in a ``seed=None`` game with the
outcomes a test or worked example chooses.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.lorenzo.actions import (
    ActivateLeader,
    CardDealt,
    ChooseTile,
    Church,
    CopyLeader,
    DiceRoll,
    DiscardLeader,
    DraftLeader,
    EndTurn,
    Exchange,
    ExcommunicationDrawn,
    LeaderDealt,
    Malus,
    OrderDrawn,
    Pass,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    PlayLeader,
    Privilege,
    Skip,
    TakeCard,
    Work,
)
from regelwerk.engine.lorenzo.game import GAME, reveal
from regelwerk.engine.lorenzo.rules import Rules
from regelwerk.engine.lorenzo.state import Pending, Player, Stage, State


def __getattr__(name: str) -> Any:
    """The contract's functions (``lorenzo.apply``, ...): see :meth:`Game.export`."""
    return GAME.export(name)


__all__ = [
    "GAME", "VARIANTS", "ActivateLeader", "CardDealt", "ChooseTile", "Church", "CopyLeader",
    "DiceRoll", "DiscardLeader", "DraftLeader", "EndTurn", "Exchange", "ExcommunicationDrawn",
    "LeaderDealt", "Malus", "OrderDrawn", "Pass", "Pending", "PlaceCouncil", "PlaceMarket",
    "PlaceTower", "PlaceWork", "PlayLeader", "Player", "Privilege", "Rules", "Skip", "Stage",
    "State", "TakeCard", "Work", "reveal",
]
