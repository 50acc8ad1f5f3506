"""Fingerprints of seeded random games: proof that a refactor changed no rule.

For every game, player count and rule variant, ``--games`` seeded random
playouts are played with the game's own random policy; the fingerprint of a
configuration is two SHA-256 digests: of every player's action (in record
notation) and of the final states (without their shared rules object). Two runs
print the same lines exactly when every game took the same course and ended in
the same state; a change in how a state is represented (say, a chance node made
explicit) changes only the second digest.

Run: ``.venv/bin/python benchmarks/fingerprints.py [--games N] [--game ID] [--out FILE]``
and ``diff`` two outputs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from random import Random
from typing import Any

from regelwerk import games


def configurations(game: str) -> Iterator[dict[str, Any]]:
    """Every player count, with default rules and with each non-default variant value."""
    module = games.get(game).engine_module()
    low, high = module.PLAYERS
    variants: Any = getattr(module, "VARIANTS", {})
    pairs = variants.items() if isinstance(variants, Mapping) else [(v.name, v.choices)
                                                                      for v in variants]
    for players in range(low, high + 1):
        yield {"players": players}
        for name, choices in pairs:
            for value in list(choices)[1:]:
                yield {"players": players, name: value}


def final_state_text(state: Any) -> str:
    """The state without its rules (shared, not part of a game's course)."""
    return repr(tuple(state)[1:])


def fingerprint(game: str, options: Mapping[str, Any], n: int) -> tuple[str, str, int]:
    """Digests of the actions and of the final states of ``n`` seeded games, and the action count.

    A game still going at its declared maximum length (``Game.longest``: a loop the rules
    allow, such as Il Vecchio's ``endless_game = needs_lying_member`` where only passing is
    left) is cut there: its state then is its final state, so the script always ends."""
    module = games.get(game).engine_module()
    declared = games.get(game).game
    digest, finals = hashlib.sha256(), hashlib.sha256()
    actions = 0
    for index in range(n):
        rng = Random(f"fingerprint/{index}")
        state = module.new_game(seed=index, options=dict(options))
        longest = declared.longest(state)
        steps = 0
        while not module.is_terminal(state) and (longest is None or steps < longest):
            steps += 1
            action = module.random_action(state, rng)
            state = module.apply(state, action)
            digest.update(json.dumps(module.action_to_json(action), sort_keys=True).encode())
            actions += 1
        finals.update(final_state_text(state).encode())
    return digest.hexdigest()[:16], finals.hexdigest()[:16], actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per configuration")
    parser.add_argument("--game", action="append", choices=sorted(games.games()),
                        help="only this game (repeatable); default: every game")
    parser.add_argument("--out", type=Path, help="also write the lines to this file")
    args = parser.parse_args()
    lines = []
    for game in args.game or games.games():
        for options in configurations(game):
            digest, finals, actions = fingerprint(game, options, args.games)
            line = f"{game} {json.dumps(options, sort_keys=True)} {actions} {digest} {finals}"
            print(line, flush=True)
            lines.append(line)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
