"""Speed of search (issue 33, point 5; a script, not a test: prints, never asserts).

MCTS moves per second at ``--simulations`` simulations (default 200, the ``mcts`` policy's)
per game and player count: every seat plays ``mcts:N`` (:mod:`regelwerk.policies.mcts`)
in seeded games, ``--decisions`` seat decisions per configuration (the first of one game
and the next ones; a decision with one legal action is taken without a search and counted
apart). For each: searches per second (the unit: one move chosen by a search), seat
decisions per second (forced ones included), simulations per second, and where a search
spends its time: the leaf evaluations (random rollouts of at most
:data:`~regelwerk.policies.mcts.DEPTH` moves and the heuristic) against the tree (listing
each new node's moves, carrying them out, OpenSpiel's bookkeeping), so the last lines can
say what the next factor of two would need.

With ``--compiled PYTHON`` (``make bench``: the build of ``make fast``) the same figures for
the engine compiled with mypyc, run by that interpreter, where it has OpenSpiel (else the
line says it has not). The figures go to ``--json`` (default ``_build/bench-mcts.json``).

Run: ``.venv/bin/python benchmarks/mcts.py [--game ID] [--decisions N] [--simulations N]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

from regelwerk.engine.core import files

from regelwerk import games
from regelwerk.policies import candidates
from regelwerk.policies import mcts as searching
from regelwerk.simulate import game_seed, policy

#: seat decisions per configuration unless told
DECISIONS = 12


class Timed(searching.TruncatedRollout):
    """The policy's evaluator, timing its leaf evaluations."""

    spent = 0.0
    leaves = 0

    def evaluate(self, state: Any) -> list[float]:
        start = time.perf_counter()
        try:
            return super().evaluate(state)
        finally:
            Timed.spent += time.perf_counter() - start
            Timed.leaves += 1


def measure(game_id: str, players: int, decisions: int, simulations: int) -> dict[str, Any]:
    """Seeded games of ``game_id`` at ``players``, every seat searching, until ``decisions``
    seat decisions are made; the figures of the searches."""
    game = games.get(game_id).game
    chooser = searching.Mcts(simulations)
    searching.TruncatedRollout = Timed          # type: ignore[misc]  # time the leaves
    Timed.spent, Timed.leaves = 0.0, 0
    searched = forced = 0
    searching_time = forced_time = 0.0
    index = 0
    while searched + forced < decisions:
        state, rng = game.new_game(seed=game_seed(0, index), options={"players": players}), \
            policy(0, index)
        while not game.is_over(state) and searched + forced < decisions:
            start = time.perf_counter()
            several = len(candidates(game, game.determinized(state, game.to_move(state),
                                                             Random(0)))) > 1
            action = chooser.choose(game, state, rng)
            took = time.perf_counter() - start
            if several:
                searched, searching_time = searched + 1, searching_time + took
            else:
                forced, forced_time = forced + 1, forced_time + took
            state = game.apply(state, action)
        index += 1
    total = searching_time + forced_time
    return {
        "game": game_id, "players": players, "simulations": simulations,
        "searches": searched, "forced": forced, "seconds": round(total, 3),
        "searches_per_second": round(searched / searching_time, 3) if searching_time else None,
        "decisions_per_second": round((searched + forced) / total, 3) if total else None,
        "simulations_per_second": round(searched * simulations / searching_time, 1)
        if searching_time else None,
        "leaf_share": round(Timed.spent / searching_time, 3) if searching_time else None,
        "rollout_depth": searching.DEPTH}


def configurations(chosen: list[str] | None) -> list[tuple[str, int]]:
    found = []
    for game_id, info in sorted(games.games().items()):
        if chosen and game_id not in chosen:
            continue
        low, high = info.game.players
        found += [(game_id, players) for players in range(low, high + 1)]
    return found


def line(row: dict[str, Any]) -> str:
    rate = row["searches_per_second"]
    return (f"{row['game']:18} {row['players']} players: "
            f"{'-' if rate is None else f'{rate:6.2f}'} searched moves/s, "
            f"{row['decisions_per_second'] or 0:6.2f} seat decisions/s "
            f"({row['searches']} searched, {row['forced']} forced), "
            f"{row['simulations_per_second'] or 0:8.1f} simulations/s, "
            f"leaves {100 * (row['leaf_share'] or 0):4.1f}% of a search")


def next_factor(rows: list[dict[str, Any]]) -> list[str]:
    """What doubling the searched moves per second would need, per game (Amdahl: halving
    the leaves alone gives at most 1 / (1 - share / 2))."""
    out = []
    for row in rows:
        share = row["leaf_share"]
        if share is None:
            continue
        alone = 1 / (1 - share / 2)
        out.append(f"{row['game']} {row['players']}p: leaves are {100 * share:.0f}% of a "
                   f"search; twice as fast leaves alone give {alone:.2f}x, so a factor of 2 "
                   f"needs the tree (listing moves, effects, OpenSpiel's Python bookkeeping, "
                   f"{100 * (1 - share):.0f}%) twice as fast too, or the compiled engine, or "
                   f"fewer simulations where one action dominates")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=games.games(),
                        help="only this game (repeatable)")
    parser.add_argument("--decisions", type=int, default=DECISIONS,
                        help=f"seat decisions per game and count (default {DECISIONS})")
    parser.add_argument("--simulations", type=int, default=searching.SIMULATIONS)
    parser.add_argument("--compiled", type=Path, metavar="PYTHON",
                        help="also measure with this interpreter (the compiled build)")
    parser.add_argument("--rows", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", type=Path, default=Path("_build/bench-mcts.json"))
    args = parser.parse_args()
    rows = []
    for game_id, players in configurations(args.game):
        row = measure(game_id, players, args.decisions, args.simulations)
        rows.append(row)
        if args.rows:
            continue
        print(line(row), flush=True)
    if args.rows:                      # a child run for --compiled: the rows as JSON
        print(json.dumps(rows))
        return
    figures: dict[str, Any] = {"python": rows}
    if args.compiled is not None:
        figures["compiled"] = compiled(args)
    for text in next_factor(rows):
        print(text)
    files.write_text(args.json, json.dumps(figures, indent=1))
    print(f"figures written to {args.json}")


def compiled(args: argparse.Namespace) -> list[dict[str, Any]] | str:
    """The rows measured by the compiled build's interpreter (a note where it cannot)."""
    has = subprocess.run([str(args.compiled), "-c", "import open_spiel"], capture_output=True,
                         check=False)
    if has.returncode:
        note = (f"{args.compiled} has no OpenSpiel: the compiled build installs "
                f"regelwerk[bench] only; the compiled search is not measured")
        print(note)
        return note
    command = [str(args.compiled), __file__, "--rows", "--decisions", str(args.decisions),
               "--simulations", str(args.simulations)]
    for game_id in args.game or ():
        command += ["--game", game_id]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    rows: list[dict[str, Any]] = json.loads(done.stdout)
    for row in rows:
        print("compiled " + line(row))
    return rows


if __name__ == "__main__":
    sys.exit(main())
