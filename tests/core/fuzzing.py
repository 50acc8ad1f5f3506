"""Fuzzing the inputs: damaged records, board files and options, ill-typed actions.

Hypothesis strategies damage real inputs (game records made by playing seeded
games, each game's own ``board.toml``, valid options) and make ill-typed and
out-of-range actions for every game that :func:`regelwerk.games.games` finds.
Every case must end in one of two ways:

* a **clean error**: a ``SpecError``, ``RecordError`` or ``IllegalAction``
  (through the command line: exit 1 or 2 and one line on stderr) whose message
  is one line and exists in German too; an illegal action leaves the state as
  it was;
* a **correct acceptance**: a record replays to the result it states, a board
  or options set up a game that plays on, an action is one the game lists.

Anything else is an **internal error**.

The commands' own input (issue 32) makes five more kinds, each case a command run
in a child process (:mod:`tests.core.fuzz_commands`, where their endings are
defined): ``answers`` (the answers of ``play`` on standard input, and ``explain
--action``), ``resume`` (``play --resume`` of finished, unfinished, damaged and
foreign records), ``corpus`` (``regress`` over a damaged entry), ``cache`` (``stats``
with damaged cache files and folders, its default cache unwritable) and ``outputs``
(``--record``, ``--plot``, ``--save``, ``--save-violations`` into a FIFO, a device
node, ``-``, a finished record, a link, a folder, a path under a file). A command
that accepts what it must refuse is counted apart, as **wrongly accepted**.

``tests/core/test_fuzz.py`` runs a small seeded share of each kind; ``make fuzz``
runs many more and prints the figures per kind and game::

    python -m tests.core.fuzzing --examples 400
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import math
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from regelwerk.engine.core.conformance import is_listed
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import gettext_for
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.core.spec import load_board_file

from regelwerk import games
from regelwerk.cli import main

ROOT = Path(__file__).resolve().parents[2]
#: The template of the refusal core gives when a game's own board check does not name
#: the problem (counted apart, so the figures show where a game still needs a check).
FALLBACK = "{file}: the board numbers do not fit together ({error})"
#: How far a game set up on a damaged board or with damaged options is played.
PLAY_STEPS = 300
#: The kinds of input the library is given, and (issue 32) the commands' own input, each
#: case a command run in a child process (:mod:`tests.core.fuzz_commands`).
LIBRARY_KINDS = ("records", "boards", "options", "actions", "domains")
COMMAND_KINDS = ("answers", "resume", "corpus", "cache", "outputs")
KINDS = LIBRARY_KINDS + COMMAND_KINDS


# ----------------------------------------------------------------------------- tally
@dataclass
class Tally:
    """What the cases of one input kind and game ended in."""

    cases: int = 0
    clean: int = 0
    accepted: int = 0
    internal: int = 0
    #: inputs a command accepted that it must refuse (a finished game resumed, a FIFO
    #: replaced, figures of another run read from a cache, ...)
    wrong: int = 0
    fallback: int = 0
    problems: list[str] = field(default_factory=list)
    #: the first refusals by core's fallback: where a game still needs a board check
    fallbacks: list[str] = field(default_factory=list)

    def add(self, verdict: str, detail: str = "") -> None:
        self.cases += 1
        if verdict == "clean":
            self.clean += 1
        elif verdict == "fallback":
            self.clean += 1
            self.fallback += 1
            if len(self.fallbacks) < 3:
                self.fallbacks.append(detail)
        elif verdict == "accepted":
            self.accepted += 1
        elif verdict == "wrong":
            self.wrong += 1
            if len(self.problems) < 5:
                self.problems.append("WRONGLY ACCEPTED " + detail)
        else:
            self.internal += 1
            if len(self.problems) < 5:
                self.problems.append(detail)


def game_ids() -> list[str]:
    return list(games.games())


def _game(game_id: str) -> Game[Any, Any]:
    return games.get(game_id).game


def _one_line_in_both(error: LocalizedError) -> str:
    """Why the error's message is not a clean one (empty if it is): one line, in English
    and in German (the template has a German entry)."""
    for lang in ("en", "de"):
        text = error.message_in(lang)
        if not text or "\n" in text:
            return f"message in {lang} is not one line: {text!r}"
    templates = [error.template]
    if isinstance(error, IllegalAction):
        templates.append("{text} (rule {clause})")
    for template in templates:
        words = re.sub(r"\{[^}]*\}", "", template)
        if any(c.isalpha() for c in words) and gettext_for("de", template) == template:
            return f"no German for {template!r}"
    return ""


def _play_on(game: Game[Any, Any], state: Any, seed: int) -> None:
    """A short seeded random game from ``state`` (raises what the engine raises)."""
    rng = Random(seed)
    for _ in range(PLAY_STEPS):
        if game.is_terminal(state):
            return
        state = game.step_random(state, rng)[1]


def _refused(game: Game[Any, Any], error: Exception) -> tuple[str, str]:
    if isinstance(error, LocalizedError):
        why = _one_line_in_both(error)
        if why:
            return "internal", why
        if error.template == FALLBACK:
            return "fallback", error.message_in("en")[:200]
        return "clean", ""
    return "internal", f"{type(error).__name__}: {error!s:.200}"


# ----------------------------------------------------------------------------- JSON values
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-12, 12), st.integers(),
    st.sampled_from([2**63, -(2**63), 10**20, 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.5, 1.0, -0.0]),
    st.text(max_size=8), st.sampled_from(["", "²", "٣", "1_000", "0x10", " 2", "\x00", "ä"]))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=8)


# ----------------------------------------------------------------------------- records
@cache
def real_records(game_id: str) -> tuple[dict[str, Any], ...]:
    """Records of seeded random games: a finished one with its result, and a part of
    one under each non-default option set (players, variants); and a part of a game
    whose chance the record chooses (seed null)."""
    game = _game(game_id)
    found = []
    configurations = [{"players": game.default_players}]
    low, high = game.players
    configurations += [{"players": n} for n in range(low, high + 1) if n != game.default_players]
    configurations += [{variant.name: choice} for variant in game.variants
                       for choice in variant.choices[1:]]
    for number, options in enumerate(configurations):
        state = game.new_game(seed=number + 1, options=options)
        rng = Random(number)
        actions = []
        limit = 100_000 if number == 0 else 40
        while not game.is_terminal(state) and len(actions) < limit:
            action, state = game.step_random(state, rng)
            actions.append(game.action_to_json(action))
        record = GameRecord(game_id, number + 1, tuple(actions), options,
                            game.result(state) if number == 0 else None)
        found.append(record.to_json())
    # and a part of one whose chance is chosen (seed null): its actions give the outcomes
    state, rng, actions = game.new_game(seed=None, options={}), Random(-1), []
    while not game.is_terminal(state) and len(actions) < 40:
        action, state = game.step_random(state, rng)
        actions.append(game.action_to_json(action))
    found.append(GameRecord(game_id, None, tuple(actions), {}).to_json())
    return tuple(found)


def _json_text(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):
        return "null"


@st.composite
def damaged_records(draw: st.DrawFn, game_id: str) -> bytes:
    """A real record with one to three kinds of damage, as the bytes of a file."""
    record = json.loads(json.dumps(draw(st.sampled_from(real_records(game_id)))))
    damage_record(draw, record, game_id)
    return damaged_bytes(draw, _json_text(record))


def damage_record(draw: st.DrawFn, record: Any, game_id: str) -> None:
    """One to three kinds of damage done to the JSON of a record (in place)."""
    names = game_ids()
    for _ in range(draw(st.integers(1, 3))):
        damage = draw(st.sampled_from([
            "drop_key", "set_key", "action_field", "action_type", "drop_action", "swap_actions",
            "add_field", "relabel", "players", "variant", "board", "options", "result",
            "result_field", "seed", "extra_key"]))
        actions = record.get("actions") if isinstance(record, dict) else None
        if not isinstance(record, dict):
            break
        if damage == "drop_key" and record:
            record.pop(draw(st.sampled_from(sorted(record))))
        elif damage == "set_key":
            record[draw(st.sampled_from(["format", "game", "seed", "actions", "options",
                                         "result"]))] = draw(VALUES)
        elif damage == "extra_key":
            record[draw(st.text(max_size=5))] = draw(VALUES)
        elif damage == "seed":
            record["seed"] = draw(st.one_of(st.integers(), VALUES))
        elif damage == "relabel":
            record["game"] = draw(st.sampled_from([*names, "", "chess", "Medici_vs_Strozzi"]))
        elif damage in ("players", "variant", "board", "options"):
            options = record.get("options")
            if not isinstance(options, dict) or damage == "options":
                record["options"] = draw(VALUES)
            elif damage == "players":
                options["players"] = draw(st.one_of(st.integers(-1, 7), VALUES))
            elif damage == "variant":
                variants = _game(game_id).variants
                name = draw(st.sampled_from([v.name for v in variants] + ["no_such_variant"]))
                options[name] = draw(st.one_of(
                    st.sampled_from([c for v in variants for c in v.choices] or ["x"]), VALUES))
            else:
                options["board"] = draw(damaged_board_values(game_id))
        elif damage in ("result", "result_field"):
            result = record.get("result")
            if damage == "result" or not isinstance(result, dict):
                record["result"] = draw(VALUES)
            else:
                key = draw(st.sampled_from(["winners", "scores", "termination", "tie_break",
                                            "details", "extra"]))
                result[key] = draw(VALUES)
        elif isinstance(actions, list) and actions:
            index = draw(st.integers(0, len(actions) - 1))
            action = actions[index]
            if damage == "drop_action":
                del actions[index]
            elif damage == "swap_actions":
                other = draw(st.integers(0, len(actions) - 1))
                actions[index], actions[other] = actions[other], actions[index]
            elif not isinstance(action, dict):
                actions[index] = draw(VALUES)
            elif damage == "action_type":
                action["type"] = draw(st.one_of(
                    st.sampled_from([k.name for k in _game(game_id).kinds]), VALUES))
            elif damage == "add_field":
                action[draw(st.text(max_size=5))] = draw(VALUES)
            else:
                keys = [k for k in action if k != "type"] or ["type"]
                action[draw(st.sampled_from(keys))] = draw(st.one_of(st.integers(-3, 30),
                                                                     VALUES))


def damaged_bytes(draw: st.DrawFn, text: str) -> bytes:
    """The JSON ``text`` as a file's bytes, perhaps cut, with a bit flipped, nested deeply,
    with a huge seed, ``NaN`` or bytes that are not UTF-8."""
    raw = text.encode("utf-8", "surrogatepass")
    form = draw(st.sampled_from(["as_is", "as_is", "as_is", "truncate", "flip", "deep",
                                 "huge", "nan", "bytes"]))
    if form == "truncate" and raw:
        raw = raw[:draw(st.integers(0, len(raw) - 1))]
    elif form == "flip" and raw:
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + bytes([raw[at] ^ (1 << draw(st.integers(0, 7)))]) + raw[at + 1:]
    elif form == "deep":
        depth = draw(st.sampled_from([50, 1000, 100_000]))
        raw = raw.replace(b'"options": {', b'"options": {"x": ' + b"[" * depth + b"]" * depth
                          + b", ", 1)
    elif form == "huge":
        raw = raw.replace(b'"seed": ', b'"seed": ' + b"9" * draw(st.sampled_from([4000, 5000])), 1)
    elif form == "nan":
        raw = raw.replace(b'"seed": ', b'"seed": NaN, "x": ', 1)
    elif form == "bytes":
        raw = raw + draw(st.binary(min_size=1, max_size=4)) + b"\xff"
    return raw


def judge_record(raw: bytes, folder: Path, lang: str) -> tuple[str, str]:
    """Replay a damaged record with ``regelwerk replay --json``: exit 0 must print the
    result the record states (if it states one); 1 or 2 one line on stderr."""
    path = folder / "record.json"
    path.write_bytes(raw)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", str(path), "--json", "--lang", lang])
    except BaseException as error:
        return "internal", f"replay raised {type(error).__name__}: {error!s:.200}"
    lines = err.getvalue().splitlines()
    if code == 0:
        try:
            stated = json.loads(raw.decode("utf-8")).get("result")
            replayed = json.loads(out.getvalue())["result"]
        except Exception as error:
            return "internal", f"accepted, but the output cannot be checked: {error!r}"
        if stated is not None and stated != replayed:
            return "internal", f"accepted with result {replayed}, the record says {stated}"
        return "accepted", ""
    if code in (1, 2) and len(lines) == 1 and lines[0].startswith("regelwerk"):
        return "clean", ""
    return "internal", f"exit {code}: {err.getvalue()[:300]!r}"


# ----------------------------------------------------------------------------- boards
def _toml(value: Any) -> str:
    """A value in TOML (no writer in the standard library); NaN and infinities as TOML has them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    return '""'


def board_numbers(game_id: str) -> dict[str, Any]:
    """The numbers a board may replace (their domain is not fixed), ``{path: value}``."""
    return {p: n.value for p, n in _game(game_id).spec.numbers.items()
            if n.domain is None or not n.domain.fixed}


@st.composite
def damaged_value(draw: st.DrawFn, value: Any) -> Any:
    """A value near ``value``: a part of it changed, its type changed, or any value."""
    how = draw(st.sampled_from(["any", "shift", "inner", "empty", "wrap"]))
    if how == "any":
        return draw(VALUES)
    if how == "shift" and type(value) is int:
        return value + draw(st.sampled_from([-100, -10, -2, -1, 1, 2, 10, 10**9]))
    if how == "inner" and isinstance(value, list) and value:
        copy = list(value)
        copy[draw(st.integers(0, len(copy) - 1))] = draw(st.one_of(st.integers(-5, 50), VALUES))
        return copy
    if how == "inner" and isinstance(value, dict) and value:
        copy = dict(value)
        copy[draw(st.sampled_from(sorted(copy)))] = draw(st.one_of(st.integers(-5, 50), VALUES))
        if draw(st.booleans()):
            copy[draw(st.text(max_size=6))] = draw(st.one_of(st.integers(-5, 50), VALUES))
        return copy
    if how == "empty":
        return type(value)() if isinstance(value, list | dict | str) else 0
    return [value]


@st.composite
def damaged_board_values(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    numbers = board_numbers(game_id)
    chosen = draw(st.lists(st.sampled_from(sorted(numbers)), min_size=1, max_size=3, unique=True))
    board = {path: draw(damaged_value(numbers[path])) for path in chosen}
    if draw(st.integers(0, 9)) == 0:
        board[draw(st.sampled_from(["no.such.number", "board", ""]))] = draw(VALUES)
    return board


@st.composite
def damaged_board_files(draw: st.DrawFn, game_id: str) -> bytes:
    """A printed-board file: some of the game's board numbers, damaged, as TOML bytes."""
    numbers = board_numbers(game_id)
    chosen = draw(st.lists(st.sampled_from(sorted(numbers)), min_size=1, max_size=4, unique=True))
    lines = []
    for path in chosen:
        value = draw(damaged_value(numbers[path])) if draw(st.booleans()) else numbers[path]
        key = draw(st.sampled_from(["value", "value", "value", "vlaue", "range"]))
        lines.append(f"[{path}]\n{key} = {_toml(value)}\n")
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from([
                'confidence = "guessed"\n', 'confidence = "assumed"\n', "range = [5, 1]\n",
                'reason = "printed"\n', "source = 3\n", "unit = []\n"])))
    text = "".join(lines).encode("utf-8")
    form = draw(st.sampled_from(["as_is", "as_is", "truncate", "flip", "deep_array",
                                 "deep_keys", "huge", "bytes"]))
    if form == "truncate" and text:
        text = text[:draw(st.integers(0, len(text) - 1))]
    elif form == "flip" and text:
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + bytes([text[at] ^ (1 << draw(st.integers(0, 7)))]) + text[at + 1:]
    elif form == "deep_array":
        depth = draw(st.sampled_from([20, 3000]))
        text += f"[{chosen[0]}]\nvalue = ".encode() + b"[" * depth + b"]" * depth + b"\n"
    elif form == "deep_keys":
        text += (".".join(["x"] * draw(st.sampled_from([30, 3000]))) + " = 1\n").encode()
    elif form == "huge":
        text += f"[{chosen[0]}]\nvalue = {'9' * 5000}\n".encode()
    elif form == "bytes":
        text += b"\xff\xfe"
    return text


def judge_board(game_id: str, raw: bytes, folder: Path, seed: int) -> tuple[str, str]:
    """Load a board file and set a game up on it: a clean refusal, or a game that plays."""
    game = _game(game_id)
    path = folder / "board.toml"
    path.write_bytes(raw)
    try:
        board = load_board_file(path)
        state = game.new_game(seed=seed, options={"board": board})
    except Exception as error:
        return _refused(game, error)
    try:
        _play_on(game, state, seed)
    except Exception as error:
        return "internal", f"board accepted, then play failed: {type(error).__name__}: " \
                           f"{error!s:.150} ({raw[:120]!r})"
    return "accepted", ""


# ----------------------------------------------------------------------------- options
@st.composite
def damaged_options(draw: st.DrawFn, game_id: str) -> Any:
    game = _game(game_id)
    if draw(st.integers(0, 9)) == 0:
        return draw(VALUES)
    options: dict[Any, Any] = {}
    if draw(st.booleans()):
        options["players"] = draw(st.one_of(st.integers(-1, 8), VALUES))
    for variant in game.variants:
        if draw(st.booleans()):
            options[variant.name] = draw(st.one_of(st.sampled_from(variant.choices), VALUES))
    if draw(st.integers(0, 3)) == 0:
        options["board"] = draw(st.one_of(damaged_board_values(game_id), VALUES))
    if draw(st.integers(0, 5)) == 0:
        options[draw(st.text(max_size=6))] = draw(VALUES)
    return options


def judge_options(game_id: str, options: Any, seed: int) -> tuple[str, str]:
    game = _game(game_id)
    try:
        state = game.new_game(seed=seed, options=options)
    except Exception as error:
        return _refused(game, error)
    try:
        _play_on(game, state, seed)
    except Exception as error:
        return "internal", f"options accepted, then play failed: {type(error).__name__}: " \
                           f"{error!s:.150} ({options!r:.120})"
    return "accepted", ""


# ----------------------------------------------------------------------------- actions
@cache
def positions(game_id: str) -> tuple[Any, ...]:
    """States met in seeded random games (every 7th, and the last), chance nodes included."""
    game = _game(game_id)
    found = []
    for seed in (1, 2):
        state = game.new_game(seed=None)
        rng = Random(seed)
        step = 0
        while not game.is_terminal(state) and step < 2000:
            if step % 7 == 0:
                found.append(state)
            state = game.apply(state, game.random_action(state, rng))
            step += 1
        found.append(state)
    return tuple(found)


FIELD_VALUES = st.one_of(
    st.integers(-3, 40), st.integers(), st.booleans(), st.none(),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1.0, 0.0, 2**70, 10**5000]),
    st.text(max_size=3), st.lists(st.integers(0, 3), max_size=2), st.just(()))


@st.composite
def ill_typed_actions(draw: st.DrawFn, game_id: str) -> tuple[int, Any]:
    """A position (by index) and an action of one of the game's kinds with any field values."""
    game = _game(game_id)
    index = draw(st.integers(0, len(positions(game_id)) - 1))
    kind = draw(st.sampled_from(game.kinds))
    values = {f.name: draw(FIELD_VALUES) for f in dataclasses.fields(kind.action)}
    return index, kind.action(**values)


def judge_action(game_id: str, index: int, action: Any) -> tuple[str, str]:
    """An action is refused with a clause of the game and the state unchanged, or it is
    one of the listed legal actions; ``is_legal`` agrees either way."""
    game = _game(game_id)
    state = positions(game_id)[index]
    before = repr(game.key(state))
    try:
        legal = game.is_legal(state, action)
        listed = is_listed(game, state, action)
        after = game.apply(state, action)
    except IllegalAction as refusal:
        why = _one_line_in_both(refusal)
        if repr(game.key(state)) != before:
            return "internal", f"refusing {action!r} changed the state"
        if refusal.clause not in game.spec.clauses:
            return "internal", f"{action!r} refused with unknown clause {refusal.clause}"
        if legal or listed:
            return "internal", f"{action!r}: is_legal {legal}, listed {listed}, but refused"
        return ("internal", why) if why else ("clean", "")
    except Exception as error:
        return "internal", f"{action!r:.120}: {type(error).__name__}: {error!s:.150}"
    if not (legal and listed) or after is None:
        return "internal", f"{action!r:.120} accepted, but is_legal {legal}, listed {listed}"
    return "accepted", ""


# ----------------------------------------------------------------------------- running
def run(kind: str, game_id: str, examples: int, seed: int = 0) -> Tally:
    """``examples`` hypothesis cases of one input kind for one game (seeded)."""
    from tests.core import fuzz_domains

    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="regelwerk-fuzz-") as tmp:
        folder = Path(tmp)
        judges: dict[str, tuple[Any, Callable[[Any], tuple[str, str]]]] = {
            "records": (st.tuples(damaged_records(game_id), st.sampled_from(["en", "de"])),
                        lambda case: judge_record(case[0], folder, case[1])),
            "boards": (damaged_board_files(game_id),
                       lambda raw: judge_board(game_id, raw, folder, tally.cases)),
            "options": (damaged_options(game_id),
                        lambda options: judge_options(game_id, options, tally.cases)),
            "actions": (ill_typed_actions(game_id),
                        lambda case: judge_action(game_id, *case)),
            "domains": (fuzz_domains.domain_cases(game_id),
                        lambda case: fuzz_domains.judge_domain(game_id, case, folder,
                                                               tally.cases)),
        }
        if kind in COMMAND_KINDS:
            from tests.core import fuzz_commands

            fuzz_commands.warm_up(kind, game_id)
            make, judge_case = fuzz_commands.JUDGES[kind]
            judges[kind] = (make(game_id), lambda case: fuzz_commands.judged(
                judge_case, game_id, case, fuzz_commands.case_folder(folder, tally.cases)))
        strategy, judge = judges[kind]

        @hypothesis_seed(seed)
        @settings(max_examples=examples, database=None, deadline=None, derandomize=False,
                  phases=[Phase.generate], suppress_health_check=list(HealthCheck))
        @given(strategy)
        def check(case: Any) -> None:
            tally.add(*judge(case))

        with _no_debug():
            check()
    return tally


@contextlib.contextmanager
def _no_debug() -> Iterator[None]:
    """REGELWERK_DEBUG would let the command line raise instead of answering."""
    saved = os.environ.pop("REGELWERK_DEBUG", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["REGELWERK_DEBUG"] = saved


def run_all(examples: int, seed: int = 0, kinds: tuple[str, ...] = KINDS,
            only: str | None = None) -> dict[tuple[str, str], Tally]:
    return {(kind, game_id): run(kind, game_id, examples, seed)
            for kind in kinds for game_id in game_ids() if only in (None, game_id)}


def report(tallies: Mapping[tuple[str, str], Tally], seconds: float) -> str:
    names = ("cases", "clean", "accepted", "internal", "wrong", "fallback")
    lines = [f"{'input':8} {'game':18} {'cases':>7} {'clean':>7} {'accepted':>9} "
             f"{'internal':>9} {'wrongly accepted':>17} {'fallback':>9}"]
    total = Tally()
    for (kind, game_id), tally in tallies.items():
        lines.append(f"{kind:8} {game_id:18} {tally.cases:7} {tally.clean:7} {tally.accepted:9} "
                     f"{tally.internal:9} {tally.wrong:17} {tally.fallback:9}")
        for problem in tally.problems:
            lines.append(f"    {'' if problem.startswith('WRONGLY') else 'INTERNAL '}{problem}")
        for refusal in tally.fallbacks:
            lines.append(f"    FALLBACK {refusal}")
        for name in names:
            setattr(total, name, getattr(total, name) + getattr(tally, name))
    lines.append(f"{'all':8} {'':18} {total.cases:7} {total.clean:7} {total.accepted:9} "
                 f"{total.internal:9} {total.wrong:17} {total.fallback:9}")
    lines.append(f"{total.cases} cases in {seconds:.1f} s: {total.clean} clean errors "
                 f"({total.fallback} of them core's fallback for board numbers that do not fit "
                 f"together), {total.accepted} correct acceptances, {total.internal} internal "
                 f"errors, {total.wrong} wrongly accepted")
    return "\n".join(lines)


def _limit_memory(limit: int) -> None:
    """Cap this process's address space (where the platform has ``resource``)."""
    try:
        import resource
    except ImportError:        # not on this platform: run without the cap
        return
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz regelwerk's inputs and print the figures.")
    parser.add_argument("--examples", type=int, default=400, help="cases per input kind and game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kind", choices=KINDS, action="append")
    parser.add_argument("--game", choices=game_ids())
    parser.add_argument("--memory", type=int, default=4, metavar="GIB",
                        help="address space limit of this process: a runaway case is a "
                             "MemoryError (an internal error), not the machine's OOM killer")
    args = parser.parse_args(argv)
    _limit_memory(args.memory << 30)
    start = time.perf_counter()
    tallies = run_all(args.examples, args.seed, tuple(args.kind or KINDS), args.game)
    print(report(tallies, time.perf_counter() - start))
    return 1 if any(t.internal or t.wrong for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(cli())
