"""Issue 32, points 2 and 3: every command's own input is checked (the answers of ``play``,
``explain --action``, ``--resume``, corpus entries, cache folders and files of ``stats``),
and every error is one line of a readable size in the reader's language, never an
internal error (exit 3)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_decimal
from regelwerk.engine.core.errors import LINE, LONG, SHOWN, cut, quoted, shown, translate
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import GameRecord, RecordError

from regelwerk import games
from regelwerk.cli import main
from regelwerk.play import start
from regelwerk.stats import Run, rules_key

ROOT = Path(__file__).resolve().parents[2]
GAME = "medici_vs_strozzi"
#: Answers that bring seat 0 of a seed-4 game (seat 1 random) to its price, an open choice:
#: draw, draw, stop and name the price (:func:`test_an_open_choice_is_where_the_answers_lead`).
TO_THE_PRICE = "1\n1\n2\n"
DIGITS = "1" + "0" * 5000                   # more digits than Python's int() reads


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    """``err`` is one line of a readable size from regelwerk, and no internal error."""
    assert err.count("\n") == 1 and err.startswith("regelwerk"), err[:600]
    assert len(err) <= LINE + 1, len(err)
    assert "internal error" not in err and "interner Fehler" not in err, err
    return err


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answers: str,
         *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    return run(capsys, *args)


def size(count: int, lang: str) -> str:
    """How a cut value's size reads in ``lang``: the count formatted for the locale."""
    return str(format_decimal(count, locale=lang))


@pytest.fixture
def at_the_price(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                 monkeypatch: pytest.MonkeyPatch) -> Path:
    """A record of a game whose seat 0 is to name a price (an open choice)."""
    path = tmp_path / "price.json"
    code, out, _ = play(capsys, monkeypatch, TO_THE_PRICE, "play", GAME, "--record", str(path),
                        "--random", "1", "--seed", "4", "--lang", "en")
    assert code == 0 and "--resume" in out
    return path


def test_an_open_choice_is_where_the_answers_lead(at_the_price: Path) -> None:
    game = games.get(GAME).game
    record = GameRecord.read(at_the_price)
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for raw in record.actions:
        state = game.apply(state, game.action_from_json(raw))
    assert [type(o).__name__ for o in game.legal_actions(state)] == ["OpenChoice"]


# ----------------------------------------------------------------------------- play's answers
@pytest.mark.parametrize("answer", ["1 --5", "1 -+5", f"1 {DIGITS}", f"1 -{DIGITS}"])
def test_a_bad_value_of_an_open_choice_is_asked_again(
        answer: str, at_the_price: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = play(capsys, monkeypatch, answer + "\n", "--lang", "de", "play",
                          "--resume", str(at_the_price), "--random", "1")
    assert code == 0 and err == ""
    assert "keine Aktion: price: die Nummer und einen ganzzahligen Wert angeben" in out
    assert len(GameRecord.read(at_the_price).actions) == 3       # nothing played, still saved


@pytest.mark.parametrize("answer", [DIGITS, "0" * 5000 + "1", "²"])
def test_a_number_of_5000_digits_is_asked_again(answer: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    code, out, err = play(capsys, monkeypatch, answer + "\n1\n", "--lang", "de", "play", GAME,
                          "--record", str(path), "--random", "1")
    assert code == 0 and err == ""
    refused = [line for line in out.splitlines() if line.startswith("keine Aktion")]
    assert len(refused) == 1 and len(refused[0]) < LINE
    assert len(GameRecord.read(path).actions) == 1               # the "1" after it played


def test_resuming_a_finished_game_says_it_is_over(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "done.json"
    code, _, _ = play(capsys, monkeypatch, "", "play", GAME, "--record", str(path), "--random",
                      "0", "--random", "1")
    finished = GameRecord.read(path)
    assert code == 0 and finished.result is not None
    code, out, err = play(capsys, monkeypatch, "1\n", "--lang", "de", "play", "--resume",
                          str(path))
    assert code == 2 and out == ""
    assert "die Partie ist schon zu Ende" in one_line(err) and str(path) in err
    assert GameRecord.read(path) == finished                     # the record is untouched


def test_resuming_an_unreadable_record_is_german_throughout(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\n", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "de", "play", "--resume", str(bad))
    assert code == 2
    assert "kein JSON (Schlüssel in doppelten Anführungszeichen erwartet)" in one_line(err)


def test_an_illegal_recorded_action_is_refused_in_the_readers_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = games.get(GAME).game
    record = start(game, 4, {})
    path = tmp_path / "illegal.json"
    GameRecord(record.game, record.seed, ({"type": "stop"},), dict(record.options)).write(path)
    for command in (("play", "--resume"), ("explain",)):
        code, _, err = run(capsys, "--lang", "de", *command, str(path))
        assert code == 2 and "Aktion 1: " in one_line(err)      # the first action
        assert "(Regel medici_vs_strozzi:" in err and "(rule " not in err


# ----------------------------------------------------------------------------- explain --action
@pytest.mark.parametrize("action", ["1 --5", f"1 {DIGITS}", DIGITS, "3"])
def test_explain_refuses_a_bad_action_in_one_line(action: str, at_the_price: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "de", "explain", str(at_the_price),
                         "--action", action)
    assert code == 2 and out == ""
    assert one_line(err).startswith("regelwerk: Fehler: ")
    expected = "eine Zahl von 1 bis 1 wählen" if action in (DIGITS, "3") else \
        "price: die Nummer und einen ganzzahligen Wert angeben"
    assert expected in err


# ----------------------------------------------------------------------------- regress
def test_a_corpus_entry_of_an_unknown_game_is_one_line_naming_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = sorted((ROOT / "tests" / "corpus" / GAME).glob("seeded-*.json"))[0]
    data = json.loads(source.read_text(encoding="utf-8"))
    data["record"]["game"] = "chess"
    entry = tmp_path / "corpus" / "entry.json"
    entry.parent.mkdir()
    entry.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "--lang", "de", "regress", str(entry.parent))
    assert code == 2 and out == ""
    assert f"{entry}: game muss eines von" in one_line(err) and "'chess'" in err


def test_a_corpus_entry_with_options_its_game_lacks_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = sorted((ROOT / "tests" / "corpus" / GAME).glob("seeded-*.json"))[0]
    data = json.loads(source.read_text(encoding="utf-8"))
    data["record"]["options"]["no_such_variant"] = "x" * 100_000
    entry = tmp_path / "entry.json"
    entry.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "regress", str(tmp_path))
    assert code == 2 and str(entry) in one_line(err)


@pytest.mark.parametrize(("content", "german"), [
    (b"[" * 100_000 + b"]" * 100_000, "kein Korpus-Eintrag (zu tief verschachtelt"),
    (b"\xff\xfe{}", "keine UTF-8-Textdatei (ungültiges Startbyte)"),
    (b'{"format": 1,', "kein JSON (Schlüssel in doppelten Anführungszeichen erwartet)"),
    (b"[" + b"1" * 5000 + b"]", "kein Korpus-Eintrag"),
])
def test_an_unreadable_corpus_entry_is_one_german_line_naming_the_file(
        content: bytes, german: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    entry = tmp_path / "entry.json"
    entry.write_bytes(content)
    code, _, err = run(capsys, "--lang", "de", "regress", str(tmp_path))
    assert code == 2 and str(entry) in one_line(err) and german in err


# ----------------------------------------------------------------------------- stats' cache

def test_a_default_cache_that_cannot_be_made_is_left_out_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)                      # no checkout: the default is ./_build/stats
    (tmp_path / "_build").write_text("a file, not a folder", encoding="utf-8")
    code, out, err = run(capsys, "--lang", "de", "stats", GAME, "-n", "2")
    assert code == 0 and "2 Zufallspartien" in out.splitlines()[0]
    assert "Hinweis" in one_line(err) and "ohne Zwischenspeicher" in err
    assert (tmp_path / "_build").is_file()


@pytest.mark.parametrize("where", ["file", "file/below"])
def test_a_cache_folder_at_or_under_a_file_is_refused(where: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    code, out, err = run(capsys, "--lang", "de", "stats", GAME, "-n", "2", "--cache",
                         str(tmp_path / where))
    assert code == 2 and out == ""
    assert "als Zwischenspeicher-Ordner nicht verwendbar" in one_line(err)


@pytest.mark.parametrize("damage", ["[" * 100_000 + "]" * 100_000, '{"lengths": 3}',
                                    "not json", "lengths"])
def test_a_damaged_cache_file_is_played_anew_and_rewritten(
        damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "stats", GAME, "-n", "2", "--cache", str(tmp_path), "--json")
    assert code == 0
    run_file = Run(GAME, games.get(GAME).game.default_players, 2).path(tmp_path, rules_key(GAME))
    good = json.loads(run_file.read_text(encoding="utf-8"))
    if damage == "lengths":     # JSON of the right keys whose figures do not fit together
        damage = json.dumps({**good, "lengths": ["a"] * good["games"]})
    run_file.write_text(damage, encoding="utf-8")
    code, again, err = run(capsys, "stats", GAME, "-n", "2", "--cache", str(tmp_path), "--json")
    assert code == 0 and err == ""
    assert json.loads(again)["cached"] is False                  # played, not read
    assert {**json.loads(again), "cached": True} == {**json.loads(first), "cached": True}
    assert json.loads(run_file.read_text(encoding="utf-8")) == good


# ----------------------------------------------------------------------------- error lines
def test_a_record_with_a_1mb_game_id_is_one_short_line(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    path = tmp_path / "big.json"
    data = GameRecord(GAME, 1, (), {}).to_json()
    data["game"] = "x" * 1_048_576
    path.write_text(json.dumps(data), encoding="utf-8")
    for lang in ("en", "de"):
        code, _, err = run(capsys, "--lang", lang, "replay", str(path))
        assert code == 2 and f"({size(1_048_576, lang)} " in one_line(err)
    assert "1.048.576 Zeichen" in err


def test_an_unknown_board_key_of_100kb_is_one_short_line(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    board = tmp_path / "board.toml"
    board.write_text("k" * 100_000 + " = 1\n", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "de", "simulate", GAME, "-n", "1", "--no-progress",
                       "--board", str(board))
    assert code == 2 and "(100.000 Zeichen)" in one_line(err)


def test_a_clause_id_of_100kb_is_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "de", "rule", "r" * 100_000)
    assert code == 2 and "unbekannter Regelpunkt 'rrr" in one_line(err) and "(100.000 Zeichen)" in err


@pytest.mark.parametrize("args", [("simulate", GAME, "--seed", DIGITS),
                                  ("play", GAME, "--record", "x.json", "k" * 5000),
                                  ("simulate", GAME, "--option", "k" * 5000 + "=1"),
                                  ("simulate", GAME, "--mutant", "k" * 5000),
                                  ("compare", GAME, "--option", "buy_without_room=may_not_buy",
                                   "--option", "buy_without_room=buy_and_discard",
                                   "--with", "k" * 5000)])

def test_argparse_and_our_usage_errors_cut_the_value(args: tuple[str, ...],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "de", *args)
    assert code == 2 and out == ""
    assert one_line(err).startswith("regelwerk: Fehler: ") and "Zeichen)" in err


def test_the_last_guard_cuts_any_line_to_500_characters(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> int:
        raise RuntimeError("y" * 10_000)

    monkeypatch.delenv("REGELWERK_DEBUG", raising=False)
    monkeypatch.setattr("regelwerk.commands.games.run", broken)
    code, _, err = run(capsys, "--lang", "de", "games")
    assert code == 3 and err.count("\n") == 1 and len(err) == LINE + 1
    assert err.startswith("regelwerk: ") and "y" * 100 in err
    head, _, total = err.rstrip("\n").partition("… [gekürzt: ")
    assert total.endswith(" Zeichen insgesamt]") and set(head[-100:]) == {"y"}
    assert int(total.split()[0].replace(".", "")) > 10_000      # the whole line's length


# ----------------------------------------------------------------------------- empty, negative
def test_an_empty_game_is_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("verify", "check"):
        code, out, err = run(capsys, "--lang", "de", command, "")
        assert code == 2 and out == "" and "unbekanntes Spiel ''" in one_line(err)


@pytest.mark.parametrize("args", [("replay", ""), ("explain", ""), ("regress", ""),
                                  ("play", "--resume", ""), ("stats", GAME, "--cache", ""),
                                  ("simulate", GAME, "--board", "")])
def test_an_empty_path_is_refused(args: tuple[str, ...],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "de", *args)
    assert code == 2 and "ein leerer Pfad nennt weder eine Datei noch einen Ordner" in one_line(err)
    assert "Argument " in err


def test_replay_until_a_negative_step_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    GameRecord(GAME, 1, ({"type": "draw"},), {}).write(path)
    code, out, err = run(capsys, "--lang", "de", "replay", str(path), "--until", "-1")
    assert code == 2 and out == "" and "--until muss mindestens 0 sein" in one_line(err)
    assert run(capsys, "replay", str(path), "--until", "0")[0] == 0


def test_a_usage_error_keeps_exit_2_with_standard_output_closed() -> None:
    for args in (("verify", "chess"), ("--lang", "de", "verify", "--jobs", "x")):
        done = subprocess.run([sys.executable, "-m", "regelwerk", *args], cwd=ROOT, text=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120,
                              check=False, preexec_fn=_close_stdout)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    done = subprocess.run([sys.executable, "-m", "regelwerk", "games"], cwd=ROOT, text=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120,
                          check=False, preexec_fn=_close_stdout)
    assert done.returncode == 4                  # what failed there is the output itself


def _close_stdout() -> None:
    os.close(1)


# ----------------------------------------------------------------------------- the helpers
def test_a_long_value_is_cut_with_its_size_in_the_readers_language() -> None:
    template = N_("{file}: game must be one of {choices}, not {value!r}")
    fields = {"file": "f", "choices": "a, b", "value": "x" * 1_048_576}
    english, german = (translate(lang, template, fields) for lang in ("en", "de"))
    assert english.endswith("not '" + "x" * (SHOWN - 1) + "…' (1,048,576 characters)")
    assert german.endswith("nicht '" + "x" * (SHOWN - 1) + "…' (1.048.576 Zeichen)")
    short = translate("en", template, {**fields, "value": "x" * LONG})
    assert short.endswith("not '" + "x" * LONG + "'")              # short enough: whole
    assert translate("de", "{n}", {"n": 10 ** 5000}) == "<int> (5.001 Ziffern)"
    assert translate("en", "{n:,}", {"n": 7 * 10 ** 200}).endswith("(201 digits)")
    assert str(quoted("q" * 1000, "de")).endswith("… (1.000 Zeichen)")
    assert cut("'" + "1" * 5000 + "'", "en") == "'" + "1" * (SHOWN - 1) + "…' (5,000 characters)"
    assert shown("z" * 500) == "'" + "z" * (SHOWN - 2) + "…"        # as before, and its size:
    assert translate("de", "{v}", {"v": shown("z" * 500)}).endswith("… (500 Zeichen)")


def test_the_systems_and_the_json_decoders_words_are_translated() -> None:
    error = RecordError(N_("{file}: cannot read the file ({error})"), file="f",
                        error=FileNotFoundError(2, "No such file or directory"))
    assert error.message_in("de") == "f: die Datei kann nicht gelesen werden " \
                                     "(Datei oder Ordner nicht gefunden)"
    assert error.message_in("en") == "f: cannot read the file (No such file or directory)"
    try:
        json.loads("[1,")
    except json.JSONDecodeError as exc:
        decoded = RecordError(N_("{file}:{line}: not JSON ({error})"), file="f", line=exc.lineno,
                              error=exc.msg)
    assert decoded.message_in("de") == "f:1: kein JSON (Wert erwartet)"


def test_a_cached_comparison_whose_figures_do_not_fit_is_not_read(tmp_path: Path) -> None:
    run = Run(GAME, 2, 10, "buy_without_room", ("buy_and_discard", "may_not_buy"))
    path = run.path(tmp_path, "k")
    for data, read in (({"games": 10, "mattered": 3}, True), ({"games": 10, "mattered": 11}, False),
                       ({"games": "10", "mattered": 3}, False), ({"games": 9, "mattered": 3}, False),
                       ({"mattered": 3}, False)):
        path.write_text(json.dumps({**data, "key": "k"}), encoding="utf-8")
        assert (run.read(tmp_path, "k") is not None) == read, data


@pytest.mark.parametrize(("command", "german"), [
    (("regress",), "(5.000 Zeichen): kein Ordner"),
    (("check", "--root"), "braucht einen regelwerk-Quellcode-Checkout")])
def test_a_folder_name_too_long_to_look_at_is_one_line(command: tuple[str, ...], german: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "de", *command, "p" * 5000)
    assert code == 2 and german in one_line(err)



def test_explain_at_the_end_of_a_game_has_no_number_to_choose(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A finished game lists no action: a number is refused with that reason, in German."""
    record = ROOT / "tests" / "corpus" / "medici_vs_strozzi" / "seeded-players=2.json"
    code, _out, err = run(capsys, "--lang", "de", "explain", str(record), "--action", "1")
    line = one_line(err)
    assert code == 2 and "keine Aktion aufgeführt" in line
