"""The stages of play, and what random play draws from in each (:mod:`.game` declares them).

Which action kinds are open is the stage's (:func:`stage`): a draw of chance
(:data:`.chance.STAGES`), the set-up's first debutants, a family acting in
phase 2 or taking its bonus after passing (action.passed_bonus), a scandal card
being played step by step, the solo player choosing for Strozzi where his card
leaves a choice open, Giovanni's offers, the end. Random play asks it on every
step, so it lives here, in a module the compiled build compiles, and not in the
declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any, Final

from regelwerk.engine.florenz import chance
from regelwerk.engine.florenz.state import Phase, State

SETUP: Final = "setup"
ACTING: Final = "acting"
PASSED: Final = "passed"
GIOVANNI: Final = "giovanni"
CHOOSING: Final = "strozzi_choice"
#: a scandal card is being played: its next choice (``State.scandal``, :mod:`.scandal`)
PLAYING: Final = "scandal"
OVER: Final = "over"
_ACTIONS: Final = Phase.ACTIONS
#: the stage of each phase without a draw, by phase number
_PHASE_STAGE: Final = tuple({Phase.SETUP: SETUP, Phase.ACTIONS: ACTING,
                             Phase.GIOVANNI: GIOVANNI, Phase.OVER: OVER}[phase]
                            for phase in Phase)
_DRAW_STAGE: Final = chance.STAGES


def stage(state: State) -> str:
    """The stage of play: a draw of chance (:data:`.chance.STAGES`), the setup's first
    debutants, a family acting in phase 2 or taking its bonus after passing
    (action.passed_bonus), a scandal card being played step by step (``State.scandal``), the
    solo player choosing for Strozzi (``Automa.pending``), Giovanni's offers, the end."""
    draws = state.draws
    if draws:
        return _DRAW_STAGE[draws[0][0]]
    phase = state.phase
    if phase == _ACTIONS:
        if state.scandal:
            return PLAYING
        auto = state.automa
        if auto is not None and auto.pending:
            return CHOOSING
        if state.passed[state.current]:
            return PASSED
    return _PHASE_STAGE[phase]


def acting(state: State) -> bool:
    """Whether the stage is :data:`ACTING` (:func:`stage`), asked without naming it: a
    family that has not passed decides in phase 2, chance draws nothing, no scandal card is
    being played and Strozzi's turn waits for no choice."""
    if state.phase != _ACTIONS or state.draws or state.passed[state.current] or state.scandal:
        return False
    auto = state.automa
    return auto is None or not auto.pending


class WhenActing:
    """A kind's fast sampler, asked only in the stage :data:`ACTING` (its kind's):
    ``None`` in any other state."""

    def __init__(self, sampler: Callable[[State, Random], Any]) -> None:
        self.__wrapped__ = sampler      # as functools.wraps names it (benchmarks/breakdown.py)

    def __call__(self, state: State, rng: Random) -> Any:
        return self.__wrapped__(state, rng) if acting(state) else None


class Sampling:
    """The game's ``sampling(state)``: kind first (``kinds``, in the order of the draw) for a
    family that has not passed; otherwise ``None``, uniform over the legal actions."""

    def __init__(self, kinds: tuple[Any, ...]) -> None:
        self.kinds = kinds

    def __call__(self, state: State) -> tuple[Any, ...] | None:
        return self.kinds if acting(state) else None
