"""``regelwerk games``: every game with its players, clauses and invariants.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from regelwerk import games, status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out
from regelwerk.engine.core import spec as spec_module
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _("List every game with its players, clauses and invariants.")
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    _ = translator(lang)
    rows = []
    for info in games.games().values():
        spec = spec_module.load(info.id)
        try:
            invariants = len(info.verification.invariants)
        except ModuleNotFoundError:
            invariants = 0
        low, high = info.game.players
        rows.append({"id": info.id, "title": info.title,
                     "players": f"{low}" if low == high else f"{low}-{high}",
                     "clauses": len(spec.clauses), "invariants": invariants,
                     "interpretations": len(spec.interpretations),
                     "assumed_numbers": sum(1 for _n in spec.assumed())})
    if args.json:
        out(json.dumps(rows, indent=1, ensure_ascii=False))
        return status_codes.SUCCESS
    for row in rows:
        row["title"] = common.title(games.get(str(row["id"])), lang)
        out(_("{id}: {title}; players {players}; {clauses} clauses, {invariants} invariants, "
              "{interpretations} interpretations, {assumed_numbers} assumed numbers").format(**row))
    return status_codes.SUCCESS
