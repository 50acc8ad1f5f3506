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
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from random import Random
from typing import Any

from regelwerk import games
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.files import write_text
from regelwerk.engine.core.game import Game, Said
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import ENTRY_FORMAT, GameRecord, RecordError, recorded_action
from regelwerk.play import result_text

FORMAT = ENTRY_FORMAT




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
        return cls(GameRecord.from_json(data.get("record"), where, games.Declared()),
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
    #: the engine's state before the diverging action, and the result now (``None``: the
    #: record no longer plays to its end)
    before: Any = field(default=None, compare=False, repr=False)
    result_now: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)

    def change_in_words(self, lang: str) -> list[str]:
        """The first divergence in words (the step, the action as the game says it, its
        clause) and the change of the result (old result -> new result), in ``lang``."""
        from regelwerk.engine.core.i18n import gettext_for
        from regelwerk.play import result_text

        lines = []
        if self.action is not None and self.record is not None:
            lines.append(gettext_for(lang, N_("first divergence: step {step}, {action} ({clause})"))
                         .format(step=self.step + 1, action=self.action_in_words(lang),
                                 clause=self.clause))
        if self.record is not None:
            game = games.get(self.game).game
            old = self.record.result
            if self.result_now is None:
                lines.append(gettext_for(lang, N_("result: {old} -> none (the record no longer "
                                                  "plays to its end)")).format(
                    old=result_text(game, old, lang)))
            elif dict(self.result_now) != (dict(old) if old is not None else None):
                lines.append(gettext_for(lang, N_("result: {old} -> {new}")).format(
                    old=result_text(game, old, lang),
                    new=result_text(game, self.result_now, lang)))
            else:
                lines.append(gettext_for(lang, N_("result unchanged: {result}")).format(
                    result=result_text(game, old, lang)))
        return lines

    def action_in_words(self, lang: str) -> str:
        """The diverging action as the game says it in ``lang`` (the record's notation
        where the game cannot read it any more)."""
        notation = json.dumps(self.action, ensure_ascii=False)
        if self.action is None or self.before is None or not self.game:
            return notation
        game = games.get(self.game).game
        try:
            return game.describe(self.before, game.action_from_json(self.action), lang)
        except (RecordError, IllegalAction, LocalizedError):
            return notation

    def before_in_words(self, lang: str) -> str | None:
        """The position before the diverging action (the same in the corpus: every earlier
        step matched), in words of ``lang``; ``None`` if there is none."""
        if self.before is None or not self.game or self.action is None:
            return None
        from regelwerk.play import position

        return position(games.get(self.game).game, self.before, lang)

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
    before = state_after(entry.record, found.step, rules)
    _steps, end, error = replay_steps(entry.record, rules)
    game = games.get(entry.record.game).game
    result_now = None if error is not None or (
        entry.record.result is not None and not game.is_terminal(end)) else game.result(end)
    return replace(found, game=entry.record.game, state=state, record=entry.record,
                   before=before, result_now=result_now)


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
#: What :func:`regress` adds to a divergence whose result changed, without ``accept_results``.
RESULT_NOT_ACCEPTED = " (not rewritten: the result changed; --accept-results accepts it)"


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


def regress(folder: Path, accept: bool = False, accept_results: bool = False
            ) -> tuple[int, list[Divergence]]:
    """Replay every entry under ``folder``: how many, and the divergences found.
    ``accept``: rewrite each diverging entry as the engine plays it now (see
    :func:`accepted`); one that cannot be is left as it is, its divergence saying so, and
    so is one whose result changed unless ``accept_results``."""
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
            elif not accept_results and _result(now) != _result(entry):
                divergence = replace(divergence, problem=divergence.problem + RESULT_NOT_ACCEPTED,
                                     result_now=now.record.result)
            else:
                now.write(path)
        found.append(divergence)
    return len(files), found


def _result(entry: Entry) -> dict[str, Any] | None:
    return dict(entry.record.result) if entry.record.result is not None else None


class AddError(LocalizedError):
    """A record ``regress --add`` cannot take into the corpus (one line, naming the file)."""


#: The prefix of the entries ``regress --add`` writes: users' games.
USER = "user-"
_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,79}")


def add(record_path: Path, folder: Path, name: str | None = None, force: bool = False
        ) -> tuple[Path, Entry]:
    """Take the game record in ``record_path`` (a played game, a ``compare --save`` record
    or a corpus entry such as a worked example) into the corpus ``folder`` as
    ``<game>/user-<name>.json``, under the readings it was played under (a record older
    than its ``rules`` stamp gets the register's decisions in force now, written out).
    Refused, as :class:`AddError`: a name that is no plain name, an entry of that name
    (unless ``force``), a record that does not replay or ends with another result."""
    record = GameRecord.read(record_path, games.Declared())
    stem = record_path.stem.removeprefix(USER).removeprefix("seeded-").lower()
    name = (name if name is not None else re.sub(r"[^a-z0-9_.-]+", "-", stem)).removeprefix(USER)
    if not _NAME.fullmatch(name):
        raise AddError(N_("--name {name!r}: use lower-case letters, digits, '.', '_' and '-' "
                          "(at most 80)"), name=name)
    target = folder / record.game / f"{USER}{name}.json"
    if target.exists() and not force:
        raise AddError(N_("{file}: an entry of that name exists (--force replaces it, --name "
                          "gives another)"), file=target)
    if record.rules is None:
        game = games.get(record.game).game
        record = GameRecord.played(game, record.seed, record.actions, record.options,
                                   record.result)
    try:
        entry = make_entry(record)
    except (IllegalAction, RecordError) as exc:
        raise AddError(N_("{file}: does not replay: {error}"), file=record_path,
                       error=exc) from None
    if record.result is not None and dict(record.result) != _result(entry):
        game = games.get(record.game).game
        raise AddError(N_("{file}: the replay ends with {got}, the record says {expected}"),
                       file=record_path, got=_in_words(game, entry.record.result),
                       expected=_in_words(game, record.result))
    entry.write(target)
    return target, entry


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


def _in_words(game: Game[Any, Any], result: Mapping[str, Any] | None) -> Said:
    """A result in words in both languages, as a field of a message."""
    return Said(result_text(game, result, "en"), result_text(game, result, "de"))
