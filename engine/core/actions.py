"""Action helpers shared by the games.

Most choices are finite and listed by ``legal_actions``. A choice the rules
leave unbounded (a price with no cap) is offered as an :class:`OpenChoice`:
"any whole number from ``low`` upwards" is the honest form of the rule, and a
random player samples from a documented, finite range instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sized
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, TypeVar

from regelwerk.engine.core.errors import RecordError, shown
from regelwerk.engine.core.i18n import N_

#: The field types an action may have, by their annotation.
FIELD_TYPES: Mapping[str, type] = {"int": int, "bool": bool}

#: The key of a field's :class:`Domain` in ``dataclasses.field(metadata=...)``.
DOMAIN = "regelwerk.domain"

A = TypeVar("A")    # the action an open choice makes

#: A bound of a domain: a whole number, or where the rules keep it (see :class:`Domain`).
Bound = int | str


def _bound(rules: Any, bound: Bound) -> int:
    """``bound`` for these rules: a number as it is; ``"spec:path"`` the spec's number;
    ``"name"`` a rules attribute (a dotted path such as ``"board.towns"`` reaches into
    one); ``"len:name"``, ``"min:name"``, ``"max:name"`` the length, least or greatest
    item of a rules attribute."""
    if isinstance(bound, int):
        return bound
    how, _, name = bound.rpartition(":")
    value: Any
    if how == "spec":
        value = rules.spec[name]
    else:
        value = rules
        for part in name.split("."):
            value = getattr(value, part)
        if how == "len" and isinstance(value, Sized):
            value = len(value)
        elif how in ("min", "max"):
            value = min(value) if how == "min" else max(value)
    if type(value) is not int:
        raise TypeError(f"domain bound {bound!r} is {value!r}, not a whole number")
    return value


@dataclass(frozen=True)
class Domain:
    """The values an int field of an action can take at all, whatever the position.

    ``low`` and ``high`` (inclusive; ``high=None``: no upper bound) are whole
    numbers or name where the game's rules keep them: ``"spec:board.size"`` a
    spec number, ``"min_price"`` a rules attribute (``"board.size"`` one of a
    rules attribute), ``"len:capacities"`` the length of a rules attribute (so
    ``high="len:capacities", below=True`` is an index into it), ``"max:faces"``
    its greatest item. Core checks a field against its domain before any rule of
    the game sees the action, so an option generator never meets a ship that
    does not exist. A domain is not the rule: which values are legal now is
    still the kind's ``options``.
    """

    low: Bound = 0
    high: Bound | None = None
    #: ``high`` itself is excluded (an index below a length)
    below: bool = False

    def limits(self, rules: Any) -> tuple[int, int | None]:
        """``(low, high)`` inclusive for these rules (``high`` ``None``: no upper bound)."""
        if self.high is None:
            return _bound(rules, self.low), None
        high = _bound(rules, self.high)
        return _bound(rules, self.low), high - 1 if self.below else high


def within(low: Bound = 0, high: Bound | None = None) -> Mapping[str, Domain]:
    """Field metadata: the field's values lie from ``low`` to ``high`` (inclusive)::

        amount: int = field(metadata=within("min_price"))
    """
    return {DOMAIN: Domain(low, high)}


def index_into(name: str) -> Mapping[str, Domain]:
    """Field metadata: the field is an index into the rules attribute ``name``
    (``0 <= value < len(rules.name)``)::

        ship: int = field(metadata=index_into("capacities"))
    """
    return {DOMAIN: Domain(0, f"len:{name}", below=True)}


def field_domains(kind: type) -> tuple[tuple[str, Domain], ...]:
    """``(name, domain)`` of every int field of an action dataclass that declares one."""
    types = dict(field_types(kind))
    found = []
    for item in dataclasses.fields(kind):
        domain = item.metadata.get(DOMAIN)
        if domain is None:
            continue
        if types[item.name] is not int or not isinstance(domain, Domain):
            raise TypeError(f"{kind.__name__}.{item.name}: a domain belongs to an int field")
        found.append((item.name, domain))
    return tuple(found)


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
                                 "{types})"), game=self.game, action=shown(data),
                              types=", ".join(self.kinds))
        given = {**self.defaults[kind], **{k: v for k, v in data.items() if k != "type"}}
        fields = self.fields[kind]
        if set(given) != {name for name, _ in fields} or any(
                type(given[name]) is not field_type for name, field_type in fields):
            raise RecordError(N_("action {action}: expects the fields {fields}"),
                              action=shown(data),
                              fields=", ".join(f"{name} ({t.__name__})" for name, t in fields))
        return kind(**given)

