"""``regelwerk replay FILE``: a game record replayed through the engine, its course and
result; ``--until N`` and ``--positions`` show positions in words; ``--seat N`` shows the
game as one seat saw it.

From one seat (``--seat``, issue 33) the positions are that seat's view
(:meth:`Game.view_text`). In a game that hides nothing every action is told as without
``--seat``; in one that hides something the seat's own actions are told, and of another
seat's action or a draw of chance only who made it (what it changed that the seat may see
shows in the positions), so a hidden card drawn or played is never named.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from regelwerk import games, status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Failed, Out, UsageError
from regelwerk.engine.core.errors import IllegalAction, quoted
from regelwerk.engine.core.numbers import integer
from regelwerk.engine.core.records import GameRecord, RecordError, recorded_action
from regelwerk.engine.core.spec import SpecError
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Replay a JSON game record through the engine and print its course and result; "
        "fails if an action is illegal or the recorded result differs.")
    parser.add_argument("file", metavar=_("FILE"), type=options.path_type(_),
                        help=_("game record (JSON)"))
    parser.add_argument("--quiet", action="store_true",
                        help=_("only the summary, not the course"))
    parser.add_argument("--until", type=int, metavar="N",
                        help=_("stop after action N and show the position there in words"))
    parser.add_argument("--positions", action="store_true",
                        help=_("show the position in words after every action"))
    parser.add_argument("--seat", type=int, metavar="N", help=_(
        "show the game as seat N sees it (0 is the first seat): the positions in its view, "
        "and in a game with hidden information only its own actions in words"))
    options.game_options(parser, _)
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    from regelwerk.play import chance_lines, chance_steps, indented, result_lines
    from regelwerk.recorded import note

    _ = translator(lang)
    # A RecordError names the file and the key (main shows it); the options are checked
    # against the record's game (players, variants, board numbers).
    if args.until is not None and args.until < 0:
        raise UsageError(_("--until must be at least 0, not {until}").format(until=args.until))
    record = GameRecord.read(args.file, games.Declared())
    game = common.game(record.game, lang).game
    try:
        record = common.fresh(record, game, common.options_of(args, lang))
        state = game.new_game(seed=record.seed, options=dict(record.options))
    except SpecError as exc:
        raise UsageError(_("{file}: options: {error}").format(
            file=args.file, error=exc.message_in(lang))) from None
    seats = game.seats(state)
    if args.seat is not None and not 0 <= args.seat < len(seats):
        raise UsageError(_("--seat must be a seat of this game, from 0 to {last}, not "
                           "{seat}").format(last=len(seats) - 1, seat=args.seat))
    readings_note = note(game, record)
    course = not (args.quiet or args.json or args.until is not None)
    for index, raw in enumerate(record.actions):
        if args.until is not None and index >= args.until:
            _show_position(game, state, index, lang, out, args.seat)
            return status_codes.SUCCESS
        try:      # a record without a seed must give chance's outcomes (recorded_action)
            action = recorded_action(game, state, record, index)
            mover = game.current_player(state)
            told = args.seat is None or not game.hides or mover == args.seat
            drawn = chance_steps(game, state, action) if course and (
                args.seat is None or not game.hides) else []
            before, state = state, game.apply(state, action)
            if course:
                player = common.seat(game, record.options, mover, lang)
                out(_("{index:4}. {player}: {action}").format(
                    index=index + 1, player=player,
                    action=game.describe(before, action, lang)) if told else
                    _("{index:4}. {player} acts").format(index=index + 1, player=player))
                for line in chance_lines(game, drawn, lang, "      "):
                    out(line)
                if args.positions:
                    for line in indented(_seen(game, state, args.seat, lang), "      "):
                        out(line)
        except RecordError as exc:
            raise UsageError(_("{file}: action {index}: {error}").format(
                file=args.file, index=index + 1, error=exc.message_in(lang))) from None
        except IllegalAction as exc:
            raise Failed(_("{file}: action {index} ({action}) is illegal: {error}").format(
                file=args.file, index=index + 1, action=quoted(json.dumps(raw), lang),
                error=exc.message_in(lang))) from None
    if args.until is not None:
        _show_position(game, state, len(record.actions), lang, out, args.seat)
        return status_codes.SUCCESS
    result = game.result(state)
    finished = game.is_terminal(state)
    if args.json:
        out(json.dumps({"game": record.game, "actions": len(record.actions),
                        "finished": finished, "result": result,
                        "options": dict(record.options), "rules": record.rules,
                        "readings": readings_note and readings_note.to_json()},
                       indent=1, ensure_ascii=False))
    else:
        out(_("{game}: {count} actions replayed; game finished: {finished}").format(
            game=record.game, count=integer(len(record.actions), lang),
            finished=_("yes") if finished else _("no")))
        for line in result_lines(game, result, lang) if finished else []:
            out(line)
        for line in [] if readings_note is None else readings_note.lines(lang):
            out(line)
    if record.result is not None and record.result != result:
        from regelwerk.play import result_text

        raise Failed(_("{file}: the replay ends with {got}, the record says {expected}").format(
            file=args.file, got=result_text(game, result, lang),
            expected=result_text(game, record.result, lang)))
    return status_codes.SUCCESS


def _show_position(game: Any, state: Any, index: int, lang: str,
                   out: Out, seat: int | None = None) -> None:
    """``replay --until``: the position after action ``index`` (as the course numbers
    them; 0: before the first) in words (``seat``: as that seat sees it)."""
    from regelwerk.play import indented

    _ = translator(lang)
    out(_("after action {index}:").format(index=index))
    for line in indented(_seen(game, state, seat, lang)):
        out(line)


def _seen(game: Any, state: Any, seat: int | None, lang: str) -> str:
    """The position in words of ``lang``: all of it, or what ``seat`` sees
    (:meth:`Game.view_text`)."""
    from regelwerk.play import position

    return position(game, state, lang) if seat is None else game.view_text(state, seat, lang)
