"""``regelwerk simulate GAME``: random legal games with every runtime invariant checked
after every action (:mod:`regelwerk.simulate`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from regelwerk import status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import decimal, integer, percent
from regelwerk.engine.core.spec import seat_word
from regelwerk.parser import translator
from regelwerk.policies import DEFAULT


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _("Play legal games (random unless --policy says otherwise), "
                           "checking every runtime invariant after every action.")
    parser.add_argument("game", metavar=_("GAME"), help=_("game id"))
    options.games_count(parser, 1000, _("number of games (default 1000)"))
    options.seed(parser, _("seed of the run (default 0)"))
    options.game_options(parser, _)
    options.mutant(parser, _(
        "play by a deliberately broken rule (a mutant of 'regelwerk verify'), to see that "
        "simulate finds it too"))
    parser.add_argument("--save-violations", type=options.path_type(_), metavar=_("DIR"),
                        help=_("write a game record for every violation into DIR"))
    options.policy(parser, _)
    options.jobs(parser, _)
    parser.add_argument("--dask", metavar=_("ADDRESS"), help=_(
        "play the games on a dask.distributed cluster: the scheduler's address, or 'local' "
        "for a local cluster of --jobs processes (needs regelwerk[cluster])"))
    options.no_progress(parser, _)
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    from tqdm import tqdm

    from regelwerk.simulate import simulate

    _ = translator(lang)
    info = common.game(args.game, lang)
    game = info.game
    common.check_counts(args, lang)
    if args.dask is not None and importlib.util.find_spec("distributed") is None:
        raise UsageError(_("--dask needs the cluster extra: pip install 'regelwerk[cluster]'"))
    chosen = common.options_of(args, lang)
    chosen.pop("players", None)
    board = chosen.pop("board", None)
    common.folder_option("--save-violations", args.save_violations, lang)
    if args.save_violations is not None:
        try:
            args.save_violations.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(_("--save-violations {dir}: not a folder regelwerk can write "
                               "into ({error})").format(dir=args.save_violations,
                                                        error=exc.strerror or exc)) from None
    low, high = game.players
    players = args.players if args.players is not None else game.default_players
    if not low <= players <= high:
        raise UsageError(_("{game} is played by {low} to {high} players, not {players}").format(
            game=info.id, low=low, high=high, players=players))
    chosen["players"] = players
    if args.board:
        chosen["board"] = board
    rules = game.rules_for(chosen)           # a SpecError names the file (main shows it)
    policies = options.read_policy(args.policy, game, len(game.seats(rules)), lang)
    if args.mutant:
        from regelwerk.verification.core import mutate

        rules = mutate(rules, common.mutant(info, args.mutant, lang).fns)
    bar = tqdm(total=args.games, unit=_("games"), disable=args.no_progress or None,
               file=sys.stderr, desc=info.id)
    try:
        report = simulate(game, args.games, args.seed, chosen, check=True, progress=bar.update,
                          rules=rules, jobs=args.jobs, save=args.save_violations,
                          dask=args.dask, policies=policies)
    finally:
        bar.close()
    shown = common.replaced(game, chosen.get("board"), lang)
    if args.json:
        out(json.dumps({**report.to_json(), **({"board": shown} if shown else {})}, indent=1,
                       ensure_ascii=False))
    else:
        if shown:
            common.print_board(shown, lang, out)
        out(_("{game}: {games} games, {actions} actions in {seconds} s "
              "({gps} games/s, {aps} actions/s)").format(
            game=info.id, games=integer(report.games, lang),
            actions=integer(report.actions, lang), seconds=decimal(report.seconds, lang, 2),
            gps=(integer(report.games_per_second, lang) if report.games_per_second >= 10
                 else decimal(report.games_per_second, lang, 2)),   # searched games are slow
            aps=integer(report.actions_per_second, lang)))
        if report.policy != DEFAULT:       # random play's report stays as it was
            out(_("seats played by: {policy}").format(policy=report.policy))
        out(_("invariant violations: {count}").format(count=len(report.violations)))
        for v in report.violations[:5]:
            out(_("  game {index}, action {step}: {names}").format(
                index=v.game_index, step=v.step, names=", ".join(v.invariants)))
        out(_("wins: {outcomes}").format(outcomes=wins_text(game, report.outcomes, lang)))
        if report.covered:
            never = report.never_covered
            out(_("parts of the game in play: {covered} of {parts}").format(
                covered=integer(len(report.covered) - len(never), lang),
                parts=integer(len(report.covered), lang)))
            if never:
                out(_("never in play: {parts}").format(parts=", ".join(never)))
    return status_codes.FAILED if report.violations else status_codes.SUCCESS


def wins_text(game: Any, outcomes: Mapping[str, int], lang: str) -> str:
    """Who won how often, in words of ``lang``: each winner (several sharing a win joined
    by "+") by name, with the count and the share of the games
    (``Medici 530 (53 %), Strozzi 470 (47 %)``), most wins first; ``-``: unfinished."""
    total = sum(outcomes.values()) or 1
    parts = []
    for key, count in sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0])):
        who = gettext_for(lang, N_("no result")) if key == "-" else " + ".join(
            seat_word(game.id, name, lang) for name in key.split(" + "))
        parts.append(gettext_for(lang, N_("{who} {count} ({share})")).format(
            who=who, count=integer(count, lang), share=percent(count / total, lang)))
    return ", ".join(parts)
