"""`regelwerk check`: the real tree has no gaps; a broken copy shows each kind of gap."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from regelwerk import games
from regelwerk.cli import main
from regelwerk.trace import trace_game

ROOT = Path(__file__).resolve().parents[2]
GAME = "medici_vs_strozzi"


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_check_of_every_game_has_no_gaps(game_id: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """What ``make site`` refuses to publish: a test citing an unknown clause, a clause no
    test exercises, an open register entry without a variant, ..."""
    code = main(["check", game_id, "--root", str(ROOT), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 gaps" in out and "interpretation register (" in out


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    for folder in ("tests", "docs", "spec", "locales", "regelwerk", "engine", "verification"):
        shutil.copytree(ROOT / folder, root / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def test_check_finds_a_missing_anchor_and_a_missing_test(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    page = root / "docs" / GAME / "turn.md"
    page.write_text(page.read_text().replace(
        "```{clause} medici_vs_strozzi:turn.next\n```", ""), encoding="utf-8")
    rules = root / "tests" / GAME / "test_rules.py"
    rules.write_text(rules.read_text().replace("def test_ports_must_differ",
                                               "def test_renamed"), encoding="utf-8")
    found = trace_game(root, GAME).gaps
    gaps = [str(g) for g in found]
    assert any("medici_vs_strozzi:turn.next: anchored 0 times" in g for g in gaps)
    assert any("test_ports_must_differ, which does not exist" in g for g in gaps)
    german = [g.message_in("de") for g in found]
    assert any("medici_vs_strozzi:turn.next: 0-mal in docs/ verankert" in g for g in german)


def test_check_finds_an_untranslated_clause(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    po = root / "locales" / "de" / "LC_MESSAGES" / f"regelwerk-{GAME}.po"
    text = po.read_text(encoding="utf-8")
    old = 'msgstr "Wer die Plättchen gekauft hat, macht den nächsten Zug."'
    assert old in text
    po.write_text(text.replace(old, 'msgstr ""'), encoding="utf-8")
    gaps = [str(g) for g in trace_game(root, GAME).gaps]
    assert any("untranslated [medici_vs_strozzi:turn.next]" in g for g in gaps)


def test_check_tells_play_from_rule_functions(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 17: a clause counts as played only by a scenario, a `play` mark or a doctest
    that plays; one no play can reach is listed with the reason."""
    from regelwerk.engine.core import spec as spec_module

    from regelwerk.trace import play_report

    root = _copy(tmp_path)
    clauses = spec_module.load(GAME).clauses
    folder = root / "tests" / "scenarios" / GAME
    shutil.rmtree(folder, ignore_errors=True)
    for played in (root / "tests" / GAME).glob("test_play_*.py"):
        played.unlink()                     # leave only the worked examples that play
    before = play_report(trace_game(root, GAME), clauses)
    target = sorted(set(clauses) - set(before["through_play"]))
    assert len(target) >= 2, "every clause is played already: pick the clauses differently"
    folder.mkdir(parents=True)
    (folder / "x.toml").write_text(
        f'[[scenario]]\nid = "x"\nclauses = ["{target[0]}"]\ntitle = "x"\n'
        'when = [{ first = 1 }]\n', encoding="utf-8")
    (folder / "not_played.toml").write_text(
        f'[[not_played]]\nclause = "{target[1]}"\nwhy = "a reason"\n', encoding="utf-8")
    after = play_report(trace_game(root, GAME), clauses)
    assert target[0] in after["through_play"] and target[0] not in before["through_play"]
    assert after["not_reachable"] == {target[1]: "a reason"}
    assert len(after["through_play"]) == len(before["through_play"]) + 1
    main(["check", GAME, "--root", str(root), "--lang", "de"])
    out = capsys.readouterr().out
    assert f"{target[1]}: a reason" in out and "durch Spielen" in out
