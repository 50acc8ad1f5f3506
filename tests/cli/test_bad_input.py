"""Bad input and broken output at the command line: one line and a non-zero exit, in both
languages, never a traceback and never reported as success."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.records import GameRecord

from regelwerk.cli import main
from regelwerk.commands import common

ROOT = Path(__file__).resolve().parents[2]

#: a board number's domain (spec), for the refusals below
BONUS = mvs.GAME.spec.number("board.bonus_small_distance").domain
assert BONUS is not None


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("regelwerk"), err
    return err


def regelwerk(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "regelwerk", *args], cwd=ROOT, text=True,
                          stderr=subprocess.PIPE, timeout=120, check=False, **kwargs)


# ----------------------------------------------------------------------------- --option
@pytest.mark.parametrize(("option", "expected"), [
    ("buy_without_room=", "--option buy_without_room: the value is empty"),
    ("buy_without_room=²", "buy_without_room must be one of buy_and_discard, may_not_buy"),
    ("buy_without_room=３", "buy_without_room must be one of"),
    ("players=²", "--option players=…: use --players instead"),
    ("=may_not_buy", "--option needs KEY=VALUE"),
])
def test_bad_option_values_are_one_line(capsys: pytest.CaptureFixture[str], option: str,
                                        expected: str) -> None:
    code, out, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--no-progress",
                         "--option", option)
    assert code == 2 and out == "" and expected in one_line(err)


def test_option_values_of_ascii_digits_are_numbers() -> None:
    assert common.parse_options(["a=12", "b=-3", "c=²", "d=1_000", "e=٣"], "en") == {
        "a": 12, "b": -3, "c": "²", "d": "1_000", "e": "٣"}


def test_an_option_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--lang", "de",
                       "--option", "buy_without_room=may_not_buy",
                       "--option", "buy_without_room=buy_and_discard")
    assert code == 2 and "zweimal" in one_line(err)


# ----------------------------------------------------------------------------- records
def write_record(path: Path, **changes: Any) -> Path:
    data = GameRecord("medici_vs_strozzi", 1, ({"type": "draw"},), {"players": 2}).to_json()
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("changes", "english", "german"), [
    ({"result": 7}, "result must be a table / null, not 7",
     "result muss eine Tabelle / null sein, nicht 7"),
    ({"options": {"players": "2"}}, "options.players must be a whole number, not '2'",
     "options.players muss eine ganze Zahl sein"),
    ({"options": {"board": 3}}, "options.board must be a table / null, not 3",
     "options.board muss eine Tabelle / null sein"),
    ({"options": {"board": {"board.bonus_small_distance": 0}}},
     f"board.bonus_small_distance must be from {BONUS.low} to {BONUS.high}, not 0",
     f"zwischen {BONUS.low} und {BONUS.high}"),
    ({"actions": [{"type": ["draw"]}]}, "actions[0].type must be a text", "muss ein Text sein"),
    ({"seed": False}, "seed must be a whole number / null, not False", "seed muss eine ganze Zahl"),
])
def test_a_damaged_record_is_refused_in_both_languages(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: dict[str, Any],
        english: str, german: str) -> None:
    path = write_record(tmp_path / "game.json", **changes)
    code, out, err = run(capsys, "replay", str(path), "--lang", "en")
    assert code == 2 and out == "" and english in one_line(err) and str(path) in err
    code, _, err = run(capsys, "replay", str(path), "--lang", "de")
    assert code == 2 and german in one_line(err) and "Fehler" in err


@pytest.mark.parametrize("text", [
    b"[" * 200_000 + b"]" * 200_000, b'{"seed": ' + b"7" * 5000 + b"}", b"\xff\xfe{}",
    b'{"format": "regelwerk-game-record/1", "seed": NaN}'])
def test_unreadable_records_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         text: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(text)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "internal error" not in one_line(err)


def test_a_record_with_another_result_fails(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    state = mvs.new_game(seed=4)
    actions = []
    while not mvs.is_terminal(state):
        action = mvs.legal_actions(state)[0]
        action = action.make(action.low) if hasattr(action, "make") else action
        actions.append(mvs.action_to_json(action))
        state = mvs.apply(state, action)
    result = dict(mvs.result(state) or {})
    result["winners"] = ["nobody"]
    path = tmp_path / "game.json"
    GameRecord("medici_vs_strozzi", 4, tuple(actions), {}, result).write(path)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and "the record says" in one_line(err)


# ----------------------------------------------------------------------------- boards
def test_a_deeply_nested_board_file_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.toml"
    board.write_text("[board.track_half_length]\nvalue = " + "[" * 5000 + "]" * 5000 + "\n",
                     encoding="utf-8")
    code, _, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--board", str(board),
                       "--lang", "de")
    assert code == 2 and "zu tief verschachtelt" in one_line(err)


def test_a_board_number_of_the_wrong_shape_is_refused(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.toml"
    board.write_text('[board.harbour_tracks]\nvalue = [["silk", "furs"], "spices"]\n',
                     encoding="utf-8")
    code, _, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--board", str(board))
    assert code == 2 and f"{board}: board.harbour_tracks[1] must be a list" in one_line(err)


# ----------------------------------------------------------------------------- output
@pytest.mark.parametrize("args", [("games",), ("--help",), ("simulate", "--help"),
                                  ("--lang", "de", "rule", "medici_vs_strozzi")])
def test_a_full_disk_is_an_error_not_success(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = regelwerk(*args, stdout=full)
    assert done.returncode == 4
    # the system's own words too are in the reader's language (issue 32)
    expected = "kein Platz mehr auf dem Datenträger" if "de" in args else "No space left on device"
    assert done.stderr.count("\n") == 1 and expected in done.stderr



def test_a_closed_standard_output_is_an_error() -> None:
    done = regelwerk("games", stdout=subprocess.DEVNULL, preexec_fn=_close_stdout)
    assert done.returncode == 4 and done.stderr.count("\n") == 1


def _close_stdout() -> None:
    import os

    os.close(1)


def test_a_closed_pipe_ends_quietly() -> None:
    with subprocess.Popen([sys.executable, "-m", "regelwerk", "rule", "medici_vs_strozzi"],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()                 # the reader is gone before the first line
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    assert code == 141 and err == b""


def test_save_violations_into_a_file_is_a_usage_error(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, _, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--no-progress",
                       "--save-violations", str(blocker / "sub"))
    assert code == 2 and "--save-violations" in one_line(err)


def test_docs_without_the_docs_extra_says_which_to_install(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "polib" else real(name, *a))
    code, out, err = run(capsys, "docs", "--lang", "de")
    assert code == 2 and out == ""
    assert "polib" in one_line(err) and "pip install 'regelwerk[docs]'" in err
