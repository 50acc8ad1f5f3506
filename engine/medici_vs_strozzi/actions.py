"""The actions of Medici vs Strozzi and their JSON form in game records.

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``DRAW != STOP``).
"""

from __future__ import annotations

from dataclasses import dataclass

from regelwerk.engine.core.actions import ActionCodec


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


Action = Draw | Stop | SetPrice | Buy | Decline | Load | Discard

DRAW, STOP, BUY, DECLINE, DISCARD = Draw(), Stop(), Buy(), Decline(), Discard()

CODEC = ActionCodec("medici_vs_strozzi", {
    Draw: "draw", Stop: "stop", SetPrice: "price", Buy: "buy", Decline: "decline",
    Load: "load", Discard: "discard"})
action_to_json = CODEC.to_json
action_from_json = CODEC.from_json
