"""Where a game's random playouts spend their time (a script, not a test: prints, never
asserts). The figures issue 10 asks of every speed note, for one game and player count:

* per action kind: its share of the actions, the microseconds of a step that ends in
  it (the draw with the kinds tried and refused before it, the effect, chance settled
  inside the step) and its share of the time; set-up (``new_game``) per action;
* with cProfile (the same games again): the shares of choosing (``playout.draw``),
  chance settled inside a step (``playout.settle``) and everything else of a step (the
  effects, the rules running on, state copies; an automa's turns are effects), the
  modules the time is spent in, and each kind's sampler or listing: its time per
  action over all the draws that asked it (those that found nothing included) and,
  for a sampler, its calls per action.

The first part is timed without a profiler; the profiler's shares are inflated for
small functions (its overhead is per call), so read them as proportions.
The games are the seeded random playouts ``simulate`` plays (the same games as
``benchmarks/run.py`` measures).

Run: ``.venv/bin/python benchmarks/breakdown.py lorenzo --players 4 [--games 100]``.
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import pstats
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from regelwerk.engine.core import playout
from regelwerk.engine.core.game import Game

from regelwerk import games
from regelwerk.simulate import game_seed


def play(game: Game[Any, Any], options: dict[str, Any], count: int, seed: int,
         on_step: Callable[[Any, float], None] | None = None) -> tuple[int, float]:
    """Play ``count`` seeded random games as ``simulate`` does (unchecked); call
    ``on_step(action, seconds)`` for every step; give (actions, seconds in ``new_game``)."""
    clock = time.perf_counter
    actions, setting_up = 0, 0.0
    for index in range(count):
        rng = Random(f"{seed}/{index}/policy")
        start = clock()
        state = game.new_game(seed=game_seed(seed, index), options=dict(options))
        setting_up += clock() - start
        steps = game.random_steps(state, rng, False)
        while True:
            start = clock()
            step = next(steps, None)
            took = clock() - start
            if step is None:
                break
            actions += 1
            if on_step is not None:
                on_step(step[0], took)
    return actions, setting_up


def by_kind(game: Game[Any, Any], options: dict[str, Any], count: int, seed: int) -> None:
    """The first part: each kind's share of the actions and of the time."""
    seen: Counter[str] = Counter()
    spent: dict[str, float] = {}

    def on_step(action: Any, seconds: float) -> None:
        name = game.kind_of[type(action)].name
        seen[name] += 1
        spent[name] = spent.get(name, 0.0) + seconds

    play(game, options, 1, seed)        # warm-up: the rules built once, first imports
    actions, setting_up = play(game, options, count, seed, on_step)
    total = sum(spent.values())
    print(f"{actions / count:.1f} actions a game; {total / actions * 1e6:.2f} µs a step, "
          f"new_game {setting_up / actions * 1e6:.2f} µs per action")
    print(f"  {'kind':18} {'actions':>8} {'µs/step':>8} {'time':>6}")
    for name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"  {name:18} {seen[name] / actions:8.1%} {seconds / seen[name] * 1e6:8.2f} "
              f"{seconds / total:6.1%}")


def _unwrapped(function: Callable[..., Any] | None) -> Callable[..., Any] | None:
    """The function a wrapper made by a game's helper calls (its ``__wrapped__``, as in
    Florenz's :class:`~regelwerk.engine.florenz.stages.WhenActing`, or the first function
    among its closure variables, as in Il Vecchio's ``only``): several kinds' wrappers
    share one code (or class), so the profiler cannot tell them apart, while the functions
    they wrap it can."""
    wrapped = getattr(function, "__wrapped__", None)
    if wrapped is not None:
        return wrapped  # type: ignore[no-any-return]
    for cell in getattr(function, "__closure__", None) or ():
        inner: Callable[..., Any] = cell.cell_contents
        if callable(inner) and hasattr(inner, "__code__"):
            return inner
    return function


def _entry(stats: dict[Any, Any], function: Callable[..., Any] | None
           ) -> tuple[int, float] | None:
    """(calls, cumulative seconds) of ``function`` (unwrapped) in cProfile's ``stats``."""
    code = getattr(_unwrapped(function), "__code__", None)
    if code is None:
        return None
    found = stats.get((code.co_filename, code.co_firstlineno, code.co_name))
    return None if found is None else (found[1], found[3])


def profiled(game: Game[Any, Any], options: dict[str, Any], count: int, seed: int) -> None:
    """The second part: shares of choosing, chance and the rest, by module and by kind."""
    profile = cProfile.Profile()
    actions, _ = profile.runcall(play, game, options, count, seed)
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in stats.values())
    step = _entry(stats, playout.step)
    draw = _entry(stats, playout.draw)
    settle = _entry(stats, playout.settle)
    if step is not None:
        chosen = draw[1] if draw else 0.0
        settled = settle[1] if settle else 0.0
        print(f"with cProfile: a step {step[1] / total:.0%} of the time: choosing "
              f"{chosen / total:.0%}, chance settled {settled / total:.0%}, effects and the "
              f"rest {(step[1] - chosen - settled) / total:.0%}")
    modules: dict[str, float] = {}
    for (filename, _, _), entry in stats.items():
        name = "/".join(Path(filename).parts[-2:])
        name = "(built-in functions)" if name == "~" else name
        modules[name] = modules.get(name, 0.0) + entry[2]
    print("  time spent in (own time, by module):")
    for module, seconds in sorted(modules.items(), key=lambda item: -item[1])[:8]:
        print(f"    {module:32} {seconds / total:6.1%}")
    print(f"  {'kind: sampler or listing':34} {'calls/action':>12} {'µs/action':>9} {'time':>6}")
    for kind in game.kinds:
        if kind.chance:
            continue
        sampler = kind.sampler is not None
        entry = _entry(stats, kind.sampler if sampler else kind.options)
        if entry is None or not entry[0]:
            continue
        calls, seconds = entry
        # a generator's every resumption counts as a call: no calls shown for one
        counted = sampler and not inspect.isgeneratorfunction(_unwrapped(kind.sampler))
        shown = f"{calls / actions:12.3f}" if counted else f"{'-':>12}"
        print(f"  {kind.name + (' (sampler)' if sampler else ' (options)'):34} {shown} "
              f"{seconds / actions * 1e6:9.2f} {seconds / total:6.1%}")


def main(argv: list[str] | None = None) -> int:
    names = list(games.games())
    parser = argparse.ArgumentParser(
        description="Where a game's random playouts spend their time, per action kind "
                    "(prints figures, never asserts).")
    parser.add_argument("game", choices=names, help="the game")
    parser.add_argument("--players", type=int, help="player count (default: the game's)")
    parser.add_argument("--games", type=int, default=100, help="seeded games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    args = parser.parse_args(argv)
    game = games.get(args.game).game
    players = args.players or game.default_players
    if not game.players[0] <= players <= game.players[1]:
        parser.error(f"{args.game} is played by {game.players[0]} to {game.players[1]} "
                     f"players, not {players}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = {"players": players}
    print(f"{args.game}, {players} players, {args.games} games (seed {args.seed})")
    by_kind(game, options, args.games, args.seed)
    profiled(game, options, args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
