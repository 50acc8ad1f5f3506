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
from typing import Any

from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import RecordError


@dataclass(frozen=True)
class OpenChoice:
    """Every action ``make(n)`` with ``low <= n`` (and ``n <= high`` if ``high`` is set)."""

    kind: str
    low: int
    high: int | None
    make: Callable[[int], Any]

    def contains(self, n: int) -> bool:
        return n >= self.low and (self.high is None or n <= self.high)

    def sample(self, rng: Random, sample_high: int) -> Any:
        top = sample_high if self.high is None else min(self.high, sample_high)
        return self.make(rng.randint(self.low, max(self.low, top)))


class ActionCodec:
    """JSON form of a game's actions: ``{"type": name, **integer fields}``.

    Action classes must be frozen dataclasses, so that two actions are equal
    only when they are of the same kind (empty NamedTuples would all be equal).
    """

    def __init__(self, game: str, names: Mapping[type, str]) -> None:
        for kind in names:
            if not dataclasses.is_dataclass(kind):
                raise TypeError(f"{kind.__name__} must be a frozen dataclass")
        self.game = game
        self.names = dict(names)
        self.kinds = {name: kind for kind, name in names.items()}

    def to_json(self, action: Any) -> dict[str, Any]:
        return {"type": self.names[type(action)], **dataclasses.asdict(action)}

    def from_json(self, data: Any) -> Any:
        """Parse one action of a game record; a bad entry raises :class:`RecordError`."""
        if not isinstance(data, dict) or data.get("type") not in self.kinds:
            raise RecordError(N_("not an action of {game}: {action} (type must be one of "
                                 "{types})"), game=self.game, action=data,
                              types=", ".join(self.kinds))
        kind = self.kinds[data["type"]]
        given = {k: v for k, v in data.items() if k != "type"}
        names = [f.name for f in dataclasses.fields(kind)]
        if set(given) != set(names) or not all(type(v) is int for v in given.values()):
            raise RecordError(N_("action {action}: expects integer fields {fields}"),
                              action=data, fields=", ".join(names))
        return kind(**given)


def is_legal(apply: Callable[[Any, Any], Any], state: Any, action: Any) -> bool:
    """Whether ``apply`` accepts ``action`` in ``state`` (it never changes ``state``)."""
    from regelwerk.engine.core.errors import IllegalAction

    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True
