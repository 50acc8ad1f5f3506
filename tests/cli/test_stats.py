"""Statistics of random games (``regelwerk stats``): the figures, the cache keyed by the
rules' content, and the SVG plots with captions in the reader's language."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from regelwerk import games
from regelwerk import stats as stats_module
from regelwerk.cli import main
from regelwerk.stats import cache_file, plot, rules_key, stats

MVS = "medici_vs_strozzi"


def test_the_figures_of_a_run(tmp_path: Path) -> None:
    result = stats(MVS, n=6, cache=tmp_path)
    game = games.get(MVS).game
    assert len(result.lengths) == 6 and all(n > 0 for n in result.lengths)
    assert len(result.scores) == game.default_players and all(len(s) == 6 for s in result.scores)
    assert sum(result.wins) >= 6                       # a shared win counts for each
    assert sum(result.kinds.values()) == sum(result.lengths)
    assert set(result.kinds) <= {kind.name for kind in game.kinds}
    assert stats(MVS, n=6, jobs=2).to_json() == result.to_json()


def test_an_unchanged_run_is_read_from_the_cache(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    first = stats(MVS, n=4, cache=tmp_path)
    assert not first.cached
    path = cache_file(tmp_path, MVS, 2, 4, 0, rules_key(MVS))
    assert path.is_file()
    again = stats(MVS, n=4, cache=tmp_path)
    assert again.cached and again.to_json() == first.to_json()
    # another content of the rules: another key, computed anew
    monkeypatch.setattr(stats_module, "rules_key", lambda game: "changed")
    assert not stats(MVS, n=4, cache=tmp_path).cached
    path.write_text("{not json", encoding="utf-8")          # a damaged file: computed anew
    monkeypatch.undo()
    assert not stats(MVS, n=4, cache=tmp_path).cached


def test_the_key_follows_the_rules_content() -> None:
    keys = {game: rules_key(game) for game in games.games()}
    assert len(set(keys.values())) == len(keys)
    assert rules_key(MVS) == keys[MVS]


@pytest.mark.parametrize(("lang", "caption"), [("en", "Final score by seat"),
                                               ("de", "Endwertung je Platz")])
def test_the_plot_is_svg_with_captions_in_the_language(lang: str, caption: str,
                                                       tmp_path: Path) -> None:
    result = stats(MVS, n=5, cache=tmp_path)
    svg = plot(result, ["medici", "strozzi"], lang)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = " ".join(t for t in root.itertext())
    assert caption in texts and "medici" in texts
    other = "Endwertung" if lang == "en" else "Final score"
    assert other not in texts
    assert plot(result, ["medici", "strozzi"], lang) == svg        # the same file every time


def test_stats_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "plots.svg"
    args = ["stats", MVS, "-n", "5", "--cache", str(tmp_path / "cache")]
    assert main([*args, "--plot", str(svg), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Partielänge" in out and "gewählte Aktionsarten" in out and svg.is_file()
    assert "Siegquote je Platz" in svg.read_text(encoding="utf-8")
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cached"] and data["games"] == 5
    for bad, text in ((["-n", "0"], "-n must be at least 1"),
                      (["--players", "7"], "medici_vs_strozzi")):
        assert main(["stats", MVS, *bad, "--cache", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert text in err and err.count("\n") == 1


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "caption", "matters"), [
    ("en", "Random games of", "changes the course of play"),
    ("de", "Zufallspartien von", "verändert den Spielverlauf")])
def test_the_site_directives_show_the_plots_and_what_each_reading_changes(
        lang: str, caption: str, matters: str, tmp_path: Path) -> None:
    """A page with ``game-statistics`` and ``reading-effects`` (regelwerk.sphinxext.stats),
    built in each language from a cache that the second build only reads."""
    from sphinx.cmd.build import build_main

    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        "extensions = ['regelwerk.sphinxext.stats']\n"
        f"regelwerk_stats_cache = {str(tmp_path / 'cache')!r}\nregelwerk_stats_games = 3\n",
        encoding="utf-8")
    (source / "index.rst").write_text(
        "Statistics\n==========\n\n.. game-statistics:: medici_vs_strozzi\n\n"
        ".. reading-effects:: medici_vs_strozzi\n", encoding="utf-8")
    game = games.get(MVS).game
    variants = {v.name: v for v in game.variants}
    expected = sum(len(variants[entry.variant].choices) - 1
                   for entry in game.spec.interpretations.values() if entry.variant in variants)
    for run in ("cold", "warm"):
        out = tmp_path / run
        assert build_main(["-q", "-b", "html", "-D", f"language={lang}", str(source),
                           str(out)]) == 0
        page = (out / "index.html").read_text(encoding="utf-8")
        assert caption in page and 'src="data:image/svg+xml;base64,' in page
        assert page.count(matters) == expected   # one line per other reading
        assert "medici_vs_strozzi:interp." in page
    cached = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert len(cached) == 1 + expected     # the game's statistics, one run per other reading
    assert any("compare-marker_moves" in name for name in cached)
