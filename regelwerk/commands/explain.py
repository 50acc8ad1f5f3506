"""``regelwerk explain FILE``: why an action is legal or not at a step of a recorded game
(:mod:`regelwerk.explain`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from regelwerk import games, status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out
from regelwerk.engine.core.records import GameRecord


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Replay a game record to a step and show the legal actions there, grouped by the "
        "rule clause that allows them, with the interpretation entries that apply; with "
        "--action, whether that action is legal and the clause that decides it; at the end "
        "of a finished game, each player's score item by item, each line citing its clause.")
    parser.add_argument("file", metavar=_("FILE"), type=options.path_type(_),
                        help=_("game record (JSON)"))
    parser.add_argument("--step", type=int, metavar="N", help=_(
        "the position after N actions (default: the end of the record)"))
    parser.add_argument("--action", metavar="A", help=_(
        "an action to judge: a number of the listing, or an action in the record's notation"))
    options.game_options(parser, _)
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    from regelwerk.explain import explain
    from regelwerk.recorded import note

    record = GameRecord.read(args.file, games.Declared())      # a RecordError names file and key
    game = common.game(record.game, lang).game
    record = common.fresh(record, game, common.options_of(args, lang))
    found = explain(record, args.step, args.action, lang)
    said = note(game, record)
    if args.json:
        out(json.dumps({**found.to_json(), "readings": said and said.to_json()}, indent=1,
                       ensure_ascii=False))
    else:
        for line in found.lines(lang) + ([] if said is None else said.lines(lang)):
            out(line)
    return status_codes.SUCCESS
