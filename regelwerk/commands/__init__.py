"""The commands of ``regelwerk``, one module each (as pip's ``commands``).

:data:`COMMANDS` registers each command by the path of its module, with the one-line
summary the top-level ``--help`` lists; a module is imported only when its command is
parsed or run (:func:`get`). A command module has

* ``add_arguments(parser, _)``: its description and arguments, in the reader's language
  (``_``), the shared ones from :mod:`regelwerk.commands.options`;
* ``run(args, lang, out) -> int``: the command, writing its lines with ``out``; it returns
  an exit code of :mod:`regelwerk.status_codes` or raises
  :class:`~regelwerk.commands.common.UsageError` / :class:`~regelwerk.commands.common.Failed`.

Import policy: this package imports regelwerk's tool modules (``regelwerk.stats``,
``regelwerk.site``, …) and never the other way round; :mod:`regelwerk.cli` imports this
package and nothing imports :mod:`regelwerk.cli`.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, NoReturn, Protocol, cast

from regelwerk.commands import options
from regelwerk.engine.core.i18n import N_
from regelwerk.parser import Parser, localized, translator

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class CommandModule(Protocol):
    """What a command's module provides."""

    def add_arguments(self, parser: argparse.ArgumentParser,
                      _: Callable[[str], str]) -> None: ...

    def run(self, args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int: ...


class Command(NamedTuple):
    """A registered command: the module that holds it and its summary (English, ``N_``)."""

    module: str
    summary: str


#: Every command in the order ``--help`` lists them.
COMMANDS: dict[str, Command] = {
    "games": Command("regelwerk.commands.games", N_("list the games")),
    "rule": Command("regelwerk.commands.rule", N_("show one rule clause")),
    "regress": Command("regelwerk.commands.regress", N_("replay the regression corpus")),
    "scenario": Command("regelwerk.commands.scenario",
                        N_("run given/when/then scenario files")),
    "replay": Command("regelwerk.commands.replay", N_("replay a game record")),
    "play": Command("regelwerk.commands.play", N_("play a game at the terminal and record it")),
    "explain": Command("regelwerk.commands.explain",
                       N_("why an action is legal or not at a step of a game")),
    "compare": Command("regelwerk.commands.compare",
                       N_("what a reading of a rule changes in random games")),
    "stats": Command("regelwerk.commands.stats", N_("statistics of random games, with plots")),
    "simulate": Command("regelwerk.commands.simulate",
                        N_("play random games and check invariants")),
    "verify": Command("regelwerk.commands.verify", N_("prove the invariants with z3")),
    "check": Command("regelwerk.commands.check", N_("check traceability and translations")),
    "docs": Command("regelwerk.commands.docs", N_("build the bilingual reference site")),
}


def get(name: str) -> CommandModule:
    """The module of command ``name``, imported now."""
    return cast(CommandModule, importlib.import_module(COMMANDS[name].module))


def build_parser(lang: str, only: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The parser of ``regelwerk`` in ``lang``: every command listed with its summary;
    the arguments of the commands in ``only`` (default: all), whose modules are imported."""
    parser_class, formatter_class = localized(lang)
    return _parser(lang, parser_class, formatter_class, set(COMMANDS if only is None else only))


def _parser(lang: str, parser_class: type[Parser], formatter_class: type[argparse.HelpFormatter],
            complete: set[str]) -> Parser:
    _ = translator(lang)
    parser = parser_class(prog="regelwerk", formatter_class=formatter_class, add_help=False,
                          description=_("regelwerk: executable, verified, bilingual rules of "
                                        "four Florentine board games."))
    options.standard(parser, _)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=parser_class,
                                title=_("commands"))
    sub.required = True
    for name, command in COMMANDS.items():
        p = sub.add_parser(name, help=_(command.summary), formatter_class=formatter_class,
                           add_help=False)
        if name in complete:
            options.standard(p, _)
            get(name).add_arguments(p, _)
    return parser


class _Unparsed(Exception):
    """The first look at the arguments found no command (a usage error, or ``--help``)."""


class _Looker(Parser):
    """A parser that prints nothing and, instead of exiting, raises :class:`_Unparsed`."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        pass

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise _Unparsed

    def error(self, message: str) -> NoReturn:
        raise _Unparsed


def named_command(argv: Sequence[str], lang: str) -> str | None:
    """The command ``argv`` names, found by the top-level parser alone (its options and
    the command names decide it; a command's own arguments do not), or ``None`` where
    that parser stops first (a usage error, the top-level ``--help``)."""
    looker = _parser(lang, _Looker, argparse.HelpFormatter, set())
    try:
        found, _rest = looker.parse_known_args(argv)
    except _Unparsed:
        return None
    command = getattr(found, "command", None)
    return command if command in COMMANDS else None


def parse_args(argv: Sequence[str], lang: str) -> argparse.Namespace:
    """``argv`` parsed in ``lang``, importing only the module of the command it names
    (:func:`named_command`); where it names none, every command's arguments are added,
    so the help or the error is the same as ever."""
    command = named_command(argv, lang)
    return build_parser(lang, None if command is None else (command,)).parse_args(argv)
