"""Scenario tests through play: situations from the rule texts, reached by playing.

A scenario starts a game with :meth:`~regelwerk.engine.core.game.Game.new_game`
(players, options, a seed or ``None`` for chance chosen step by step), reaches
its situation by legal steps (``given``), takes the steps under test
(``when``) and checks what the rule text says they add up to: values in the
state (``then``), how values moved (``change``), what is legal and what is
refused under which clause. Nothing is written into a state, so a rule
applied twice or skipped where phases meet shows up (issue 17).

Scenarios are data, one TOML file per topic in ``tests/scenarios/<game>/``
(the format: ``tests/scenarios/README.md``), or Python tests marked
``@pytest.mark.play(clause, ...)``; ``regelwerk check`` counts both, with the
site's worked examples, as exercising a clause through play. A clause no play
can reach is listed with the reason in ``tests/scenarios/<game>/not_played.toml``.
"""

from __future__ import annotations

import enum
import json
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regelwerk import games, public_names
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext
from regelwerk.engine.core.records import RecordError
from regelwerk.engine.core.schema import check as check_schema

#: Where the scenario files of a game are, below a source checkout.
FOLDER = Path("tests") / "scenarios"
#: The file of a game's clauses that no play can reach, with the reasons.
NOT_PLAYED = "not_played.toml"
#: ``{"until": Kind}`` and ``{"first": n}`` stop after this many steps at most.
MAX_STEPS = 100_000

_ACTION = {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}}
_STEP = {"oneOf": [
    {"type": "object", "required": ["until"], "additionalProperties": False,
     "properties": {"until": {"type": "string", "minLength": 1}}},
    {"type": "object", "required": ["first"], "additionalProperties": False,
     "properties": {"first": {"type": "integer", "minimum": 1, "maximum": MAX_STEPS}}},
    {**_ACTION, "not": {"anyOf": [{"required": ["until"]}, {"required": ["first"]}]}},
]}
_PATHS = {"type": "object", "propertyNames": {"minLength": 1}}

#: The declared shape of a scenario file (``[[scenario]]`` tables; ``game`` names the game
#: of a file outside ``tests/scenarios/<game>/``).
SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {"game": {"type": "string", "minLength": 1},
                   "scenario": {"type": "array", "minItems": 1, "items": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "clauses", "title", "when"],
        "properties": {
            "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_.-]*$"},
            "clauses": {"type": "array", "minItems": 1, "items": {"type": "string"}},
            "title": {"type": "string", "minLength": 1},
            "players": {"type": "integer"},
            "options": {"type": "object"},
            "seed": {"type": "integer"},
            "given": {"type": "array", "items": _STEP},
            "when": {"type": "array", "minItems": 1, "items": _STEP},
            "then": _PATHS,
            "change": {"type": "object", "propertyNames": {"minLength": 1},
                       "additionalProperties": {"type": "integer"}},
            "legal": {"type": "array", "items": _ACTION},
            "refused": {"type": "array", "items": {
                "type": "object", "additionalProperties": False,
                "required": ["action", "clause"],
                "properties": {"action": _ACTION, "clause": {"type": "string"}}}},
        }}}},
}

#: The declared shape of ``not_played.toml``.
NOT_PLAYED_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {"not_played": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["clause", "why"],
        "properties": {"clause": {"type": "string"}, "why": {"type": "string", "minLength": 1}}}}},
}

#: The comparisons a ``then`` value may ask for instead of equality.
COMPARISONS = frozenset({"len", "min", "max", "contains", "excludes"})


class ScenarioError(LocalizedError):
    """A scenario file that cannot be read, or a scenario whose steps cannot be taken."""


@dataclass(frozen=True)
class Scenario:
    """One situation reached through play, and what the rule text says of it."""

    game: str
    id: str
    clauses: tuple[str, ...]
    title: str
    file: str
    players: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    given: tuple[Any, ...] = ()
    when: tuple[Any, ...] = ()
    then: Mapping[str, Any] = field(default_factory=dict)
    change: Mapping[str, int] = field(default_factory=dict)
    legal: tuple[Mapping[str, Any], ...] = ()
    refused: tuple[tuple[Mapping[str, Any], str], ...] = ()
    #: the line of the scenario's ``[[scenario]]`` header, and of each key in it
    line: int = 0
    lines: Mapping[str, int] = field(default_factory=dict)

    def line_of(self, key: str) -> int:
        """The line of ``key`` in this scenario (its header's line if not found)."""
        return self.lines.get(key, self.line)

    def where(self, key: str | None = None) -> str:
        """``file:line: id``: where a report about ``key`` points the reader."""
        line = self.line if key is None else self.line_of(key)
        return f"{self.file}:{line}: {self.id}"

    @property
    def name(self) -> str:
        """``game/id``: how a test run and a failure name the scenario."""
        return f"{self.game}/{self.id}"

    def game_options(self) -> dict[str, Any]:
        """The options of :meth:`Game.new_game`: ``options`` with ``players`` if given."""
        options = dict(self.options)
        if self.players is not None:
            options["players"] = self.players
        return options


def _read_toml(path: Path, shown_as: str) -> dict[str, Any]:
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except OSError as exc:
        raise ScenarioError(N_("{file}: cannot be read ({error})"), file=shown_as,
                            error=exc.strerror or exc) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
        at = _AT_LINE.search(str(exc))      # tomllib says where: "(at line 3, column 7)"
        raise ScenarioError(N_("{file}: not valid TOML ({error})"),
                            file=f"{shown_as}:{at.group(1)}" if at else shown_as,
                            error=exc) from None


_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")


_HEADER = re.compile(r"^\s*\[\[\s*scenario\s*\]\]\s*(#.*)?$")
_KEY = re.compile(r'^\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_@.-]+))\s*=')


def key_lines(text: str) -> list[tuple[int, dict[str, int]]]:
    """Per ``[[scenario]]`` table of a file's ``text``: its header's line and the line of
    each key written in it (the first, for keys of several of its tables)."""
    found: list[tuple[int, dict[str, int]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if _HEADER.match(line):
            found.append((number, {}))
        elif found:
            match = _KEY.match(line)
            if match:
                found[-1][1].setdefault(match.group(1) or match.group(2), number)
    return found


def game_of(path: Path, data: Mapping[str, Any] | None = None) -> str | None:
    """The game of a scenario file: its ``game`` key, else its folder if that is a game."""
    if data is not None and isinstance(data.get("game"), str):
        return str(data["game"])
    return path.parent.name if path.parent.name in games.games() else None


def load_file(path: Path, game: str | None = None,
              shown_as: str | None = None) -> list[Scenario]:
    """The scenarios of one file, checked against :data:`SCHEMA` (a one-line error otherwise,
    naming the file and, for a TOML syntax error, the line). ``game``: the game if the file
    does not say (its ``game`` key, or a folder named for the game)."""
    shown_as = shown_as or str(path)
    data = _read_toml(path, shown_as)
    check_schema(SCHEMA, data, ScenarioError, shown_as)
    game = game_of(path, data) if "game" in data or game is None else game
    if game is None or game not in games.games():
        raise ScenarioError(N_("{file}: no game: write game = \"<game>\" at the top (one "
                               "of {known})"), file=shown_as, known=", ".join(games.games()))
    try:
        lines = key_lines(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        lines = []
    found = []
    for index, raw in enumerate(data.get("scenario", ())):
        line, keys = lines[index] if index < len(lines) else (0, {})
        found.append(Scenario(
            game=game, id=raw["id"], clauses=tuple(raw["clauses"]), title=raw["title"],
            file=shown_as, players=raw.get("players"), options=raw.get("options", {}),
            seed=raw.get("seed"), given=tuple(raw.get("given", ())), when=tuple(raw["when"]),
            then=raw.get("then", {}), change=raw.get("change", {}),
            legal=tuple(raw.get("legal", ())),
            refused=tuple((r["action"], r["clause"]) for r in raw.get("refused", ())),
            line=line, lines=keys))
    return found


def scenario_files(root: Path, game: str) -> list[Path]:
    """The scenario files of ``game`` below the checkout ``root``."""
    folder = root / FOLDER / game
    return sorted(p for p in folder.glob("*.toml") if p.name != NOT_PLAYED) \
        if folder.is_dir() else []


def load(root: Path, game: str | None = None) -> list[Scenario]:
    """Every scenario of ``game`` (of every game if ``None``), ids unique per game."""
    chosen = [game] if game is not None else list(games.games())
    found: list[Scenario] = []
    for game_id in chosen:
        seen: dict[str, str] = {}
        for path in scenario_files(root, game_id):
            for scenario in load_file(path, game_id, str(path.relative_to(root))):
                if scenario.id in seen:
                    raise ScenarioError(N_("{file}: scenario {id} is also in {other}"),
                                        file=scenario.file, id=scenario.id,
                                        other=seen[scenario.id])
                seen[scenario.id] = scenario.file
                found.append(scenario)
    return found


def not_played(root: Path, game: str) -> dict[str, str]:
    """The clauses of ``game`` no play can reach, each with the reason given."""
    path = root / FOLDER / game / NOT_PLAYED
    if not path.is_file():
        return {}
    shown_as = str(path.relative_to(root))
    data = _read_toml(path, shown_as)
    check_schema(NOT_PLAYED_SCHEMA, data, ScenarioError, shown_as)
    return {item["clause"]: item["why"] for item in data.get("not_played", ())}


# ---------------------------------------------------------------------- playing the steps

def _kind_named(game: Game[Any, Any], name: str) -> type:
    for kind in game.kinds:
        if kind.name == name:
            return kind.action
    raise ScenarioError(N_("{game} has no action kind {name!r}"), game=game.id, name=name)


def _first(game: Game[Any, Any], state: Any) -> Any:
    """The first legal action (an open choice's least value)."""
    legal = game.legal_actions(state)
    if not legal:
        raise ScenarioError(N_("no legal action is left to take"))
    first = legal[0]
    return first.make(first.low) if isinstance(first, OpenChoice) else first


def step(game: Game[Any, Any], state: Any, how: Any) -> Any:
    """The state after one step: an action in record notation, ``{"first": n}`` (the first
    legal action, ``n`` times) or ``{"until": kind}`` (first legal actions until an action
    of that kind is legal)."""
    if isinstance(how, Mapping) and set(how) == {"first"}:
        for _ in range(how["first"]):
            state = game.apply(state, _first(game, state))
        return state
    if isinstance(how, Mapping) and set(how) == {"until"}:
        wanted = _kind_named(game, how["until"])
        for _ in range(MAX_STEPS):
            if any(type(a) is wanted or (isinstance(a, OpenChoice) and
                                         type(a.make(a.low)) is wanted)
                   for a in game.legal_actions(state)):
                return state
            if game.is_over(state):
                break
            state = game.apply(state, _first(game, state))
        raise ScenarioError(N_("no {kind} became legal"), kind=how["until"])
    return game.apply(state, game.action_from_json(how))


def steps(game: Game[Any, Any], state: Any, how: Iterable[Any]) -> Any:
    """The state after each of ``how`` in turn (see :func:`step`)."""
    for one in how:
        state = step(game, state, one)
    return state


def value(state: Any, path: str, game: Game[Any, Any] | None = None) -> Any:
    """What ``path`` names in ``state``.

    With ``game``, first a public name of the position (:mod:`regelwerk.public_names`:
    ``"to move"``, ``"Medici money"``, ``"location 4 queue"``, English or German), read in
    the language it is written in. Otherwise a dotted state path for engineers:
    attributes, mapping keys, indices; ``@to_move`` (a player index, or ``"chance"``),
    ``@over``, ``@legal_count`` and ``@result`` (the outcome in record form)."""
    if game is not None and not path.startswith("@"):
        try:
            return public_names.resolve(game, state, path).read(game, state)
        except public_names.UnknownName:
            pass
    return state_path(state, path, game)


def state_path(state: Any, path: str, game: Game[Any, Any] | None = None) -> Any:
    """What a dotted state ``path`` (or an ``@`` name) reaches in ``state``."""
    if path.startswith("@"):
        if game is None:
            raise ScenarioError(N_("{path} needs the game"), path=path)
        if path == "@to_move":
            player = game.to_move(state)
            return "chance" if player == CHANCE else player
        if path == "@over":
            return game.is_over(state)
        if path == "@legal_count":
            return len(game.legal_actions(state))
        if path == "@result":
            return game.result(state)
        raise ScenarioError(N_("unknown special path {path}"), path=path)
    here = state
    for part in path.split("."):
        if isinstance(here, Mapping):
            key: Any = int(part) if part.lstrip("-").isdigit() and part not in here else part
            if key not in here:
                raise ScenarioError(N_("{path}: no key {part!r}"), path=path, part=part)
            here = here[key]
        elif part.lstrip("-").isdigit() and isinstance(here, Sequence) \
                and not isinstance(here, str):
            index = int(part)
            if not -len(here) <= index < len(here):
                raise ScenarioError(N_("{path}: no item {part}"), path=path, part=part)
            here = here[index]
        elif hasattr(here, part) and not part.startswith("_"):
            here = getattr(here, part)
        else:
            raise ScenarioError(N_("{path}: no field {part!r}"), path=path, part=part)
    return here


def plain(found: Any) -> Any:
    """``found`` in the shape TOML writes it: tuples as lists, enums by name, sets sorted."""
    if isinstance(found, enum.Enum):
        return found.name
    if isinstance(found, (tuple, list)):
        return [plain(item) for item in found]
    if isinstance(found, (set, frozenset)):
        return sorted(plain(item) for item in found)
    if isinstance(found, Mapping):
        return {key: plain(item) for key, item in found.items()}
    return found


def matches(found: Any, expected: Any) -> bool:
    """Whether ``found`` is what a ``then`` entry expects (see :data:`COMPARISONS`)."""
    if isinstance(expected, Mapping) and expected and set(expected) <= COMPARISONS:
        checks = []
        for how, bound in expected.items():
            if how == "len":
                checks.append(hasattr(found, "__len__") and len(found) == bound)
            elif how == "min":
                checks.append(found >= bound)
            elif how == "max":
                checks.append(found <= bound)
            elif how == "contains":
                checks.append(any(matches(item, bound) for item in found))
            else:
                checks.append(not any(matches(item, bound) for item in found))
        return all(checks)
    if isinstance(found, enum.Enum) and not isinstance(expected, str):
        return bool(found.value == expected)
    if isinstance(expected, bool) or isinstance(found, bool):
        return type(found) is type(expected) and found == expected
    return bool(_folded(plain(found)) == _folded(expected))


def _folded(found: Any) -> Any:
    """Words compared without regard to case (``"Blau"`` and ``"blau"``)."""
    if isinstance(found, str):
        return found.casefold()
    if isinstance(found, list):
        return [_folded(item) for item in found]
    if isinstance(found, dict):
        return {key: _folded(item) for key, item in found.items()}
    return found


def shown(found: Any, lang: str) -> str:
    """A value in words for a report: numbers and words as they are, lists with commas
    (``nothing`` if empty), yes and no, a comparison table in words."""
    if isinstance(found, bool):
        return gettext_for(lang, N_("yes") if found else N_("no"))
    if isinstance(found, Mapping) and found and set(found) <= COMPARISONS:
        return ", ".join(_COMPARED[how](lang, value=shown(bound, lang))
                         for how, bound in found.items())
    found = plain(found)
    if isinstance(found, list):
        return "[" + ", ".join(shown(item, lang) for item in found) + "]" if found \
            else gettext_for(lang, N_("nothing"))
    if isinstance(found, Mapping):
        return json.dumps(found, ensure_ascii=False)
    return str(found)


_COMPARED = {
    "len": pgettext("scenario.compare", "{value} items"),
    "min": pgettext("scenario.compare", "at least {value}"),
    "max": pgettext("scenario.compare", "at most {value}"),
    "contains": pgettext("scenario.compare", "containing {value}"),
    "excludes": pgettext("scenario.compare", "not containing {value}"),
}


def unknown_names(scenario: Scenario) -> list[str]:
    """The keys of ``then`` and ``change`` that name nothing: neither a public name of the
    game nor a field of its state."""
    game = games.get(scenario.game).game
    try:
        state = game.new_game(seed=scenario.seed, options=scenario.game_options())
    except (LocalizedError, RecordError):
        return []          # run() reports the options
    found = []
    for key in (*scenario.then, *scenario.change):
        try:
            public_names.resolve(game, state, key)
            continue
        except public_names.UnknownName:
            pass
        first = key.split(".")[0]
        if key.startswith("@") or (hasattr(state, first) and not first.startswith("_")):
            continue
        found.append(key)
    return found


def run(scenario: Scenario, lang: str = "en") -> list[str]:
    """Play ``scenario`` and return what disagrees with it, one line each in ``lang`` (empty:
    it holds). Each line names the file, the line of the key, the scenario and its clauses,
    and says what was expected and what was found."""
    _ = lambda message: gettext_for(lang, message)        # noqa: E731
    game = games.get(scenario.game).game
    clauses = ", ".join(scenario.clauses)

    def line(key: str | None, text: str) -> str:
        return f"{scenario.where(key)} ({clauses}): {text}"

    failures = []
    for key in unknown_names(scenario):
        failures.append(line(key, _(N_("{key!r} is no public name of the position (see "
                                       "tests/scenarios/README.md)")).format(key=key)))
    if failures:
        return failures
    try:
        state = game.new_game(seed=scenario.seed, options=scenario.game_options())
        state = steps(game, state, scenario.given)
        before = state
        state = steps(game, state, scenario.when)
    except (LocalizedError, RecordError) as exc:
        return [line(None, exc.message_in(lang))]
    for path, expected in scenario.then.items():
        try:
            found = value(state, path, game)
        except ScenarioError as exc:
            failures.append(line(path, exc.message_in(lang)))
            continue
        if not matches(found, expected):
            failures.append(line(path, _(N_("{key}: expected {expected}, found {found}")).format(
                key=path, expected=shown(expected, lang), found=shown(found, lang))))
    for path, expected_change in scenario.change.items():
        try:
            moved = value(state, path, game) - value(before, path, game)
        except ScenarioError as exc:
            failures.append(line(path, exc.message_in(lang)))
            continue
        except TypeError:
            failures.append(line(path, _(N_("{key}: not a number, so it has no change"))
                                 .format(key=path)))
            continue
        if moved != expected_change:
            failures.append(line(path, _(N_("{key}: expected a change of {expected:+d}, found "
                                            "{found:+d}")).format(
                key=path, expected=expected_change, found=moved)))
    for raw in scenario.legal:
        try:
            action = game.action_from_json(raw)
        except RecordError as exc:
            failures.append(line("legal", exc.message_in(lang)))
            continue
        if not game.is_legal(state, action):
            failures.append(line("legal", _(N_("expected legal, but refused: {action}")).format(
                action=_action_words(game, state, action, raw, lang))))
    for raw, clause in scenario.refused:
        try:
            action = game.action_from_json(raw)
            game.apply(state, action)
        except IllegalAction as exc:
            if exc.clause != clause:
                failures.append(line("clause", _(N_(
                    "{action}: refused under {found}, expected under {expected}")).format(
                    action=_action_words(game, state, action, raw, lang), found=exc.clause,
                    expected=clause)))
        except RecordError as exc:
            failures.append(line("refused", exc.message_in(lang)))
        else:
            failures.append(line("clause", _(N_(
                "expected refused under {clause}, but legal: {action}")).format(
                clause=clause, action=_action_words(game, state, action, raw, lang))))
    return failures


def _action_words(game: Game[Any, Any], state: Any, action: Any, raw: Mapping[str, Any],
                  lang: str) -> str:
    """An action in words (the game's ``describe``) with its record notation."""
    notation = json.dumps(dict(raw), ensure_ascii=False)
    try:
        words = game.describe(state, action, lang)
    except Exception:       # words are a courtesy; the notation is enough
        return notation
    return f"{words} {notation}" if words and words != notation else notation
