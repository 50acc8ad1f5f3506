"""One game's random-playout windows in this interpreter, as one line of JSON (a script).

``benchmarks/run.py --compiled PYTHON`` runs this with the interpreter of the
compiled build (``make fast``: ``.venv-fast/bin/python``) to measure it next to
the pure-Python engine and python-chess, which rates the windows
(``run.rated_playouts``: an automa's moves are counted in the same seeded games in pure
Python). The line also says how many of the game's engine modules are compiled, so
that a build that fell back to Python (or a game the build leaves as Python) is not
taken for a compiled one.

Run: ``PYTHON benchmarks/playout.py GAME --players N [--seconds S] [--windows W]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module

from run import WINDOWS, playouts

from regelwerk import games


def compiled_modules(game: str) -> int:
    """How many modules of the game's engine are extension modules."""
    count = 0
    for name in list(sys.modules):
        if name.startswith(f"regelwerk.engine.{game}.") and not name.endswith("__mypyc"):
            file = str(getattr(import_module(name), "__file__", "") or "")
            count += not file.endswith(".py")
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games.games())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=3.0, help="time to measure")
    parser.add_argument("--windows", type=int, default=WINDOWS,
                        help="timing windows the time is split into; the best one counts")
    args = parser.parse_args()
    if args.windows < 1:
        parser.error(f"--windows {args.windows}: at least one window is needed")
    low, high = games.get(args.game).engine_module().PLAYERS
    if not low <= args.players <= high:
        parser.error(f"{args.game} is played by {low} to {high} players, not {args.players}")
    row = playouts(args.game, args.seconds, args.players, args.windows)
    print(json.dumps({**row, "compiled_modules": compiled_modules(args.game)}))


if __name__ == "__main__":
    main()
