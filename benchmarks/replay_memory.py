"""Peak memory of ``regelwerk replay`` reading a record of 10⁶ actions (a script: prints,
never asserts; ``benchmarks/run.py`` runs it for every game, issue 35: under 200 MB).

No game lasts 10⁶ actions, so the record is one seeded random game of ``GAME`` (its
actions as played) followed by copies of its own actions until there are ``--actions``
of them, as a record a user might damage or build: ``replay`` reads it whole (the size
limit is 64 MiB, and it is far below), plays the game, and refuses the first action past
the end. The figure is the peak resident set size of the process that does it (a fresh
interpreter: its ``VmHWM``, Linux), beside that of the same interpreter once the command's
modules are imported, so that the record's own share shows.

Run: ``.venv/bin/python benchmarks/replay_memory.py GAME [--actions N]`` (one line of
JSON).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from random import Random
from typing import Any

from regelwerk import games

ACTIONS = 10**6
#: What the child process runs: the command as a user runs it, then its peak memory in kB
#: (``VmHWM``: the high-water mark of this process image's own memory, which unlike
#: ``ru_maxrss`` does not start from the size of the process that started it).
CHILD = """
import re, sys
from regelwerk.cli import main
code = main(sys.argv[1:]) if len(sys.argv) > 1 else 0
with open("/proc/self/status", encoding="ascii") as status:
    print(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1), file=sys.stderr)
sys.exit(code)
"""


def long_record(game: str, count: int) -> dict[str, Any]:
    """A record of ``count`` actions: a seeded random game, then its actions again."""
    declared = games.get(game).game
    state = declared.new_game(seed=1)
    rng = Random(1)
    played = []
    while not declared.is_terminal(state):
        action = declared.random_action(state, rng)
        played.append(declared.action_to_json(action))
        state = declared.apply(state, action)
    actions = (played * (count // len(played) + 1))[:count]
    return {"format": "regelwerk-game-record/1", "game": game, "seed": 1, "options": {},
            "actions": actions}


def peak_mib(arguments: list[str]) -> tuple[float, int]:
    """(peak resident MiB, exit code) of a fresh interpreter running ``regelwerk ARGS``."""
    done = subprocess.run([sys.executable, "-c", CHILD, *arguments], capture_output=True,
                          text=True, check=False)
    return int(done.stderr.splitlines()[-1]) / 1024, done.returncode


def measure(game: str, count: int = ACTIONS) -> dict[str, Any]:
    """The figures of one game's ``count``-action record."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        path.write_text(json.dumps(long_record(game, count)), encoding="utf-8")
        size = path.stat().st_size
        base, _ = peak_mib([])
        peak, code = peak_mib(["replay", str(path), "--quiet", "--lang", "en"])
    return {"game": game, "actions": count, "bytes": size, "peak_mib": round(peak, 1),
            "interpreter_mib": round(base, 1), "exit": code}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games.games())
    parser.add_argument("--actions", type=int, default=ACTIONS)
    args = parser.parse_args()
    print(json.dumps(measure(args.game, args.actions)))


if __name__ == "__main__":
    main()
