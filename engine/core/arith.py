"""Arithmetic shared by the engine and the z3 models.

A scoring rule written against an :class:`Ops` works on Python ints in the
engine and on z3 terms in :mod:`regelwerk.verification`, so the invariants are
proved about the very code that plays the game (a mutant of the engine rule
breaks its proof). The z3 twin lives in ``regelwerk.verification.core.Z3Ops``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class Ops(Protocol):
    def if_(self, cond: Any, then: Any, otherwise: Any) -> Any: ...
    def and_(self, *conds: Any) -> Any: ...
    def or_(self, *conds: Any) -> Any: ...
    def not_(self, cond: Any) -> Any: ...
    def sum(self, terms: Iterable[Any]) -> Any: ...


class IntOps:
    """Plain Python semantics (the engine's hot path)."""

    @staticmethod
    def if_(cond: Any, then: Any, otherwise: Any) -> Any:
        return then if cond else otherwise

    @staticmethod
    def and_(*conds: Any) -> bool:
        return all(conds)

    @staticmethod
    def or_(*conds: Any) -> bool:
        return any(conds)

    @staticmethod
    def not_(cond: Any) -> bool:
        return not cond

    @staticmethod
    def sum(terms: Iterable[Any]) -> Any:
        return sum(terms)


INT = IntOps()


def clamp(ops: Ops, value: Any, low: Any, high: Any) -> Any:
    """``value`` limited to ``[low, high]``."""
    return ops.if_(value < low, low, ops.if_(value > high, high, value))
