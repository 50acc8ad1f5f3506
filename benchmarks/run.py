"""Benchmark figures (a script, not a test): prints, never asserts.

* random-playout games/s and engine actions/s per game (no invariant checks,
  one core), with the same for python-chess as the yardstick;
* wall time of ``regelwerk verify`` per game;
* wall time of the bilingual site build (``--site``).

Target (issue #2): at least 50,000 engine actions per second per core.
Run: ``make bench`` or ``.venv/bin/python benchmarks/run.py [--seconds S] [--site]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from regelwerk import games
from regelwerk.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
TARGET = 50_000


def chess_moves_per_second(seconds: float) -> tuple[float, int]:
    import chess

    rng = random.Random(1)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
    return moves / (time.perf_counter() - start), moves


def playouts(game: str, seconds: float, players: int | None) -> dict[str, float]:
    module = games.get(game).engine_module()
    options = {"players": players or module.PLAYERS[0]}
    batch, total_games, total_actions, elapsed = 50, 0, 0, 0.0
    seed = 0
    while elapsed < seconds:
        report = simulate(module, batch, seed, options, check=False)
        total_games += report.games
        total_actions += report.actions
        elapsed += report.seconds
        seed += 1
    return {"games_per_s": total_games / elapsed, "actions_per_s": total_actions / elapsed,
            "games": total_games, "actions": total_actions, "players": options["players"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--site", action="store_true", help="also time the site build")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    figures: dict[str, object] = {}

    rate, moves = chess_moves_per_second(args.seconds)
    figures["python-chess"] = {"moves_per_s": rate, "moves": moves}
    print(f"python-chess random playouts: {rate:,.0f} moves/s ({moves} moves)")

    for game in games.games():
        module = games.get(game).engine_module()
        low, high = module.PLAYERS
        default = getattr(module, "DEFAULT_PLAYERS", low)
        for players in sorted({low, default, high}):
            row = playouts(game, args.seconds, players)
            figures[f"{game}/{players}p"] = row
            verdict = "meets" if row["actions_per_s"] >= TARGET else "MISSES"
            print(f"{game} ({players} players): {row['games_per_s']:,.0f} games/s, "
                  f"{row['actions_per_s']:,.0f} actions/s ({verdict} the {TARGET:,} target; "
                  f"{row['actions_per_s'] / rate:.1f}x python-chess)")

    for game in games.games():
        module = games.get(game).verification_module()
        rules = module.default_rules()
        start = time.perf_counter()
        statuses = [inv.check(rules).status for inv in module.INVARIANTS]
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

    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
