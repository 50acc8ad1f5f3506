"""The actions of Medici vs Strozzi (their record names are declared in :mod:`.game`).

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``DRAW != STOP``). Each int field declares
its domain (``within``, ``index_into``): core refuses a value outside it, citing
the kind's clause, before any rule here sees the action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from regelwerk.engine.core.actions import index_into, within


@dataclass(frozen=True, slots=True, order=True)
class Draw:
    """Draw one more tile from the bag (turn.draw)."""


@dataclass(frozen=True, slots=True, order=True)
class Stop:
    """Stop drawing and go on to name the price (turn.draw)."""


@dataclass(frozen=True, slots=True, order=True)
class SetPrice:
    """Name the price for all tiles drawn this turn (turn.price)."""

    amount: int = field(metadata=within("min_price"))


@dataclass(frozen=True, slots=True, order=True)
class Buy:
    """The other player accepts the offer (turn.offer)."""


@dataclass(frozen=True, slots=True, order=True)
class Decline:
    """The other player declines; the offering player must buy (turn.offer)."""


@dataclass(frozen=True, slots=True, order=True)
class Assign:
    """Before the round's first draw, send ``ship`` to ``harbour`` for the whole round
    (turn.port; only with variant ``port_on_first_load = assign_at_round_start``)."""

    ship: int = field(metadata=index_into("capacities"))
    harbour: int = field(metadata=index_into("harbour_tracks"))


@dataclass(frozen=True, slots=True, order=True)
class Load:
    """Put the bought tiles on ``ship`` (index into the capacities), sent to ``harbour``."""

    ship: int = field(metadata=index_into("capacities"))
    harbour: int = field(metadata=index_into("harbour_tracks"))


@dataclass(frozen=True, slots=True, order=True)
class LoadPart:
    """Put some of the bought tiles on ``ship``, sent to ``harbour``, and throw the rest away
    (variant ``part_of_a_purchase = load_some``): the tiles on the table whose place in the
    order drawn is a set bit of ``kept`` (bit 0 the first tile drawn), some but not all."""

    ship: int = field(metadata=index_into("capacities"))
    harbour: int = field(metadata=index_into("harbour_tracks"))
    kept: int = field(metadata=within(1, "part_mask_max"))


@dataclass(frozen=True, slots=True, order=True)
class Discard:
    """Throw the bought tiles away instead of loading them (turn.discard)."""


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """At the round scoring, move the current track's marker ``steps`` spaces towards
    oneself; ``Move(0)`` declines (scoring.marker_move, interp.marker_moves)."""

    steps: int = field(metadata=within(0, "max_track_steps"))


@dataclass(frozen=True, slots=True, order=True)
class TileDrawn:
    """Chance: the tile drawn from the bag after a :class:`Draw` (setup.tiles)."""

    tile: int = field(metadata=index_into("tile_good"))


Action = Draw | Stop | SetPrice | Buy | Decline | Load | Discard | Move | TileDrawn | Assign \
    | LoadPart

DRAW, STOP, BUY, DECLINE, DISCARD = Draw(), Stop(), Buy(), Decline(), Discard()
