"""The commands' fuzzing itself (:mod:`tests.core.fuzz_commands`): every output target of
every output option ends cleanly, and the judges see a broken command for what it is
(a replaced FIFO, a finished game resumed, an error only in English, a hang)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from regelwerk.engine.core import files
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import GameRecord, RecordError

from tests.core import fuzz_commands as fc
from tests.core.fuzzing import real_records

GAME = "medici_vs_strozzi"


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    fc.warm_up("outputs", GAME)


@pytest.mark.parametrize("target", fc.TARGETS)
@pytest.mark.parametrize("output", fc.OUTPUTS)
def test_every_output_target_ends_cleanly(output: str, target: str, tmp_path: Path) -> None:
    """``--record``, ``--plot``, ``--save``, ``--save-violations`` into a FIFO, a device,
    ``-``, a finished record, a link to a FIFO or to standard output, a folder, a path
    under a file: a clean error or a checked acceptance, the target's kind kept."""
    verdict, why = fc.judge_output(GAME, (output, target, "de"), fc.case_folder(tmp_path, 0))
    assert verdict in ("clean", "accepted"), why


@pytest.mark.parametrize(("output", "target", "verdict"), [
    ("record", "fifo", "accepted"), ("record", "stdout", "clean"),
    ("record", "finished", "clean"), ("record", "finished_force", "accepted"),
    ("plot", "stdout", "accepted"), ("plot", "folder", "clean"),
    ("save", "folder", "accepted"), ("save_violations", "fifo", "clean")])
def test_what_each_target_must_end_in(output: str, target: str, verdict: str,
                                      tmp_path: Path) -> None:
    assert fc.judge_output(GAME, (output, target, "en"), fc.case_folder(tmp_path, 0)) == \
        (verdict, "")


def test_a_fifo_replaced_by_the_write_is_counted_wrong(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The child is forked from this process: a write rule broken here is broken there."""
    monkeypatch.setattr(files, "_write_into", lambda path, data: False)   # rename over it
    verdict, why = fc.judge_output(GAME, ("record", "fifo", "en"), fc.case_folder(tmp_path, 0))
    assert verdict == "wrong" and "fifo became a file" in why


def test_resuming_a_finished_game_would_be_counted_wrong(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``play`` that went on with any record (as before issue 32) is caught."""
    from regelwerk import play

    monkeypatch.setattr(play, "play", lambda game, record, *_: record)
    case = ("finished", json.dumps(real_records(GAME)[0]).encode(), b"1\n", "en", True)
    verdict, why = fc.judge_resume(GAME, case, fc.case_folder(tmp_path, 0))
    assert verdict == "wrong" and "finished" in why


def test_an_error_only_in_english_is_no_clean_error(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def unreadable(*_: object, **__: object) -> GameRecord:
        raise RecordError(N_("{file}: a message no catalog holds"), file="f")

    monkeypatch.setattr(GameRecord, "read", unreadable)
    folder = fc.case_folder(tmp_path, 0)
    ran = fc.run_cli(["--lang", "de", "play", "--resume", str(folder / "x.json")], folder)
    assert ran.code == 2 and ran.misses == ["{file}: a message no catalog holds"]
    verdict, why = fc.clean_error(ran, "de")
    assert verdict == "internal" and "not in German" in why
    english = fc.run_cli(["--lang", "en", "play", "--resume", str(folder / "x.json")], folder)
    assert fc.clean_error(english, "en") == ("clean", "")


def test_a_hang_is_killed_and_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    def hangs(*_: object) -> int:
        time.sleep(60)
        return 0

    monkeypatch.setattr("regelwerk.commands.games.run", hangs)
    folder = fc.case_folder(tmp_path, 0)
    ran = fc.run_cli(["games"], folder, timeout=0.5)
    assert ran.code is None
    assert fc.clean_error(ran, "en")[0] == "internal"


def test_a_fifo_reader_gets_every_write(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = fc.FifoReader(fifo)
    reader.start()
    for part in (b"one ", b"two"):
        files.write_bytes(fifo, part)
    assert reader.finish() == b"one two" and stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_answers_that_are_not_utf8_are_asked_again(errors: str, tmp_path: Path) -> None:
    """Regression (issue 32, found by this fuzzing): bytes that are not UTF-8 on standard
    input under a strict locale were a UnicodeDecodeError, exit 3; now such a line names
    no action and is asked again, and the answer after it plays."""
    folder = fc.case_folder(tmp_path, 0)
    record = folder / "game.json"
    ran = fc.run_cli(["--lang", "de", "play", GAME, "--record", str(record), "--random", "1"],
                     folder, stdin=b"\xff\xfe\x80\n1\n", errors=errors)
    assert ran.code == 0 and ran.err == "", ran.err
    assert ran.text.count("keine Aktion") == 1
    assert len(GameRecord.read(record).actions) >= 1


def test_a_cache_file_of_another_run_is_not_read(tmp_path: Path) -> None:
    """Regression (issue 32, found by this fuzzing): a cache file whose figures fit
    together but belong to another run (other players, game or seed) was read as this
    run's; now it is played anew."""
    _, good = fc.good_stats(GAME)
    for name, value in (("players", 5), ("players", 0), ("game", "medici^vs_strozzi"),
                        ("seed", 3), ("players", True)):
        content = json.dumps({**good, name: value}).encode()
        verdict, why = fc.judge_cache(GAME, ("file", content, "en"),
                                      fc.case_folder(tmp_path, 0))
        assert verdict == "accepted", (name, value, why)
