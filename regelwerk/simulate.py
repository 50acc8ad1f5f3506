"""Random legal playouts with every runtime invariant checked after every step.

Used by ``regelwerk simulate`` and by ``benchmarks/run.py``. Deterministic:
playout ``i`` of a run with seed ``s`` uses game seed ``s * 1_000_003 + i`` and
a policy RNG seeded with ``f"{s}/{i}/policy"``, so any failing game can be
written as a record and replayed exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from random import Random
from types import ModuleType
from typing import Any

from regelwerk.engine.core.records import GameRecord


@dataclass
class Violation:
    game_index: int
    step: int
    invariants: list[str]
    record: GameRecord


@dataclass
class SimulationReport:
    game: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "games": self.games, "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "actions_per_second": round(self.actions_per_second, 1),
            "violations": [{"game_index": v.game_index, "step": v.step,
                            "invariants": v.invariants, "record": v.record.to_json()}
                           for v in self.violations],
            "outcomes": self.outcomes,
        }


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def playout(module: ModuleType, seed: int, index: int, options: Mapping[str, Any],
            check: bool = True, max_steps: int = 1_000_000) -> tuple[Any, int, Violation | None]:
    """Play one random game; returns (final state, actions, first violation or None)."""
    rng = Random(f"{seed}/{index}/policy")
    state = module.new_game(seed=game_seed(seed, index), options=dict(options))
    actions: list[Any] = []
    apply, random_action, violations = module.apply, module.random_action, module.violations
    steps = 0
    while not module.is_terminal(state):
        if steps >= max_steps:
            raise RuntimeError(f"game {index} did not end within {max_steps} actions")
        action = random_action(state, rng)
        state = apply(state, action)
        steps += 1
        if check:
            actions.append(action)
            broken = violations(state)
            if broken:
                record = GameRecord(module.GAME, game_seed(seed, index),
                                    tuple(module.action_to_json(a) for a in actions),
                                    dict(options))
                return state, steps, Violation(index, steps, broken, record)
    return state, steps, None


def simulate(module: ModuleType, n: int, seed: int, options: Mapping[str, Any] | None = None,
             check: bool = True, progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play ``n`` random games; ``progress(k)`` is called after each game."""
    report = SimulationReport(module.GAME)
    start = time.perf_counter()
    for index in range(n):
        state, steps, violation = playout(module, seed, index, options or {}, check)
        report.games += 1
        report.actions += steps
        if violation is not None:
            report.violations.append(violation)
        elif module.is_terminal(state):
            winners = module.result(state).get("winners", [])
            key = " + ".join(winners) if winners else "-"
            report.outcomes[key] = report.outcomes.get(key, 0) + 1
        if progress:
            progress(1)
    report.seconds = time.perf_counter() - start
    return report
