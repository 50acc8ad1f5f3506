"""``regelwerk scenario FILE...`` (issue 30, point 1): every scenario file of the suite
runs through the command, a wrong expectation fails in words, a bad file is one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk import games, scenarios
from regelwerk.cli import main

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / scenarios.FOLDER).glob("*/*.toml"))

CASE = """game = "medici_vs_strozzi"

[[scenario]]
id = "loan"
clauses = ["medici_vs_strozzi:money.loans"]
title = "Medici must pay 450 with 300 in hand"
given = [ { type = "draw" }, { type = "tile", tile = 0 }, { type = "stop" } ]
when = [ { type = "price", amount = 450 }, { type = "decline" } ]
[scenario.then]
"Medici money" = 0
"Medici loans" = 150
"Strozzi Geld" = 300
"am Zug" = "Medici"
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ruling.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_scenario_file_of_the_suite_passes_through_the_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", *map(str, FILES), "--lang", "en"])
    out = capsys.readouterr().out
    count = len(scenarios.load(ROOT))
    assert code == 0, out
    assert f"{count} scenarios: {count} passed, 0 failed" in out
    assert out.count(": passed\n") == count


def test_a_ruling_written_with_public_names_passes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", str(_file(tmp_path, CASE)), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and f"{tmp_path / 'ruling.toml'}:3: loan: passed" in out


@pytest.mark.parametrize("lang, said", [
    ("en", "Medici loans: expected 100, found 150"),
    ("de", "Medici loans: erwartet 100, vorgefunden 150"),
])
def test_a_wrong_expectation_fails_with_the_difference_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    path = _file(tmp_path, CASE.replace('"Medici loans" = 150', '"Medici loans" = 100'))
    code = main(["scenario", str(path), "--lang", lang])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{path}:11: loan (medici_vs_strozzi:money.loans): {said}" in out
    assert ("0 passed, 1 failed" if lang == "en" else "0 bestanden, 1 gescheitert") in out


def test_a_wrong_clause_of_a_refusal_names_both_clauses_and_the_action_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CASE + ('[[scenario.refused]]\naction = { type = "draw" }\n'
                   'clause = "medici_vs_strozzi:turn.draw"\n')
    code = main(["scenario", str(_file(tmp_path, text)), "--lang", "en"])
    out = capsys.readouterr().out
    game = games.get("medici_vs_strozzi").game
    assert code == 1
    refusing = [kind.clause for kind in game.kinds if kind.name == "draw"]
    assert "refused under" in out and "expected under medici_vs_strozzi:turn.draw" in out
    assert refusing and '{"type": "draw"}' in out


@pytest.mark.parametrize("text, where", [
    (CASE.replace("[scenario.then]", "[scenario.then"), ":9: not valid TOML"),
    (CASE.replace('"Medici loans"', '"Medici purse"'), ":11: loan: 'Medici purse' is no public"),
    (CASE.replace('game = "medici_vs_strozzi"', 'game = "chess"'), "no game"),
    (CASE.replace("title =", "titel ="), "titel"),
])
def test_a_bad_file_is_one_line_naming_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str) -> None:
    path = _file(tmp_path, text)
    code = main(["scenario", str(path), "--lang", "en"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    (line,) = captured.err.splitlines()
    assert str(path) in line and where in line
