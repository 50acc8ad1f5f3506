"""The ``regelwerk`` command line (also ``python -m regelwerk``).

Output language: ``--lang de|en`` (default: ``REGELWERK_LANG`` or the locale).
Every command has ``--help``; errors are one line on stderr, never a traceback, in the
reader's language (the system's and the JSON decoder's words too), and of a readable size:
a value the user gave is quoted cut to a short prefix with its length ("'xxx…' (1,048,576
characters)", :func:`regelwerk.engine.core.errors.quoted`), and no line exceeds
:data:`~regelwerk.engine.core.errors.LINE` (500) characters (:func:`_error_line` cuts it).
An empty path, an empty game id and a negative ``--until`` are refused, and a usage error
keeps exit 2 even where standard output is closed.

Exit codes: 0 success, 1 a check failed (a violation, a gap, an unproven
invariant), 2 bad usage or input, 3 an internal error, 4 the output could not
be written (a full disk; a closed pipe ends quietly with 141). Files are
written safely (:func:`regelwerk.engine.core.files.write_text`).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import errno
import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from regelwerk import games
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_text, clause_title, fill, implementations
from regelwerk.engine.core.errors import LINE, LONG, IllegalAction, cut, quoted, render
from regelwerk.engine.core.files import OutputError, is_stdout, write_text
from regelwerk.engine.core.i18n import LANGUAGES, N_, default_language, gettext_for
from regelwerk.engine.core.records import (
    GameRecord,
    RecordError,
    recorded_action,
    refuse_overwrite,
)
from regelwerk.engine.core.spec import SpecError, load_board_file
from regelwerk.own_words import ENV, RUN

# argparse's own messages, so they can be shown in the reader's language.
_ARGPARSE_MESSAGES = (
    (re.compile(r"the following arguments are required: (?P<args>.*)"),
     N_("the following arguments are required: {args}")),
    (re.compile(r"unrecognized arguments: (?P<args>.*)"), N_("unrecognized arguments: {args}")),
    (re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)"),
     N_("argument {arg}: invalid choice: {value} (choose from {choices})")),
    (re.compile(r"argument (?P<arg>\S+): invalid (?P<kind>\w+) value: (?P<value>.*)"),
     N_("argument {arg}: invalid {kind} value: {value}")),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"),
     N_("argument {arg}: expected one argument")),
    # a message of regelwerk's own (already in the reader's language) about an argument
    (re.compile(r"argument (?P<arg>\S+): (?P<problem>.*)"), N_("argument {arg}: {problem}")),
)


class UsageError(Exception):
    """Bad input; the message is already in the reader's language."""


class Failed(Exception):
    """A check ran and found problems (exit 1)."""


def _translator(lang: str) -> Callable[[str], str]:
    return lambda message: gettext_for(lang, message)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    usage_prefix = "usage: "

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups,
                          self.usage_prefix if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    lang = "en"

    def _print_message(self, message: str, file: Any = None) -> None:
        """argparse's own output (``--help``, usage), whose write errors argparse itself
        ignores: a failure to write standard output is reported, not taken for success."""
        if not message:
            return
        if file is None and sys.stdout is None:
            raise _closed()
        file = file or sys.stderr
        try:
            file.write(message)
        except (OSError, AttributeError) as exc:
            if file is sys.stdout:
                raise _OutputFailed(exc if isinstance(exc, OSError) else OSError(str(exc))) \
                    from None

    def error(self, message: str) -> NoReturn:
        _ = _translator(self.lang)
        for pattern, template in _ARGPARSE_MESSAGES:
            match = pattern.fullmatch(message)
            if match:      # a value the user gave is cut to a readable size (issue 32)
                message = _(template).format(**{key: cut(value, self.lang) for key, value
                                                in match.groupdict().items()})
                break
        else:
            message = cut(message, self.lang, LINE // 2)
        self.exit(2, _("regelwerk: error: {message} (see --help)").format(message=message) + "\n")


def build_parser(lang: str) -> argparse.ArgumentParser:
    _ = _translator(lang)

    class Formatter(_Formatter):
        usage_prefix = _("usage: ")

    class Parser(_Parser):
        pass

    Parser.lang = lang

    def path(text: str) -> Path:
        """A path the user gave: an empty one names nothing (``Path("")`` would be the
        current folder) and is refused."""
        if not text:
            raise argparse.ArgumentTypeError(_("an empty path names no file or folder"))
        return Path(text)

    def parser_kwargs(description: str) -> dict[str, Any]:
        return {"description": description, "formatter_class": Formatter, "add_help": False}

    def common(p: argparse.ArgumentParser) -> None:
        p._positionals.title = _("positional arguments")
        p._optionals.title = _("options")
        p.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
        p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                       help=_("output language (default: from REGELWERK_LANG or the locale)"))

    def game_options(p: argparse.ArgumentParser, players: bool = True) -> None:
        """The options every command that plays takes alike (issue 29): players, rule
        variants, a printed board."""
        if players:
            p.add_argument("--players", type=int,
                           help=_("number of players (default: the game's usual count)"))
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help=_("rule variant, e.g. buy_without_room=may_not_buy (repeatable)"))
        p.add_argument("--board", type=path, metavar=_("FILE"), help=_(
            "TOML file with the printed board's numbers (replaces assumed ones)"))

    parser = Parser(prog="regelwerk", **parser_kwargs(_(
        "regelwerk: executable, verified, bilingual rules of four Florentine board games.")))
    common(parser)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=Parser,
                                title=_("commands"))
    sub.required = True

    p = sub.add_parser("games", help=_("list the games"), **parser_kwargs(
        _("List every game with its players, clauses and invariants.")))
    common(p)
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("rule", help=_("show one rule clause"), **parser_kwargs(
        _("Show a rule clause in the chosen language: text, rulebook source, the code that "
          "implements it, tests, invariants and interpretations. A game id lists its clauses.")))
    common(p)
    p.add_argument("id", metavar="ID", help=_("clause id such as medici_vs_strozzi:turn.offer, "
                                              "an interpretation id, or a game id"))

    p = sub.add_parser("regress", help=_("replay the regression corpus"), **parser_kwargs(
        _("Replay every game of the regression corpus (records with the position after each "
          "action) and report, for each game that changed, the first step that differs: the "
          "action, its clause, and the old and the new position.")))
    common(p)
    p.add_argument("folder", nargs="?", type=path, metavar=_("DIR"),
                   help=_("corpus folder (default: tests/corpus of the source checkout)"))
    p.add_argument("--root", type=path, help=_("source checkout (default: found from here)"))
    p.add_argument("--accept", action="store_true", help=_(
        "after a deliberate rule change: rewrite the changed games as the engine plays them now"))
    p.add_argument("--accept-results", action="store_true", help=_(
        "with --accept: also rewrite games whose result changed"))
    p.add_argument("--add", type=path, metavar=_("RECORD"), help=_(
        "take a game record (play --record, compare --save, a worked example) into the corpus "
        "with the readings it was played under, as user-NAME.json"))
    p.add_argument("--name", metavar="N", help=_(
        "with --add: the entry's name (default: the record's file name)"))
    p.add_argument("--force", action="store_true", help=_(
        "with --add: replace an entry of the same name"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("scenario", help=_("run given/when/then scenario files"),
                       **parser_kwargs(_(
                           "Play each scenario of the given TOML files (format: "
                           "tests/scenarios/README.md) and say per scenario whether it "
                           "passed or what differed, in words. Exit 1 if one failed, 2 for "
                           "a file that cannot be run.")))
    common(p)
    p.add_argument("files", nargs="+", type=path, metavar=_("FILE"),
                   help=_("scenario file (TOML)"))
    p.add_argument("--game", help=_("the game of files that do not say (default: the file's "
                                    "game key, or its folder's name)"))

    p = sub.add_parser("replay", help=_("replay a game record"), **parser_kwargs(
        _("Replay a JSON game record through the engine and print its course and result; "
          "fails if an action is illegal or the recorded result differs.")))
    common(p)
    p.add_argument("file", metavar=_("FILE"), type=path, help=_("game record (JSON)"))
    p.add_argument("--quiet", action="store_true", help=_("only the summary, not the course"))
    p.add_argument("--until", type=int, metavar="N",
                   help=_("stop after action N and show the position there in words"))
    p.add_argument("--positions", action="store_true",
                   help=_("show the position in words after every action"))
    game_options(p)
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("play", help=_("play a game at the terminal and record it"),
                       **parser_kwargs(_(
                           "Play a game seat by seat: at a person's turn the position is shown "
                           "with the legal actions numbered; answer with a number, a number "
                           "and a value for an open choice, or an action in the record's "
                           "notation. The record is written after every action; an "
                           "interrupted game goes on with --resume. Reads standard input, so "
                           "a script can play.")))
    common(p)
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id (not with --resume)"))
    game_options(p)
    p.add_argument("--seed", type=int, default=0, help=_("seed of the game's chance (default 0)"))
    p.add_argument("--random", action="append", type=int, default=[], metavar=_("SEAT"),
                   help=_("this seat (0 = the first player) is played by the random player "
                          "(repeatable)"))
    p.add_argument("--record", type=path, metavar=_("FILE"), help=_("write the record here"))
    p.add_argument("--resume", type=path, metavar=_("FILE"),
                   help=_("go on with the game recorded in FILE (and keep writing it)"))
    p.add_argument("--force", action="store_true", help=_(
        "start the new game even where --record FILE already holds a game or another file"))

    p = sub.add_parser("explain", help=_("why an action is legal or not at a step of a game"),
                       **parser_kwargs(_(
                           "Replay a game record to a step and show the legal actions there, "
                           "grouped by the rule clause that allows them, with the "
                           "interpretation entries that apply; with --action, whether that "
                           "action is legal and the clause that decides it; at the end of a "
                           "finished game, each player's score item by item, each line "
                           "citing its clause.")))
    common(p)
    p.add_argument("file", metavar=_("FILE"), type=path, help=_("game record (JSON)"))
    p.add_argument("--step", type=int, metavar="N", help=_(
        "the position after N actions (default: the end of the record)"))
    p.add_argument("--action", metavar="A", help=_(
        "an action to judge: a number of the listing, or an action in the record's notation"))
    game_options(p)
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("compare", help=_("what a reading of a rule changes in random games"),
                       **parser_kwargs(_(
                           "Play the same random games under two readings of a rule variant "
                           "(the same seeds and random choices where the rules allow) and "
                           "report in how many games the reading mattered (what a player "
                           "sees differed: the player to move, the legal actions offered, "
                           "the action taken or the result), the first difference of a few "
                           "games in words with the clause that decides it, and the win "
                           "rates and mean scores per seat with 95% intervals and whether "
                           "their difference can be told from chance.")))
    common(p)
    p.add_argument("game", metavar=_("GAME"), help=_("game id"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=_(
        "a reading, e.g. buy_without_room=may_not_buy; give exactly two of one variant"))
    p.add_argument("--with", dest="base", action="append", default=[], metavar="KEY=VALUE",
                   help=_("another rule variant both readings are played with (repeatable)"))
    p.add_argument("--save", type=path, metavar=_("DIR"), help=_(
        "write both games of the first differing games as game records to DIR (for "
        "replay and explain)"))
    p.add_argument("-n", "--games", type=int, default=100,
                   help=_("number of games (default 100)"))
    p.add_argument("--players", type=int,
                   help=_("number of players (default: the game's usual count)"))
    p.add_argument("--board", type=path, metavar=_("FILE"), help=_(
        "TOML file with the printed board's numbers (replaces assumed ones)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the run (default 0)"))
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help=_("worker processes (default 1); the figures do not depend on it"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("stats", help=_("statistics of random games, with plots"),
                       **parser_kwargs(_(
                           "Play random games and show the score distribution by seat, the "
                           "game length, the win rate by seat and how often each action kind "
                           "is chosen; --plot draws them as SVG with captions in the chosen "
                           "language. The figures are cached under _build/stats, keyed by "
                           "the rules' content, so an unchanged run does not play again.")))
    common(p)
    p.add_argument("game", metavar=_("GAME"), help=_("game id"))
    p.add_argument("--players", type=int,
                   help=_("number of players (default: the game's usual count)"))
    p.add_argument("-n", "--games", type=int, default=200,
                   help=_("number of games (default 200)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the run (default 0)"))
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help=_("worker processes (default 1); the figures do not depend on it"))
    game_options(p, players=False)
    p.add_argument("--plot", type=path, metavar=_("FILE"), help=_(
        "write the plots here (SVG; - is standard output, and then nothing else is printed)"))
    p.add_argument("--cache", type=path, metavar=_("DIR"), help=_(
        "cache folder (default: _build/stats of the source checkout, else of the current "
        "folder)"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("simulate", help=_("play random games and check invariants"),
                       **parser_kwargs(_("Play random legal games, checking every runtime "
                                         "invariant after every action.")))
    common(p)
    p.add_argument("game", metavar=_("GAME"), help=_("game id"))
    p.add_argument("-n", "--games", type=int, default=1000, help=_("number of games (default 1000)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the run (default 0)"))
    game_options(p)
    p.add_argument("--mutant", metavar="ID", help=_(
        "play by a deliberately broken rule (a mutant of 'regelwerk verify'), to see that "
        "simulate finds it too"))
    p.add_argument("--save-violations", type=path, metavar=_("DIR"),
                   help=_("write a game record for every violation into DIR"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help=_("worker processes (default: every core); the figures do not "
                          "depend on it"))
    p.add_argument("--dask", metavar=_("ADDRESS"), help=_(
        "play the games on a dask.distributed cluster: the scheduler's address, or 'local' "
        "for a local cluster of --jobs processes (needs regelwerk[cluster])"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("verify", help=_("prove the invariants with z3"), **parser_kwargs(
        _("Prove every invariant of a game (or of all games) with z3. An invariant is proven, "
          "violated (with a counterexample) or unknown; unknown never counts as proven.")))
    common(p)
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id (default: all games)"))
    p.add_argument("--mutant", metavar="ID", help=_(
        "prove against a deliberately broken rule instead (its invariant must be violated)"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help=_("worker processes (default: every core); the verdicts do not "
                          "depend on it"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("check", help=_("check traceability and translations"), **parser_kwargs(
        _("Check that every clause is implemented, tested and anchored once in the reference, "
          "that code, tests and proofs cite existing clauses, that interpretations are pinned "
          "by tests, and that the German catalogs are complete. Needs a source checkout. "
          "Given the rulebooks, also check that no clause text, German catalog or reference "
          "page repeats {count} words in a row from a rulebook.").format(count=RUN)))
    common(p)
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id (default: all games)"))
    p.add_argument("--root", type=path, help=_("source checkout (default: found from here)"))
    p.add_argument("--rulebooks", type=path, metavar=_("DIR"), help=_(
        "folder of the rulebook texts (*.txt), which the repository does not carry: also "
        "report every passage copied from them (default: {env})").format(env=ENV))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    p = sub.add_parser("docs", help=_("build the bilingual reference site"), **parser_kwargs(
        _("Prove every invariant, check traceability and translations, and build the English "
          "and German reference with its doctests and the consistency report into "
          "_build/site. Needs a source checkout.")))
    common(p)
    p.add_argument("--root", type=path, help=_("source checkout (default: found from here)"))
    return parser


# ----------------------------------------------------------------------------- commands
def _game(game: str, lang: str) -> games.GameInfo:
    try:
        return games.get(game)
    except games.UnknownGame:
        known = ", ".join(games.games())
        raise UsageError(gettext_for(lang, N_("unknown game {game!r}; known games: {known}"))
                         .format(game=quoted(game, lang), known=known)) from None


def cmd_games(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    _ = _translator(lang)
    rows = []
    for info in games.games().values():
        spec = spec_module.load(info.id)
        try:
            invariants = len(info.verification_module().INVARIANTS)
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
        return 0
    for row in rows:
        out(_("{id}: {title}; players {players}; {clauses} clauses, {invariants} invariants, "
              "{interpretations} interpretations, {assumed_numbers} assumed numbers").format(**row))
    return 0


def _all_clauses() -> dict[str, spec_module.Spec]:
    return {cid: spec_module.load(g) for g in games.games()
            for cid in spec_module.load(g).clauses}


def cmd_rule(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    _ = _translator(lang)
    if args.id in games.games():
        spec = spec_module.load(args.id)
        for clause_id in spec.clauses:
            out(f"{clause_id}  {clause_title(spec, clause_id, lang)}")
        return 0
    for game in games.games():
        interpretation = spec_module.load(game).interpretations.get(args.id)
        if interpretation is not None:
            _show_interpretation(interpretation, lang, out)
            return 0
    clauses = _all_clauses()
    if args.id not in clauses:
        close = difflib.get_close_matches(args.id, list(clauses), n=3, cutoff=0.6) \
            if len(args.id) <= LONG else []
        hint = _(" Did you mean: {ids}?").format(ids=", ".join(close)) if close else ""
        raise UsageError(_("unknown clause {id!r}.").format(id=quoted(args.id, lang)) + hint +
                         _(" List a game's clauses with: regelwerk rule GAME"))
    spec = clauses[args.id]
    clause = spec.clause(args.id)
    info = games.get(spec.game)
    out(f"{args.id}: {clause_title(spec, args.id, lang)}")
    out("")
    out(clause_text(spec, args.id, lang))
    out("")
    out(_("Rulebook: {source}").format(source=_pget(lang, f"{args.id}#source", clause.source)))
    code = sorted(f for f, c in implementations(info.engine) if c == args.id)
    out(_("Implemented by: {names}").format(names=", ".join(code) or "-"))
    try:
        invariants = [i.id for i in info.verification_module().INVARIANTS if args.id in i.clauses]
    except ModuleNotFoundError:
        invariants = []
    out(_("Invariants: {ids}").format(ids=", ".join(invariants) or "-"))
    interpretations = [i.id for i in spec.interpretations.values() if args.id in i.clauses]
    out(_("Interpretations: {ids}").format(ids=", ".join(interpretations) or "-"))
    return 0


def _show_interpretation(item: spec_module.Interpretation, lang: str,
                         out: Callable[[str], None]) -> None:
    """An interpretation register entry in the reader's language."""
    _ = _translator(lang)
    out(f"{item.id}: {_pget(lang, f'{item.id}#question', item.question)}")
    out("")
    for number, evidence in enumerate(item.evidence):
        note = _pget(lang, f"{item.id}#evidence.{number}", evidence["note"])
        out(f"  [{evidence['edition']}] {evidence['section']}: {note}")
    out("")
    for option in item.options:
        chosen = _(" (chosen)") if option["id"] == item.decision else ""
        text = _pget(lang, f"{item.id}#option.{option['id']}", option["text"])
        out(f"  - {option['id']}{chosen}: {text}")
    out("")
    out(_("Reason: {reason}").format(reason=_pget(lang, f"{item.id}#reason", item.reason)))
    out(_("Clauses: {ids}").format(ids=", ".join(item.clauses)))
    out(_("Tests: {ids}").format(ids=", ".join(item.tests)))
    if item.variant:
        out(_("Rule variant: --option {name}=…").format(name=item.variant))


#: A whole number as ``--option`` takes it: ASCII digits only (``int()`` alone would also
#: read "٣" and "1_000", and ``str.isdigit()`` passes "²", which ``int()`` refuses).
_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
#: The longest whole number ``--option`` reads as one (Python reads no more than 4,300 digits).
_DIGITS = 100


def _parse_options(raw: Sequence[str], lang: str) -> dict[str, Any]:
    """``--option KEY=VALUE`` as game options: a VALUE of ASCII digits is a whole number,
    any other a text; the game's options schema then checks names and values."""
    options: dict[str, Any] = {}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(gettext_for(lang, N_("--option needs KEY=VALUE, got {item!r}"))
                             .format(item=quoted(item, lang)))
        if not value.strip():
            raise UsageError(gettext_for(lang, N_("--option {key}: the value is empty"))
                             .format(key=quoted(key, lang)))
        if key in options:
            raise UsageError(gettext_for(lang, N_("--option {key} is given twice"))
                             .format(key=quoted(key, lang)))
        options[key] = int(value) if _WHOLE.fullmatch(value) and len(value) <= _DIGITS \
            else value
    return options


def _game_options(args: argparse.Namespace, lang: str) -> dict[str, Any]:
    """The options of ``--players``, ``--option`` and ``--board`` as game options (empty
    when none is given); the game checks them."""
    options = _parse_options(args.option, lang)
    for key in (k for k in ("players", "board") if k in options):
        raise UsageError(gettext_for(lang, N_("--option {key}=…: use --{key} instead"))
                         .format(key=quoted(key, lang)))
    if getattr(args, "players", None) is not None:
        options["players"] = args.players
    if args.board:
        options["board"] = load_board_file(args.board)
    return options


def _fresh(record: GameRecord, game: Any, options: Mapping[str, Any]) -> GameRecord:
    """``record``'s actions as a fresh game under its options changed by ``options``
    (``replay`` and ``explain`` with --players, --option or --board)."""
    if not options:
        return record
    return GameRecord.played(game, record.seed, record.actions, {**record.options, **options})




def cmd_replay(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from regelwerk.play import indented, position
    from regelwerk.recorded import note

    _ = _translator(lang)
    # A RecordError names the file and the key (main shows it); the options are checked
    # against the record's game (players, variants, board numbers).
    if args.until is not None and args.until < 0:
        raise UsageError(_("--until must be at least 0, not {until}").format(until=args.until))
    record = GameRecord.read(args.file, games.Declared())
    game = _game(record.game, lang).game
    try:
        record = _fresh(record, game, _game_options(args, lang))
        state = game.new_game(seed=record.seed, options=dict(record.options))
    except SpecError as exc:
        raise UsageError(_("{file}: options: {error}").format(
            file=args.file, error=exc.message_in(lang))) from None
    readings_note = note(game, record)
    course = not (args.quiet or args.json or args.until is not None)
    for index, raw in enumerate(record.actions):
        if args.until is not None and index >= args.until:
            _show_position(game, state, index, lang, out)
            return 0
        try:      # a record without a seed must give chance's outcomes (recorded_action)
            action = recorded_action(game, state, record, index)
            mover = game.current_player(state)
            before, state = state, game.apply(state, action)
            if course:
                out(_("{index:4}. {player}: {action}").format(
                    index=index + 1, player=_seat(game, record.options, mover, lang),
                    action=game.describe(before, action, lang)))
                if args.positions:
                    for line in indented(position(game, state, lang), "      "):
                        out(line)
        except RecordError as exc:
            raise UsageError(_("{file}: action {index}: {error}").format(
                file=args.file, index=index, error=exc.message_in(lang))) from None
        except IllegalAction as exc:
            raise Failed(_("{file}: action {index} ({action}) is illegal: {error}").format(
                file=args.file, index=index, action=quoted(json.dumps(raw), lang),
                error=exc.message_in(lang))) from None
    if args.until is not None:
        _show_position(game, state, len(record.actions), lang, out)
        return 0
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
            game=record.game, count=len(record.actions),
            finished=_("yes") if finished else _("no")))
        out(json.dumps(result, ensure_ascii=False))
        for line in [] if readings_note is None else readings_note.lines(lang):
            out(line)
    if record.result is not None and record.result != result:
        raise Failed(_("{file}: the replay ends with {got}, the record says {expected}").format(
            file=args.file, got=json.dumps(result), expected=json.dumps(record.result)))
    return 0


def _show_position(game: Any, state: Any, index: int, lang: str,
                   out: Callable[[str], None]) -> None:
    """``replay --until``: the state's short notation, then the position in words."""
    from regelwerk.play import indented, position

    _ = _translator(lang)
    out(_("after action {index}: {position}").format(index=index, position=repr(state)))
    for line in indented(position(game, state, lang)):
        out(line)


def _seat(game: Any, options: Any, player: int, lang: str) -> str:
    """A seat's name (the game's colours), or chance's."""
    from regelwerk.engine.core.game import CHANCE
    from regelwerk.play import seat_names

    if player == CHANCE:
        return gettext_for(lang, N_("chance"))
    names = seat_names(game, GameRecord(game.id, 0, (), dict(options)), lang)
    return names[player] if 0 <= player < len(names) else str(player)


def cmd_play(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from regelwerk.play import Table, answer_lines, play, start

    _ = _translator(lang)
    if (args.record is None) == (args.resume is None):
        raise UsageError(_("give either --record FILE (a new game) or --resume FILE"))
    if args.resume is not None:
        if args.game is not None or args.players is not None or args.option or args.board:
            raise UsageError(_("--resume takes the game and its options from the record"))
        record = GameRecord.read(args.resume, games.Declared())
        game = _game(record.game, lang).game
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
        info = _game(args.game, lang)
        game = info.game
        options = _game_options(args, lang)
        record = start(game, args.seed, options)      # a SpecError names the option
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
    return 0


def cmd_explain(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from regelwerk.explain import explain
    from regelwerk.recorded import note

    record = GameRecord.read(args.file, games.Declared())      # a RecordError names file and key
    game = _game(record.game, lang).game
    record = _fresh(record, game, _game_options(args, lang))
    found = explain(record, args.step, args.action, lang)
    said = note(game, record)
    if args.json:
        out(json.dumps({**found.to_json(), "readings": said and said.to_json()}, indent=1,
                       ensure_ascii=False))
    else:
        for line in found.lines(lang) + ([] if said is None else said.lines(lang)):
            out(line)
    return 0


def _readings(raw: Sequence[str], lang: str) -> tuple[str, tuple[Any, Any]]:
    """``--option K=A --option K=B``: the variant and its two readings."""
    _ = _translator(lang)
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


def _folder_option(option: str, folder: Path | None, lang: str) -> None:
    """An option that names a folder (one record file per game) cannot be ``-``."""
    if folder is not None and is_stdout(folder):
        raise UsageError(gettext_for(lang, N_(
            "{option} -: the records go into a folder, one file per game, and standard "
            "output is not a folder; give a folder")).format(option=option))


def cmd_compare(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from regelwerk.compare import compare, save

    _ = _translator(lang)
    info = _game(args.game, lang)
    if args.games < 1:
        raise UsageError(_("-n must be at least 1"))
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1"))
    option, values = _readings(args.option, lang)
    _folder_option("--save", args.save, lang)
    base = {}
    for item in args.base:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip() or key.strip() == option:
            raise UsageError(_("--with needs KEY=VALUE of another variant, got {item!r}")
                             .format(item=quoted(item, lang)))
        base[key.strip()] = value.strip()
    if args.board:
        base["board"] = load_board_file(args.board)
    report = compare(info.id, option, values, args.games, args.players, args.seed, args.jobs,
                     base=base)
    if args.save is not None:
        save(report, args.save)
    if args.json:
        out(json.dumps({**report.to_json(), "command": report.command()}, indent=1,
                       ensure_ascii=False))
        return 0
    for line in report.lines(lang):
        out(line)
    return 0


def _seat_list(game: Any, players: int, lang: str) -> list[str]:
    return [_seat(game, {"players": players}, seat, lang) for seat in range(players)]


def cmd_stats(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from regelwerk.stats import plot, stats
    from regelwerk.trace import find_root

    _ = _translator(lang)
    info = _game(args.game, lang)
    if args.games < 1:
        raise UsageError(_("-n must be at least 1"))
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1"))
    if args.plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise UsageError(_("--plot needs matplotlib: pip install matplotlib"))
    if args.plot is not None and is_stdout(args.plot) and args.json:
        raise UsageError(_("--plot - and --json both write to standard output; give --plot "
                           "a file"))
    cache = _stats_cache(args.cache, find_root, lang)
    options = _game_options(args, lang)

    result = stats(info.id, args.players, args.games, args.seed, args.jobs, cache, options)
    names = _seat_list(info.game, result.players, lang)
    if args.plot is not None:
        write_text(args.plot, plot(result, names, lang))     # -: standard output, nothing else
        if is_stdout(args.plot):
            return 0
    if args.json:
        out(json.dumps({**result.to_json(), "summary": result.summary(), "cached": result.cached},
                       indent=1, ensure_ascii=False))
        return 0
    summary = result.summary()
    out(_("{game}: {games} random games at {players} players (seed {seed}){cached}").format(
        game=info.id, games=result.games, players=result.players, seed=result.seed,
        cached=_(", from the cache") if result.cached else ""))
    length = summary["length"]
    out(_("game length: mean {mean}, median {median}, from {min} to {max} actions").format(
        **length))
    for name, score, rate in zip(names, summary["score"], summary["win_rate"], strict=False):
        out(_("  {player}: won {rate:.1%}; score mean {mean}, median {median}, from {min} "
              "to {max}").format(player=name, rate=rate, **score))
    total = sum(result.kinds.values()) or 1
    out(_("action kinds chosen:"))
    for kind, count in sorted(result.kinds.items(), key=lambda kv: (-kv[1], kv[0])):
        out(f"  {kind:20} {count:8} {count / total:6.1%}")
    if args.plot is not None:
        out(_("plots written to {file}").format(file=args.plot))
    return 0


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
        _error_line(gettext_for(lang, N_("regelwerk: note: {error}; the games are played "
                                         "without a cache")).format(
            error=exc.message_in(lang)), lang)
        return None
    return folder


def cmd_regress(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:

    from regelwerk.recorded import note
    from regelwerk.regress import regress

    _ = _translator(lang)
    folder = args.folder or _root(args, lang) / "tests" / "corpus"
    if (args.name is not None or args.force) and args.add is None:
        raise UsageError(_("--name and --force go with --add"))
    if args.accept_results and not args.accept:
        raise UsageError(_("--accept-results goes with --accept"))
    if args.add is not None:
        return _regress_add(args, folder, lang, out)
    if not _is_folder(folder):
        raise UsageError(_("{folder}: not a folder").format(folder=quoted(folder, lang)))
    count, found = regress(folder, accept=args.accept, accept_results=args.accept_results)
    decided = _decided_otherwise(folder)
    if args.json:
        out(json.dumps({"games": count, "readings_decided_otherwise": [
            {"file": str(path), **said.to_json()} for path, said in decided], "changed": [
            {"file": str(d.path), "step": d.step, "action": d.action, "clause": d.clause,
             "problem": d.problem, "expected": d.expected and d.expected.text,
             "now": d.got and d.got.text, "now_in_words": d.now_in_words(lang)}
            for d in found]}, indent=1, ensure_ascii=False))
    else:
        for d in found:
            out(_("{file}: step {step}: {problem}").format(file=d.path, step=d.step,
                                                          problem=d.problem))
            if d.action is not None:
                out(_("  action: {action} ({clause})").format(
                    action=json.dumps(d.action, ensure_ascii=False), clause=d.clause))
            if d.expected is not None:
                out(_("  expected: {position}").format(position=d.expected.text))
            if d.got is not None:
                out(_("  now:      {position}").format(position=d.got.text))
            readings_note = note(games.get(d.game).game, d.record) if d.record else None
            for line in (readings_note.lines(lang) if readings_note else []):
                out("  " + line)
            for line in d.change_in_words(lang):
                out("  " + line)
            words = d.now_in_words(lang)
            if words is not None and not args.accept:
                out(_("  the position now, in words:"))
                for line in words.splitlines():
                    out("    " + line)
        for path, said in decided:
            out(f"{path}:")
            for line in said.lines(lang):
                out("  " + line)
        out(_("{count} games replayed, {changed} changed").format(count=count,
                                                                   changed=len(found)))
        if found and args.accept:
            out(_("the changed games were rewritten; review the diff of {folder}").format(
                folder=folder))
    from regelwerk.regress import NOT_ACCEPTED, RESULT_NOT_ACCEPTED

    refused = any(d.problem.endswith((NOT_ACCEPTED, RESULT_NOT_ACCEPTED)) for d in found)
    if refused and args.accept and not args.json and any(
            d.problem.endswith(RESULT_NOT_ACCEPTED) for d in found):
        out(_("a change of a result is not accepted without --accept-results"))
    return 1 if found and (not args.accept or refused) else 0


def cmd_scenario(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from regelwerk import scenario_cli

    if args.game is not None:
        _game(args.game, lang)
    try:
        _passed, failed = scenario_cli.run(args.files, args.game, lang, out)
    except scenario_cli.BadFile as exc:
        raise UsageError(str(exc)) from None
    return 1 if failed else 0


def _regress_add(args: argparse.Namespace, folder: Path, lang: str,
                 out: Callable[[str], None]) -> int:
    """``regress --add RECORD``: the record as a corpus entry ``user-<name>.json``."""
    from regelwerk.regress import AddError, add

    try:
        path, entry = add(args.add, folder, args.name, force=args.force)
    except AddError as exc:
        raise UsageError(exc.message_in(lang)) from None
    out(gettext_for(lang, N_("{file}: added ({game}, {count} actions, result {result})"))
        .format(file=path, game=entry.record.game, count=len(entry.record.actions),
                result=json.dumps(entry.record.result, ensure_ascii=False)))
    return 0


def _decided_otherwise(folder: Path) -> list[tuple[Path, Any]]:
    """The corpus records whose readings the register now decides otherwise (each
    still replays under its own readings)."""
    from regelwerk.recorded import note
    from regelwerk.regress import Entry, corpus_files

    found = []
    for path in corpus_files(folder):
        record = Entry.read(path).record
        if record.rules is None or record.game not in games.games():
            continue
        said = note(games.get(record.game).game, record)
        if said is not None:
            found.append((path, said))
    return found


def cmd_simulate(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    from tqdm import tqdm

    from regelwerk.simulate import simulate

    _ = _translator(lang)
    info = _game(args.game, lang)
    game = info.game
    if args.games < 1:
        raise UsageError(_("-n must be at least 1"))
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1"))
    if args.dask is not None and importlib.util.find_spec("distributed") is None:
        raise UsageError(_("--dask needs the cluster extra: pip install 'regelwerk[cluster]'"))
    options = _game_options(args, lang)
    options.pop("players", None)
    board = options.pop("board", None)
    _folder_option("--save-violations", args.save_violations, lang)
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
    options["players"] = players
    if args.board:
        options["board"] = board
    rules = game.rules_for(options)           # a SpecError names the file (main shows it)
    if args.mutant:
        from regelwerk.verification.core import mutate

        rules = mutate(rules, _mutant(info, args.mutant, lang).fns)
    bar = tqdm(total=args.games, unit=_("games"), disable=args.no_progress or None,
               file=sys.stderr, desc=info.id)
    try:
        report = simulate(game, args.games, args.seed, options, check=True, progress=bar.update,
                          rules=rules, jobs=args.jobs, save=args.save_violations,
                          dask=args.dask)
    finally:
        bar.close()
    if args.json:
        out(json.dumps(report.to_json(), indent=1, ensure_ascii=False))
    else:
        out(_("{game}: {games} games, {actions} actions in {seconds:.2f} s "
              "({gps:,.0f} games/s, {aps:,.0f} actions/s)").format(
            game=info.id, games=report.games, actions=report.actions, seconds=report.seconds,
            gps=report.games_per_second, aps=report.actions_per_second))
        out(_("invariant violations: {count}").format(count=len(report.violations)))
        for v in report.violations[:5]:
            out(_("  game {index}, action {step}: {names}").format(
                index=v.game_index, step=v.step, names=", ".join(v.invariants)))
        out(_("winners: {outcomes}").format(outcomes=json.dumps(report.outcomes,
                                                                 ensure_ascii=False)))
        if report.covered:
            never = report.never_covered
            out(_("parts of the game in play: {covered} of {parts}").format(
                covered=len(report.covered) - len(never), parts=len(report.covered)))
            if never:
                out(_("never in play: {parts}").format(parts=", ".join(never)))
    return 1 if report.violations else 0


def _mutant(info: games.GameInfo, name: str, lang: str) -> Any:
    """A game's mutant (:class:`regelwerk.verification.core.Mutant`) by id
    (``INVARIANT/RULE``) or by the invariant it breaks."""
    _ = _translator(lang)
    mutants = info.verification_module().MUTANTS
    for mutant in mutants:
        if name in (mutant.id, mutant.breaks):
            return mutant
    raise UsageError(_("{game} has no mutant {name!r}; known: {known}").format(
        game=info.id, name=quoted(name, lang), known=", ".join(m.id for m in mutants)))


def cmd_verify(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    _ = _translator(lang)
    # an empty GAME ("") names no game: refused, not taken for "every game" (issue 32)
    selected = [_game(args.game, lang)] if args.game is not None \
        else list(games.games().values())
    if args.mutant is not None and args.game is None:
        raise UsageError(_("--mutant needs a game"))
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1"))
    from tqdm import tqdm

    from regelwerk.proving import check_all
    from regelwerk.verification.core import mutate

    proofs, owners = [], []
    for info in selected:
        module = info.verification_module()
        rules = module.default_rules()
        if args.mutant:
            rules = mutate(rules, _mutant(info, args.mutant, lang).fns)
        for invariant in module.INVARIANTS:
            proofs.append((invariant, rules))
            owners.append(info.id)
    bar = tqdm(total=len(proofs), unit=_("invariants"), file=sys.stderr, desc="verify",
               disable=args.no_progress or args.json or None)
    try:
        results = check_all(proofs, args.jobs, done=bar.update)
    finally:
        bar.close()
    rows = []
    for (invariant, _rules), game_id, (result, seconds) in zip(proofs, owners, results,
                                                               strict=True):
        spec = spec_module.load(game_id)
        rows.append({"game": game_id, "id": invariant.id, "status": result.status,
                     "statement": fill(spec, gettext_for(lang, invariant.statement), lang),
                     "clauses": list(invariant.clauses),
                     "ranges": fill(spec, gettext_for(lang, invariant.ranges), lang)
                     if invariant.ranges else "",
                     "seconds": round(seconds, 3),
                     **{k: v for k, v in result.to_json().items() if k != "status"}})
    if args.json:
        out(json.dumps(rows, indent=1, ensure_ascii=False))
    else:
        labels = {"proven": _("proven"), "violated": _("VIOLATED"), "unknown": _("UNKNOWN")}
        for row in rows:
            out(f"{labels[row['status']]:9} {row['id']:28} {row['seconds']:6.2f}s  "
                f"{row['statement']}")
            if row["status"] != "proven":
                out(_("          detail: {detail}").format(detail=row.get("detail", "")))
                if row.get("counterexample"):
                    out(_("          counterexample: {ce}").format(
                        ce=json.dumps(row["counterexample"])))
            if row["ranges"]:
                out(_("          holds for every board with {ranges}").format(ranges=row["ranges"]))
        proven = sum(r["status"] == "proven" for r in rows)
        out(_("{proven} of {total} invariants proven").format(proven=proven, total=len(rows)))
    return 0 if all(r["status"] == "proven" for r in rows) else 1


def _root(args: argparse.Namespace, lang: str) -> Path:
    from regelwerk.trace import find_root

    root = args.root or find_root(Path.cwd())
    if root is None or not _is_folder(root / "spec"):
        raise UsageError(gettext_for(lang, N_(
            "this command needs a regelwerk source checkout (run it inside one or pass --root)")))
    return root


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a path the system refuses to look at (a name too
    long, a loop of links) is none."""
    try:
        return path.is_dir()
    except OSError:
        return False


def cmd_check(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:

    from regelwerk.trace import core_gaps, play_report, trace_game

    _ = _translator(lang)
    root = _root(args, lang)
    rulebooks = _rulebooks(args, lang)
    selected = [_game(args.game, lang)] if args.game is not None \
        else list(games.games().values())
    report: list[dict[str, Any]] = []
    all_gaps = [] if args.game is not None else core_gaps(root)

    for info in selected:
        trace = trace_game(root, info.id)
        spec = spec_module.load(info.id)
        all_gaps += trace.gaps
        report.append({
            "game": info.id, "clauses": len(spec.clauses),
            "implemented": sum(1 for c, clause in spec.clauses.items()
                               if trace.code.get(c) or clause.statement),
            "tested": sum(1 for c in spec.clauses if trace.tests.get(c) or trace.doctests.get(c)
                          or trace.through_play(c)),
            "anchored": sum(1 for c in spec.clauses if len(trace.anchors.get(c, [])) == 1),
            "interpretations": [
                {"id": i.id, "question": _pget(lang, f"{i.id}#question", i.question),
                 "decision": i.decision, "variant": i.variant, "open": i.open,
                 "plays_alike": bool(i.plays_alike)}
                for i in spec.interpretations.values()],
            "readings": {"open": sum(1 for i in spec.interpretations.values() if i.open),
                         "variant": sum(1 for i in spec.interpretations.values()
                                        if i.open and i.variant),
                         "plays_alike": sum(1 for i in spec.interpretations.values()
                                            if i.open and i.plays_alike)},
            "play": play_report(trace, spec.clauses),
            "citations": _citations(rulebooks, info.id, spec),
            "gaps": [str(g) for g in trace.gaps]})
    own = _own_words(root, rulebooks, args.game)
    if args.json:
        out(json.dumps({"games": report, "gaps": [str(g) for g in all_gaps], "own_words": own},
                       indent=1, ensure_ascii=False))
    else:
        for row in report:
            out(_("{game}: {clauses} clauses; implemented {implemented}, tested {tested}, "
                  "anchored once in the reference {anchored}").format(**row))
            out(_("  interpretation register ({count}):").format(count=len(row["interpretations"])))
            readings = row["readings"]
            out(_("  entries with two or more readings: {done} of {open} playable ({variant} as "
                  "a variant, {alike} with a tested reason why they play alike)").format(
                done=readings["variant"] + readings["plays_alike"], open=readings["open"],
                variant=readings["variant"], alike=readings["plays_alike"]))
            for item in row["interpretations"]:
                variant = _(" [variant {name}]").format(name=item["variant"]) if item["variant"] \
                    else ""
                out(f"    {item['id']}: {item['question']} -> {item['decision']}{variant}")
            _show_play(row["play"], row["clauses"], lang, out)
            _show_citations(row["citations"], lang, out)
        for gap in all_gaps:
            out(_("GAP {gap}").format(gap=gap.message_in(lang)))
        out(_("{count} gaps").format(count=len(all_gaps)))
        _show_own_words(own, lang, out)
    return 1 if all_gaps or own.get("copied") else 0


def _show_play(play: dict[str, Any], clauses: int, lang: str, out: Callable[[str], None]) -> None:
    """Issue 17's lines of ``check``: how each clause is exercised (through play or not)."""
    _ = _translator(lang)
    out(_("  exercised through play: {count} of {clauses} clauses").format(
        count=len(play["through_play"]), clauses=clauses))
    for key, label in (("rule_function_only", N_("  tested only through a rule function ({count}):")),
                       ("untested", N_("  not tested ({count}):"))):
        if play[key]:
            out(_(label).format(count=len(play[key])))
            out("    " + ", ".join(play[key]))
    if play["not_reachable"]:
        out(_("  not reachable through play ({count}):").format(count=len(play["not_reachable"])))
        for clause, why in play["not_reachable"].items():
            out(f"    {clause}: {why}")


def _rulebooks(args: argparse.Namespace, lang: str) -> Path | str:
    """The rulebook folder (``--rulebooks``, else ``REGELWERK_RULEBOOKS``) or why there is none.

    A folder given with ``--rulebooks`` that cannot be read is a usage error.
    """
    from regelwerk import own_words

    try:
        return own_words.rulebook_folder(args.rulebooks)
    except own_words.RulebooksMissing as exc:
        if args.rulebooks is not None:
            raise UsageError(exc.message_in(lang)) from None
        return exc.message_in(lang)


def _own_words(root: Path, rulebooks: Path | str, game: str | None) -> dict[str, Any]:
    """The own-words check of ``root`` against ``rulebooks`` (a reason: not run)."""
    from regelwerk import own_words

    if isinstance(rulebooks, str):
        return {"not_run": rulebooks}
    texts = list(own_words.our_texts(root, game))
    found = own_words.copied(texts, own_words.book_runs(rulebooks))
    return {"rulebooks": str(rulebooks), "books": len(own_words.books(rulebooks)),
            "texts": len(texts), "copied": [str(f) for f in found]}


def _citations(rulebooks: Path | str, game: str, spec: spec_module.Spec) -> list[dict[str, Any]]:
    """The citation index of ``game``'s rule texts (none without the rulebooks)."""
    from regelwerk import citations

    if isinstance(rulebooks, str):
        return []
    return [book.to_json() for book in citations.index_game(rulebooks, game, spec.clauses)]


def _show_citations(books: list[dict[str, Any]], lang: str, out: Callable[[str], None]) -> None:
    """Issue 12's citation index: how much of each rule text the clauses cite, and what not."""
    _ = _translator(lang)
    for book in books:
        share = 100 * book["cited_sentences"] // max(book["sentences"], 1)
        out(_("  {book}: the clauses cite sections holding {cited} of {sentences} sentences "
              "({share}%)").format(book=book["book"], cited=book["cited_sentences"],
                                   sentences=book["sentences"], share=share))
        for section in book["uncovered"]:
            out(_("    not cited: line {line} \"{heading}\" ({sentences} sentences)").format(
                **section))
        if book["unresolved"]:
            out(_("    cited headings not found in the text: {headings}").format(
                headings=", ".join(book["unresolved"])))


def _show_own_words(own: dict[str, Any], lang: str, out: Callable[[str], None]) -> None:
    _ = _translator(lang)
    if "not_run" in own:
        out(_("own words: not checked: {reason}; pass --rulebooks DIR").format(reason=own["not_run"]))
        return
    for finding in own["copied"]:
        out(_("COPIED {finding}").format(finding=finding))
    out(_("own words: {texts} texts compared with {books} rulebooks; {count} copied runs").format(
        texts=own["texts"], books=own["books"], count=len(own["copied"])))


def _pget(lang: str, context: str, message: str) -> str:
    from regelwerk.engine.core.i18n import pgettext_for

    return pgettext_for(lang, context, message)


#: What ``regelwerk docs`` needs beyond a plain install: the ``docs`` extra (import names).
DOCS_MODULES = ("sphinx", "myst_parser", "furo", "polib")


def cmd_docs(args: argparse.Namespace, lang: str, out: Callable[[str], None]) -> int:
    _ = _translator(lang)
    missing = [name for name in DOCS_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise UsageError(_("regelwerk docs needs the docs extra ({missing} missing): "
                           "pip install 'regelwerk[docs]'").format(missing=", ".join(missing)))
    from regelwerk import report as consistency
    from regelwerk import site

    root = _root(args, lang)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    data = consistency.build_report(root, progress)
    report_file = consistency.write(data, root / "_build" / "report.json")   # the write rule
    try:
        built = site.build_site(root, root / "_build", progress=progress, report_file=report_file)
    except site.SiteError as exc:
        raise Failed(exc.message_in(lang)) from None
    for game, info in data["games"].items():
        proven = sum(inv["status"] == "proven" for inv in info["invariants"])
        out(_("{game}: {proven} of {total} invariants proven; {clauses} clauses, "
              "{gaps} gaps").format(game=game, proven=proven, total=len(info["invariants"]),
                                    clauses=info["clauses"], gaps=len(info["gaps"])))
    out(_("site built in {seconds:.1f} s; doctests per language: {doctests}").format(
        seconds=built.seconds, doctests=", ".join(f"{k} {v}" for k, v in built.doctests.items())))
    out(_("entry page: {path}").format(path=built.out / "site" / "index.html"))
    if not consistency.all_proven(data) or consistency.gap_count(data):
        raise Failed(_("not every invariant is proven or there are gaps: see {path}").format(
            path=built.out / "site" / "en" / "report.html"))
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace, str, Callable[[str], None]], int]] = {
    "games": cmd_games, "rule": cmd_rule, "replay": cmd_replay, "simulate": cmd_simulate,
    "verify": cmd_verify, "check": cmd_check, "docs": cmd_docs, "regress": cmd_regress,
    "play": cmd_play, "explain": cmd_explain, "compare": cmd_compare, "stats": cmd_stats,
    "scenario": cmd_scenario,
}


def _pre_lang(argv: Sequence[str]) -> str:
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv) and argv[index + 1] in LANGUAGES:
            return argv[index + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGUAGES:
            return arg[7:]
    return default_language()


class _OutputFailed(Exception):
    """Standard output could not be written (a full disk, a closed pipe)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


def _closed() -> _OutputFailed:
    """Standard output was closed before regelwerk started (``>&-``)."""
    return _OutputFailed(OSError(errno.EBADF, os.strerror(errno.EBADF)))


def _print(text: str) -> None:
    """The commands' ``out``: one line to standard output; a failure is :class:`_OutputFailed`."""
    if sys.stdout is None:
        raise _closed()
    try:
        print(text)
    except OSError as exc:
        raise _OutputFailed(exc) from None


def _flush() -> None:
    """Flush standard output, so an error writing it is seen here and not at exit."""
    if sys.stdout is None:
        raise _closed()
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise _OutputFailed(exc) from None


def _drop_stdout() -> None:
    """Send what is left of standard output nowhere, so Python's own flush at exit
    neither fails nor prints a second message."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a file (a test's capture)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _pre_lang(argv)
    _ = _translator(lang)
    code = 0
    try:
        try:
            args = build_parser(lang).parse_args(argv)
        except SystemExit as done:       # --help, or a usage error argparse has printed
            code = done.code if isinstance(done.code, int) else 2
            _flush()
            return code
        code = _run(args, lang)
        _flush()
        return code
    except _OutputFailed as failed:
        _drop_stdout()
        if code == 2:       # a usage error keeps its exit code whatever became of stdout
            return code
        if isinstance(failed.error, BrokenPipeError):   # piped into `head`: stop quietly
            return 141
        _error_line(_("regelwerk: error: cannot write the output ({error})").format(
            error=render(failed.error, lang)), lang)
        return 4


def _error_line(text: str, lang: str = "en") -> None:
    """One line on standard error (nothing more can be done if that fails too); a line
    break or another control character from the input is shown escaped. The last guard
    of issue 32: a line longer than :data:`LINE` characters is cut, saying how much is
    left out (each message cuts the values it quotes already, :func:`quoted`)."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > LINE:
        marker = N_("… [cut: {count} characters in all]")
        for attempt in (gettext_for(lang, marker), marker):
            try:
                end = attempt.format(count=_count(len(text), lang))
                break
            except (KeyError, IndexError, ValueError):
                continue
        text = text[:LINE - len(end)] + end
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def _count(number: int, lang: str) -> str:
    """A count formatted for ``lang`` (1,048,576; 1.048.576)."""
    from babel.numbers import format_decimal

    return str(format_decimal(number, locale=lang))



def _run(args: argparse.Namespace, lang: str) -> int:
    """Run the command; every error is one line on standard error and an exit code."""
    _ = _translator(lang)
    try:
        return COMMANDS[args.command](args, lang, _print)
    except (SpecError, RecordError) as exc:   # a bad board file, option or game record
        _error_line(_("regelwerk: error: {message}").format(message=exc.message_in(lang)), lang)
        return 2
    except OutputError as exc:   # a file could not be written (the old one is intact)
        _error_line(_("regelwerk: error: {message}").format(message=exc.message_in(lang)), lang)
        return 4
    except UsageError as exc:
        _error_line(_("regelwerk: error: {message}").format(message=exc), lang)
        return 2
    except Failed as exc:
        _error_line(_("regelwerk: {message}").format(message=exc), lang)
        return 1
    except _OutputFailed:
        raise
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        raise _OutputFailed(BrokenPipeError()) from None
    except KeyboardInterrupt:
        _error_line(_("regelwerk: interrupted"), lang)
        return 130
    except Exception as exc:  # one line for the user; REGELWERK_DEBUG=1 shows the traceback
        if os.environ.get("REGELWERK_DEBUG"):
            raise
        _error_line(_("regelwerk: internal error: {kind}: {message} (REGELWERK_DEBUG=1 shows "
                      "the traceback)").format(kind=type(exc).__name__, message=exc), lang)
        return 3
