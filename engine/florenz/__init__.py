"""Florenz (Dean Morris, 2021) as an executable specification.

>>> from regelwerk.engine import florenz
>>> state = florenz.new_game(seed=1, options={"players": 3})
>>> state.phase.name, state.rules.capacity
('SETUP', 4)

Scandal cards are played with :class:`Scandal` (see :mod:`.scandal`); the solo
game against Strozzi is ``new_game(options={"players": 1})`` (see :mod:`.solo`).

Public API: :func:`new_game`, :func:`with_setup` (chosen setup draws for
worked examples), :func:`legal_actions`, :func:`apply`, the scoring functions
(:func:`queue_points`, :func:`control_order`, :func:`achievement`,
:func:`plan_points`, :func:`winners`), game records and :func:`violations`.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.florenz.actions import (
    Accept,
    Action,
    Boast,
    BonusPoint,
    BonusSwap,
    BonusTime,
    Decline,
    DiscardForTime,
    Gift,
    HurryPair,
    HurryTwice,
    Move,
    Pass,
    Place,
    Promote,
    Scandal,
    Send,
    action_from_json,
    action_to_json,
)
from regelwerk.engine.florenz.invariants import violations
from regelwerk.engine.florenz.play import (
    apply,
    entered,
    gift_cost,
    give_card,
    is_legal,
    legal_actions,
    medici_phase,
    new_game,
    random_action,
    route,
    rules_for,
    visit,
    with_queues,
    with_setup,
)
from regelwerk.engine.florenz.queue import (
    boast_field,
    control_key,
    gain_time,
    giovanni_step,
    insert_position,
    may_enter,
    receive_card,
    swap_allowed,
)
from regelwerk.engine.florenz.rules import (
    BOASTS,
    GAME,
    MEDICI,
    VARIANTS,
    RuleFns,
    Rules,
    default_rules,
    rules_from_spec,
)
from regelwerk.engine.florenz.scandal import card_kind, walks
from regelwerk.engine.florenz.scandal import options as scandal_options
from regelwerk.engine.florenz.scoring import (
    achievement,
    control_order,
    controller,
    family_queue_points,
    head_award,
    plan_points,
    queue_points,
    time_points,
    winners,
)
from regelwerk.engine.florenz.solo import letter_medici, letter_target
from regelwerk.engine.florenz.state import Automa, Phase, State

_SPEC = spec_module.load("florenz")
#: (fewest, most) families; the solo game is the one-family case.
PLAYERS = (_SPEC["players.min"], _SPEC["players.max"])
#: The family count ``new_game`` and ``regelwerk simulate`` use when none is given.
DEFAULT_PLAYERS = _SPEC["players.default"]


def current_player(state: State) -> int:
    return state.current


def is_terminal(state: State) -> bool:
    return state.is_terminal


def result(state: State) -> dict[str, Any]:
    """The outcome in record form: points per family and the winners (several = shared)."""
    names = state.rules.names
    placed = [len(state.on_board(f)) for f in range(state.families)]
    gifts = [sum(g) for g in state.given]
    if state.rules.automa >= 0:
        from regelwerk.engine.florenz.solo import winners as solo_winners
        best = solo_winners(state)
    else:
        best = winners(state.points, placed, gifts)
    return {
        "points": dict(zip(names, state.points, strict=True)),
        "winners": [names[f] for f in best] if state.is_terminal else [],
    }


__all__ = [
    "BOASTS",
    "GAME",
    "MEDICI",
    "PLAYERS",
    "VARIANTS",
    "Accept",
    "Action",
    "Automa",
    "Boast",
    "BonusPoint",
    "BonusSwap",
    "BonusTime",
    "Decline",
    "DiscardForTime",
    "Gift",
    "HurryPair",
    "HurryTwice",
    "Move",
    "Pass",
    "Phase",
    "Place",
    "Promote",
    "RuleFns",
    "Rules",
    "Scandal",
    "Send",
    "State",
    "achievement",
    "action_from_json",
    "action_to_json",
    "apply",
    "boast_field",
    "card_kind",
    "control_key",
    "control_order",
    "controller",
    "current_player",
    "default_rules",
    "entered",
    "family_queue_points",
    "gain_time",
    "gift_cost",
    "giovanni_step",
    "give_card",
    "head_award",
    "insert_position",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "letter_medici",
    "letter_target",
    "may_enter",
    "medici_phase",
    "new_game",
    "plan_points",
    "queue_points",
    "random_action",
    "receive_card",
    "result",
    "route",
    "rules_for",
    "rules_from_spec",
    "scandal_options",
    "swap_allowed",
    "time_points",
    "violations",
    "visit",
    "walks",
    "winners",
    "with_queues",
    "with_setup",
]
