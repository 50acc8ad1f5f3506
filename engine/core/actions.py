"""Action helpers shared by the games.

Most choices are finite and listed by ``legal_actions``. A choice the rules
leave unbounded (a price with no cap) is offered as an :class:`OpenChoice`:
"any whole number from ``low`` upwards" is the honest form of the rule, and a
random player samples from a documented, finite range instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any


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
