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
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regelwerk import games
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.engine.core.i18n import N_
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

#: The declared shape of a scenario file (``[[scenario]]`` tables).
SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {"scenario": {"type": "array", "minItems": 1, "items": {
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
        raise ScenarioError(N_("{file}: not valid TOML ({error})"), file=shown_as,
                            error=exc) from None


def load_file(path: Path, game: str, shown_as: str | None = None) -> list[Scenario]:
    """The scenarios of one file, checked against :data:`SCHEMA` (a one-line error otherwise)."""
    shown_as = shown_as or str(path)
    data = _read_toml(path, shown_as)
    check_schema(SCHEMA, data, ScenarioError, shown_as)
    found = []
    for raw in data.get("scenario", ()):
        found.append(Scenario(
            game=game, id=raw["id"], clauses=tuple(raw["clauses"]), title=raw["title"],
            file=shown_as, players=raw.get("players"), options=raw.get("options", {}),
            seed=raw.get("seed"), given=tuple(raw.get("given", ())), when=tuple(raw["when"]),
            then=raw.get("then", {}), change=raw.get("change", {}),
            legal=tuple(raw.get("legal", ())),
            refused=tuple((r["action"], r["clause"]) for r in raw.get("refused", ()))))
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
    """What a dotted ``path`` reaches in ``state``: attributes, mapping keys, indices.

    With ``game``: ``@to_move`` (a player, or ``"chance"``), ``@over``,
    ``@legal_count`` and ``@result`` (the outcome in record form)."""
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
    return bool(plain(found) == expected)


def run(scenario: Scenario, lang: str = "en") -> list[str]:
    """Play ``scenario`` and return what disagrees with it, one line each (empty: it holds)."""
    game = games.get(scenario.game).game
    head = f"{scenario.name} ({', '.join(scenario.clauses)})"
    try:
        state = game.new_game(seed=scenario.seed, options=scenario.game_options())
        state = steps(game, state, scenario.given)
        before = state
        state = steps(game, state, scenario.when)
    except (LocalizedError, RecordError) as exc:
        return [f"{head}: {exc.message_in(lang)}"]
    failures = []
    for path, expected in scenario.then.items():
        try:
            found = value(state, path, game)
        except ScenarioError as exc:
            failures.append(f"{head}: {exc.message_in(lang)}")
            continue
        if not matches(found, expected):
            failures.append(f"{head}: {path}: expected {expected!r}, found {plain(found)!r}")
    for path, expected_change in scenario.change.items():
        try:
            moved = value(state, path, game) - value(before, path, game)
        except ScenarioError as exc:
            failures.append(f"{head}: {exc.message_in(lang)}")
            continue
        if moved != expected_change:
            failures.append(f"{head}: {path}: expected a change of {expected_change:+d}, "
                            f"found {moved:+d}")
    for raw in scenario.legal:
        try:
            legal = game.is_legal(state, game.action_from_json(raw))
        except RecordError as exc:
            failures.append(f"{head}: {exc.message_in(lang)}")
            continue
        if not legal:
            failures.append(f"{head}: expected legal, refused: {raw}")
    for raw, clause in scenario.refused:
        try:
            game.apply(state, game.action_from_json(raw))
        except IllegalAction as exc:
            if exc.clause != clause:
                failures.append(f"{head}: {raw} refused under {exc.clause}, expected {clause}")
        except RecordError as exc:
            failures.append(f"{head}: {exc.message_in(lang)}")
        else:
            failures.append(f"{head}: expected refused under {clause}, but legal: {raw}")
    return failures
