"""Small helpers for the immutable tuples every game state is made of.

A state never changes; a rule builds the next one from tuples that differ in
one place. These helpers say that in one word instead of a slice expression.

>>> replaced((1, 2, 3), 1, 9)
(1, 9, 3)
>>> added((1, 2, 3), 2, -1)
(1, 2, 2)
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value``."""
    items = list(values)        # one copy: quicker than joining two slices and the value
    items[index] = value
    return tuple(items)


def added(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``values`` with ``amount`` added to the item at ``index``."""
    items = list(values)
    items[index] += amount
    return tuple(items)


C = TypeVar("C", bound=type)


def fast_replace(cls: C) -> C:
    """Give a named-tuple state class a quicker ``_replace``.

    The standard one builds a dict of every field on each call; a state with
    many fields is copied on every action, so this one sets only the fields
    that change. Same behaviour (an unknown field name is an error).
    """
    fields: tuple[str, ...] = getattr(cls, "_fields")   # noqa: B009 - any named tuple class
    index = {name: i for i, name in enumerate(fields)}
    new = tuple.__new__

    def _replace(self: tuple[object, ...], /, **changes: object) -> tuple[object, ...]:
        values = list(self)
        for name, value in changes.items():
            try:
                values[index[name]] = value
            except KeyError:
                raise ValueError(f"Got unexpected field name: {name!r}") from None
        return new(cls, values)

    setattr(cls, "_replace", _replace)   # noqa: B010 - the method is made, not named
    return cls
