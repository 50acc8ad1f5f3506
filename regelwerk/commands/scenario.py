"""``regelwerk scenario FILE...``: run given/when/then scenario files
(:mod:`regelwerk.scenario_cli`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from regelwerk import status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Play each scenario of the given TOML files (format: tests/scenarios/README.md) and "
        "say per scenario whether it passed or what differed, in words. Exit 1 if one "
        "failed, 2 for a file that cannot be run.")
    parser.add_argument("files", nargs="+", type=options.path_type(_), metavar=_("FILE"),
                        help=_("scenario file (TOML)"))
    parser.add_argument("--game", help=_("the game of files that do not say (default: the "
                                         "file's game key, or its folder's name)"))


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    from regelwerk import scenario_cli

    if args.game is not None:
        common.game(args.game, lang)
    try:
        _passed, failed = scenario_cli.run(args.files, args.game, lang, out)
    except scenario_cli.BadFile as exc:
        raise UsageError(str(exc)) from None
    return status_codes.FAILED if failed else status_codes.SUCCESS
