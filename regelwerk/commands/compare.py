"""``regelwerk compare GAME``: the same random games under two readings of a rule variant
(:mod:`regelwerk.compare`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

from regelwerk import status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core.errors import quoted
from regelwerk.engine.core.spec import load_board_file
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Play the same random games under two readings of a rule variant (the same seeds "
        "and random choices where the rules allow) and report in how many games the reading "
        "mattered (what a player sees differed: the player to move, the legal actions "
        "offered, the action taken or the result), the first difference of a few games in "
        "words with the clause that decides it, and the win rates and mean scores per seat "
        "with 95% intervals and whether their difference can be told from chance.")
    parser.add_argument("game", metavar=_("GAME"), help=_("game id"))
    options.variants(parser, _, _(
        "a reading, e.g. buy_without_room=may_not_buy; give exactly two of one variant"))
    parser.add_argument("--with", dest="base", action="append", default=[], metavar="KEY=VALUE",
                        help=_("another rule variant both readings are played with "
                               "(repeatable)"))
    parser.add_argument("--save", type=options.path_type(_), metavar=_("DIR"), help=_(
        "write both games of the first differing games as game records to DIR (for "
        "replay and explain)"))
    options.games_count(parser, 100, _("number of games (default 100)"))
    options.players(parser, _)
    options.board(parser, _)
    options.seed(parser, _("seed of the run (default 0)"))
    options.policy(parser, _)
    options.jobs(parser, _)
    options.no_progress(parser, _)
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    import sys

    from tqdm import tqdm

    from regelwerk.compare import compare, save
    from regelwerk.policies import DEFAULT

    _ = translator(lang)
    info = common.game(args.game, lang)
    common.check_counts(args, lang)
    option, values = _readings(args.option, lang)
    common.folder_option("--save", args.save, lang)
    base = {}
    for item in args.base:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip() or key.strip() == option:
            raise UsageError(_("--with needs KEY=VALUE of another variant, got {item!r}")
                             .format(item=quoted(item, lang)))
        base[key.strip()] = value.strip()
    if args.board:
        base["board"] = load_board_file(args.board)
    players = args.players if args.players is not None else info.game.default_players
    seats = len(info.game.seats(info.game.rules_for({"players": players})))
    policies = options.read_policy(args.policy, info.game, seats, lang)
    # random play is quick: a bar only where the seats search
    bar = tqdm(total=args.games, unit=_("games"), file=sys.stderr, desc=info.id,
               disable=args.no_progress or policies == DEFAULT or None)
    try:
        report = compare(info.id, option, values, args.games, args.players, args.seed,
                         args.jobs, base=base, policies=policies, progress=bar.update)
    finally:
        bar.close()
    if args.save is not None:
        save(report, args.save)
    board = common.replaced(info.game, base.get("board"), lang)
    if args.json:
        out(json.dumps({**report.to_json(), "command": report.command(),
                        **({"board": board} if board else {})}, indent=1, ensure_ascii=False))
        return status_codes.SUCCESS
    if board:
        common.print_board(board, lang, out)
    for line in report.lines(lang):
        out(line)
    return status_codes.SUCCESS


def _readings(raw: Sequence[str], lang: str) -> tuple[str, tuple[Any, Any]]:
    """``--option K=A --option K=B``: the variant and its two readings."""
    _ = translator(lang)
    pairs = []
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(_("--option needs KEY=VALUE, got {item!r}").format(
                item=quoted(item, lang)))
        pairs.append((key.strip(), value.strip()))
    if len(pairs) != 2 or pairs[0][0] != pairs[1][0]:
        raise UsageError(_("compare needs exactly two readings of one variant: "
                           "--option KEY=A --option KEY=B"))
    return pairs[0][0], (pairs[0][1], pairs[1][1])
