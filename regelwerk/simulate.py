"""Legal playouts with every runtime invariant checked after every step.

Used by ``regelwerk simulate`` and by ``benchmarks/run.py``. Deterministic:
playout ``i`` of a run with seed ``s`` uses game seed ``s * 1_000_003 + i`` and
a policy RNG seeded with ``f"{s}/{i}/policy"`` (:func:`policy`), so any failing game can be
written as a record and replayed exactly. The seats play at random unless ``policies``
names others (``--policy``, :mod:`regelwerk.policies`); random play is the very loop it
always was, so its games do not change.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

from regelwerk import pools
from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import GameRecord
from regelwerk.policies import DEFAULT, all_random, parse_seats, step


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
    #: how often each part of the game (card, tile, ...) came into play; every part is a key
    covered: dict[str, int] = field(default_factory=dict)
    #: how the seats chose (``--policy``: one name, or one per seat)
    policy: str = DEFAULT

    @property
    def never_covered(self) -> list[str]:
        """The parts of the game no game of the run brought into play."""
        return [part for part, count in self.covered.items() if not count]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "policy": self.policy, "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "actions_per_second": round(self.actions_per_second, 1),
            "violations": [{"game_index": v.game_index, "step": v.step,
                            "invariants": v.invariants, "record": v.record.to_json()}
                           for v in self.violations],
            "outcomes": self.outcomes,
            "coverage": {"parts": len(self.covered),
                         "covered": len(self.covered) - len(self.never_covered),
                         "never": self.never_covered, "counts": self.covered},
        }


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def policy(seed: int, index: int) -> Random:
    """The random player's draws in game ``index`` of a run with ``seed``: the one policy
    source of ``simulate``, ``compare`` and ``stats`` (the same games in each)."""
    return Random(f"{seed}/{index}/policy")


#: The name a game that outlasts its declared maximum length (``Game.longest``) is reported
#: under, beside the runtime invariants: the declaration's promise is broken, and the game is
#: stopped there with its record (a policy that finds an endless loop the rules allow).
LONGEST = "max_length"


class EndlessGame(LocalizedError):
    """A game played on past its declared maximum length (``Game.longest``): the rules let
    the seats loop (a policy found it), and a figure needs every game to end."""


def ended_within(game: Game[Any, Any], state: Any, steps: int, index: int, seed: int,
                 policies: str) -> None:
    """Refuse to play game ``index`` on once it is longer than the game says it can be."""
    longest = game.longest(state)
    if longest is not None and steps > longest and not game.is_over(state):
        raise EndlessGame(N_("{game}: game {index} (seed {seed}, --policy {policy}) did not end "
                             "within its maximum length of {longest} moves; "
                             "'regelwerk simulate {game} -n {count} --seed {seed} --policy {policy} "
                             "--save-violations DIR' writes its record"),
                          game=game.id, index=index, seed=seed, policy=policies, longest=longest,
                          count=index + 1)


def declared(game: Game[Any, Any] | ModuleType) -> Game[Any, Any]:
    """The game declaration (a game package offers it as ``GAME``)."""
    return game if isinstance(game, Game) else game.GAME


def playout(game: Game[Any, Any] | ModuleType, seed: int, index: int, options: Mapping[str, Any],
            check: bool = True, max_steps: int = 1_000_000,
            rules: Any = None, policies: str = DEFAULT) -> tuple[Any, int, Violation | None]:
    """Play one game; returns (final state, actions, first violation or None).

    ``check``: the runtime invariants after every step, and every action of a
    fast sampler through the rule (``False``: the unchecked playouts of a
    benchmark). ``rules``: play by these rules (a mutant's) instead of the ones
    ``options`` give. ``policies``: how the seats choose (``--policy``).
    """
    game = declared(game)
    rng = policy(seed, index)
    start = game.new_game(seed=game_seed(seed, index), options=dict(options), rules=rules)
    state = start
    actions: list[Any] = []
    violations, is_over = game.violations, game.is_over
    steps = 0
    if max_steps <= 0 and not is_over(start):
        raise RuntimeError(f"game {index} did not end within {max_steps} actions")
    longest = game.longest(start) if check else None
    for action, state in _steps(game, start, rng, check, policies):
        steps += 1
        if check:
            actions.append(action)
            broken = violations(state)
            if longest is not None and steps > longest and not is_over(state):
                broken = [*broken, LONGEST]     # a game longer than the game says it can be
            if broken:
                record = GameRecord.played(game, game_seed(seed, index),
                                           tuple(game.action_to_json(a) for a in actions),
                                           options)
                return state, steps, Violation(index, steps, broken, record)
        if steps >= max_steps and not is_over(state):
            raise RuntimeError(f"game {index} did not end within {max_steps} actions")
    return state, steps, None


def _steps(game: Game[Any, Any], state: Any, rng: Random, check: bool, policies: str
           ) -> Iterator[tuple[Any, Any]]:
    """The steps of one game: random play's own loop where every seat plays at random,
    else each seat's policy (:func:`regelwerk.policies.step`)."""
    seats = parse_seats(policies, len(game.seats(state)))
    if all_random(seats):
        yield from game.random_steps(state, rng, check)
        return
    while not game.is_over(state):
        action, state = step(game, state, seats, rng, check)
        yield action, state


def simulate(game: Game[Any, Any] | ModuleType, n: int, seed: int,
             options: Mapping[str, Any] | None = None, check: bool = True,
             progress: Callable[[int], None] | None = None, rules: Any = None,
             jobs: int = 1, save: Path | None = None, dask: str | None = None,
             policies: str = DEFAULT) -> SimulationReport:
    """Play ``n`` games; ``progress(k)`` is called as ``k`` more games are done.

    ``jobs``: worker processes; the report is the same for every number of jobs
    (each game's seeds come from ``seed`` and its index; the parts are summed
    and the violations sorted by game). ``save``: a folder into which the
    process that finds a violation writes its game record (atomically).
    ``dask``: the address of a ``dask.distributed`` scheduler, or ``"local"`` for
    a local cluster of ``jobs`` worker processes, which play the same batches.
    ``policies``: how the seats choose (``--policy``, :mod:`regelwerk.policies`); a search
    plays its games one by one, so the progress shows each game done.
    """
    game = declared(game)
    report = SimulationReport(game.id, policy=policies)
    if game.parts is not None:
        played_by = rules if rules is not None else game.rules_for(options)
        report.covered = dict.fromkeys(game.parts(played_by), 0)
    task = _Task(game, seed, dict(options or {}), check, rules, save, policies)
    start = time.perf_counter()
    batches = _batches(n, jobs, 50 if policies == DEFAULT else 1)
    if dask is not None:
        for part, batch in _on_dask(dask, jobs, task, batches):
            _merge(report, part)
            if progress:
                progress(len(batch))
    else:
        # forked workers inherit the task (a mutant's rule functions need not pickle)
        counted = None if progress is None else lambda batch: progress(len(batch))
        for part in pools.map_in_order(task.run, batches, jobs, done=counted):
            _merge(report, part)
    report.violations.sort(key=lambda v: v.game_index)
    report.seconds = time.perf_counter() - start
    return report


def _on_dask(address: str, jobs: int, task: _Task,
             batches: list[range]) -> Iterator[tuple[SimulationReport, range]]:
    """The batches played on a ``dask.distributed`` cluster, each part as it is done."""
    from contextlib import ExitStack

    from distributed import Client, LocalCluster, as_completed

    with ExitStack() as stack:
        if address == "local":
            cluster = stack.enter_context(LocalCluster(
                n_workers=max(jobs, 1), threads_per_worker=1, processes=True,
                dashboard_address=None))
            client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(Client(address))
        futures = client.map(task.run, batches, pure=False)
        batch_of = {future.key: batch for future, batch in zip(futures, batches, strict=True)}
        for future in as_completed(futures):
            yield future.result(), batch_of[future.key]


def _batches(n: int, jobs: int, most: int = 50) -> list[range]:
    """Game indices in batches small enough for one progress bar and an even load (of at
    most ``most`` games)."""
    size = max(1, min(most, n // (max(jobs, 1) * 8) or 1))
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


@dataclass(frozen=True)
class _Task:
    """What every game of a run shares."""

    game: Game[Any, Any]
    seed: int
    options: dict[str, Any]
    check: bool
    rules: Any
    save: Path | None
    policies: str = DEFAULT

    def run(self, indices: range) -> SimulationReport:
        """Play the games ``indices``; the part of the report they make."""
        game = self.game
        part = SimulationReport(game.id)
        for index in indices:
            state, steps, violation = playout(game, self.seed, index, self.options, self.check,
                                              rules=self.rules, policies=self.policies)
            part.games += 1
            part.actions += steps
            if violation is not None:
                part.violations.append(violation)
                if self.save is not None:
                    self.save.mkdir(parents=True, exist_ok=True)
                    violation.record.write(self.save / f"{game.id}-{self.seed}-{index}.json")
                continue
            outcome = game.outcome(state)
            key = " + ".join(outcome.winners) if outcome is not None else "-"
            part.outcomes[key] = part.outcomes.get(key, 0) + 1
            if game.coverage is not None:
                for name in game.coverage(state):
                    part.covered[name] = part.covered.get(name, 0) + 1
        return part


def _merge(report: SimulationReport, part: SimulationReport) -> None:
    report.games += part.games
    report.actions += part.actions
    report.violations.extend(part.violations)
    for key, count in part.outcomes.items():
        report.outcomes[key] = report.outcomes.get(key, 0) + count
    for name, count in part.covered.items():
        report.covered[name] = report.covered.get(name, 0) + count
