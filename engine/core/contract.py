"""What the core's loops read of a game: the contract as Protocols, and its domain aliases.

A leaf module (it imports nothing of regelwerk), as OpenFisca's ``types.py``: the
random playout (:mod:`~regelwerk.engine.core.playout`) is written against these
Protocols, not against :class:`~regelwerk.engine.core.game.Game`, so it imports
nothing of the declaration and is typed all the same. ``Game`` and ``ActionKind``
satisfy them (``tests/core/test_architecture.py`` checks it). States and actions stay
``Any`` here: each game has its own classes, and the loop only hands them on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any, Protocol, TypeAlias

#: A seat: player index ``0 … players - 1`` (:meth:`Game.seats` names it).
Seat: TypeAlias = int
#: A rule clause id, ``"<game>:<group>.<name>"`` (``spec/<game>/clauses.toml``).
ClauseId: TypeAlias = str
#: The kinds open in a stage of play, and whether chance acts there.
StageInfo: TypeAlias = "tuple[tuple[Kind, ...], bool]"


class Kind(Protocol):
    """An action kind as the playout reads it (:class:`~regelwerk.engine.core.game.ActionKind`)."""

    @property
    def action(self) -> type[Any]: ...
    @property
    def options(self) -> Callable[[Any, Any], Iterable[Any]]: ...
    @property
    def effect(self) -> Callable[[Any, Any], Any]: ...
    @property
    def sampler(self) -> Callable[[Any, Random], Any] | None: ...


class SeededChance(Protocol):
    """A game's chance as a seeded game lets it act (:class:`~regelwerk.engine.core.game.Chance`)."""

    @property
    def seeded(self) -> Callable[[Any], Any]: ...


class Drawing(Protocol):
    """A game's random player's draws (:class:`~regelwerk.engine.core.game.RandomPolicy`)."""

    @property
    def index(self) -> Callable[[Random, int], int]: ...
    @property
    def choose(self) -> Callable[[Random, Sequence[Any]], Any]: ...


class Playable(Protocol):
    """What a random playout reads of a game declaration
    (:class:`~regelwerk.engine.core.game.Game`)."""

    @property
    def chance(self) -> SeededChance | None: ...
    @property
    def stage(self) -> Callable[[Any], Hashable] | None: ...
    @property
    def sampling(self) -> Callable[[Any], Any] | None: ...
    @property
    def policy(self) -> Drawing: ...
    @property
    def kind_of(self) -> Mapping[type, Kind]: ...
    @property
    def open_by_stage(self) -> Mapping[Hashable, StageInfo]: ...

    def is_over(self, state: Any) -> bool: ...
    def to_move(self, state: Any) -> Seat: ...
    def sequence_clause(self, state: Any) -> ClauseId: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Fraction]]: ...
    def kinds_open(self, state: Any, chance: bool | None = None) -> tuple[Kind, ...]: ...
    def stage_info(self, state: Any) -> StageInfo: ...
