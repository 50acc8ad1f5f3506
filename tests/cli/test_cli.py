"""The command line in both languages: output, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.records import GameRecord

from regelwerk.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_medici(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    rows = {row["id"]: row for row in json.loads(out)}
    assert rows["medici_vs_strozzi"]["clauses"] == len(mvs.rules_for().spec.clauses)


@pytest.mark.clause("medici_vs_strozzi:turn.offer")
def test_rule_in_german_and_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule", "medici_vs_strozzi:turn.offer", "--lang", "de")
    assert code == 0
    assert "Annehmen oder ablehnen" in out and "Lehnt er ab" in out
    assert "regelwerk.engine.medici_vs_strozzi.play._respond" in out
    code, out, _ = run(capsys, "rule", "medici_vs_strozzi:turn.offer", "--lang", "en")
    assert "Accept or decline" in out and "Lehnt" not in out


def test_rule_numbers_come_from_spec_and_assumed_ones_are_marked(
        capsys: pytest.CaptureFixture[str]) -> None:
    spec = mvs.rules_for().spec
    _, out, _ = run(capsys, "rule", "medici_vs_strozzi:setup.money", "--lang", "en")
    assert str(spec["economy.start_money"]) in out
    _, out, _ = run(capsys, "rule", "medici_vs_strozzi:setup.markers", "--lang", "de")
    assert f"{spec['board.track_half_length']} (angenommen)" in out


def test_unknown_clause_is_one_line_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rule", "medici_vs_strozzi:turn.ofer", "--lang", "de")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "medici_vs_strozzi:turn.offer" in err
    assert err.startswith("regelwerk: error:") is False and "Fehler" in err


def test_simulate_reports_no_violations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "medici_vs_strozzi", "-n", "40", "--seed", "3",
                       "--no-progress", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["games"] == 40 and report["violations"] == []
    assert report["actions"] > 40 and report["actions_per_second"] > 0


def test_simulate_refuses_bad_player_count_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "medici_vs_strozzi", "--players", "3",
                       "--lang", "de", "--no-progress")
    assert code == 2 and "Spieler" in err and err.count("\n") == 1


def test_replay_reproduces_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from random import Random

    rng, state, actions = Random(4), mvs.new_game(seed=11), []
    while not state.is_terminal:
        action = mvs.random_action(state, rng)
        actions.append(mvs.action_to_json(action))
        state = mvs.apply(state, action)
    path = tmp_path / "game.json"
    GameRecord("medici_vs_strozzi", 11, tuple(actions), {}, mvs.result(state)).write(path)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["result"] == mvs.result(state)
    # a tampered record: the result no longer matches
    data = json.loads(path.read_text())
    data["result"]["winners"] = ["nobody"]
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and "record says" in err


def test_replay_names_the_illegal_action_and_clause(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    GameRecord("medici_vs_strozzi", 1, ({"type": "draw"}, {"type": "buy"}), {}).write(path)
    code, _, err = run(capsys, "replay", str(path), "--lang", "de")
    assert code == 1
    assert "Aktion 2 (" in err                     # the second action, as the list numbers it
    assert "medici_vs_strozzi:turn.draw" in err and err.count("\n") == 1


def test_replay_of_broken_json_names_file_and_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n "format": \n')
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and f"{path}:" in err and err.count("\n") == 1


def test_verify_one_game_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "medici_vs_strozzi", "--json")
    rows = json.loads(out)
    assert code == 0 and rows and all(r["status"] == "proven" for r in rows)
    assert {r["id"] for r in rows} >= {"mvs.capacity", "mvs.markers_on_track"}


def test_every_command_has_help_in_both_languages() -> None:
    for command in ("games", "rule", "replay", "simulate", "verify", "check", "docs"):
        for lang, word in (("en", "options"), ("de", "Optionen")):
            done = subprocess.run([sys.executable, "-m", "regelwerk", command, "--help",
                                   "--lang", lang], capture_output=True, text=True, check=False)
            assert done.returncode == 0, done.stderr
            assert word in done.stdout


def test_usage_error_is_one_translated_line() -> None:
    done = subprocess.run([sys.executable, "-m", "regelwerk", "simulate", "--lang", "de"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "erforderlich" in done.stderr


def test_check_needs_a_checkout(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "check", "--lang", "en")
    assert code == 2 and "source checkout" in err


def test_rule_shows_an_interpretation_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule", "medici_vs_strozzi:interp.buy_without_room", "--lang", "de")
    assert code == 0
    assert "Darf ein Spieler Plättchen kaufen" in out and "(gewählt)" in out
    assert "buy_and_discard" in out and "Regelvariante" in out


@pytest.mark.parametrize(("lang", "words"), [("de", "Fehler: {file}: kein gültiges TOML: "),
                                             ("en", "error: {file}: not valid TOML: ")])
def test_malformed_board_file_is_one_line_in_the_reader_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    board = tmp_path / "printed board.toml"
    board.write_text("[board.track_half_length\nvalue = 3\n", encoding="utf-8")
    code, out, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--no-progress",
                         "--board", str(board), "--lang", lang)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert words.format(file=board) in err


@pytest.mark.parametrize(("lang", "words"), [
    ("de", "Leistenzahlen [2, 2, 3] ergeben zusammen 7"),
    ("en", "track counts [2, 2, 3] add up to 7")])
def test_board_contradicting_the_text_names_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    # the text forces one marker per track and 8 markers (components.markers): a printed
    # board with 2 + 2 + 3 tracks contradicts it (the harbours' order is free)
    board = tmp_path / "board.toml"
    board.write_text('[board.harbour_tracks]\nvalue = [["indigo", "furs"], '
                     '["silk", "indigo"], ["spices", "silk", "furs"]]\n',
                     encoding="utf-8")
    code, out, err = run(capsys, "simulate", "medici_vs_strozzi", "-n", "1", "--no-progress",
                         "--board", str(board), "--lang", lang)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("regelwerk: ") and f": {board}: " in err and words in err
    assert ("Markierungssteine" in err) == (lang == "de")


@pytest.mark.parametrize(("lang", "words"), [("de", "die Machtpunkte müssen in 3..10 liegen"),
                                             ("en", "Power points must lie in 3..10")])
def test_il_vecchio_board_problems_in_the_reader_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    board = tmp_path / "board.toml"
    board.write_text("[board.tracks.milano.points]\nvalue = [10, 9, 8, 7, 5, 4, 30]\n",
                     encoding="utf-8")
    code, _, err = run(capsys, "simulate", "il_vecchio", "-n", "1", "--no-progress",
                       "--board", str(board), "--lang", lang)
    assert code == 2 and err.count("\n") == 1
    assert f"{board}: milano: {words}" in err


def test_broken_record_action_is_german_with_file_and_index(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    GameRecord("medici_vs_strozzi", 1, ({"type": "draw"}, {"type": "fly"}), {}).write(path)
    code, out, err = run(capsys, "replay", str(path), "--lang", "de")
    # the course up to the broken action (action 1 and the tile it draws), then the error
    # naming the broken action by its number in that list (2)
    lines = out.splitlines()
    assert code == 2 and lines[0].startswith("   1. Medici: ") and len(lines) == 2
    assert lines[1].startswith("      ") and ":" in lines[1]      # chance's draw, in words
    assert err.count("\n") == 1
    assert err.startswith(f"regelwerk: Fehler: {path}: Aktion 2: keine Aktion von "
                          "medici_vs_strozzi: ")
    assert "type muss eines von draw" in err
    code, _, err = run(capsys, "replay", str(path), "--lang", "en")
    assert f"{path}: action 2: not an action of medici_vs_strozzi" in err


def test_record_that_is_no_record_is_german(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "something/2"}', encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path), "--lang", "de")
    assert code == 2 and err.count("\n") == 1
    assert f"regelwerk: Fehler: {path}: format muss 'regelwerk-game-record/1' sein" in err


def test_output_into_a_closed_pipe_is_quiet(monkeypatch: pytest.MonkeyPatch,
                                            capfd: pytest.CaptureFixture[str]) -> None:
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)                                   # the reader (`head`) has gone
    closed = open(write_end, "w", buffering=1, encoding="utf-8")  # noqa: SIM115
    monkeypatch.setattr(sys, "stdout", closed)
    code = main(["rule", "florenz", "--lang", "de"])
    assert code == 141
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize(("game", "players"), [("florenz", 1), ("florenz", 4), ("il_vecchio", 3)])
def test_replay_reproduces_records_of_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 game: str, players: int) -> None:
    from random import Random

    from regelwerk import games

    module = games.get(game).engine_module()
    options = {"players": players}
    rng, state, actions = Random(7), module.new_game(seed=5, options=dict(options)), []
    while not module.is_terminal(state):
        action = module.random_action(state, rng)
        actions.append(module.action_to_json(action))
        state = module.apply(state, action)
    path = tmp_path / f"{game}.json"
    GameRecord(game, 5, tuple(actions), options, module.result(state)).write(path)
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["result"] == json.loads(json.dumps(module.result(state)))


def test_simulate_figures_do_not_depend_on_the_jobs(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The same run on one process and on two workers: the same games, the same report;
    each violation's record is written once, by the process that found it."""
    reports, saved = [], []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        code, out, _ = run(capsys, "simulate", "medici_vs_strozzi", "-n", "24", "--seed", "5",
                           "--mutant", "mvs.capacity/hold_has_room", "--jobs", jobs,
                           "--save-violations", str(folder), "--no-progress", "--json")
        assert code == 1
        report = json.loads(out)
        del report["seconds"], report["games_per_second"], report["actions_per_second"]
        reports.append(report)
        saved.append(sorted(path.name for path in folder.iterdir()))
    assert reports[0] == reports[1] and reports[0]["violations"]
    assert saved[0] == saved[1] == sorted(
        f"medici_vs_strozzi-5-{v['game_index']}.json" for v in reports[0]["violations"])
    assert not any(name.endswith(".tmp") for name in saved[0])


def test_simulate_refuses_no_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "medici_vs_strozzi", "--jobs", "0", "--no-progress")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--jobs" in err
