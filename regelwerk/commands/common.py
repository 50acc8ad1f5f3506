"""What several commands share: their two errors, finding a game, reading ``--players``,
``--option`` and ``--board``, naming seats, showing a printed board, the source checkout.

A command raises :class:`UsageError` (exit 2) or :class:`Failed` (exit 1) with a message
in the reader's language; :func:`regelwerk.cli.main` prints it as one line.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regelwerk import games
from regelwerk.engine.core.errors import quoted
from regelwerk.engine.core.files import is_stdout
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.core.spec import load_board_file
from regelwerk.parser import translator

if TYPE_CHECKING:
    from regelwerk.verification.core import Mutant

#: A command's output: one line to standard output.
Out = Callable[[str], None]


class UsageError(Exception):
    """Bad input; the message is already in the reader's language."""


class Failed(Exception):
    """A check ran and found problems (exit 1)."""


def game(game_id: str, lang: str) -> games.GameInfo:
    """The game ``game_id``; an unknown one is a usage error naming the known games."""
    try:
        return games.get(game_id)
    except games.UnknownGame:
        known = ", ".join(games.games())
        raise UsageError(gettext_for(lang, N_("unknown game {game!r}; known games: {known}"))
                         .format(game=quoted(game_id, lang), known=known)) from None


#: A whole number as ``--option`` takes it: ASCII digits only (``int()`` alone would also
#: read "٣" and "1_000", and ``str.isdigit()`` passes "²", which ``int()`` refuses).
WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
#: The longest whole number ``--option`` reads as one (Python reads no more than 4,300 digits).
DIGITS = 100


def parse_options(raw: Sequence[str], lang: str) -> dict[str, Any]:
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
        options[key] = int(value) if WHOLE.fullmatch(value) and len(value) <= DIGITS \
            else value
    return options


def options_of(args: argparse.Namespace, lang: str) -> dict[str, Any]:
    """The options of ``--players``, ``--option`` and ``--board`` as game options (empty
    when none is given); the game checks them."""
    options = parse_options(args.option, lang)
    for key in (k for k in ("players", "board") if k in options):
        raise UsageError(gettext_for(lang, N_("--option {key}=…: use --{key} instead"))
                         .format(key=quoted(key, lang)))
    if getattr(args, "players", None) is not None:
        options["players"] = args.players
    if args.board:
        options["board"] = load_board_file(args.board)
    return options


def fresh(record: GameRecord, game: Any, options: Mapping[str, Any]) -> GameRecord:
    """``record``'s actions as a fresh game under its options changed by ``options``
    (``replay`` and ``explain`` with --players, --option or --board)."""
    if not options:
        return record
    return GameRecord.played(game, record.seed, record.actions, {**record.options, **options})


def seat(game: Any, options: Any, player: int, lang: str) -> str:
    """A seat's name (the game's colours), or chance's."""
    from regelwerk.engine.core.game import CHANCE
    from regelwerk.play import seat_names

    if player == CHANCE:
        return gettext_for(lang, N_("chance"))
    names = seat_names(game, GameRecord(game.id, 0, (), dict(options)), lang)
    return names[player] if 0 <= player < len(names) else str(player)


def seat_list(game: Any, players: int, lang: str) -> list[str]:
    """The names of the seats of a game of ``players`` players."""
    return [seat(game, {"players": players}, index, lang) for index in range(players)]


def folder_option(option: str, folder: Path | None, lang: str) -> None:
    """An option that names a folder (one record file per game) cannot be ``-``."""
    if folder is not None and is_stdout(folder):
        raise UsageError(gettext_for(lang, N_(
            "{option} -: the records go into a folder, one file per game, and standard "
            "output is not a folder; give a folder")).format(option=option))


def mutant(info: games.GameInfo, name: str, lang: str) -> Mutant:
    """A game's mutant (:class:`regelwerk.verification.core.Mutant`) by id
    (``INVARIANT/RULE``) or by the invariant it breaks."""
    _ = translator(lang)
    mutants = info.verification.mutants
    for candidate in mutants:
        if name in (candidate.id, candidate.breaks):
            return candidate
    raise UsageError(_("{game} has no mutant {name!r}; known: {known}").format(
        game=info.id, name=quoted(name, lang), known=", ".join(m.id for m in mutants)))


def replaced(game: Any, board: Mapping[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """The numbers a printed board replaced: its file, and each number's path, spec's
    value and the board's (the same in JSON); ``None`` without a board."""
    if not board:
        return None
    spec = game.spec
    changed = [{"path": path, "spec": spec[path], "board": value}
               for path, value in board.items() if spec.numbers.get(path) is None
               or spec[path] != value]
    same = sorted(path for path, value in board.items()
                  if spec.numbers.get(path) is not None and spec[path] == value)
    checked = spec.checked_numbers(board, getattr(board, "file", None))
    unproven = [{"path": n.path, "value": n.value, "range": list(n.range or ()),
                 "proofs": proofs_over(game.id, n.path)} for n in checked.unproven()]
    return {"game": game.id, "file": getattr(board, "file", None), "replaced": changed,
            "unchanged": same, "unproven": unproven}


def proofs_over(game_id: str, path: str) -> list[str]:
    """The invariants whose proof ranges over the number at ``path`` (their ``ranges``
    name it): proven for a value outside that range only by ``verify --board``."""
    invariants = games.get(game_id).verification.invariants
    return [inv.id for inv in invariants if "{" + path in inv.ranges]


def print_board(board: Mapping[str, Any], lang: str, out: Out) -> None:
    """The text form of :func:`replaced`, and a warning for each number outside the
    range its proofs cover."""
    _ = translator(lang)
    if not board["replaced"]:
        out(_("board {file}: replaces no number (every value is spec's)").format(
            file=board["file"]))
        return
    out(_("board {file} replaces {count} numbers:").format(file=board["file"],
                                                            count=len(board["replaced"])))
    for item in board["replaced"]:
        out(_("  {path}: {board} (spec: {spec})").format(
            path=item["path"], board=json.dumps(item["board"], ensure_ascii=False),
            spec=json.dumps(item["spec"], ensure_ascii=False)))
    for item in board.get("unproven", ()):
        low, high = item["range"]
        out(_("warning: {path} = {value} lies outside {low}–{high}, the range the proofs cover "
              "({proofs}); they hold for it once `regelwerk verify {game} --board {file}` has "
              "proven them").format(path=item["path"], value=item["value"], low=low, high=high,
                                   proofs=", ".join(item["proofs"]) or "-", game=board["game"],
                                   file=board["file"]))


def root(args: argparse.Namespace, lang: str) -> Path:
    """The source checkout (``--root``, else found from the current folder); a usage error
    where there is none."""
    from regelwerk.trace import find_root

    found = args.root or find_root(Path.cwd())
    if found is None or not is_folder(found / "spec"):
        raise UsageError(gettext_for(lang, N_(
            "this command needs a regelwerk source checkout (run it inside one or pass --root)")))
    return Path(found)


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a path the system refuses to look at (a name too
    long, a loop of links) is none."""
    try:
        return path.is_dir()
    except OSError:
        return False


def pget(lang: str, context: str, message: str) -> str:
    """A spec text (``context`` is its entry id and part, ``…#question``) in ``lang``."""
    from regelwerk.engine.core.i18n import pgettext_for

    return pgettext_for(lang, context, message)


def title(info: games.GameInfo, lang: str) -> str:
    """A game's title in ``lang``: the glossary's term ``game`` where it has one (Lorenzo
    der Prächtige), else spec's ``meta.title``."""
    from regelwerk.engine.core.spec import glossary_word

    word = glossary_word(info.id, "game", lang)
    return info.title if word == "game" else word


def check_counts(args: argparse.Namespace, lang: str) -> None:
    """Refuse a number of games (``-n``) or of worker processes (``--jobs``) below 1, for
    the commands that take them."""
    _ = translator(lang)
    if getattr(args, "games", 1) < 1:
        raise UsageError(_("-n must be at least 1"))
    if getattr(args, "jobs", 1) < 1:
        raise UsageError(_("--jobs must be at least 1"))
