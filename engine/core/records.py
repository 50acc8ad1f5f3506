"""Game records: (game, options, seed, actions) as JSON, and exact replay.

A record's ``seed`` is either a whole number, and chance acts from it as the
game was played (its outcomes are not in ``actions``), or ``null``: chance is
chosen by the record, as a worked example chooses it, and ``actions`` holds
every chance outcome in record notation at its place among the players'
actions (the game is started with ``seed=None`` and stops at every chance
node). Both forms are ``regelwerk-game-record/1``.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regelwerk.engine.core import files, readings, schema
from regelwerk.engine.core.errors import RecordError as RecordError  # its home is errors
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.playout import CHANCE

FORMAT = "regelwerk-game-record/1"
#: A regression-corpus entry (:mod:`regelwerk.regress`): a record and the positions
#: after each action. Wherever a record is read, an entry gives its record.
ENTRY_FORMAT = "regelwerk-corpus/1"


#: The result of a finished game in a record (:meth:`Outcome.to_json`).
RESULT_SCHEMA: Mapping[str, Any] = {
    "type": ["object", "null"],     # null: the game had not ended
    "required": ["winners", "scores", "termination", "tie_break"],
    "properties": {
        "winners": {"type": "array", "items": {"type": "string"}},
        "scores": {"type": "object", "additionalProperties": {"type": "integer"}},
        "termination": {"type": "string"},
        "tie_break": {"type": ["string", "null"]},
        "details": {"type": "object"},
    },
    "additionalProperties": False,
}

#: One action of a record: its kind's ``type`` and whole-number or true/false fields.
ACTION_SCHEMA: Mapping[str, Any] = {
    "type": "object", "required": ["type"],
    "properties": {"type": {"type": "string"}},
    "additionalProperties": {"type": ["integer", "boolean"]},
}

#: A game record of any game (each game's options: :func:`schema.options_schema`).
SCHEMA: Mapping[str, Any] = {
    "$schema": schema.DIALECT,
    "title": "regelwerk game record",
    "type": "object",
    "required": ["format", "game", "seed", "actions", "options"],
    "properties": {
        "format": {"const": FORMAT},
        "game": {"type": "string"},
        "seed": {"type": ["integer", "null"]},   # null: the actions give chance's outcomes
        "options": {"type": "object"},
        "actions": {"type": "array", "items": ACTION_SCHEMA},
        "result": RESULT_SCHEMA,
        "rules": {      # the rules it was played under (records since issue 29)
            "type": "object", "required": ["version", "fingerprint", "decisions"],
            "properties": {"version": {"type": "string", "maxLength": 40},
                           "fingerprint": {"type": "string", "maxLength": 64},
                           "decisions": {"type": "object",
                                         "additionalProperties": {"type": "string"}}},
            "additionalProperties": False},
    },
    "additionalProperties": False,
}


#: :data:`SCHEMA` with its actions left to :func:`_check_actions` (the same rule, ten
#: times as fast over a long record as jsonschema asking it of each action).
_SCHEMA_BUT_ACTIONS: Mapping[str, Any] = {
    **SCHEMA, "properties": {**SCHEMA["properties"], "actions": {"type": "array"}}}


def _fits_action(item: Any) -> bool:
    """Whether ``item`` fits :data:`ACTION_SCHEMA` (asked of every action of a record)."""
    return type(item) is dict and type(item.get("type")) is str and all(
        type(value) is int or type(value) is bool
        for key, value in item.items() if key != "type")


def _check_actions(actions: list[Any], where: str) -> None:
    """Every action against :data:`ACTION_SCHEMA`: the first that does not fit is refused
    with the schema's own message (``actions[3].price must be ...``)."""
    for index, item in enumerate(actions):
        if not _fits_action(item):
            schema.check(ACTION_SCHEMA, item, RecordError, where, f"actions[{index}]")


@dataclass(frozen=True)
class GameRecord:
    """A game as (game, options, seed, actions) and, once it ended, its result.

    ``seed`` ``None``: chance is chosen by the record, whose ``actions`` then
    include every chance outcome (:func:`recorded_action`). ``rules``: the rules
    version, their fingerprint and the register's decisions when it was played
    (:func:`~regelwerk.engine.core.readings.stamp`; ``None`` in a record written
    before readings were kept, which is played under today's decisions).
    """

    game: str
    seed: int | None
    actions: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    result: Mapping[str, Any] | None = None
    rules: Mapping[str, Any] | None = None

    @classmethod
    def played(cls, game: Any, seed: int | None, actions: tuple[Mapping[str, Any], ...],
               options: Mapping[str, Any] | None = None,
               result: Mapping[str, Any] | None = None) -> GameRecord:
        """A record of ``game`` that keeps its readings: every variant's value (the
        register's decision where none was chosen) and the stamp of its rules."""
        chosen = readings.resolved(game, options)
        return cls(game.id, seed, actions, chosen, result, readings.stamp(game, chosen))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "game": self.game, "options": dict(self.options),
                                "seed": self.seed, "actions": [dict(a) for a in self.actions]}
        if self.result is not None:
            data["result"] = dict(self.result)
        if self.rules is not None:
            data["rules"] = dict(self.rules)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any, where: str = "<record>",
                  games: Mapping[str, Any] | None = None) -> GameRecord:
        """A record from its JSON form, checked against :data:`SCHEMA`; given the games
        (``{id: Game}``, looked up only for the record's game), ``game`` must name
        one and ``options`` must fit its :func:`schema.options_schema` (players,
        variants, board numbers). A failure is a :class:`RecordError` naming
        ``where`` and the key."""
        if not isinstance(data, dict):
            raise RecordError(N_("{file}: a game record is a JSON object"), file=where)
        if data.get("format") == ENTRY_FORMAT and isinstance(data.get("record"), dict):
            data = data["record"]
        if data.get("format") != FORMAT:
            raise RecordError(N_("{file}: format must be {expected!r}, got {got!r}"), file=where,
                              expected=FORMAT, got=data.get("format"))
        schema.check(_SCHEMA_BUT_ACTIONS, data, RecordError, where)
        _check_actions(data["actions"], where)
        if games is not None:
            game = games.get(data["game"]) if data["game"] in games else None
            if game is None:
                raise RecordError(N_("{file}: game must be one of {choices}, not {value!r}"),
                                  file=where, choices=", ".join(games), value=data["game"])
            schema.check(schema.options_schema(game), data["options"], RecordError, where,
                         "options")
        return cls(data["game"], data["seed"], tuple(data["actions"]), data["options"],
                   data.get("result"), data.get("rules"))

    @classmethod
    def loads(cls, text: str | bytes, where: str = "<record>",
              games: Mapping[str, Any] | None = None) -> GameRecord:
        """A record from JSON text; any text that is not a valid record is a
        :class:`RecordError` (not UTF-8, not JSON, NaN, numbers of more than
        4,300 digits, nesting too deep for Python, a failure of the schema), and
        so is text over :data:`files.MAX_INPUT_BYTES`, refused before it is parsed."""
        if len(text) > files.MAX_INPUT_BYTES:
            raise files.too_large(where, RecordError)
        try:
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_Shared())
        except UnicodeDecodeError as exc:
            raise RecordError(N_("{file}: not a UTF-8 text file ({error})"), file=where,
                              error=exc.reason) from None
        except json.JSONDecodeError as exc:
            raise RecordError(N_("{file}:{line}: not JSON ({error})"), file=where,
                              line=exc.lineno, error=exc.msg) from None
        except _NotANumber as exc:     # NaN or Infinity: not JSON's numbers
            raise RecordError(N_("{file}: {name} is not a number JSON allows"), file=where,
                              name=exc.name) from None
        except ValueError:             # an integer longer than Python reads (4,300 digits)
            raise RecordError(N_("{file}: a number with more digits than a game record can "
                                 "hold"), file=where) from None
        except RecursionError:
            raise RecordError(N_("{file}: nested too deeply to be a game record"),
                              file=where) from None
        return cls.from_json(data, where, games)

    @classmethod
    def read(cls, path: Path, games: Mapping[str, Any] | None = None) -> GameRecord:
        """Read and check a record file (see :meth:`loads`); a file over
        :data:`files.MAX_INPUT_BYTES` is refused before it is read whole
        (:func:`files.read_limited`)."""
        return cls.loads(files.read_limited(path, RecordError), str(path), games)

    def write(self, path: Path) -> None:
        """Write by the write rule (:func:`files.write_text`): a crash or a full disk never
        leaves half a record, and an old record stays as it was; ``-`` is standard
        output, a FIFO or device is written into. A failure is an
        :class:`~regelwerk.engine.core.files.OutputError`."""
        try:
            text = self.dumps() + "\n"
        except (ValueError, RecursionError) as exc:
            raise RecordError(N_("{file}: this record cannot be written as JSON ({error})"),
                              file=path, error=exc) from None
        files.write_text(path, text)


def refuse_overwrite(path: Path, games: Mapping[str, Any] | None = None) -> None:
    """Refuse to start a new game record over the regular file ``path`` that holds a game
    (``play --record`` without ``--force``): a finished one, an unfinished one (which
    ``--resume`` goes on with) or any other file with content, each a
    :class:`RecordError`. No file, an empty one, a symlink (replaced, its target left
    as it is), a FIFO or a device (written into) is no refusal."""
    try:
        info = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return
    try:
        old = GameRecord.read(path, games)
    except RecordError:
        raise RecordError(N_("{file} exists and is not a game record; --force overwrites it"),
                          file=path) from None
    if old.result is not None:
        raise RecordError(N_("{file} holds a finished game; --force overwrites it"), file=path)
    raise RecordError(N_("{file} holds an unfinished game: go on with --resume {file}, or "
                         "--force starts a new game over it"), file=path)


class _Shared:
    """A JSON object hook that gives every repeated object of plain values (a record's
    actions: ``{"type": "pass", "family": 1}``) as one shared dict, so that a record of
    10⁶ actions takes a pointer per action instead of a dict each (about 250 bytes): a
    record of 10⁶ actions replays in a quarter of the memory (``benchmarks/replay_memory.py``,
    issue 35). Values must match in type too (``1``, ``1.0`` and ``true`` are equal keys);
    an object holding a list or an object is never shared. At most :attr:`LIMIT` distinct
    objects are kept, so a record of ever new actions costs no more than before. Nothing
    changes a record's actions after it is read (:class:`GameRecord` is frozen, and
    :meth:`GameRecord.to_json` copies them)."""

    LIMIT = 1 << 16

    def __init__(self) -> None:
        self.seen: dict[tuple[tuple[str, Any], ...], dict[str, Any]] = {}

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        key = tuple(pairs)
        try:
            found = self.seen.get(key)
        except TypeError:       # a list or an object among the values
            return dict(pairs)
        if found is None:
            made = dict(pairs)
            if len(self.seen) < self.LIMIT:
                self.seen[key] = made
            return made
        for name, value in pairs:
            if type(found[name]) is not type(value):
                return dict(pairs)
        return found


class _NotANumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a record's text (Python's json reads them)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)


def actions_json(module: Any, actions: Sequence[Any]) -> tuple[dict[str, Any], ...]:
    return tuple(module.action_to_json(a) for a in actions)


def recorded_action(game: Any, state: Any, record: GameRecord, index: int) -> Any:
    """Action ``index`` of ``record``, read for ``state`` (the state before it).

    An action that cannot be read is a :class:`RecordError` (from the game's codec).
    In a record whose chance is chosen (``seed`` null) the action at a chance node
    must be one of chance's outcomes: a player's action there means the record
    left the outcome out, a :class:`RecordError` (the caller names the step). Whether
    the action is legal is :meth:`Game.apply`'s to say.
    """
    action = game.action_from_json(record.actions[index])
    if record.seed is None and not game.is_terminal(state) \
            and game.current_player(state) == CHANCE and not game.kind_of[type(action)].chance:
        raise RecordError(N_("chance acts here and the record has no seed, so it must give "
                             "chance's outcome, not {action}"),
                          action=json.dumps(dict(record.actions[index]), ensure_ascii=False))
    return action
