"""Benchmark figures (a script, not a test): prints, never asserts.

* random-playout games/s and **moves/s** per game and player count (no invariant
  checks, one core), each game next to python-chess measured just before it. The
  unit is python-chess's: the moves of the game, both sides', so every decision of a
  seat and every turn of an automa (the solo game's Strozzi, whose turns the rules
  choose inside a player's step), chance not counted; the seats' decisions/s are
  printed beside it (issue 35). Every rate, python-chess's and the games' alike, is
  the best of ``--windows`` timing windows (as ``timeit`` takes the best of its
  repeats: a slower window is the machine's other work, not the code), so that one
  busy moment of a shared machine decides neither side of a ratio;
* with ``--compiled PYTHON`` (``make bench``: the build of ``make fast``), the same
  for the engine compiled with mypyc, run by that interpreter, once its seeded
  games are shown to be the pure-Python engine's (``fingerprints.py``, every
  configuration); an automa's turns are counted in the same seeded games replayed
  in pure Python;
* the peak memory of ``regelwerk replay`` reading a record of ``--replay-actions``
  actions (default 10⁶; ``replay_memory.py``), per game;
* ``--checked N`` random games per game (default 100,000) spread over every
  player count and rule variant, every runtime invariant checked after every
  action, on ``--jobs`` worker processes: games, actions, violations, wall time;
* ``--scaling N``: N checked games per game on one and on two worker processes,
  the speed-up and whether the two reports are identical (issue 10: >= 1.7x);
* wall time of ``regelwerk verify`` per game, and of the command for every game
  (``--jobs`` processes) as a user runs it;
* wall time of the bilingual site build (``--site``).

Targets (issues 10 and 35): every game and player count at least 3x python-chess's
random-playout moves/s in the same run in pure Python, 6x compiled; a 10⁶-action
record replayed in under 200 MiB.
The figures go to ``--json`` after every section (written whole, never half), and
the last lines say whether the issue's targets are met.
Run: ``make bench`` or ``.venv/bin/python benchmarks/run.py [--seconds S] [--checked N]
[--jobs J] [--game ID] [--replay-actions N] [--site] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

import replay_memory
from fingerprints import configurations
from regelwerk.engine.core import files

from regelwerk import games, proving
from regelwerk.simulate import simulate

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGET = 3.0            # times python-chess's random-playout moves/s, pure Python
TARGET_COMPILED = 6.0   # the same, the compiled build (issue 35)
MEMORY_MIB = 200        # peak memory of replaying a record of 10**6 actions (issue 35)
WINDOWS = 3         # timing windows per rate; the best one counts


def best_window(windows: int, measure: Callable[[], dict[str, Any]], rate: str
                ) -> dict[str, Any]:
    """The best of ``windows`` calls of ``measure`` (one timing window each) by its
    ``rate`` figure, with every window's rate as ``window_rates``."""
    rows = [measure() for _ in range(windows)]
    best = max(rows, key=lambda row: row[rate])
    return {**best, "window_rates": [round(row[rate]) for row in rows]}


def chess_moves_per_second(seconds: float, windows: int = WINDOWS) -> dict[str, Any]:
    """python-chess's random playouts: ``moves_per_s`` and ``moves`` of the best of
    ``windows`` windows that share ``seconds``."""
    import chess

    rng = random.Random(1)

    def window() -> dict[str, Any]:
        moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / windows:
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
                board.push(rng.choice(list(board.legal_moves)))
                moves += 1
        return {"moves_per_s": moves / (time.perf_counter() - start), "moves": moves}

    return best_window(windows, window, "moves_per_s")


#: Games per ``simulate`` batch of a timing window (the window's seeds are batches).
BATCH = 50
#: The automa's turn, by game and player count where one plays (Florenz's solo game:
#: Strozzi): a move of the game that the rules choose for him inside a player's step
#: (issue 35: counted as python-chess counts both sides' moves). Counted by replaying a
#: window's seeded games in pure Python with this function wrapped (:func:`automa_turns`);
#: every other move is a step.
AUTOMA_TURNS = {("florenz", 1): ("regelwerk.engine.florenz.solo", "automa_turn")}


def playouts(game: str, seconds: float, players: int | None, windows: int = WINDOWS
             ) -> dict[str, Any]:
    """The game's unchecked random playouts, ``windows`` windows that share ``seconds``
    (each window plays new seeds): per window its ``games``, ``decisions`` (the seats'
    actions: a seeded game's steps, as chance acts inside a step) and ``seconds``, and
    ``seeds``, the ``simulate`` batches it played (:data:`BATCH` games each), so that its
    moves can be counted (:func:`rated_window`); no rate yet."""
    module = games.get(game).engine_module()
    options = {"players": players or module.PLAYERS[0]}
    simulate(module, 2, -1, options, check=False)     # warm up: tables built once per process
    seeds = itertools.count()

    def window() -> dict[str, Any]:
        total_games, total_actions, elapsed = 0, 0, 0.0
        first = last = next(seeds)
        while True:
            report = simulate(module, BATCH, last, options, check=False)
            total_games += report.games
            total_actions += report.actions
            elapsed += report.seconds
            if elapsed >= seconds / windows:
                break
            last = next(seeds)
        return {"games": total_games, "decisions": total_actions, "seconds": elapsed,
                "seeds": [first, last + 1]}

    return {"players": options["players"], "windows": [window() for _ in range(windows)]}


def automa_turns(game: str, players: int, seeds: list[int]) -> int:
    """The automa's turns in the games ``simulate`` plays for the batches ``seeds`` (a
    ``[first, stop)`` range), counted in this (pure-Python) interpreter; 0 for a game
    without an automa (no replay)."""
    where = AUTOMA_TURNS.get((game, players))
    if where is None:
        return 0
    target = import_module(where[0])
    original = getattr(target, where[1])
    turns = 0

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal turns
        turns += 1
        return original(*args, **kwargs)

    setattr(target, where[1], counted)
    try:
        for seed in range(*seeds):
            simulate(games.get(game).game, BATCH, seed, {"players": players}, check=False)
    finally:
        setattr(target, where[1], original)
    return turns


def rated_window(game: str, players: int, window: dict[str, Any]) -> dict[str, Any]:
    """``window`` (:func:`playouts`) with its ``moves`` (the seats' decisions and the
    automa's turns) and rates: ``moves_per_s``, ``decisions_per_s``, ``games_per_s``."""
    moves = window["decisions"] + automa_turns(game, players, window["seeds"])
    took = window["seconds"]
    return {**window, "moves": moves, "moves_per_s": moves / took,
            "decisions_per_s": window["decisions"] / took, "games_per_s": window["games"] / took}


def rated_playouts(game: str, measured: dict[str, Any]) -> dict[str, Any]:
    """The best window of :func:`playouts`' ``measured`` by moves per second, with every
    window's rate as ``window_rates`` (the rule of :func:`best_window`)."""
    windows = iter(measured["windows"])
    row = best_window(len(measured["windows"]),
                      lambda: rated_window(game, measured["players"], next(windows)),
                      "moves_per_s")
    return {**row, "players": measured["players"]}


def rated(row: dict[str, Any], rate: float, missing: list[str], name: str, target: float
          ) -> str:
    """``row``'s moves/s against python-chess's ``rate`` (kept in the row as ``x_chess``;
    ``name`` joins ``missing`` below ``target``), in words."""
    row["x_chess"] = row["moves_per_s"] / rate
    meets = row["x_chess"] >= target
    if not meets:
        missing.append(f"{name} ({row['x_chess']:.2f}x)")
    return (f"{row['x_chess']:.2f}x python-chess "
            f"({'meets' if meets else 'MISSES'} the {target:g}x target)")


def compiled_playouts(python: Path, game: str, seconds: float, players: int,
                      windows: int = WINDOWS) -> dict[str, Any]:
    """:func:`playouts` run by the compiled build's interpreter (``playout.py``), rated here
    (:func:`rated_playouts`: an automa's turns counted in pure Python)."""
    done = subprocess.run([str(python), str(HERE / "playout.py"), game, "--players",
                           str(players), "--seconds", str(seconds),
                           "--windows", str(windows)],
                          check=True, capture_output=True, text=True)
    measured: dict[str, Any] = json.loads(done.stdout)
    return {**rated_playouts(game, measured), "compiled_modules": measured["compiled_modules"]}


def same_games(python: Path, game: str, n: int = 30) -> bool:
    """Whether the compiled build plays the pure-Python engine's games: the fingerprints
    (every action and final state) of ``n`` seeded games of every configuration agree."""
    lines = []
    for interpreter in (sys.executable, str(python)):
        done = subprocess.run([interpreter, str(HERE / "fingerprints.py"), "--game", game,
                               "--games", str(n)], check=True, capture_output=True, text=True)
        lines.append(done.stdout)
    return bool(lines[0]) and lines[0] == lines[1]


def checked_runs(game: str, total: int, jobs: int) -> dict[str, Any]:
    """``total`` random games of ``game`` spread evenly over every player count and rule
    variant, every runtime invariant checked after every action (a progress bar on
    stderr: this is the long part of the run)."""
    from tqdm import tqdm

    info = games.get(game)
    options = list(configurations(game))
    each = math.ceil(total / len(options))
    played = actions = violations = 0
    seconds = 0.0
    bar = tqdm(total=each * len(options), unit="games", desc=f"checked {game}",
               file=sys.stderr, leave=False, disable=None)
    for number, chosen in enumerate(options):
        report = simulate(info.game, each, number, chosen, check=True, jobs=jobs,
                          progress=bar.update)
        played += report.games
        actions += report.actions
        violations += len(report.violations)
        seconds += report.seconds
    bar.close()
    return {"configurations": len(options), "games": played, "actions": actions,
            "violations": violations, "seconds": seconds, "jobs": jobs}


def scaling(game: str, n: int, jobs: int) -> dict[str, object]:
    """``n`` checked games at the default player count on one and on ``jobs`` processes:
    wall times, the speed-up, and whether the reports agree (timings aside). Each is
    timed twice, alternately, and the quicker time counts, so that a passing change of
    the machine's speed does not decide the ratio."""
    module = games.get(game).engine_module()
    options = {"players": getattr(module, "DEFAULT_PLAYERS", module.PLAYERS[0])}
    # warm up first (tables and caches built once per process): a worker forked later
    # inherits them, so without this the one-process run alone would pay for them
    simulate(module, 2 * jobs, 1, options, check=True)
    reports: dict[int, dict[str, object]] = {}
    seconds: dict[int, float] = {}
    for workers in (1, jobs, 1, jobs):
        start = time.perf_counter()
        report = simulate(module, n, 0, options, check=True, jobs=workers).to_json()
        took = time.perf_counter() - start
        seconds[workers] = min(took, seconds.get(workers, took))
        reports[workers] = {k: v for k, v in report.items() if "second" not in k}
    return {"games": n, "players": options["players"], "jobs": jobs, "seconds_1": seconds[1],
            f"seconds_{jobs}": seconds[jobs], "speedup": seconds[1] / seconds[jobs],
            "identical": reports[1] == reports[jobs]}


def verify_command(jobs: int) -> float:
    """Wall time of ``regelwerk verify`` (every game) as a user runs it."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "regelwerk", "verify", "--jobs", str(jobs)],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def save(figures: dict[str, object], path: Path | None) -> None:
    """The figures so far as JSON, replacing ``path`` whole (never a half-written file)."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_text(path, json.dumps(figures, indent=1))     # the one write rule


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="time per playout measurement (0: no playout measurements)")
    parser.add_argument("--windows", type=int, default=WINDOWS,
                        help="timing windows a measurement's time is split into; the best "
                             "window's rate counts, for python-chess and the games alike")
    parser.add_argument("--checked", type=int, default=100_000, metavar="N",
                        help="checked random games per game over all configurations (0: none)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes of the checked runs")
    parser.add_argument("--scaling", type=int, default=1000, metavar="N",
                        help="checked games per game on 1 and on --jobs processes (0: none)")
    parser.add_argument("--game", action="append", choices=games.games(),
                        help="only this game's playouts and replay (repeatable); default: every "
                             "game")
    parser.add_argument("--replay-actions", type=int, default=replay_memory.ACTIONS,
                        metavar="N", help="peak memory of replaying an N-action record, per "
                                          "game (0: not measured)")
    parser.add_argument("--site", action="store_true", help="also time the site build")
    parser.add_argument("--compiled", type=Path, metavar="PYTHON",
                        help="also measure the compiled build run by this interpreter "
                             "(make fast: .venv-fast/bin/python)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    figures: dict[str, object] = {}

    if args.windows < 1:
        parser.error(f"--windows {args.windows}: at least one window is needed")
    if args.compiled is not None and not args.compiled.is_file():
        parser.error(f"--compiled {args.compiled}: no such interpreter (make fast builds it)")
    missing: list[str] = []
    missing_compiled: list[str] = []
    chosen = args.game or games.games()
    for game in (chosen if args.seconds > 0 else ()):
        compiled = args.compiled is not None and same_games(args.compiled, game)
        if args.compiled is not None:
            figures[f"compiled/{game}/same_games"] = compiled
            print(f"compiled build ({args.compiled}): {game}'s fingerprints "
                  + ("identical to pure Python's" if compiled else "DIFFER: not measured"))
            if not compiled:
                missing_compiled.append(f"{game} (its games differ)")
        chess = chess_moves_per_second(args.seconds, args.windows)
        figures[f"python-chess/{game}"] = chess
        rate = chess["moves_per_s"]
        print(f"python-chess random playouts: {rate:,.0f} moves/s ({chess['moves']} moves, "
              f"the best of {args.windows} windows)")
        module = games.get(game).engine_module()
        low, high = module.PLAYERS
        for players in range(low, high + 1):
            name = f"{game} {players}p"
            row = rated_playouts(game, playouts(game, args.seconds, players, args.windows))
            figures[f"{game}/{players}p"] = row
            print(f"  {game} ({players} players): {row['games_per_s']:,.0f} games/s, "
                  f"{row['moves_per_s']:,.0f} moves/s = "
                  f"{rated(row, rate, missing, name, TARGET)}; seats' decisions "
                  f"{row['decisions_per_s']:,.0f}/s")
            if not compiled:
                continue
            fast = compiled_playouts(args.compiled, game, args.seconds, players,
                                     args.windows)
            if not fast["compiled_modules"]:
                missing_compiled.append(f"{name} (not compiled)")
                print(f"  {game}: its engine is not compiled by the compiled build")
                continue
            fast["x_pure"] = fast["moves_per_s"] / row["moves_per_s"]
            figures[f"compiled/{game}/{players}p"] = fast
            print(f"  {game} ({players} players), compiled ({fast['compiled_modules']} modules):"
                  f" {fast['moves_per_s']:,.0f} moves/s = {fast['x_pure']:.2f}x pure "
                  f"Python = {rated(fast, rate, missing_compiled, name, TARGET_COMPILED)}; "
                  f"seats' decisions {fast['decisions_per_s']:,.0f}/s")
    save(figures, args.json)

    too_big: list[str] = []
    for game in (chosen if args.replay_actions else ()):
        figures[f"replay_memory/{game}"] = row = replay_memory.measure(game, args.replay_actions)
        if row["peak_mib"] >= MEMORY_MIB:
            too_big.append(f"{game} ({row['peak_mib']:.0f} MiB)")
        print(f"replay of a {args.replay_actions:,}-action {game} record "
              f"({row['bytes'] / 2**20:.0f} MiB): peak {row['peak_mib']:.0f} MiB "
              f"(the interpreter with the command's modules: {row['interpreter_mib']:.0f} MiB)")
    save(figures, args.json)

    broken = 0
    if args.checked:
        for game in games.games():
            figures[f"checked/{game}"] = row = checked_runs(game, args.checked, args.jobs)
            broken += row["violations"]
            print(f"checked {game}: {row['games']:,} games over {row['configurations']} "
                  f"configurations, {row['actions']:,} actions, {row['violations']} violations, "
                  f"{row['seconds']:.0f} s on {args.jobs} processes")
            save(figures, args.json)

    if args.scaling:
        for game in games.games():
            figures[f"scaling/{game}"] = row = scaling(game, args.scaling, args.jobs)
            print(f"simulate {game} ({row['players']} players, {args.scaling} checked games): "
                  f"1 process {row['seconds_1']:.1f} s, {args.jobs} processes "
                  f"{row[f'seconds_{args.jobs}']:.1f} s = {row['speedup']:.2f}x; reports "
                  f"{'identical' if row['identical'] else 'DIFFER'}")

    figures["verify/command"] = {"seconds": verify_command(args.jobs), "jobs": args.jobs}
    print(f"regelwerk verify --jobs {args.jobs} (every game, as run from the command line): "
          f"{figures['verify/command']['seconds']:.1f} s")
    for game, info in games.games().items():
        # the one runner of the proofs, for the game's default player count
        start = time.perf_counter()
        statuses = [row.status for row in proving.run([info.verification],
                                                      {"players": info.game.default_players})]
        seconds = time.perf_counter() - start
        figures[f"verify/{game}"] = {"seconds": seconds, "invariants": len(statuses),
                                     "proven": statuses.count("proven")}
        print(f"verify {game}: {seconds:.2f} s for {len(statuses)} invariants "
              f"({statuses.count('proven')} proven)")

    if args.site:
        from regelwerk import site

        start = time.perf_counter()
        site.build_site(ROOT, ROOT / "_build")
        seconds = time.perf_counter() - start
        figures["site"] = {"seconds": seconds}
        print(f"site build (en + de, html + doctest): {seconds:.1f} s")

    save(figures, args.json)
    if args.seconds > 0:
        print(f"speed target ({TARGET:g}x python-chess's moves/s, every game and player "
              "count; a game's moves: its seats' decisions and its automa's turns), pure "
              "Python: " + ("met" if not missing else "missed by " + ", ".join(missing)))
    if args.seconds > 0 and args.compiled is not None:
        every = all(figures.get(f"compiled/{game}/same_games") for game in chosen)
        print(f"speed target ({TARGET_COMPILED:g}x), compiled build (make fast; games of "
              f"{', '.join(chosen)} identical to pure Python's: " + ("yes" if every else "NO")
              + "): "
              + ("met" if not missing_compiled else "missed by " + ", ".join(missing_compiled)))
    if args.replay_actions:
        print(f"memory target (a {args.replay_actions:,}-action record replays in under "
              f"{MEMORY_MIB} MiB): " + ("met" if not too_big else "missed by "
                                       + ", ".join(too_big)))
    if args.checked:
        print(f"checked runs: {args.checked:,}+ games per game, {broken} violations")


if __name__ == "__main__":
    main()
