"""Fuzzing the commands' own input (issue 32, point 5): the kinds ``answers``, ``resume``,
``corpus``, ``cache`` and ``outputs`` of :mod:`tests.core.fuzzing`.

Each case runs ``regelwerk`` (:func:`regelwerk.cli.main`) in a forked child process,
as a user runs it: its standard input, output and error are real descriptors (files
in the case's folder), its exit code the process's, and its time is bounded: a child
that has not ended after :data:`TIMEOUT` seconds is killed and counted as a hang. A
FIFO a case writes to always has a reader (:class:`FifoReader`, a thread of the
parent that holds it open), so a write never blocks for want of one. A case that
needs a folder it cannot write runs its child as the user ``nobody`` (root writes
anywhere). Under ``--lang de`` the child records every message it looked up that has
no German entry (:func:`_record_misses`).

Every case ends as :mod:`tests.core.fuzzing` defines: a clean error (exit 1, 2 or 4,
one line on standard error of at most :data:`LINE` characters that starts with
``regelwerk``, whose messages exist in German), or a correct acceptance, checked
(the record written replays and continues the one resumed, the FIFO got the text and
is still a FIFO, a cache read gives the figures of the games played, ...). A command
that accepts what it must refuse (resuming a finished game, overwriting a finished
record without ``--force``, replacing a FIFO or a device) is counted as **wrongly
accepted**; anything else (exit 3, a traceback, a hang, a killed child) is an
internal error.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import select
import signal
import stat
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from regelwerk.engine.core.records import GameRecord, RecordError

from regelwerk import games
from regelwerk.cli import main
from tests.core.fuzzing import (
    ROOT,
    VALUES,
    _game,
    _json_text,
    damage_record,
    damaged_bytes,
    damaged_records,
    damaged_value,
    real_records,
)

#: The longest error line (issue 32: no error line exceeds 500 characters).
LINE = 500
#: Seconds a case may take before its child is killed (a hang).
TIMEOUT = 60.0
#: Exit code of a child whose ``main`` raised instead of returning (a traceback).
RAISED = 70
#: The user a case runs as when a folder must not be writable to it (root writes anywhere).
NOBODY = 65534
#: The games ``stats`` plays in a case (few: the case is about the cache, not the games).
STATS_GAMES = 2


# ----------------------------------------------------------------------------- running
class FifoReader(threading.Thread):
    """Reads a FIFO while a case runs: opened read-write (so it has a reader from the
    start and a write into it never blocks or sees a broken pipe), drained until
    :meth:`finish`."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_NONBLOCK | os.O_CLOEXEC)
        self.data = bytearray()
        self.done = threading.Event()

    def _drain(self) -> bool:
        try:
            chunk = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return False
        self.data += chunk
        return bool(chunk)

    def run(self) -> None:
        while not self.done.is_set():
            ready, _, _ = select.select([self.fd], [], [], 0.02)
            if ready:
                self._drain()

    def finish(self) -> bytes:
        self.done.set()
        if self.is_alive():
            self.join(5)
        while self._drain():
            pass
        os.close(self.fd)
        return bytes(self.data)


@dataclass
class Ran:
    """How a command ended: exit code (``None``: killed after :data:`TIMEOUT`), its output,
    its error text, the messages it looked up without a German entry, and what each
    FIFO read."""

    code: int | None
    out: bytes
    err: str
    misses: list[str] = field(default_factory=list)
    read: dict[Path, bytes] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")


def _record_misses(lang: str, sink: int) -> None:
    """In the child: every message looked up in ``lang`` that no catalog holds is
    written to the descriptor ``sink``, one per line (JSON)."""
    from regelwerk.engine.core.i18n import translation

    chain = translation(lang)
    catalogs = []
    current: Any = chain
    while current is not None:
        catalogs.append(getattr(current, "_catalog", {}))
        current = getattr(current, "_fallback", None)
    looked_up = chain.gettext

    def gettext(message: str) -> str:
        text = looked_up(message)
        if text == message and any(c.isalpha() for c in message) \
                and not any(message in catalog for catalog in catalogs):
            os.write(sink, (json.dumps(message) + "\n").encode())
        return text

    chain.gettext = gettext  # type: ignore[method-assign]


def _child(argv: Sequence[str], folder: Path, cwd: Path, user: int | None,
           errors: str, lang: str) -> int:
    """What the forked child does: real standard streams from files, then ``main``."""
    os.setpgid(0, 0)
    for number, (name, flags) in enumerate((("stdin", os.O_RDONLY),
                                             ("stdout", os.O_WRONLY | os.O_TRUNC),
                                             ("stderr", os.O_WRONLY | os.O_TRUNC))):
        handle = os.open(folder / f".{name}", flags | os.O_CREAT, 0o644)
        os.dup2(handle, number)
        os.close(handle)
    misses = os.open(folder / ".misses", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)),
                                 encoding="utf-8", errors=errors)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
                                  encoding="utf-8", errors=errors)
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)),
                                  encoding="utf-8", errors="backslashreplace",
                                  line_buffering=True)
    os.environ.pop("REGELWERK_DEBUG", None)
    if lang == "de":
        _record_misses(lang, misses)
    if user is not None:
        os.setgroups([])
        os.setgid(user)
        os.setuid(user)
    os.chdir(cwd)
    code = main(list(argv))
    sys.stdout.flush()
    sys.stderr.flush()
    return code


def run_cli(argv: Sequence[str], folder: Path, *, stdin: bytes = b"", cwd: Path | None = None,
            user: int | None = None, errors: str = "strict", fifos: Sequence[Path] = (),
            timeout: float = TIMEOUT) -> Ran:
    """Run ``regelwerk ARGV`` in a forked child (see the module); ``folder`` holds its
    standard streams, ``fifos`` are read while it runs."""
    (folder / ".stdin").write_bytes(stdin)
    lang = "de" if "de" in [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--lang"] \
        else "en"
    readers = [FifoReader(path) for path in fifos]
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    pid = os.fork()
    if pid == 0:                         # the child: never returns into the caller
        code = RAISED
        try:
            code = _child(argv, folder, cwd or folder, user, errors, lang)
        except BaseException:
            with contextlib.suppress(BaseException):
                os.write(2, traceback.format_exc().encode("utf-8", "replace"))
            code = RAISED
        finally:
            os._exit(code if isinstance(code, int) and 0 <= code < 256 else RAISED)
    for reader in readers:
        reader.start()
    deadline, pause, status = time.monotonic() + timeout, 0.001, None
    while status is None:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
        elif time.monotonic() > deadline:
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
        else:
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
    read = {reader.path: reader.finish() for reader in readers}
    misses = [json.loads(line) for line in
              (folder / ".misses").read_text(encoding="utf-8").splitlines() if line] \
        if (folder / ".misses").exists() else []
    return Ran(status, (folder / ".stdout").read_bytes(),
               (folder / ".stderr").read_bytes().decode("utf-8", "replace"),
               sorted(set(misses)), read)


def clean_error(ran: Ran, lang: str, codes: tuple[int, ...] = (1, 2, 4)) -> tuple[str, str]:
    """A clean error: exit 1, 2 or 4, one line of at most :data:`LINE` characters on
    standard error from regelwerk, in German under ``--lang de``; else an internal error."""
    if ran.code is None:
        return "internal", f"hang: killed after {TIMEOUT:.0f} s"
    lines = ran.err.splitlines()
    if ran.code not in codes:
        return "internal", f"exit {ran.code}: {ran.err[-300:]!r}"
    if len(lines) != 1 or not lines[0].startswith("regelwerk"):
        return "internal", f"exit {ran.code} with {len(lines)} lines: {ran.err[:300]!r}"
    if len(lines[0]) > LINE:
        return "internal", f"an error line of {len(lines[0])} characters: {lines[0][:200]!r}"
    if "internal error" in lines[0] or "interner Fehler" in lines[0]:
        return "internal", lines[0][:300]
    if lang == "de" and (ran.misses or " error: " in lines[0]):
        return "internal", f"not in German: {ran.misses[:3]} in {lines[0][:200]!r}"
    return "clean", ""


def _short_lines(text: str, starts: tuple[str, ...]) -> str:
    """Why an answer's refusal on standard output is not one readable line (or '')."""
    for line in text.splitlines():
        if line.startswith(starts) and len(line) > LINE:
            return f"a refusal of {len(line)} characters: {line[:150]!r}"
    return ""


REFUSALS = ("not an action", "keine Aktion", "refused", "abgelehnt")


def _kind(path: Path) -> tuple[str, int]:
    """What ``path`` is (without following a link), and a device's number."""
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return "none", 0
    for name, test in (("link", stat.S_ISLNK), ("fifo", stat.S_ISFIFO), ("dir", stat.S_ISDIR),
                       ("char", stat.S_ISCHR), ("file", stat.S_ISREG)):
        if test(info.st_mode):
            return name, info.st_rdev if name == "char" else 0
    return "other", 0


def case_folder(tmp: Path, case: int) -> Path:
    """A new folder for case number ``case`` that the user ``nobody`` may enter too."""
    os.chmod(tmp, 0o755)
    folder = Path(tempfile.mkdtemp(prefix=f"case{case}-", dir=tmp))
    os.chmod(folder, 0o755)
    return folder


# ----------------------------------------------------------------------------- the games' inputs
def human_options(game_id: str, record: Any = None) -> list[str]:
    """``--random`` for every seat but seat 0 (a person answers for seat 0)."""
    game = _game(game_id)
    players = game.default_players
    if isinstance(record, dict) and isinstance(record.get("options"), dict):
        count = record["options"].get("players", players)
        players = count if type(count) is int and 1 <= count <= 8 else players
    return [arg for seat in range(1, players) for arg in ("--random", str(seat))]


@st.composite
def json_actions(draw: st.DrawFn, game_id: str) -> str:
    """An action in the record's notation with any field values (some legal)."""
    kind = draw(st.sampled_from(_game(game_id).kinds))
    fields = {f.name: draw(st.one_of(st.integers(-2, 30), VALUES))
              for f in dataclasses.fields(kind.action) if draw(st.integers(0, 5))}
    data: dict[str, Any] = {"type": draw(st.one_of(st.just(kind.name), st.just(kind.name),
                                                   VALUES))}
    return _json_text({**data, **fields})


def answers(game_id: str) -> st.SearchStrategy[str]:
    """One answer to ``play``'s question (or ``explain --action``)."""
    return st.one_of(
        st.sampled_from(["1", "1", "1", "2", "3", "1 0", "1 5", "2 1", "1 12"]),
        st.integers(-5, 60).map(str),
        st.integers(-10**30, 10**30).map(str),
        st.sampled_from(["+1", "-1", "1 --5", "1 -+5", "1 +5", "1 -5", "01", "0", "1_0",
                         "1e3", "0x1", "1.0", " 1 ", "1\t2", "1 2 3", "1,5", "#1"]),
        st.sampled_from(["1" + "0" * 5000, "0" * 5000 + "1", "1 " + "9" * 5000,
                         "-" + "9" * 5000, "1 -" + "0" * 5000 + "7"]),
        st.sampled_from(["١", "²", "１", "٣ ١", "1\u200b", "\u00a01", "𝟙", "1 ٣"]),
        st.sampled_from(["", "   ", "\t", "\x00", "\x1b[2J", "\x0c"]),
        json_actions(game_id),
        VALUES.map(_json_text),
        st.text(max_size=20),
        st.sampled_from(["x" * 100_000, "[" * 50_000, '{"type": "' + "k" * 10_000 + '"}',
                         "{" * 3000]),
    )


@st.composite
def stdin_bytes(draw: st.DrawFn, game_id: str, most: int = 10) -> bytes:
    """Answers, a line each, as the bytes of standard input (perhaps not UTF-8)."""
    lines = draw(st.lists(answers(game_id), max_size=most))
    end = draw(st.sampled_from(["\n", "\n", "\r\n", ""]))
    raw = (end or "\n").join(lines).encode("utf-8", "surrogatepass") + end.encode()
    if draw(st.integers(0, 7)) == 0:
        raw += draw(st.sampled_from([b"\xff\xfe1\n", b"\xc3(\n", b"1\n\x80\n"]))
    return raw


def _read_record(path: Path) -> GameRecord | None:
    try:
        return GameRecord.read(path, _Known())
    except (RecordError, OSError):
        return None


class _Known(dict[str, Any]):
    """The games a record may name (for :meth:`GameRecord.read`)."""

    def __init__(self) -> None:
        super().__init__({g: games.get(g).game for g in games.games()})


def _replayed(record: GameRecord) -> tuple[Any, str]:
    """The state after ``record`` (``None`` and why, where it does not replay)."""
    from regelwerk.play import replay

    try:
        return replay(games.get(record.game).game, record), ""
    except Exception as error:          # any failure is the finding
        return None, f"{type(error).__name__}: {error!s:.150}"


def _played_record(path: Path, before: GameRecord | None) -> str:
    """Why the record ``path`` a command wrote is not right (or ''): it reads, replays,
    states the result its actions give (if any), and continues ``before``."""
    record = _read_record(path)
    if record is None:
        return f"the record written to {path.name} does not read"
    state, why = _replayed(record)
    if state is None:
        return f"the record written does not replay: {why}"
    game = games.get(record.game).game
    if record.result is not None and dict(record.result) != game.result(state):
        return f"the record states {record.result}, its actions give {game.result(state)}"
    if before is not None and ((record.game, record.seed, dict(record.options)) != (
            before.game, before.seed, dict(before.options)) or tuple(
            record.actions[:len(before.actions)]) != tuple(before.actions)):
        return "the record written does not continue the record resumed"
    return ""


# ----------------------------------------------------------------------------- answers
@st.composite
def answer_cases(draw: st.DrawFn, game_id: str) -> tuple[Any, ...]:
    lang = draw(st.sampled_from(["en", "de"]))
    errors = draw(st.sampled_from(["strict", "surrogateescape"]))
    if draw(st.booleans()):
        return ("play", draw(stdin_bytes(game_id)), draw(st.integers(0, 20)), lang, errors)
    finished = real_records(game_id)[0]
    step = draw(st.one_of(st.none(), st.integers(0, len(finished["actions"])),
                          st.sampled_from([-1, 10**6])))
    return ("explain", draw(answers(game_id)), step, lang, errors)


def judge_answers(game_id: str, case: tuple[Any, ...], folder: Path) -> tuple[str, str]:
    how, given, number, lang, errors = case
    if how == "play":
        record = folder / "game.json"
        ran = run_cli(["--lang", lang, "play", game_id, "--record", str(record), "--seed",
                       str(number), *human_options(game_id)], folder, stdin=given,
                      errors=errors)
        if ran.code != 0:
            return clean_error(ran, lang)
        why = (ran.err and f"accepted with standard error {ran.err[:200]!r}") \
            or _short_lines(ran.text, REFUSALS) or _played_record(record, None)
        if why:
            return "internal", why
        played = _read_record(record)
        assert played is not None
        game = games.get(game_id).game
        state, moves = game.new_game(seed=played.seed, options=dict(played.options)), 0
        for raw in played.actions:
            moves += game.current_player(state) == 0
            state = game.apply(state, game.action_from_json(raw))
        lines = [line for line in given.decode("utf-8", "replace").splitlines() if line.strip()]
        if moves > len(lines):
            return "wrong", f"seat 0 made {moves} moves from {len(lines)} answers"
        return "accepted", ""
    path = folder / "record.json"
    path.write_text(json.dumps(real_records(game_id)[0]), encoding="utf-8")
    argv = ["--lang", lang, "explain", str(path), "--action", given, "--json"]
    if number is not None:
        argv += ["--step", str(number)]
    ran = run_cli(argv, folder, errors=errors)
    if ran.code != 0:
        return clean_error(ran, lang)
    try:
        found = json.loads(ran.out)
        verdict = found["action"]
        listed = [a for group in found["legal"] for a in group["actions"]]
    except (ValueError, KeyError, TypeError) as error:
        return "internal", f"explain --json printed no verdict: {error!r} {ran.text[:200]!r}"
    if verdict["legal"] and verdict["action"] not in [a["words"] for a in listed]:
        return "wrong", f"{given[:80]!r} judged legal, but it is no listed action"
    if not verdict["legal"]:
        try:
            notation = json.loads(verdict["action"])
        except (ValueError, TypeError):
            notation = None
        if notation is not None and notation in [a["action"] for a in listed]:
            return "wrong", f"{given[:80]!r} judged illegal, but it is listed"
        if not verdict["reason"] or len(verdict["reason"]) > LINE:
            return "internal", f"the refusal's reason is {verdict['reason'][:200]!r}"
    return "accepted", ""


# ----------------------------------------------------------------------------- resume
@cache
def foreign_files(game_id: str) -> tuple[bytes, ...]:
    """Files that are no record of this game's to go on with: another game's record (which
    resumes as that game), a corpus entry, a board file, a stats cache file, nothing."""
    others = [g for g in games.games() if g != game_id]
    entry = min((ROOT / "tests" / "corpus" / game_id).glob("*.json"),
                key=lambda p: p.stat().st_size)
    board = ROOT / "spec" / game_id / "board.toml"
    return (json.dumps(real_records(others[0])[1]).encode(), entry.read_bytes(),
            board.read_bytes() if board.exists() else b"[x]\nvalue = 1\n",
            json.dumps({"format": "regelwerk-stats/1", "game": game_id}).encode(),
            b"", b"{}", b"<svg/>", b"\x00" * 64)


@st.composite
def resume_cases(draw: st.DrawFn, game_id: str) -> tuple[Any, ...]:
    what = draw(st.sampled_from(["finished", "unfinished", "unfinished", "damaged",
                                 "damaged", "foreign", "folder", "missing"]))
    records = real_records(game_id)
    if what == "finished":
        raw = json.dumps(records[0]).encode()
    elif what == "unfinished":
        raw = json.dumps(draw(st.sampled_from(records[1:]))).encode()
    elif what == "damaged":
        raw = draw(damaged_records(game_id))
    elif what == "foreign":
        raw = draw(st.sampled_from(foreign_files(game_id)))
    else:
        raw = b""
    return (what, raw, draw(stdin_bytes(game_id, 4)), draw(st.sampled_from(["en", "de"])),
            draw(st.booleans()))


def judge_resume(game_id: str, case: tuple[Any, ...], folder: Path) -> tuple[str, str]:
    what, raw, given, lang, seats = case
    path = folder / "game.json"
    if what == "folder":
        path.mkdir()
    elif what != "missing":
        path.write_bytes(raw)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        data = None
    argv = ["--lang", lang, "play", "--resume", str(path)]
    if seats:
        argv += human_options(game_id, data)
    before = _read_record(path) if what not in ("folder", "missing") else None
    kind = _kind(path)
    ran = run_cli(argv, folder, stdin=given)
    if _kind(path) != kind:
        return "wrong", f"resuming {what} made {path.name} a {_kind(path)[0]}"
    if ran.code != 0:
        verdict = clean_error(ran, lang)
        if verdict[0] == "clean" and kind[0] == "file" and path.read_bytes() != raw and (
                before is None or _played_record(path, before)):
            # (a record played on, then stopped, e.g. where chance acts in a record without
            # a seed, keeps the actions played: it continues the one resumed)
            return "wrong", f"refused ({ran.err[:150]!r}), but the file was changed"
        return verdict
    if before is None:
        return "wrong", f"resumed {what} that is no record: {raw[:100]!r}"
    state, _ = _replayed(before)
    game = games.get(before.game).game
    if state is not None and game.is_terminal(state):
        return "wrong", f"resumed a finished game ({what})"
    why = _short_lines(ran.text, REFUSALS) or _played_record(path, before)
    return ("internal", why) if why else ("accepted", "")


# ----------------------------------------------------------------------------- corpus
@cache
def corpus_entries(game_id: str) -> tuple[tuple[str, bytes], ...]:
    """The smallest seeded game and the smallest worked example of the game's corpus."""
    found = []
    for pattern in ("seeded-*.json", "example-*.json"):
        paths = sorted((ROOT / "tests" / "corpus" / game_id).glob(pattern),
                       key=lambda p: p.stat().st_size)
        if paths:
            found.append((paths[0].name, paths[0].read_bytes()))
    return tuple(found)


@st.composite
def corpus_cases(draw: st.DrawFn, game_id: str) -> tuple[Any, ...]:
    name, raw = draw(st.sampled_from(corpus_entries(game_id)))
    how = draw(st.sampled_from(["record", "record", "steps", "steps", "entry", "folder",
                                "link", "empty"]))
    if how in ("folder", "link", "empty"):
        return name, how, b"", draw(st.booleans()), draw(st.sampled_from(["en", "de"]))
    entry = json.loads(raw)
    if how == "record":
        damage_record(draw, entry["record"], game_id)
    elif how == "steps":
        steps = entry["steps"]
        damage = draw(st.sampled_from(["drop", "fingerprint", "text", "add", "value", "all"]))
        at = draw(st.integers(0, max(len(steps) - 1, 0)))
        if damage == "drop" and steps:
            del steps[at]
        elif damage == "fingerprint" and steps:
            steps[at][0] = draw(st.sampled_from(["", "0" * 16, steps[at][0][::-1]]))
        elif damage == "text" and steps:
            steps[at][1] = draw(st.text(max_size=10))
        elif damage == "add":
            steps.insert(at, list(steps[at]) if steps else ["", ""])
        elif damage == "value" and steps:
            steps[at] = draw(VALUES)
        else:
            entry["steps"] = draw(VALUES)
    else:
        key = draw(st.sampled_from(["format", "record", "steps", "extra"]))
        entry[key] = draw(st.one_of(VALUES, st.just(None) if key != "format"
                                    else st.integers(0, 3)))
    text = _json_text(entry)
    damaged = damaged_bytes(draw, text) if draw(st.integers(0, 2)) == 0 \
        else text.encode("utf-8", "surrogatepass")
    return name, how, damaged, draw(st.booleans()), draw(st.sampled_from(["en", "de"]))


def _consistent(raw: bytes) -> bool | None:
    """Whether the entry ``raw`` replays as it says (the fingerprint after every action,
    and the result), by the engine; ``None`` when it is no entry."""
    from regelwerk.regress import Entry, replay_steps

    try:
        entry = Entry.from_json(json.loads(raw.decode("utf-8")), "entry")
    except Exception:                   # no entry: regress must refuse it
        return None
    steps, state, error = replay_steps(entry.record)
    game = games.get(entry.record.game).game
    result = dict(entry.record.result) if entry.record.result is not None else None
    # a step's text is what a divergence shows; the fingerprint is what is compared
    return error is None and [s.fingerprint for s in steps] == [
        s.fingerprint for s in entry.steps] and result == game.result(state)


def judge_corpus(game_id: str, case: tuple[Any, ...], folder: Path) -> tuple[str, str]:
    name, how, raw, with_good, lang = case
    corpus = folder / "corpus" / game_id
    corpus.mkdir(parents=True)
    target = corpus / ("damaged-" + name)
    if with_good:
        (corpus / name).write_bytes(dict(corpus_entries(game_id))[name])
    if how == "folder":
        target.mkdir()
    elif how == "link":
        target.symlink_to(folder / "nowhere.json")
    else:
        target.write_bytes(raw)
    ran = run_cli(["--lang", lang, "regress", str(folder / "corpus"), "--json"], folder)
    consistent = _consistent(raw) if how not in ("folder", "link") else None
    if ran.code == 2:
        if consistent:
            return "internal", f"a consistent entry refused: {ran.err[:200]!r}"
        verdict = clean_error(ran, lang, (2,))
        if verdict[0] == "clean" and str(target) not in ran.err:
            return "internal", f"the refusal does not name the entry: {ran.err[:200]!r}"
        return verdict
    if ran.code not in (0, 1) or ran.err:
        return clean_error(ran, lang, ())
    try:
        report = json.loads(ran.out)
        changed = {Path(d["file"]) for d in report["changed"]}
    except (ValueError, KeyError, TypeError) as error:
        return "internal", f"regress --json printed {ran.text[:200]!r} ({error!r})"
    if consistent is None:
        return "wrong", f"an entry that is none ({how}) was replayed: exit {ran.code}"
    if (target in changed) == consistent or (ran.code == 1) != bool(changed):
        return "wrong" if consistent is False else "internal", \
            f"entry consistent {consistent}, reported changed {target in changed}, " \
            f"exit {ran.code} ({how} damaged: {raw[:150]!r})"
    return ("clean" if changed else "accepted"), ""


# ----------------------------------------------------------------------------- cache
@cache
def good_stats(game_id: str) -> tuple[str, dict[str, Any]]:
    """The cache file's name and JSON of ``stats GAME -n STATS_GAMES`` (played once)."""
    from regelwerk.stats import Run, rules_key, stats

    game = _game(game_id)
    result = stats(game_id, None, STATS_GAMES, 0)
    run = Run(game_id, game.default_players, STATS_GAMES)
    return run.path(Path("."), rules_key(game_id)).name, result.to_json()


@st.composite
def cache_cases(draw: st.DrawFn, game_id: str) -> tuple[Any, ...]:
    where = draw(st.sampled_from(["file", "file", "file", "file", "fifo", "folder",
                                  "cache_is_file", "cache_under_file", "unwritable",
                                  "default_file", "default_unwritable", "default_under"]))
    _, good = good_stats(game_id)
    content = b""
    if where in ("file", "unwritable"):
        how = draw(st.sampled_from(["nested", "values", "field", "field", "bytes", "good"]))
        if how == "nested":
            depth = draw(st.sampled_from([100, 5000, 100_000]))
            content = b'{"format": "regelwerk-stats/1", "lengths": ' + b"[" * depth \
                + b"]" * depth + b"}"
        elif how == "values":
            content = _json_text(draw(VALUES)).encode("utf-8", "surrogatepass")
        elif how == "field":
            data = json.loads(json.dumps(good))
            for _ in range(draw(st.integers(1, 2))):
                key = draw(st.sampled_from(sorted(data)))
                data[key] = draw(damaged_value(data[key]))
            content = _json_text(data).encode("utf-8", "surrogatepass")
        elif how == "bytes":
            content = damaged_bytes(draw, _json_text(good))
        else:
            content = json.dumps(good).encode()
    return where, content, draw(st.sampled_from(["en", "de"]))


def judge_cache(game_id: str, case: tuple[Any, ...], folder: Path) -> tuple[str, str]:
    where, content, lang = case
    name, good = good_stats(game_id)
    cache_dir, cwd, user, fifos = folder / "cache", folder, None, []
    argv = ["--lang", lang, "stats", game_id, "-n", str(STATS_GAMES), "--json"]
    if where.startswith("default"):
        build = folder / "_build"
        if where == "default_file":
            build.write_text("not a folder", encoding="utf-8")
        elif where == "default_under":
            build.mkdir()
            (build / "stats").write_text("not a folder", encoding="utf-8")
        else:
            (build / "stats").mkdir(parents=True)
            os.chmod(build / "stats", 0o555)
            user = NOBODY
        cache_dir = build / "stats"
    else:
        if where == "cache_is_file":
            cache_dir.write_text("", encoding="utf-8")
        elif where == "cache_under_file":
            cache_dir.write_text("", encoding="utf-8")
            cache_dir = cache_dir / "below"
        else:
            cache_dir.mkdir()
            target = cache_dir / name
            if where == "fifo":
                os.mkfifo(target)
                fifos.append(target)
            elif where == "folder":
                target.mkdir()
            else:
                target.write_bytes(content)
            if where == "unwritable":
                os.chmod(target, 0o644)
                os.chmod(cache_dir, 0o555)
                user = NOBODY
        argv += ["--cache", str(cache_dir)]
    before = _kind(cache_dir / name)
    ran = run_cli(argv, folder, cwd=cwd, user=user, fifos=fifos)
    if where in ("fifo", "folder") and _kind(cache_dir / name) != before:
        return "wrong", f"the cache file's {before[0]} became a {_kind(cache_dir / name)[0]}"
    if ran.code != 0:
        return clean_error(ran, lang)
    note = ran.err.splitlines()
    if where.startswith("default"):
        if len(note) > 1 or (note and (len(note[0]) > LINE or "regelwerk" not in note[0])):
            return "internal", f"the note on the default cache is {ran.err[:300]!r}"
    elif ran.err:
        return "internal", f"accepted with standard error {ran.err[:300]!r}"
    try:
        shown = json.loads(ran.out)
    except ValueError:
        return "internal", f"stats --json printed {ran.text[:200]!r}"
    figures = {k: v for k, v in shown.items() if k not in ("cached", "summary")}
    if not shown.get("cached"):
        if figures != good:
            return "wrong", "the figures played differ from a run without a cache"
        return "accepted", ""
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        data = None
    if figures != data:
        return "wrong", "read from the cache, but not the cache file's figures"
    if any(data.get(k) != good[k] for k in ("game", "players", "games", "seed", "key")):
        return "wrong", f"a cache file of another run was read: " \
                        f"{ {k: data.get(k) for k in ('game', 'players', 'games', 'seed')} }"
    return "accepted", ""


# ----------------------------------------------------------------------------- outputs
OUTPUTS = ("record", "plot", "save", "save_violations")
TARGETS = ("fifo", "null_device", "full_device", "stdout", "finished", "finished_force",
           "link_fifo", "folder", "under_file", "link_stdout", "missing_folder")


@cache
def mutant_of(game_id: str) -> str:
    """A mutant whose random games break an invariant soon (so simulate saves records)."""
    from regelwerk.simulate import simulate

    game = _game(game_id)
    mutants = games.get(game_id).verification_module().MUTANTS
    from regelwerk.verification.core import mutate

    for mutant in mutants:
        rules = mutate(game.rules_for({}), mutant.fns)
        if simulate(game, 2, 0, {}, check=True, rules=rules, jobs=1).violations:
            return str(mutant.id)
    return str(mutants[0].id)


@st.composite
def output_cases(draw: st.DrawFn, game_id: str) -> tuple[Any, ...]:
    return (draw(st.sampled_from(OUTPUTS)), draw(st.sampled_from(TARGETS)),
            draw(st.sampled_from(["en", "de"])))


def _argv(game_id: str, output: str, target: str, folder: Path) -> list[str]:
    if output == "record":
        return ["play", game_id, "--record", target, *human_options(game_id)]
    if output == "plot":
        return ["stats", game_id, "-n", str(STATS_GAMES), "--cache", str(folder / "cache"),
                "--plot", target]
    if output == "save":
        variant = _game(game_id).variants[0]
        return ["compare", game_id, "--option", f"{variant.name}={variant.choices[0]}",
                "--option", f"{variant.name}={variant.choices[1]}", "-n", "4", "--save", target]
    return ["simulate", game_id, "-n", "2", "--jobs", "1", "--no-progress", "--json",
            "--mutant", mutant_of(game_id), "--save-violations", target]


def _make_target(target: str, folder: Path) -> tuple[str, list[Path], Path | None]:
    """The output path a case gives, the FIFOs to read, and the path whose kind must stay."""
    path = folder / "out"
    if target == "stdout":
        return "-", [], None
    if target in ("fifo", "link_fifo"):
        fifo = folder / "fifo"
        os.mkfifo(fifo)
        if target == "link_fifo":
            path.symlink_to(fifo)
        return str(fifo if target == "fifo" else path), [fifo], fifo
    if target.endswith("_device"):
        if os.geteuid() != 0:           # no device node without root: a regular file instead
            return str(path), [], None
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3 if target == "null_device" else 7))
        return str(path), [], path
    if target.startswith("finished"):
        record = real_records(next(iter(games.games())))[0]
        path.write_text(json.dumps(record), encoding="utf-8")
        return str(path), [], path
    if target == "folder":
        path.mkdir()
        return str(path), [], path
    if target == "under_file":
        path.write_text("a file", encoding="utf-8")
        return str(path / "below"), [], path
    if target == "link_stdout":
        path.symlink_to("/dev/stdout")
        return str(path), [], path
    return str(folder / "missing" / "out"), [], None


def judge_output(game_id: str, case: tuple[Any, ...], folder: Path) -> tuple[str, str]:
    output, target, lang = case
    given, fifos, kept = _make_target(target, folder)
    argv = ["--lang", lang, *_argv(game_id, output, given, folder)]
    if target == "finished_force" and output == "record":
        argv.append("--force")
    before = _kind(kept) if kept is not None else None
    old = kept.read_bytes() if kept is not None and before and before[0] == "file" else None
    ran = run_cli(argv, folder, stdin=b"1\n1\n1\n" if output == "record" else b"", fifos=fifos)
    if kept is not None and _kind(kept) != before:
        return "wrong", f"{output} into {target}: the {before and before[0]} became a " \
                        f"{_kind(kept)[0]}"
    if os.path.lexists(folder / "-"):
        return "wrong", f"{output} -: a file named '-' was made"
    folders = output in ("save", "save_violations")
    # simulate exits 1 when it finds violations (the mutant's): a check, not an error
    if not (ran.code == 0 or (ran.code == 1 and output == "save_violations" and not ran.err)):
        verdict = clean_error(ran, lang)
        if verdict[0] == "clean" and old is not None and kept is not None \
                and kept.read_bytes() != old:
            return "wrong", f"{output} into {target} refused, but the file was changed"
        return verdict
    if ran.err:
        return "internal", f"accepted with standard error {ran.err[:300]!r}"
    # accepted: what must have been refused, and where the text went
    if folders and target in ("fifo", "null_device", "full_device", "finished",
                              "finished_force", "link_fifo", "under_file", "stdout",
                              "link_stdout"):
        return "wrong", f"{output} into a {target} (no folder) accepted"
    if target == "full_device":
        return "wrong", f"{output} into a full device accepted"
    if output == "record":
        if target == "stdout" or target in ("finished", "folder", "under_file"):
            return "wrong", f"--record into {target} accepted"
        text = ran.read.get(fifos[0], b"") if fifos and target == "fifo" else \
            ran.out if target == "link_stdout" else None
        if text is not None:
            return _holds_record(text, target)
        if target == "link_fifo":
            read = ran.read.get(fifos[0], b"")
            if read:
                return _holds_record(read, target)
        why = _played_record(Path(given), None) if target not in ("null_device",) else ""
        return ("internal", why) if why else ("accepted", "")
    if output == "plot":
        if target in ("folder", "under_file"):
            return "wrong", f"--plot into {target} accepted"
        text = ran.read.get(fifos[0], b"") if target == "fifo" else \
            ran.out if target in ("stdout", "link_stdout") else \
            ran.read.get(fifos[0], b"") or Path(given).read_bytes() if target == "link_fifo" \
            else b"<svg" if target == "null_device" else Path(given).read_bytes()
        return ("accepted", "") if b"<svg" in text else \
            ("internal", f"--plot into {target}: no SVG where it went ({text[:80]!r})")
    saved = sorted(Path(given).glob("*.json"))
    for path in saved:
        if _read_record(path) is None:
            return "internal", f"{path.name} saved by {output} does not read"
    if output == "save_violations" and target == "folder" and ran.code == 1 and not saved:
        return "internal", "simulate found violations, but saved no record"
    return "accepted", ""


def _holds_record(data: bytes, target: str) -> tuple[str, str]:
    """The text written into a FIFO or standard output: records, one after another, the
    last the game as it stands."""
    decoder, text, last = json.JSONDecoder(), data.decode("utf-8", "replace"), None
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            break
        try:
            last, at = decoder.raw_decode(text, at)
        except ValueError:
            if last is not None and target == "link_stdout":
                break                   # play's own lines follow the records
            return "internal", f"--record {target}: not records: {text[at:at + 80]!r}"
        if not isinstance(last, dict):
            if target == "link_stdout":
                break
            return "internal", f"--record {target}: not records: {text[:80]!r}"
    if last is None:
        if target == "link_stdout":
            at = text.find('{"format"')
            if at >= 0:
                return _holds_record(data[at:], "fifo")
        return "internal", f"--record {target}: nothing was written"
    try:
        record = GameRecord.from_json(last, target, _Known())
    except RecordError as error:
        return "internal", f"--record {target}: {error.message_in('en')[:200]}"
    state, why = _replayed(record)
    return ("accepted", "") if state is not None else ("internal", why)


# ----------------------------------------------------------------------------- the kinds
def judged(judge: Callable[[str, Any, Path], tuple[str, str]], game_id: str, case: Any,
           folder: Path) -> tuple[str, str]:
    """``judge`` of one case; a judge that cannot tell (it raised) counts the case as an
    internal error, naming what it raised, so a long run always ends with its figures."""
    try:
        return judge(game_id, case, folder)
    except Exception as error:          # reported, with the case's start
        return "internal", f"the judge raised {type(error).__name__}: {error!s:.150} " \
                           f"({repr(case)[:150]})"



JUDGES: dict[str, tuple[Callable[[str], st.SearchStrategy[Any]],
                        Callable[[str, Any, Path], tuple[str, str]]]] = {
    "answers": (answer_cases, judge_answers),
    "resume": (resume_cases, judge_resume),
    "corpus": (corpus_cases, judge_corpus),
    "cache": (cache_cases, judge_cache),
    "outputs": (output_cases, judge_output),
}
KINDS = tuple(JUDGES)


def warm_up(kind: str, game_id: str) -> None:
    """What every case of ``kind`` would otherwise import or compute in its child."""
    real_records(game_id)
    if kind in ("cache", "outputs"):
        good_stats(game_id)
    if kind == "outputs":
        import matplotlib.figure  # noqa: F401 - imported once, not in every child

        mutant_of(game_id)
