"""The actions of Medici vs Strozzi (their record names are declared in :mod:`.game`).

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``DRAW != STOP``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Draw:
    """Draw one more tile from the bag (turn.draw)."""


@dataclass(frozen=True, slots=True, order=True)
class Stop:
    """Stop drawing and go on to name the price (turn.draw)."""


@dataclass(frozen=True, slots=True, order=True)
class SetPrice:
    """Name the price for all tiles drawn this turn (turn.price)."""

    amount: int


@dataclass(frozen=True, slots=True, order=True)
class Buy:
    """The other player accepts the offer (turn.offer)."""


@dataclass(frozen=True, slots=True, order=True)
class Decline:
    """The other player declines; the offering player must buy (turn.offer)."""


@dataclass(frozen=True, slots=True, order=True)
class Load:
    """Put the bought tiles on ``ship`` (index into the capacities), sent to ``harbour``."""

    ship: int
    harbour: int


@dataclass(frozen=True, slots=True, order=True)
class Discard:
    """Throw the bought tiles away instead of loading them (turn.discard)."""


@dataclass(frozen=True, slots=True, order=True)
class TileDrawn:
    """Chance: the tile drawn from the bag after a :class:`Draw` (setup.tiles)."""

    tile: int


Action = Draw | Stop | SetPrice | Buy | Decline | Load | Discard | TileDrawn

DRAW, STOP, BUY, DECLINE, DISCARD = Draw(), Stop(), Buy(), Decline(), Discard()
