"""Random play: how Il Vecchio's random player draws (part of the game's declaration).

A random player draws a kind of action uniformly among the kinds that can
have a legal action (:class:`Sampling`), then the action's parameters
one after the other (the kinds' fast samplers), each uniformly among the
values that still leave a legal action. Nothing is listed in full; every legal
action has a positive probability. Decisions and the set-up draw uniformly
from the legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Final, TypeVar

from regelwerk.engine.core.game import ActionKind, RandomPolicy
from regelwerk.engine.il_vecchio.state import PLAY, State


def pick(rng: Random, options: Sequence[Any]) -> Any:
    """One of ``options``, uniformly; no randomness is used when there is only one."""
    n = len(options)
    return options[int(rng.random() * n)] if n > 1 else options[0]


def index(rng: Random, n: int) -> int:
    """A uniform index below ``n`` (the kind to draw first)."""
    return int(rng.random() * n)


POLICY = RandomPolicy(choose=pick, index=index)

A = TypeVar("A")

#: The actions the samplers drew before, by kind and fields: a memo of the action classes
#: (pure, frozen values; equal fields give an equal action), emptied when it grows past
#: :data:`MADE_SIZE`.
_MADE: dict[tuple[Any, ...], Any] = {}
MADE_SIZE: Final = 1 << 16


def made(kind: type[A], *fields: int | bool) -> A:
    """The action ``kind(*fields)``, built once: a frozen dataclass's ``__init__`` sets its
    fields one by one through ``object.__setattr__``, several times the cost of finding
    the action drawn before (a sampler draws the same few actions again and again)."""
    key = (kind, *fields)
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) >= MADE_SIZE:
            _MADE.clear()
        action = _MADE[key] = kind(*fields)
    return action


def only(options: Callable[[Any, None], Sequence[Any]]) -> Callable[[Any, Random], Any]:
    """The fast sampler of a kind with at most one legal action (Reinforcement, Recovery,
    passing): the action its ``options`` list, or ``None``; like :func:`pick` of one, it
    draws no randomness, so random play draws as when it listed the kind."""
    def sampler(state: Any, rng: Random) -> Any:
        found = options(state, None)
        return found[0] if found else None
    return sampler


Kinds = tuple[ActionKind[State, Any], ...]


class Sampling:
    """The game's ``sampling(state)``: in play, kind first among the province tiles' use if a
    tile is face up, the five main actions while one is left, and passing when allowed;
    ``None`` otherwise (uniformly among the legal actions). Asked on every step: here, in a
    compiled module, not in the declaration."""

    def __init__(self, use: ActionKind[State, Any], main: Kinds,
                 passing: ActionKind[State, Any]) -> None:
        #: the kinds to draw from by the number ``4 * up + 2 * left + may_pass`` (a province
        #: tile is up, a main action is left, passing is allowed), in the order of the draw
        self.drawn: tuple[Kinds, ...] = tuple(
            (*((use,) if up else ()), *(main if left else ()), *((passing,) if may_pass else ()))
            for up in (False, True) for left in (False, True) for may_pass in (False, True))

    def __call__(self, state: State) -> Kinds | None:
        if state.pending or state.phase != PLAY:
            return None
        rules = state.rules
        up = 4 if state.players[state.turn].province_up else 0
        if state.final_round:                   # as :meth:`State.main_action_left`
            return self.drawn[up + (2 if state.actions_taken < rules.double_turn_actions
                                    else 0) + 1]
        if state.actions_taken < 1:
            return self.drawn[up + 2 + (1 if rules.may_be_stuck else 0)]
        return self.drawn[up + 1]
