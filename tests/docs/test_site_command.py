"""``python -m regelwerk.site``: an argparse interface whose help is in the reader's
language, and which builds nothing when asked for help or given a wrong argument."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk import site


@pytest.mark.parametrize(("lang", "words", "foreign"), [
    ("en", ("usage:", "--out DIR", "output folder", "--stats-cache"), "Ausgabeordner"),
    ("de", ("Aufruf:", "--out ORDNER", "Ausgabeordner", "--stats-cache"), "output folder")])
def test_help_in_the_readers_language_builds_nothing(
        lang: str, words: tuple[str, ...], foreign: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(site, "build_site", lambda *a, **k: pytest.fail("built on --help"))
    assert site.main(["--help", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert all(word in out for word in words) and foreign not in out
    assert not (tmp_path / "_build").exists()


def test_a_wrong_argument_is_one_error_line(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site, "build_site", lambda *a, **k: pytest.fail("built on bad input"))
    assert site.main(["--lang", "de", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert "--bogus" in err and "Fehler" in err and err.count("\n") == 1


def test_out_and_stats_cache_reach_the_build(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, object] = {}

    def build(root: Path, out: Path | None = None, **kwargs: object) -> site.SiteReport:
        seen.update(out=out, **kwargs)
        report = site.SiteReport(tmp_path)
        report.doctests = {"en": 1, "de": 1}
        return report

    monkeypatch.setattr(site, "build_site", build)
    assert site.main(["--out", str(tmp_path / "o"), "--stats-cache", str(tmp_path / "c")]) == 0
    assert seen["out"] == tmp_path / "o" and seen["stats_cache"] == tmp_path / "c"
    assert "doctests: en 1, de 1" in capsys.readouterr().out
