"""The options several commands share, each defined once (as pip's ``cmdoptions``).

Each function adds one option (or one group of options) to a command's parser, its help
in the reader's language (``_``). A command's own options stay in its module.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from regelwerk.engine.core.i18n import LANGUAGES
from regelwerk.policies.mcts import DEPTH, SIMULATIONS

Translate = Callable[[str], str]


def path_type(_: Translate) -> Callable[[str], Path]:
    """The type of an argument naming a file or folder: an empty one names nothing
    (``Path("")`` would be the current folder) and is refused."""
    def path(text: str) -> Path:
        if not text:
            raise argparse.ArgumentTypeError(_("an empty path names no file or folder"))
        return Path(text)

    return path


def standard(parser: argparse.ArgumentParser, _: Translate) -> None:
    """What every parser has: its group titles in the reader's language, ``-h/--help``
    and ``--lang``."""
    parser._positionals.title = _("positional arguments")
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=_("output language (default: from REGELWERK_LANG or the locale)"))


def json_output(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--json``: the command's report as JSON."""
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))


def players(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--players N``."""
    parser.add_argument("--players", type=int,
                        help=_("number of players (default: the game's usual count)"))


def variants(parser: argparse.ArgumentParser, _: Translate, help: str | None = None) -> None:
    """``--option KEY=VALUE`` (repeatable): a rule variant's reading; ``help`` where the
    command reads them otherwise (``compare``: two readings of one variant)."""
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=help or _("rule variant, e.g. buy_without_room=may_not_buy "
                                       "(repeatable)"))


def board(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--board FILE``: a printed board's numbers."""
    parser.add_argument("--board", type=path_type(_), metavar=_("FILE"), help=_(
        "TOML file with the printed board's numbers (replaces assumed ones)"))


def game_options(parser: argparse.ArgumentParser, _: Translate,
                 with_players: bool = True) -> None:
    """The options every command that plays takes alike (issue 29): players, rule
    variants, a printed board (``with_players=False``: the command adds ``--players``
    elsewhere in its help)."""
    if with_players:
        players(parser, _)
    variants(parser, _)
    board(parser, _)


def games_count(parser: argparse.ArgumentParser, default: int, help: str) -> None:
    """``-n/--games N``: how many games a command plays (its own default, named in its
    ``help``)."""
    parser.add_argument("-n", "--games", type=int, default=default, help=help)


def seed(parser: argparse.ArgumentParser, help: str) -> None:
    """``--seed N`` (default 0): of the run, or of one game's chance (``help`` says which)."""
    parser.add_argument("--seed", type=int, default=0, help=help)


def jobs(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--jobs N``: worker processes, every core unless told; no command's report
    depends on it."""
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help=_("worker processes (default: every core); the figures do not "
                               "depend on it"))


def no_progress(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--no-progress``: no progress bar on standard error."""
    parser.add_argument("--no-progress", action="store_true", help=_("no progress bar"))


def mutant(parser: argparse.ArgumentParser, help: str) -> None:
    """``--mutant ID``: a deliberately broken rule (``help`` says what the command does
    with it)."""
    parser.add_argument("--mutant", metavar="ID", help=help)


def root(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--root DIR``: the source checkout of a command that needs one."""
    parser.add_argument("--root", type=path_type(_),
                        help=_("source checkout (default: found from here)"))


def policy(parser: argparse.ArgumentParser, _: Translate) -> None:
    """``--policy P`` or ``--policy P1,P2,...``: how the seats choose (:mod:`regelwerk.policies`)."""
    parser.add_argument("--policy", default="random", metavar=_("POLICY"), help=_(
        "how the seats choose: random (default), greedy (one step ahead on the game's "
        "heuristic), mcts, mcts:N or mcts:N:D (OpenSpiel's tree search with N simulations, "
        "default {simulations}, each leaf valued after a random rollout of D moves, default "
        "{depth}; needs regelwerk[openspiel]); one for every seat or one per seat, separated "
        "by commas").format(simulations=SIMULATIONS, depth=DEPTH))


def read_policy(text: str, game: Any, seats: int, lang: str) -> str:
    """``--policy``'s text for a game of ``seats`` seats, checked (the names, their count,
    what each policy needs of the game); a usage error in ``lang`` otherwise. Returns it as
    :func:`regelwerk.policies.named` writes it."""
    from regelwerk.commands.common import UsageError
    from regelwerk.policies import PolicyError, check, named, parse_seats

    try:
        policies = parse_seats(text, seats)
        check(game, policies)
    except PolicyError as exc:
        raise UsageError(exc.message_in(lang)) from None
    return named(policies)
