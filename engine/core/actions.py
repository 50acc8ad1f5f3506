"""Action helpers shared by the games.

Most choices are finite and listed by ``legal_actions``. A choice the rules
leave unbounded (a price with no cap) is offered as an :class:`OpenChoice`:
"any whole number from ``low`` upwards" is the honest form of the rule, and a
random player samples from a documented, finite range instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, TypeVar

from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import RecordError

#: The field types an action may have, by their annotation.
FIELD_TYPES: Mapping[str, type] = {"int": int, "bool": bool}

A = TypeVar("A")    # the action an open choice makes


def field_types(kind: type) -> tuple[tuple[str, type], ...]:
    """``(name, int or bool)`` of every field of an action dataclass.

    Actions hold only whole numbers and yes/no values, so a record or a caller
    can be checked field by field before any rule reads them.
    """
    if not dataclasses.is_dataclass(kind):
        raise TypeError(f"{kind.__name__} must be a frozen dataclass")
    found = []
    for item in dataclasses.fields(kind):
        annotation = item.type if isinstance(item.type, str) else getattr(item.type, "__name__", "")
        if annotation not in FIELD_TYPES:
            raise TypeError(f"{kind.__name__}.{item.name}: action fields are int or bool, "
                            f"not {annotation}")
        found.append((item.name, FIELD_TYPES[annotation]))
    return tuple(found)


@dataclass(frozen=True)
class OpenChoice(Generic[A]):
    """Every action ``make(n)`` with ``low <= n`` (and ``n <= high`` if ``high`` is set).

    A random player draws ``n`` from ``low..sample_high`` (a documented, finite
    range from spec), since no uniform draw over all whole numbers exists.
    """

    kind: str
    low: int
    high: int | None
    make: Callable[[int], A]
    sample_high: int | None = None

    def contains(self, n: int) -> bool:
        return n >= self.low and (self.high is None or n <= self.high)

    def covers(self, action: Any) -> bool:
        """Whether ``action`` is ``make(n)`` for an ``n`` this choice allows."""
        fields = getattr(action, "__dataclass_fields__", None)
        if isinstance(action, type) or fields is None or len(fields) != 1:
            return False
        value = getattr(action, next(iter(fields)))
        return type(value) is int and self.contains(value) and self.make(value) == action

    def sample(self, rng: Random) -> A:
        top = self.sample_high if self.high is None else self.high
        top = self.low if top is None else top
        return self.make(rng.randint(self.low, max(self.low, top)))


class ActionCodec:
    """JSON form of a game's actions: ``{"type": name, **fields}``.

    Action classes must be frozen dataclasses, so that two actions are equal
    only when they are of the same kind (empty NamedTuples would all be equal).
    """

    def __init__(self, game: str, names: Mapping[type, str]) -> None:
        self.game = game
        self.names = dict(names)
        self.kinds = {name: kind for kind, name in names.items()}
        self.fields = {kind: field_types(kind) for kind in names}
        #: fields a record may leave out (they have a default), by kind
        self.defaults = {kind: {f.name: f.default for f in dataclasses.fields(kind)
                                if f.default is not dataclasses.MISSING} for kind in names}

    def to_json(self, action: Any) -> dict[str, Any]:
        return {"type": self.names[type(action)], **dataclasses.asdict(action)}

    def from_json(self, data: Any) -> Any:
        """Parse one action of a game record (a field with a default may be left out);
        a bad entry raises :class:`RecordError`."""
        name = data.get("type") if isinstance(data, dict) else None
        kind = self.kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            raise RecordError(N_("not an action of {game}: {action} (type must be one of "
                                 "{types})"), game=self.game, action=data,
                              types=", ".join(self.kinds))
        given = {**self.defaults[kind], **{k: v for k, v in data.items() if k != "type"}}
        fields = self.fields[kind]
        if set(given) != {name for name, _ in fields} or any(
                type(given[name]) is not field_type for name, field_type in fields):
            raise RecordError(N_("action {action}: expects the fields {fields}"), action=data,
                              fields=", ".join(f"{name} ({t.__name__})" for name, t in fields))
        return kind(**given)

