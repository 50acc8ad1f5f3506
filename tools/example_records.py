"""The reference's worked examples as regression-corpus entries (issue 9 point 4).

``tools/example_records.toml`` declares every worked example that is a sequence
of play: its game, name, page and section, and the seed and options the page
starts the game with. For each, this script runs the doctests of the page up to
the end of the section (all blocks of a page share one namespace, as in the
Sphinx build), watches every game the section starts and every action applied
to it, and writes the game it plays as ``tests/corpus/<game>/example-<name>.json``
(:mod:`regelwerk.regress`): a record whose seed is null where the page chooses
chance (its actions then include chance's outcomes), and the position after every
action. A section that applies an action to a position it made by hand
(``_replace`` and the like) states a position rather than playing to it, and is
refused.

    .venv/bin/python tools/example_records.py             # write every entry
    .venv/bin/python tools/example_records.py --check     # compare only; exit 1 on a difference
    .venv/bin/python tools/example_records.py NAME ...    # only these examples
    .venv/bin/python tools/example_records.py --survey    # every example section: plays or not

Run it again after a rule change alters an example (``regelwerk regress`` reports
the step); the corpus diff then shows what changed.
"""

from __future__ import annotations

import argparse
import doctest
import io
import json
import re
import sys
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regelwerk.engine.core.game import Game
from regelwerk.engine.core.records import GameRecord

from regelwerk.regress import Entry, make_entry

ROOT = Path(__file__).resolve().parents[1]
DECLARED = ROOT / "tools" / "example_records.toml"
CORPUS = ROOT / "tests" / "corpus"
PREFIX = "example-"
#: The flags the site runs its doctests with (``doctest_default_flags`` in docs/conf.py:
#: a refusal's text is compared word for word).
FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
FENCE = re.compile(r"^(```+|~~~+)\{(doctest|testcode)\}[^\n]*$")
HEADING = re.compile(r"^(#+)\s+(.*?)\s*$")
NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
EXAMPLE_HEADING = re.compile(r"\b(?:Examples?|Beispiele?)\b")
#: Calls that make or change a position by hand (or move a piece by a rule function outside
#: ``apply``): a section that uses one states a position, so its play is not all in a record.
HAND_MADE = re.compile(r"(?:\._replace|\bwith_\w+|\bposition|\bactions_state|\blay|\bvisit"
                       r"|\bexamples\.\w+)\(")


class ExampleError(Exception):
    """An example that cannot become a record; the message names it."""


@dataclass(frozen=True)
class Example:
    """One declared worked example (an ``[[example]]`` of the TOML file)."""

    name: str
    game: str
    page: str
    section: str
    seed: int | None
    options: Mapping[str, Any]
    what: str

    @property
    def path(self) -> Path:
        return CORPUS / self.game / f"{PREFIX}{self.name}.json"


KEYS = {"name", "game", "page", "section", "seed", "options", "what"}


def declared(path: Path = DECLARED) -> list[Example]:
    """The examples ``path`` declares, checked: known keys, names unique and file-safe."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found: list[Example] = []
    for index, item in enumerate(data.get("example", [])):
        where = f"{path.name}: example {index + 1}"
        unknown = set(item) - KEYS
        missing = {"name", "game", "page", "section", "options", "what"} - set(item)
        if unknown or missing:
            raise ExampleError(f"{where}: unknown keys {sorted(unknown)}, missing {sorted(missing)}")
        seed = item.get("seed")
        if not NAME.fullmatch(item["name"]) or (seed is not None and type(seed) is not int):
            raise ExampleError(f"{where}: name must be lower-case words joined by '-', "
                               "seed a whole number or left out")
        found.append(Example(item["name"], item["game"], item["page"], item["section"], seed,
                             dict(item["options"]), item["what"]))
    names = [(e.game, e.name) for e in found]
    if len(set(names)) != len(names):
        raise ExampleError(f"{path.name}: an example name is declared twice in one game")
    return found


# ----------------------------------------------------------------------------- pages
@dataclass(frozen=True)
class Block:
    """A doctest block of a page and the headings it stands under (outermost first)."""

    line: int
    source: str
    headings: tuple[str, ...]


def blocks(page: Path) -> list[Block]:
    """The page's doctest blocks in order, each with its headings."""
    found: list[Block] = []
    stack: list[tuple[int, str]] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = FENCE.match(line)
        if fence:
            end = next((j for j in range(index + 1, len(lines))
                        if lines[j].startswith(fence.group(1)) and not lines[j].strip("`~")),
                       len(lines))
            found.append(Block(index + 1, "\n".join(lines[index + 1:end]) + "\n",
                               tuple(text for _, text in stack)))
            index = end + 1
            continue
        if line.startswith(("```", "~~~")):          # another fence: skip it whole
            marker = line[:3]
            index += 1
            while index < len(lines) and not lines[index].startswith(marker):
                index += 1
            index += 1
            continue
        heading = HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            stack = [(lv, text) for lv, text in stack if lv < level] + [(level, heading.group(2))]
        index += 1
    return found


def example_sections(page: Path) -> list[str]:
    """The headings of ``page`` that introduce a worked example."""
    seen: list[str] = []
    for line in _outside_fences(page):
        heading = HEADING.match(line)
        if heading and (EXAMPLE_HEADING.search(heading.group(2)) or (page.name == "example.md"
                        and len(heading.group(1)) == 1)):
            seen.append(heading.group(2))
    return seen


def _outside_fences(page: Path) -> Iterator[str]:
    marker = None
    for line in page.read_text(encoding="utf-8").splitlines():
        if marker is None and line.startswith(("```", "~~~")):
            marker = line[:3]
        elif marker is not None and line.startswith(marker) and not line.strip("`~"):
            marker = None
        elif marker is None:
            yield line


# ----------------------------------------------------------------------------- watching play
@dataclass
class Watch:
    """The games started and the actions applied while a section's doctests ran."""

    roots: list[tuple[Game[Any, Any], int | None, Mapping[str, Any], Any]] = field(
        default_factory=list)
    steps: list[tuple[Game[Any, Any], Any, Any, Any]] = field(default_factory=list)
    depth: int = 0


@contextmanager
def watching(watch: Watch) -> Iterator[None]:
    """Record every :meth:`Game.new_game` and (outermost) :meth:`Game.apply` meanwhile."""
    new_game, apply = Game.new_game, Game.apply

    def watched_new_game(self: Game[Any, Any], seed: int | None = 0,
                         options: Mapping[str, Any] | None = None, rules: Any = None) -> Any:
        state = new_game(self, seed, options, rules)
        if rules is None and watch.depth == 0:
            watch.roots.append((self, seed, dict(options or {}), state))
        return state

    def watched_apply(self: Game[Any, Any], state: Any, action: Any) -> Any:
        watch.depth += 1
        try:
            after = apply(self, state, action)
        finally:
            watch.depth -= 1
        if watch.depth == 0:
            watch.steps.append((self, state, action, after))
        return after

    setattr(Game, "new_game", watched_new_game)   # noqa: B010 (a method, replaced for a while)
    setattr(Game, "apply", watched_apply)         # noqa: B010
    try:
        yield
    finally:
        setattr(Game, "new_game", new_game)       # noqa: B010
        setattr(Game, "apply", apply)             # noqa: B010


@dataclass(frozen=True)
class Played:
    """The one game a section plays: how it was started, and its actions."""

    game: Game[Any, Any]
    seed: int | None
    options: Mapping[str, Any]
    actions: tuple[Any, ...]


def played(watch: Watch, where: str) -> Played:
    """The game the section plays: the longest line of actions from a start. Every
    other line must be a part of it, and every action must follow from a start."""
    paths: dict[int, tuple[int, tuple[Any, ...]]] = {}
    for number, (_, _, _, state) in enumerate(watch.roots):
        paths[id(state)] = (number, ())
    for game, state, action, after in watch.steps:
        if id(state) not in paths:
            raise ExampleError(f"{where}: {game.id}: {action!r} is applied to a position made "
                               "by hand, not played to: not a sequence of play")
        root, path = paths[id(state)]
        paths[id(after)] = (root, (*path, action))
    if not watch.steps:
        raise ExampleError(f"{where}: no action is applied: not a sequence of play")
    root, longest = max(paths.values(), key=lambda item: len(item[1]))
    for other_root, path in paths.values():
        if path and (other_root != root or longest[:len(path)] != path):
            raise ExampleError(f"{where}: the section plays more than one line of play")
    game, seed, options, _ = watch.roots[root]
    return Played(game, seed, options, longest)


def run_section(example: Example) -> Played:
    """Run ``example``'s page up to the end of its section, watching the section."""
    page = ROOT / example.page
    where = f"{example.page} # {example.section}"
    found = blocks(page)
    inside = [i for i, block in enumerate(found) if example.section in block.headings]
    if not inside:
        raise ExampleError(f"{where}: no doctest under this heading")
    by_hand = sorted({m.group(0) for i in inside for m in HAND_MADE.finditer(found[i].source)})
    if by_hand:
        raise ExampleError(f"{where}: states a position by hand ({', '.join(by_hand)}): "
                           "not a sequence of play")
    globs: dict[str, Any] = {"DOC_LANG": "en", "__name__": "__example__"}
    parser, watch = doctest.DocTestParser(), Watch()
    for index, block in enumerate(found[:inside[-1] + 1]):
        test = parser.get_doctest(block.source, globs, where, str(page), block.line)
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        report = io.StringIO()
        if index in inside:
            with watching(watch):
                result = runner.run(test, out=report.write, clear_globs=False)
        else:
            result = runner.run(test, out=report.write, clear_globs=False)
        globs = test.globs          # a DocTest runs on a copy: carry the names on
        if result.failed:
            raise ExampleError(f"{example.page}:{block.line}: the doctest fails, so its play "
                               f"cannot be recorded:\n{report.getvalue()}")
    return played(watch, where)


def entry_of(example: Example) -> Entry:
    """The corpus entry of ``example`` as its page plays it now."""
    play = run_section(example)
    where = f"{example.page} # {example.section}"
    stated = (example.game, example.seed, dict(example.options))
    started = (play.game.id, play.seed, dict(play.options))
    if stated != started:
        raise ExampleError(f"{where}: declared as {stated}, but the page plays {started}")
    actions = tuple(play.game.action_to_json(action) for action in play.actions)
    return make_entry(GameRecord.played(play.game, play.seed, actions, play.options))


def text_of(entry: Entry) -> str:
    return json.dumps(entry.to_json(), indent=1, ensure_ascii=False) + "\n"


def stale(examples: Sequence[Example]) -> list[Path]:
    """Example entries in the corpus that the TOML file no longer declares."""
    wanted = {example.path for example in examples}
    return [path for path in sorted(CORPUS.glob(f"*/{PREFIX}*.json")) if path not in wanted]


def survey(say: Any) -> int:
    """Every example section of every page: whether it is a sequence of play (and declared)."""
    names = {(e.page, e.section): e.name for e in declared()}
    for page in sorted((ROOT / "docs").glob("*/*.md")):
        for section in example_sections(page):
            page_name = str(page.relative_to(ROOT))
            probe = Example("survey", "?", page_name, section, None, {}, "")
            try:
                play = run_section(probe)
                verdict = (f"plays {play.game.id}, {len(play.actions)} actions, "
                           f"seed {play.seed}, options {dict(play.options)}")
            except ExampleError as exc:
                reason = str(exc).splitlines()[0]
                verdict = "no record: " + reason.removeprefix(f"{page_name} # {section}: ")
            mark = names.get((page_name, section), "-")
            say(f"{page_name} # {section}\n    {verdict}\n    declared: {mark}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these examples")
    parser.add_argument("--check", action="store_true",
                        help="compare the corpus with the pages; write nothing")
    parser.add_argument("--survey", action="store_true",
                        help="list every example section of the reference and whether it plays")
    args = parser.parse_args(argv)
    if args.survey:
        return survey(print)
    examples = declared()
    chosen = [e for e in examples if not args.names or e.name in args.names]
    unknown = set(args.names) - {e.name for e in examples}
    if unknown:
        print(f"not declared in {DECLARED.name}: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    problems = 0
    for example in chosen:
        try:
            entry = entry_of(example)
        except ExampleError as exc:
            print(f"{example.name}: {exc}", file=sys.stderr)
            problems += 1
            continue
        text = text_of(entry)
        old = example.path.read_text(encoding="utf-8") if example.path.exists() else None
        if args.check:
            if old != text:
                print(f"{example.path.relative_to(ROOT)}: differs from what its page plays",
                      file=sys.stderr)
                problems += 1
            continue
        if old != text:
            entry.write(example.path)
        print(f"{example.path.relative_to(ROOT)}: {len(entry.steps)} actions"
              f"{'' if old != text else ' (unchanged)'}")
    if not args.names:
        for path in stale(examples):
            if args.check:
                print(f"{path.relative_to(ROOT)}: not declared", file=sys.stderr)
                problems += 1
            else:
                path.unlink()
                print(f"{path.relative_to(ROOT)}: removed (not declared)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
