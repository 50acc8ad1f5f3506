"""Solo Florenz: how often a random player beats Strozzi, per level, over fixed seeds.

Game ``i`` (``0 <= i < --games``) is ``new_game(seed=i, options={"players": 1,
"solo_level": LEVEL})`` played to its end by the game's own random policy
(``random_action`` with ``Random(f"solo/{i}")``), so two runs over the same
engine print the same figures, and a rule change shows as a change of them
(issue 17: the solo round totals before and after the fix).

For each level the script prints the games played, the player's wins, the win rate,
and the mean final points of the player and of Strozzi.

Run: ``.venv/bin/python benchmarks/solo_outcomes.py [--games N] [--level LEVEL]``
"""

from __future__ import annotations

import argparse
from random import Random

from regelwerk.engine import florenz
from regelwerk.engine.florenz import GAME


def play(seed: int, level: str) -> tuple[int, int]:
    """``(player's points, Strozzi's points)`` at the end of seeded game ``seed``."""
    rng = Random(f"solo/{seed}")
    state = florenz.new_game(seed=seed, options={"players": 1, "solo_level": level})
    while not florenz.is_terminal(state):
        state = florenz.apply(state, florenz.random_action(state, rng))
    automa = state.rules.automa
    return state.points[1 - automa], state.points[automa]


def main() -> None:
    levels = next(v.choices for v in GAME.variants if v.name == "solo_level")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per level (seeds 0..N-1)")
    parser.add_argument("--level", action="append", choices=levels,
                        help="only this level (repeatable); default: every level")
    args = parser.parse_args()
    print(f"{'level':8} {'games':>6} {'wins':>6} {'win rate':>9} {'player':>8} {'Strozzi':>8}")
    for level in args.level or levels:
        wins = mine = his = 0
        for seed in range(args.games):
            player, strozzi = play(seed, level)
            wins += player > strozzi
            mine += player
            his += strozzi
        n = args.games
        print(f"{level:8} {n:6d} {wins:6d} {wins / n:9.2%} {mine / n:8.1f} {his / n:8.1f}",
              flush=True)


if __name__ == "__main__":
    main()
