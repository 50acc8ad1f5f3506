"""Size before parse: a game record or board file over files.MAX_INPUT_BYTES is refused
before it is read whole (a regular file by its size; a pipe after one byte more than the
limit), with one short line that names the limit."""

from __future__ import annotations

import json
import os
import threading
import tracemalloc
from pathlib import Path

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core import files, records
from regelwerk.engine.core.records import GameRecord, RecordError
from regelwerk.engine.core.spec import SpecError, load_board_file

from regelwerk.cli import main

GAMES = {"medici_vs_strozzi": mvs.GAME}


def sparse(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no room on disk (and is not JSON)."""
    with open(path, "wb") as handle:
        handle.truncate(size)
    return path


def test_the_limit_is_64_mib_and_every_record_a_game_plays_is_far_below_it() -> None:
    assert files.MAX_INPUT_BYTES == 64 * 1024 * 1024
    state, actions = mvs.new_game(seed=1), []
    while not mvs.GAME.is_terminal(state):
        action = mvs.GAME.random_action(state, __import__("random").Random(len(actions)))
        actions.append(mvs.GAME.action_to_json(action))
        state = mvs.apply(state, action)
    text = GameRecord("medici_vs_strozzi", 1, tuple(actions), {}).dumps()
    assert len(text.encode()) * 1000 < files.MAX_INPUT_BYTES


def test_a_record_over_the_limit_is_refused_by_its_size_before_it_is_read(
        tmp_path: Path) -> None:
    path = sparse(tmp_path / "huge.json", files.MAX_INPUT_BYTES + 1024 * 1024)   # 65 MiB
    tracemalloc.start()
    try:
        with pytest.raises(RecordError) as caught:
            GameRecord.read(path, GAMES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024           # reading it whole would take 65 MiB
    english, german = caught.value.message_in("en"), caught.value.message_in("de")
    assert english == (f"{path}: larger than 64 MiB ({files.MAX_INPUT_BYTES:,} bytes), the "
                       "most a game record or board file may have")
    assert german.startswith(f"{path}: größer als 64 MiB") and len(german) < 500


def test_a_record_at_the_limit_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    GameRecord("medici_vs_strozzi", 1, ({"type": "draw"},), {"players": 2}).write(path)
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", path.stat().st_size)
    assert GameRecord.read(path, GAMES).actions == ({"type": "draw"},)
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", path.stat().st_size - 1)
    with pytest.raises(RecordError, match="larger than"):
        GameRecord.read(path, GAMES)


def test_a_pipe_is_read_no_further_than_one_byte_past_the_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A FIFO (or standard input) has no size to ask: at most limit + 1 bytes are taken
    out of it, the rest stays in the pipe."""
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 1000)
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    keep = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)      # holds both ends open
    try:
        os.write(keep, b" " * 5000)
        with pytest.raises(RecordError, match=r"larger than .* \(1,000 bytes\)"):
            GameRecord.read(fifo, GAMES)
        assert len(os.read(keep, 10_000)) == 5000 - 1001
    finally:
        os.close(keep)


def test_a_pipe_under_the_limit_is_read_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    text = GameRecord("medici_vs_strozzi", 2, ({"type": "draw"},), {"players": 2}).dumps()

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as handle:
            handle.write(text)
    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    assert GameRecord.read(fifo, GAMES).seed == 2
    writer.join(10)


def test_text_over_the_limit_is_refused_before_it_is_parsed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def parse(*args: object, **kwargs: object) -> object:
        raise AssertionError("parsed")

    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 100)
    monkeypatch.setattr(records.json, "loads", parse)
    for text in ("[" * 101, b"[" * 101):
        with pytest.raises(RecordError, match="larger than"):
            GameRecord.loads(text, "piped")


def test_a_board_file_is_read_under_the_same_limit(tmp_path: Path) -> None:
    """The limited read raises the caller's error (a board file's is SpecError)."""
    path = sparse(tmp_path / "board.toml", 2048)
    assert files.read_limited(path, SpecError, limit=2048) == b"\0" * 2048
    with pytest.raises(SpecError, match=r"larger than [\d.]+ MiB \(2,047 bytes\)"):
        files.read_limited(path, SpecError, limit=2047)
    with pytest.raises(SpecError, match="cannot read the file"):
        files.read_limited(tmp_path, SpecError)
    with pytest.raises(SpecError, match="cannot read the file"):
        files.read_limited(tmp_path / "missing.toml", SpecError)


def test_simulate_refuses_an_oversized_board_file_by_its_size(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sparse(tmp_path / "board.toml", files.MAX_INPUT_BYTES + 1)
    tracemalloc.start()
    try:
        with pytest.raises(SpecError, match="larger than 64 MiB"):
            load_board_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024
    assert main(["simulate", "medici_vs_strozzi", "-n", "1", "--board", str(path)]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "larger than 64 MiB" in line and len(line) < 500


@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_refuses_an_oversized_record_in_one_short_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str) -> None:
    path = sparse(tmp_path / "huge.json", files.MAX_INPUT_BYTES + 1)
    assert main(["replay", str(path), "--lang", lang]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) < 500
    assert ("64 MiB" in err) and (("größer als" in err) == (lang == "de"))


def test_a_million_actions_are_refused_at_the_first_action_after_the_end(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A record cannot hold 10^6 actions of one game (every game ends long before); such a
    file, under the size limit, is read and refused at its first action past the end."""
    state, actions = mvs.new_game(seed=3), []
    rng = __import__("random").Random(3)
    while not mvs.GAME.is_terminal(state):
        action = mvs.GAME.random_action(state, rng)
        actions.append(mvs.GAME.action_to_json(action))
        state = mvs.apply(state, action)
    ended = len(actions)
    actions += [{"type": "draw"}] * (10**6 - ended)
    path = tmp_path / "million.json"
    path.write_text(json.dumps({"format": records.FORMAT, "game": "medici_vs_strozzi",
                                "seed": 3, "options": {}, "actions": actions}),
                    encoding="utf-8")
    assert path.stat().st_size < files.MAX_INPUT_BYTES
    assert main(["replay", str(path), "--quiet", "--lang", "en"]) == 1   # moves count from 1
    err = capsys.readouterr().err
    assert f"action {ended + 1} (" in err and "is illegal" in err and err.count("\n") == 1


@pytest.mark.parametrize("item", [
    {"type": "draw"}, {"type": "load", "tile": 3, "ship": 0}, {"type": "x", "flag": True},
    {"type": "x", "big": 10**30}, {}, {"tile": 3}, {"type": 3}, {"type": None},
    {"type": "x", "price": 2.0}, {"type": "x", "price": "2"}, {"type": "x", "n": None},
    {"type": "x", "n": [1]}, {"type": "x", "n": {}}, [], "draw", 3, None, {"type": True},
])
def test_the_fast_action_check_is_the_schema(item: object) -> None:
    """records checks a record's actions without jsonschema (10^6 actions: 0.5 s instead
    of 10 s); it accepts exactly what ACTION_SCHEMA accepts, and refuses with its message."""
    from regelwerk.engine.core import schema

    fits = records._fits_action(item)
    assert fits == (schema.problem(records.ACTION_SCHEMA, item, "r.json") is None)
    data = {"format": records.FORMAT, "game": "medici_vs_strozzi", "seed": 1, "options": {},
            "actions": [{"type": "draw"}, item]}
    if fits:
        assert GameRecord.from_json(data, "r.json").actions[1] == item
    else:
        with pytest.raises(RecordError, match=r"^r\.json: actions\[1\]") as caught:
            GameRecord.from_json(data, "r.json")
        template, fields = schema.problem(records.SCHEMA, data, "r.json") or ("", {})
        whole = RecordError(template, **fields)       # jsonschema over the whole record
        for lang in ("en", "de"):
            assert caught.value.message_in(lang) == whole.message_in(lang)


def test_repeated_actions_are_read_as_one_object_each_in_their_own_types() -> None:
    """A record's repeated actions are read as one shared dict (issue 35: a record of 10⁶
    actions replays in a quarter of the memory), but only where the values' types agree
    too (1, 1.0 and true are equal keys)."""
    shared = records._Shared()
    first = shared([("type", "x"), ("n", 1)])
    assert shared([("type", "x"), ("n", 1)]) is first
    for other in (True, 1.0):
        again = shared([("type", "x"), ("n", other)])
        assert again == first and type(again["n"]) is type(other) and again is not first
    nested = shared([("type", "x"), ("n", [1])])
    assert shared([("type", "x"), ("n", [1])]) is not nested
    data = {"format": records.FORMAT, "game": "medici_vs_strozzi", "seed": 1, "options": {},
            "actions": [{"type": "draw"}, {"type": "x", "n": 1}, {"type": "draw"},
                        {"type": "x", "n": True}]}
    read = GameRecord.loads(json.dumps(data)).actions
    assert read[0] is read[2] and read == tuple(data["actions"])
    assert type(read[1]["n"]) is int and type(read[3]["n"]) is bool


def test_a_long_record_takes_little_more_memory_than_its_text() -> None:
    """2·10⁵ repeated actions: one dict each would take some 40 MB; shared, the record
    takes its pointers (and the parser its text)."""
    text = json.dumps({"format": records.FORMAT, "game": "medici_vs_strozzi", "seed": 1,
                       "options": {}, "actions": [{"type": "draw"}] * 200_000})
    tracemalloc.start()
    try:
        record = GameRecord.loads(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(record.actions) == 200_000
    assert peak < 4 * len(text)
