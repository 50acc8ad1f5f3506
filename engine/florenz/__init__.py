"""Florenz (Dean Morris, 2021) as an executable specification.

>>> from regelwerk.engine import florenz
>>> state = florenz.new_game(seed=1, options={"players": 3})
>>> state.phase.name, state.rules.capacity
('SETUP', 4)

The game is declared in :mod:`.game` (:data:`GAME`); the contract's functions
(``new_game``, ``legal_actions``, ``apply``, ``is_legal``, ``random_action``,
``outcome``, ``result``, ``action_to_json``, ... see
:data:`regelwerk.engine.core.game.EXPORTS`) are offered here as module
functions. A scandal card is played step by step: :class:`ScandalCard`, then each choice
it asks (:class:`ScandalPiece`, :class:`ScandalPlace`, :class:`ScandalMedici`,
:class:`ScandalCrest`, :class:`ScandalStop`); :class:`Scandal`, the whole play in one
as older records hold it, is still taken by :func:`apply` (see :mod:`.scandal`);
the solo game against Strozzi is ``new_game(options={"players": 1})`` (see
:mod:`.solo`).

Chance is explicit (:mod:`.chance`): every draw from a face-down pile is a
chance node whose outcomes are :class:`StartDrawn`, :class:`BoardDrawn`,
:class:`PlanDrawn`, :class:`TileDrawn`, :class:`TimeDrawn`, :class:`CardDrawn`
and :class:`StrozziDrawn`; a seeded game lets chance draw, a game with
``seed=None`` waits for :func:`apply` of one of them.

Further public API: :func:`set_up` and :func:`dealt` (a ``seed=None`` game set
up with chosen draws, chosen scandal cards dealt, both through chance's
actions, for worked examples and tests) and :func:`with_queues` (a stated
position of the queues), the scoring functions
(:func:`queue_points`, :func:`control_order`, :func:`achievement`,
:func:`plan_points`, :func:`winners`), the Medici phase (:func:`medici_phase`,
:func:`route`, :func:`visit`, :func:`give_card`) and the rule functions the z3
models prove (:mod:`.rule_fns`).
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.florenz.actions import (
    Accept,
    Action,
    BoardDrawn,
    Boast,
    BonusPoint,
    BonusSwap,
    BonusTime,
    CardDrawn,
    Decline,
    DiscardForTime,
    Drawn,
    Gift,
    HurryPair,
    HurryTwice,
    Move,
    Pass,
    Place,
    PlanDrawn,
    Promote,
    Scandal,
    ScandalCard,
    ScandalCrest,
    ScandalMedici,
    ScandalPiece,
    ScandalPlace,
    ScandalStop,
    Send,
    StartDrawn,
    StrozziChoice,
    StrozziDrawn,
    TileDrawn,
    TimeDrawn,
)
from regelwerk.engine.florenz.board import entered, gift_cost
from regelwerk.engine.florenz.cards import give_card
from regelwerk.engine.florenz.chosen import dealt, set_up
from regelwerk.engine.florenz.game import GAME, default_rules, rules_from_spec
from regelwerk.engine.florenz.medici import medici_phase, route, visit
from regelwerk.engine.florenz.rule_fns import (
    boast_field,
    control_key,
    gain_time,
    giovanni_step,
    head_award,
    insert_position,
    may_enter,
    queue_points,
    receive_card,
    swap_allowed,
)
from regelwerk.engine.florenz.rules import BOASTS, MEDICI, RuleFns, Rules
from regelwerk.engine.florenz.scandal import card_kind, next_steps, steps_of, walks
from regelwerk.engine.florenz.scandal import options as scandal_options
from regelwerk.engine.florenz.scoring import (
    achievement,
    control_order,
    controller,
    family_queue_points,
    plan_points,
    time_points,
    winners,
)
from regelwerk.engine.florenz.setup import with_queues
from regelwerk.engine.florenz.solo import letter_medici, letter_target
from regelwerk.engine.florenz.state import Automa, Draw, Phase, State


def __getattr__(name: str) -> Any:
    """The contract's functions (``florenz.apply``, ...): see :meth:`Game.export`."""
    return GAME.export(name)


__all__ = [
    "BOASTS", "GAME", "MEDICI", "Accept", "Action", "Automa", "BoardDrawn", "Boast", "BonusPoint",
    "BonusSwap", "BonusTime", "CardDrawn", "Decline", "DiscardForTime", "Draw", "Drawn", "Gift",
    "HurryPair", "HurryTwice", "Move", "Pass", "Phase", "Place", "PlanDrawn", "Promote", "RuleFns",
    "Rules", "Scandal", "ScandalCard", "ScandalCrest", "ScandalMedici", "ScandalPiece",
    "ScandalPlace", "ScandalStop", "Send", "StartDrawn", "State", "StrozziChoice", "StrozziDrawn",
    "TileDrawn", "TimeDrawn", "achievement", "boast_field", "card_kind", "control_key",
    "control_order", "controller", "dealt", "default_rules", "entered", "family_queue_points",
    "gain_time", "gift_cost", "giovanni_step", "give_card", "head_award", "insert_position",
    "letter_medici", "letter_target", "may_enter", "medici_phase", "next_steps", "plan_points",
    "queue_points", "receive_card", "route", "rules_from_spec", "scandal_options", "set_up",
    "steps_of", "swap_allowed", "time_points", "visit", "walks", "winners", "with_queues",
]
