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

from regelwerk.engine.core.game import Game
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


def declared(game: Game[Any, Any] | ModuleType) -> Game[Any, Any]:
    """The game declaration (a game package offers it as ``GAME``)."""
    return game if isinstance(game, Game) else game.GAME


def playout(game: Game[Any, Any] | ModuleType, seed: int, index: int, options: Mapping[str, Any],
            check: bool = True, max_steps: int = 1_000_000,
            rules: Any = None) -> tuple[Any, int, Violation | None]:
    """Play one random game; returns (final state, actions, first violation or None).

    ``check``: the runtime invariants after every step, and every action of a
    fast sampler through the rule (``False``: the unchecked playouts of a
    benchmark). ``rules``: play by these rules (a mutant's) instead of the ones
    ``options`` give.
    """
    game = declared(game)
    rng = Random(f"{seed}/{index}/policy")
    state = game.new_game(seed=game_seed(seed, index), options=dict(options), rules=rules)
    actions: list[Any] = []
    step, violations, is_over = game.step_random, game.violations, game.is_over
    steps = 0
    while not is_over(state):
        if steps >= max_steps:
            raise RuntimeError(f"game {index} did not end within {max_steps} actions")
        action, state = step(state, rng, check)
        steps += 1
        if check:
            actions.append(action)
            broken = violations(state)
            if broken:
                record = GameRecord(game.id, game_seed(seed, index),
                                    tuple(game.action_to_json(a) for a in actions),
                                    dict(options))
                return state, steps, Violation(index, steps, broken, record)
    return state, steps, None


def simulate(game: Game[Any, Any] | ModuleType, n: int, seed: int,
             options: Mapping[str, Any] | None = None, check: bool = True,
             progress: Callable[[int], None] | None = None, rules: Any = None) -> SimulationReport:
    """Play ``n`` random games; ``progress(k)`` is called after each game."""
    game = declared(game)
    report = SimulationReport(game.id)
    start = time.perf_counter()
    for index in range(n):
        state, steps, violation = playout(game, seed, index, options or {}, check, rules=rules)
        report.games += 1
        report.actions += steps
        if violation is not None:
            report.violations.append(violation)
        else:
            outcome = game.outcome(state)
            key = " + ".join(outcome.winners) if outcome is not None else "-"
            report.outcomes[key] = report.outcomes.get(key, 0) + 1
        if progress:
            progress(1)
    report.seconds = time.perf_counter() - start
    return report
