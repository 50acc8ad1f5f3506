"""The actions of Medici vs Strozzi and their JSON form in game records."""

from __future__ import annotations

from typing import Any, NamedTuple

from regelwerk.engine.core.records import RecordError


class Draw(NamedTuple):
    """Draw one more tile from the bag (turn.draw)."""


class Stop(NamedTuple):
    """Stop drawing and go on to name the price (turn.draw)."""


class SetPrice(NamedTuple):
    """Name the price for all tiles drawn this turn (turn.price)."""

    amount: int


class Buy(NamedTuple):
    """The other player accepts the offer (turn.offer)."""


class Decline(NamedTuple):
    """The other player declines; the offering player must buy (turn.offer)."""


class Load(NamedTuple):
    """Put the bought tiles on ``ship`` (index into the capacities), sent to ``harbour``."""

    ship: int
    harbour: int


class Discard(NamedTuple):
    """Throw the bought tiles away instead of loading them (turn.discard)."""


Action = Draw | Stop | SetPrice | Buy | Decline | Load | Discard

DRAW, STOP, BUY, DECLINE, DISCARD = Draw(), Stop(), Buy(), Decline(), Discard()

_NAMES: dict[type, str] = {Draw: "draw", Stop: "stop", SetPrice: "price", Buy: "buy",
                           Decline: "decline", Load: "load", Discard: "discard"}
_TYPES = {name: kind for kind, name in _NAMES.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    return {"type": _NAMES[type(action)], **action._asdict()}


def action_from_json(data: Any) -> Action:
    """Parse one action of a game record; a bad entry raises :class:`RecordError`."""
    if not isinstance(data, dict) or data.get("type") not in _TYPES:
        raise RecordError(f"not an action of medici_vs_strozzi: {data!r} "
                          f"(type must be one of {', '.join(_TYPES)})")
    kind = _TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    if set(fields) != set(kind._fields) or not all(type(v) is int for v in fields.values()):
        raise RecordError(f"action {data!r}: expects integer fields {list(kind._fields)}")
    return kind(**fields)
