"""The regression corpus: committed games replayed step by step against the engine.

A corpus entry (``tests/corpus/<game>/<name>.json``) is a game record together
with what the engine made of it when the entry was accepted: after every
action, a fingerprint of the position (:meth:`Game.key`) and its short text
(the state's ``repr``). :func:`regress` replays every entry and reports, for
each entry that changed, the first step that diverges: the action, the clause
of its kind, the old and new short text, and the new position in words (the
game's ``position``). ``accept`` rewrites the expected values after a
deliberate rule change, so the corpus diff is what a reviewer reads. Entries
are written atomically.

The rulebooks' worked examples and seeded games over every player count and
rule variant make the corpus. A seeded game (``seeded-*.json``,
:func:`seeded_entries`) has an int seed. A worked example (``example-*.json``,
written by ``tools/example_records.py`` from the doctest sections that
``tools/example_records.toml`` declares) has the seed its page starts the game
with, or ``null`` where the page chooses chance; its actions then include
chance's outcomes. A rule change that alters an example is reported at the
step of the example where it first shows.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from random import Random
from typing import Any

from regelwerk import games
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.files import write_text
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import ENTRY_FORMAT, GameRecord, RecordError, recorded_action

FORMAT = ENTRY_FORMAT


class _Known(Mapping[str, Any]):
    """The games by id, each engine imported only when a record names it: an entry's
    record must name one, with options that fit it (:meth:`GameRecord.from_json`)."""

    def __getitem__(self, game: str) -> Any:
        return games.get(game).game

    def __contains__(self, game: object) -> bool:
        return isinstance(game, str) and game in games.games()

    def __iter__(self) -> Iterator[str]:
        return iter(games.games())

    def __len__(self) -> int:
        return len(games.games())


def fingerprint(game: Game[Any, Any], state: Any) -> str:
    """A short, stable digest of a position (its :meth:`Game.key`)."""
    return hashlib.sha256(repr(game.key(state)).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Step:
    """The position after one action, as the corpus keeps it."""

    fingerprint: str
    text: str

    def to_json(self) -> list[str]:
        return [self.fingerprint, self.text]


@dataclass(frozen=True)
class Entry:
    """A game record and the positions the engine reached after each of its actions."""

    record: GameRecord
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "record": self.record.to_json(),
                "steps": [step.to_json() for step in self.steps]}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Entry:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(N_("{file}: format must be {expected!r}, got {got!r}"), file=where,
                              expected=FORMAT, got=data.get("format")
                              if isinstance(data, dict) else type(data).__name__)
        steps = data.get("steps")
        if not isinstance(steps, list) or not all(
                isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
                for s in steps):
            raise RecordError(N_("{file}: {key!r} must be of type {type}"), file=where,
                              key="steps", type="list")
        return cls(GameRecord.from_json(data.get("record"), where, _Known()),
                   tuple(Step(fp, text) for fp, text in steps))


    @classmethod
    def read(cls, path: Path) -> Entry:
        """The entry in ``path``; any file that is not one is a :class:`RecordError` of one
        line in the reader's language, naming the file."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise RecordError(N_("{file}: cannot read the file ({error})"), file=path,
                              error=exc) from None
        except UnicodeDecodeError as exc:
            raise RecordError(N_("{file}: not a UTF-8 text file ({error})"), file=path,
                              error=exc.reason) from None
        except json.JSONDecodeError as exc:
            raise RecordError(N_("{file}:{line}: not JSON ({error})"), file=path,
                              line=exc.lineno, error=exc.msg) from None
        except (ValueError, RecursionError):      # NaN, too many digits, nested too deeply
            raise RecordError(N_("{file}: not a corpus entry (nested too deeply, or a number "
                                 "too long to read)"), file=path) from None

        return cls.from_json(data, str(path))


    def write(self, path: Path) -> None:
        """Write atomically (:func:`regelwerk.engine.core.files.write_text`)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")


@dataclass(frozen=True)
class Divergence:
    """Where a replay first differs from its corpus entry."""

    path: Path
    step: int                       # index of the action (0-based); len(actions): the result
    action: dict[str, Any] | None
    clause: str
    expected: Step | None
    got: Step | None
    problem: str                    # changed | illegal | longer | shorter | result
    #: the game, and the engine's state now where the replay diverged (after the action
    #: if it played, else the last state reached): the new position in words
    game: str = ""
    state: Any = field(default=None, compare=False, repr=False)
    record: GameRecord | None = field(default=None, compare=False, repr=False)

    def now_in_words(self, lang: str) -> str | None:
        """The engine's position now at the divergence, in words of ``lang`` (the game's
        ``position``), or ``None`` if there is none."""
        if self.state is None or not self.game:
            return None
        from regelwerk.play import position

        return position(games.get(self.game).game, self.state, lang)

    def describe(self) -> str:
        """One paragraph in English (the CLI translates its parts)."""
        lines = [f"{self.path}: step {self.step}: {self.problem}"]
        if self.action is not None:
            lines.append(f"  action: {json.dumps(self.action, ensure_ascii=False)} "
                         f"({self.clause})")
        if self.expected is not None:
            lines.append(f"  expected: {self.expected.text}")
        if self.got is not None:
            lines.append(f"  now:      {self.got.text}")
        words = self.now_in_words("en")
        if words is not None:
            lines.append("  now, in words:")
            lines += ["    " + line for line in words.splitlines()]
        return "\n".join(lines)


def replay_steps(record: GameRecord, rules: Any = None
                 ) -> tuple[tuple[Step, ...], Any, Exception | None]:
    """Replay ``record`` (by ``rules`` if given, else by its options): the positions after
    each action, the final state, and the error that stopped it (an illegal or unreadable
    action, or, in a record without a seed, a player's action where chance acts), if one
    did."""
    game = games.get(record.game).game
    state = game.new_game(seed=record.seed, options=dict(record.options), rules=rules)
    steps: list[Step] = []
    for index in range(len(record.actions)):
        try:      # a record without a seed gives chance's outcomes (recorded_action)
            state = game.apply(state, recorded_action(game, state, record, index))
        except (IllegalAction, RecordError) as exc:
            return tuple(steps), state, exc
        steps.append(Step(fingerprint(game, state), repr(state)))
    return tuple(steps), state, None


def make_entry(record: GameRecord) -> Entry:
    """The corpus entry of ``record`` as the engine plays it now (its result included)."""
    steps, state, error = replay_steps(record)
    if error is not None:
        raise error
    game = games.get(record.game).game
    result = game.result(state)
    return Entry(replace(record, result=result), steps)


def state_after(record: GameRecord, count: int, rules: Any = None) -> Any:
    """The engine's state after the first ``count`` actions of ``record`` that play (a
    replay stops at the first that does not)."""
    game = games.get(record.game).game
    state = game.new_game(seed=record.seed, options=dict(record.options), rules=rules)
    for index in range(min(count, len(record.actions))):
        try:
            state = game.apply(state, recorded_action(game, state, record, index))
        except (IllegalAction, RecordError):
            break
    return state


def check_entry(path: Path, entry: Entry, rules: Any = None) -> Divergence | None:
    """The first divergence of ``entry`` from the engine (playing by ``rules`` if given),
    or ``None``; it keeps the engine's state there, for the report in words
    (:meth:`Divergence.now_in_words`)."""
    found = _first_divergence(path, entry, rules)
    if found is None:
        return None
    state = state_after(entry.record, found.step + 1, rules)
    return replace(found, game=entry.record.game, state=state, record=entry.record)


def _first_divergence(path: Path, entry: Entry, rules: Any) -> Divergence | None:
    record = entry.record
    game = games.get(record.game).game
    steps, state, error = replay_steps(record, rules)
    for index, expected in enumerate(entry.steps):
        raw = dict(record.actions[index]) if index < len(record.actions) else None
        clause = _clause(game, raw)
        if index >= len(steps):
            problem = "illegal" if error is not None else "shorter"
            return Divergence(path, index, raw, clause, expected, None,
                              problem if error is None else f"{problem}: {error}")
        if steps[index].fingerprint != expected.fingerprint:
            return Divergence(path, index, raw, clause, expected, steps[index], "changed")
    if len(steps) > len(entry.steps) or error is not None:
        index = len(entry.steps)
        raw = dict(record.actions[index]) if index < len(record.actions) else None
        return Divergence(path, index, raw, _clause(game, raw), None,
                          steps[index] if index < len(steps) else None,
                          "longer" if error is None else f"illegal: {error}")
    result = game.result(state)
    if result != (dict(record.result) if record.result is not None else None):
        return Divergence(path, len(steps), None, game.end_clause, None, None,
                          f"result: expected {json.dumps(record.result)}, "
                          f"now {json.dumps(result)}")
    return None


def _clause(game: Game[Any, Any], raw: dict[str, Any] | None) -> str:
    if raw is None:
        return game.end_clause
    try:
        return game.kind_of[type(game.action_from_json(raw))].clause
    except RecordError:
        return "?"


def corpus_files(folder: Path) -> list[Path]:
    """The entries under ``folder``; a folder that cannot be listed is a
    :class:`RecordError` naming it."""
    try:
        return sorted(folder.rglob("*.json"))
    except OSError as exc:
        raise RecordError(N_("{file}: cannot read the file ({error})"), file=folder,
                          error=exc) from None



#: What :func:`regress` adds to a divergence it could not accept.
NOT_ACCEPTED = " (not rewritten: the record no longer plays to its end; record the game again)"


def accepted(path: Path, entry: Entry) -> Entry | None:
    """``entry`` as the engine plays it now, or ``None`` if its record no longer plays
    (an action is now illegal, or the game no longer ends where the record does).

    A seeded corpus game (``seeded-<options>.json``) is then played anew with its seed
    and random choices (:func:`seeded_entries`); a worked example or a hand-made
    record has to be recorded again.
    """
    try:
        now: Entry | None = make_entry(entry.record)
    except (IllegalAction, RecordError):
        now = None
    if now is not None and (now.record.result is not None or entry.record.result is None):
        return now
    name = path.stem.removeprefix("seeded-")
    if path.stem.startswith("seeded-") and entry.record.seed is not None:
        for candidate, fresh in seeded_entries(entry.record.game, entry.record.seed):
            if candidate == name:
                return fresh
    return None


def regress(folder: Path, accept: bool = False) -> tuple[int, list[Divergence]]:
    """Replay every entry under ``folder``: how many, and the divergences found.
    ``accept``: rewrite each diverging entry as the engine plays it now (see
    :func:`accepted`); one that cannot be is left as it is, its divergence saying so."""
    files = corpus_files(folder)
    found = []
    for path in files:
        entry = Entry.read(path)
        divergence = check_entry(path, entry)
        if divergence is None:
            continue
        if accept:
            now = accepted(path, entry)
            if now is None:
                divergence = replace(divergence, problem=divergence.problem + NOT_ACCEPTED)
            else:
                now.write(path)
        found.append(divergence)
    return len(files), found


def seeded_entries(game_id: str, seed: int = 1) -> Iterator[tuple[str, Entry]]:
    """A seeded random game for every player count and rule variant of a game
    (the default rules, and each variant's other readings one at a time)."""
    game = games.get(game_id).game
    low, high = game.players
    for players in range(low, high + 1):
        configurations: list[dict[str, Any]] = [{"players": players}]
        for variant in game.variants:
            configurations += [{"players": players, variant.name: value}
                               for value in variant.choices[1:]]
        for options in configurations:
            name = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
            rng = Random(f"corpus/{game_id}/{name}")
            state = game.new_game(seed=seed, options=options)
            actions = []
            while not game.is_terminal(state):
                action, state = game.step_random(state, rng)
                actions.append(game.action_to_json(action))
            record = GameRecord.played(game, seed, tuple(actions), options)
            yield name, make_entry(record)
