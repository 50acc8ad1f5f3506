"""The actions of Medici vs Strozzi and their JSON form in game records.

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``DRAW != STOP``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from regelwerk.engine.core.records import RecordError


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one more tile from the bag (turn.draw)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop drawing and go on to name the price (turn.draw)."""


@dataclass(frozen=True, slots=True)
class SetPrice:
    """Name the price for all tiles drawn this turn (turn.price)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Buy:
    """The other player accepts the offer (turn.offer)."""


@dataclass(frozen=True, slots=True)
class Decline:
    """The other player declines; the offering player must buy (turn.offer)."""


@dataclass(frozen=True, slots=True)
class Load:
    """Put the bought tiles on ``ship`` (index into the capacities), sent to ``harbour``."""

    ship: int
    harbour: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw the bought tiles away instead of loading them (turn.discard)."""


Action = Draw | Stop | SetPrice | Buy | Decline | Load | Discard

DRAW, STOP, BUY, DECLINE, DISCARD = Draw(), Stop(), Buy(), Decline(), Discard()

_NAMES: dict[type, str] = {Draw: "draw", Stop: "stop", SetPrice: "price", Buy: "buy",
                           Decline: "decline", Load: "load", Discard: "discard"}
_TYPES = {name: kind for kind, name in _NAMES.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    return {"type": _NAMES[type(action)], **asdict(action)}


def action_from_json(data: Any) -> Action:
    """Parse one action of a game record; a bad entry raises :class:`RecordError`."""
    if not isinstance(data, dict) or data.get("type") not in _TYPES:
        raise RecordError(f"not an action of medici_vs_strozzi: {data!r} "
                          f"(type must be one of {', '.join(_TYPES)})")
    kind = _TYPES[data["type"]]
    given = {k: v for k, v in data.items() if k != "type"}
    names = [f.name for f in fields(kind)]
    if set(given) != set(names) or not all(type(v) is int for v in given.values()):
        raise RecordError(f"action {data!r}: expects integer fields {names}")
    return kind(**given)
