"""The actions of Florenz and their JSON form in game records.

Locations are numbered 1-9 as on the board; a family member is named by its
piece id (``family * 9 + index``; indices 0-4 debutants, 5-7 ladies, 8 maestro).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from regelwerk.engine.core.records import RecordError


class Place(NamedTuple):
    """Before round 1: put a free debutant on an empty queue (setup.first_debutants)."""

    location: int


class Pass(NamedTuple):
    """Pass and put the ring on ``location`` (0 when the last family passes: no ring)."""

    location: int


class BonusTime(NamedTuple):
    """A passed family's bonus: 1 time."""


class BonusPoint(NamedTuple):
    """A passed family's bonus: 1 point."""


class BonusSwap(NamedTuple):
    """A passed family's bonus: swap ``piece`` with the neighbour ``other`` at the ring."""

    piece: int
    other: int


class Send(NamedTuple):
    location: int


class Promote(NamedTuple):
    piece: int


class Move(NamedTuple):
    piece: int
    to: int


class HurryTwice(NamedTuple):
    """One member moves twice: through ``via`` (no space needed there) to ``to``."""

    piece: int
    via: int
    to: int


class HurryPair(NamedTuple):
    """Two members move once each, ``piece`` first."""

    piece: int
    to: int
    other: int
    other_to: int


class Boast(NamedTuple):
    location: int


class Gift(NamedTuple):
    """Give ``medici`` (0 Cosimo, 1 Contessina, 2 Giovanni) a gift; guard on ``crest`` or -1."""

    medici: int
    crest: int


class DiscardForTime(NamedTuple):
    """Not an action: discard the hand card at ``index`` for time."""

    index: int


class Accept(NamedTuple):
    """Pay Giovanni's offered place."""


class Decline(NamedTuple):
    """Decline Giovanni's offered place."""


Action = (Place | Pass | BonusTime | BonusPoint | BonusSwap | Send | Promote | Move | HurryTwice
          | HurryPair | Boast | Gift | DiscardForTime | Accept | Decline)

_NAMES: dict[type, str] = {
    Place: "place", Pass: "pass", BonusTime: "bonus_time", BonusPoint: "bonus_point",
    BonusSwap: "bonus_swap", Send: "send", Promote: "promote", Move: "move",
    HurryTwice: "hurry_twice", HurryPair: "hurry_pair", Boast: "boast", Gift: "gift",
    DiscardForTime: "discard", Accept: "accept", Decline: "decline"}
_TYPES = {name: kind for kind, name in _NAMES.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    return {"type": _NAMES[type(action)], **action._asdict()}


def action_from_json(data: Any) -> Action:
    """Parse one action of a game record; a bad entry raises :class:`RecordError`."""
    if not isinstance(data, dict) or data.get("type") not in _TYPES:
        raise RecordError(f"not an action of florenz: {data!r} "
                          f"(type must be one of {', '.join(_TYPES)})")
    kind = _TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    if set(fields) != set(kind._fields) or not all(type(v) is int for v in fields.values()):
        raise RecordError(f"action {data!r}: expects integer fields {list(kind._fields)}")
    return kind(**fields)
