"""``regelwerk play``: a game at the terminal, seat by seat, recorded after every action
and resumable (:mod:`regelwerk.play`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from regelwerk import games, status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core.files import is_stdout
from regelwerk.engine.core.records import GameRecord, refuse_overwrite
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Play a game seat by seat: at a person's turn the position is shown with the legal "
        "actions numbered; answer with a number, a number and a value for an open choice, or "
        "an action in the record's notation. The record is written after every action; an "
        "interrupted game goes on with --resume. Reads standard input, so a script can play.")
    path = options.path_type(_)
    parser.add_argument("game", nargs="?", metavar=_("GAME"),
                        help=_("game id (not with --resume)"))
    options.game_options(parser, _)
    options.seed(parser, _("seed of the game's chance (default 0)"))
    parser.add_argument("--random", action="append", type=int, default=[], metavar=_("SEAT"),
                        help=_("this seat (0 = the first player) is played by the random "
                               "player (repeatable)"))
    parser.add_argument("--record", type=path, metavar=_("FILE"),
                        help=_("write the record here"))
    parser.add_argument("--resume", type=path, metavar=_("FILE"),
                        help=_("go on with the game recorded in FILE (and keep writing it)"))
    parser.add_argument("--force", action="store_true", help=_(
        "start the new game even where --record FILE already holds a game or another file"))


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    from regelwerk.play import Table, answer_lines, play, start

    _ = translator(lang)
    if (args.record is None) == (args.resume is None):
        raise UsageError(_("give either --record FILE (a new game) or --resume FILE"))
    if args.resume is not None:
        if args.game is not None or args.players is not None or args.option or args.board:
            raise UsageError(_("--resume takes the game and its options from the record"))
        record = GameRecord.read(args.resume, games.Declared())
        game = common.game(record.game, lang).game
        path = args.resume
    else:
        if not args.game:
            raise UsageError(_("which game? (regelwerk games lists them)"))
        if is_stdout(args.record):
            raise UsageError(_("--record -: play writes the record after every action so that "
                               "the game can be resumed, which standard output cannot be; "
                               "give a file"))
        if not args.force:      # a RecordError: a game (or another file) is there already
            refuse_overwrite(args.record, games.Declared())
        info = common.game(args.game, lang)
        game = info.game
        chosen = common.options_of(args, lang)
        record = start(game, args.seed, chosen)      # a SpecError names the option
        path = args.record
    seats = record.options.get("players", game.default_players)
    for seat in args.random:
        if not 0 <= seat < max(seats, 1):
            raise UsageError(_("--random: seat {seat} is not one of 0 to {last}").format(
                seat=seat, last=max(seats, 1) - 1))
    if not record.actions:
        record.write(path)
    play(game, record, Table(frozenset(args.random), record.seed), path,
         answer_lines(sys.stdin), out, lang)
    return status_codes.SUCCESS
