"""The state of a game of Medici vs Strozzi: an immutable, cheaply copied tuple.

A :class:`State` never changes; :func:`~regelwerk.engine.medici_vs_strozzi.play.apply`
returns a new one with ``_replace`` (a shallow tuple copy: the nested tuples and
the shared :class:`Rules` are reused, never deep-copied).
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.tuples import fast_replace
from regelwerk.engine.medici_vs_strozzi.rules import Rules

if TYPE_CHECKING:
    from regelwerk.engine.medici_vs_strozzi.scoring import RoundScore

NO_HARBOUR = -1
NOBODY = -1


class Phase(IntEnum):
    DRAW = 0      # the active player draws (at least one tile, then optionally more)
    PRICE = 1     # the active player names the price
    RESPOND = 2   # the other player buys or declines
    LOAD = 3      # the buyer loads one ship or discards
    OVER = 4      # the game has ended
    TILE = 5      # chance draws the tile after a Draw
    MARKERS = 6   # round scoring: each player chooses how far to move each marker
    PORTS = 7     # before the first draw: each player sends his ships to harbours
                  # (variant port_on_first_load = assign_at_round_start)


@fast_replace
class State(NamedTuple):
    rules: Rules
    seed: int | None                             # None: the caller decides chance
    round: int                                   # 1-based
    phase: Phase
    active: int                                  # whose turn: 0 Medici, 1 Strozzi
    bag: tuple[int, ...]                         # tile ids; the next draw takes the last
    drawn: tuple[int, ...]                       # tiles on the table this turn
    price: int
    buyer: int
    holds: tuple[tuple[tuple[int, ...], ...], ...]   # player -> ship -> tile ids
    ports: tuple[tuple[int, ...], ...]           # player -> ship -> harbour or NO_HARBOUR
    cash: tuple[int, int]
    loans: tuple[int, int]
    markers: tuple[int, ...]                     # one per track, harbour by harbour
    discarded: tuple[int, ...]
    scores: tuple[RoundScore, ...]               # one per finished round
    #: MARKERS: the marker choices still to make, in order: (track, player, the moves
    #: he may choose); empty in every other phase
    pending: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    #: MARKERS: track -> (Medici, Strozzi) steps chosen so far; empty in every other phase
    taken: tuple[tuple[int, int], ...] = ()

    def __repr__(self) -> str:
        return (f"<medici_vs_strozzi round {self.round} {self.phase.name} active={self.active} "
                f"cash={self.cash} loans={self.loans} bag={len(self.bag)} drawn={self.drawn}>")

    @property
    def current_player(self) -> int:
        """Who must act now (the responder in RESPOND, the buyer in LOAD, chance in TILE)."""
        phase = self.phase
        if phase == Phase.DRAW:
            return self.active
        if phase == Phase.TILE:
            return CHANCE
        if phase == Phase.RESPOND:
            return 1 - self.active
        if phase == Phase.LOAD:
            return self.buyer
        if phase == Phase.MARKERS:
            return self.pending[0][1]
        if phase == Phase.PORTS:
            return self.active if NO_HARBOUR in self.ports[self.active] else 1 - self.active
        return self.active

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def free_space(self, player: int) -> tuple[int, ...]:
        return tuple(map(int.__sub__, self.rules.capacities, map(len, self.holds[player])))

    def fortunes(self) -> tuple[int, int]:
        """Cash minus loans (what counts at the end, end.winner)."""
        return (self.cash[0] - self.loans[0], self.cash[1] - self.loans[1])
