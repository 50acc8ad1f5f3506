"""``regelwerk stats GAME``: statistics of random games, with plots (:mod:`regelwerk.stats`),
cached by the rules' content.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path

from regelwerk import status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core.files import OutputError, is_stdout, write_text
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import decimal, integer, number, percent
from regelwerk.output import error_line
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Play games (random unless --policy says otherwise) and show the score distribution "
        "by seat, the game length, the win rate by seat and how often each action kind is "
        "chosen; --plot draws them as SVG with captions in the chosen language. The figures "
        "are cached under _build/stats, keyed by the rules' content, so an unchanged run does "
        "not play again.")
    path = options.path_type(_)
    parser.add_argument("game", metavar=_("GAME"), help=_("game id"))
    options.players(parser, _)
    options.games_count(parser, 200, _("number of games (default 200)"))
    options.seed(parser, _("seed of the run (default 0)"))
    options.jobs(parser, _)
    options.policy(parser, _)
    options.no_progress(parser, _)
    options.game_options(parser, _, with_players=False)
    parser.add_argument("--plot", type=path, metavar=_("FILE"), help=_(
        "write the plots here (SVG; - is standard output, and then nothing else is printed)"))
    parser.add_argument("--cache", type=path, metavar=_("DIR"), help=_(
        "cache folder (default: _build/stats of the source checkout, else of the current "
        "folder)"))
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    import sys

    from tqdm import tqdm

    from regelwerk.policies import DEFAULT
    from regelwerk.stats import plot, stats
    from regelwerk.trace import find_root

    _ = translator(lang)
    info = common.game(args.game, lang)
    common.check_counts(args, lang)
    if args.plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise UsageError(_("--plot needs matplotlib: pip install matplotlib"))
    if args.plot is not None and is_stdout(args.plot) and args.json:
        raise UsageError(_("--plot - and --json both write to standard output; give --plot "
                           "a file"))
    cache = _stats_cache(args.cache, find_root, lang)
    chosen = common.options_of(args, lang)

    players = args.players if args.players is not None else info.game.default_players
    seats = len(info.game.seats(info.game.rules_for({**chosen, "players": players})))
    policies = options.read_policy(args.policy, info.game, seats, lang)
    # random play is quick: a bar only where the seats search
    bar = tqdm(total=args.games, unit=_("games"), file=sys.stderr, desc=info.id,
               disable=args.no_progress or policies == DEFAULT or None)
    try:
        result = stats(info.id, args.players, args.games, args.seed, args.jobs, cache, chosen,
                       policies, progress=bar.update)
    finally:
        bar.close()
    names = common.seat_list(info.game, result.players, lang)
    if args.plot is not None:
        write_text(args.plot, plot(result, names, lang))     # -: standard output, nothing else
        if is_stdout(args.plot):
            return status_codes.SUCCESS
    board = common.replaced(info.game, chosen.get("board"), lang)
    if args.json:
        out(json.dumps({**result.to_json(), "summary": result.summary(), "cached": result.cached,
                        **({"board": board} if board else {})}, indent=1, ensure_ascii=False))
        return status_codes.SUCCESS
    if board:
        common.print_board(board, lang, out)
    summary = result.summary()
    heading = (_("{game}: {games} random games at {players} players (seed {seed}){cached}")
               if result.policy == DEFAULT else
               _("{game}: {games} games at {players} players (seed {seed}), seats played by "
                 "{policy}{cached}"))
    out(heading.format(
        game=info.id, games=integer(result.games, lang), players=result.players, seed=result.seed,
        policy=result.policy, cached=_(", from the cache") if result.cached else ""))
    length = summary["length"]
    out(_("game length: mean {mean}, median {median}, from {min} to {max} actions").format(
        **_figures(length, lang)))
    for name, score, rate in zip(names, summary["score"], summary["win_rate"], strict=False):
        out(_("  {player}: won {rate}; score mean {mean}, median {median}, from {min} "
              "to {max}").format(player=name, rate=percent(rate, lang), **_figures(score, lang)))
    total = sum(result.kinds.values()) or 1
    out(_("action kinds chosen:"))
    for kind, count in sorted(result.kinds.items(), key=lambda kv: (-kv[1], kv[0])):
        out(f"  {kind:20} {integer(count, lang):>8} {percent(count / total, lang, trim=False):>7}")
    if args.plot is not None:
        out(_("plots written to {file}").format(file=args.plot))
    return status_codes.SUCCESS


def _figures(figures: dict[str, float], lang: str) -> dict[str, str]:
    """A mean, median, least and most in the reader's locale (:mod:`regelwerk.engine.core.numbers`)."""
    return {key: decimal(value, lang) if key == "mean" else number(value, lang)
            for key, value in figures.items()}


def _stats_cache(given: Path | None, find_root: Callable[[Path], Path | None],
                 lang: str) -> Path | None:
    """The cache folder of ``stats``. ``--cache DIR`` must be a folder regelwerk can make
    and write into (a usage error otherwise); where the default, ``_build/stats`` of the
    checkout or the current folder, cannot be, the games are played without a cache and
    a note on standard error says why (issue 32)."""
    from regelwerk.stats import usable

    folder = given if given is not None else \
        (find_root(Path.cwd()) or Path.cwd()) / "_build" / "stats"
    try:
        usable(folder)
    except OutputError as exc:
        if given is not None:
            raise UsageError(gettext_for(lang, N_("--cache: {error}")).format(
                error=exc.message_in(lang))) from None
        error_line(gettext_for(lang, N_("regelwerk: note: {error}; the games are played "
                                         "without a cache")).format(
            error=exc.message_in(lang)), lang)
        return None
    return folder
