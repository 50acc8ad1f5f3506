"""Statistics pages and what each reading changes (issue 9): the runs the pages ask
for, the cache keyed by the rules' content, the plots as SVG in the page's language."""

from __future__ import annotations

import base64
import html
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.core.clauses import clause_title

from regelwerk import compare, games, stats
from regelwerk.cli import main
from regelwerk.site import SiteReport
from regelwerk.sphinxext import stats as site_stats
from regelwerk.stats import Run, Stats, fill_cache, plot

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
IMAGE = re.compile(r'<img[^>]*src="data:image/svg\+xml;base64,([^"]+)"')
#: One axes group per panel of :func:`regelwerk.stats.plot`: scores, length, wins, kinds.
PANELS = 4


def svg_axes(svg: str) -> list[str]:
    """The ids of the panels (matplotlib's ``axes_N`` groups) of a parsed SVG document."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [g.get("id", "") for g in root.iter(f"{SVG}g") if re.fullmatch(r"axes_\d+",
                                                                         g.get("id", ""))]


def svg_text(svg: str) -> str:
    return " ".join("".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text"))


# ------------------------------------------------------------------ the cache (fast)

def test_an_unchanged_rule_key_reads_the_cache_and_a_changed_one_recomputes(
        tmp_path: Path) -> None:
    run, other = Run("medici_vs_strozzi", 2, 3), Run("medici_vs_strozzi", 2, 2)
    assert fill_cache([run, other], tmp_path, keys={run.game: "a1"}) == [run, other]
    written = run.path(tmp_path, "a1")
    before = written.stat()
    assert fill_cache([run], tmp_path, keys={run.game: "a1"}) == []        # read, not played
    after = written.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    cached = run.read(tmp_path, "a1")
    assert isinstance(cached, Stats) and cached.cached and len(cached.lengths) == 3
    assert fill_cache([run], tmp_path, keys={run.game: "b2"}) == [run]     # played again
    assert run.path(tmp_path, "b2").is_file()
    assert not written.exists()                 # the file of the old rules is gone
    assert other.path(tmp_path, "a1").is_file()                 # another run's is kept
    again = run.read(tmp_path, "b2")
    assert isinstance(again, Stats) and again.lengths == cached.lengths    # same seeds


def test_a_changed_rule_file_changes_the_key(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    """The key covers the content of the rules: one more (or an edited) spec file gives
    another key, so the cached run is not found and is computed anew."""
    key = stats.rules_key("medici_vs_strozzi")
    assert stats.rules_key("medici_vs_strozzi") == key
    extra = tmp_path / "zz_changed.toml"
    extra.write_text("changed = 1\n", encoding="utf-8")
    files = stats._files
    monkeypatch.setattr(stats, "_files", lambda folder: [*files(folder), extra])
    changed = stats.rules_key("medici_vs_strozzi")
    assert changed != key
    extra.write_text("changed = 2\n", encoding="utf-8")
    assert stats.rules_key("medici_vs_strozzi") not in (key, changed)


def test_a_damaged_cache_file_is_computed_anew(tmp_path: Path) -> None:
    run = Run("medici_vs_strozzi", 2, 2, "marker_order", ("opener_first", "medici_first"))
    run.path(tmp_path, "k").write_text("{not json", encoding="utf-8")
    assert run.read(tmp_path, "k") is None
    assert fill_cache([run], tmp_path, keys={run.game: "k"}) == [run]
    data = run.read(tmp_path, "k")
    assert isinstance(data, dict) and data["games"] == 2 and 0 <= data["share"] <= 1


# ------------------------------------------------------------------ what the pages ask for

def planned() -> list[Run]:
    return site_stats.planned_runs(ROOT / "docs")


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_each_game_has_a_statistics_page_with_every_player_count(game_id: str) -> None:
    low, high = games.get(game_id).game.players
    counts = [run.players for run in planned() if run.game == game_id and not run.option]
    assert counts == list(range(low, high + 1))
    index = (ROOT / "docs" / game_id / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^statistics$", index, re.M)


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_every_other_reading_of_every_variant_is_measured(game_id: str) -> None:
    game = games.get(game_id).game
    entries = [e for e in game.spec.interpretations.values() if e.variant]
    variants = {v.name: v for v in game.variants}
    wanted = {(e.variant, value) for e in entries for value in variants[e.variant].choices[1:]}
    runs = [run for run in planned() if run.game == game_id and run.option]
    assert {(run.option, run.values[1]) for run in runs} == wanted
    assert all(run.values[0] == variants[run.option].default for run in runs)


def test_solo_readings_are_measured_in_solo_games() -> None:
    runs = {run.option: run.players for run in planned() if run.game == "florenz"}
    assert runs["solo_level"] == runs["solo_party_cost"] == 1
    assert runs["scandal_sets"] == runs["retrieved_cup"] == games.get("florenz").game \
        .default_players


def test_readings_of_one_solo_level_are_measured_at_that_level() -> None:
    """A reading that only applies at the easier solo game is measured there (the page's
    ``effect-with``); the others with the default rules."""
    bases = {run.option: run.base for run in planned() if run.game == "florenz"}
    easier = (("solo_level", "easier"),)
    assert bases["solo_round1_time"] == bases["solo_easier_scandal"] == easier
    assert bases["solo_half_points"] == easier
    assert bases["solo_party_cost"] == bases["scandal_sets"] == ()


def test_effect_with_option() -> None:
    assert site_stats.effect_with("a=level:easier, b=level:harder, a=x:1") == {
        "a": (("level", "easier"), ("x", "1")), "b": (("level", "harder"),)}
    assert site_stats.effect_with(None) == {}
    with pytest.raises(ValueError, match="variant=other_variant:value"):
        site_stats.effect_with("a=level")


def test_effect_players_option() -> None:
    assert site_stats.effect_players("solo=1, crests_two_three=3", 4) == {
        "": 4, "solo": 1, "crests_two_three": 3}
    assert site_stats.effect_players("2", 4) == {"": 2}
    assert site_stats.effect_players(None, 3) == {"": 3}


# ------------------------------------------------------------------ the site's figure is compare's

def test_effect_runs_compare_what_a_player_sees() -> None:
    """Each register run lists the legal actions (the figure ``compare`` prints) and stops
    a game at its first difference (only the share is shown)."""
    runs = [run for run in planned() if run.option]
    assert runs and all(run.listed and not run.outcomes for run in runs)


@pytest.mark.parametrize(("game_id", "option"), [("florenz", "retrieved_cup"),
                                                 ("medici_vs_strozzi", "buy_without_room")])
def test_the_site_figure_is_the_figure_compare_prints(tmp_path: Path, game_id: str,
                                                      option: str) -> None:
    """The register's run of an entry, computed as the site build computes it, gives the
    share ``compare`` reports for the same readings, players and number of games, and the
    command the page prints reproduces it."""
    game = games.get(game_id).game
    entry = next(e for e in game.spec.interpretations.values() if e.variant == option)
    run = site_stats.effect_runs(game_id, entry, game.default_players, 12)[0]
    assert fill_cache([run], tmp_path, keys={game_id: "k"}) == [run]
    cached = run.read(tmp_path, "k")
    assert isinstance(cached, dict)
    report = compare.compare(game_id, option, run.values, 12)
    assert (cached["games"], cached["mattered"]) == (report.games, report.mattered)
    for lang in ("en", "de"):
        shown = site_stats.effect_figures(cached, lang)
        low, high = report.share_interval
        assert (shown["percent"], shown["low"], shown["high"]) == (
            compare.percent(report.share, lang), compare.percent(low, lang),
            compare.percent(high, lang))
    line = compare.command(game_id, option, run.values, run.games, run.players, run.seed,
                           run.base)
    assert main([*line.split()[1:], "--json"]) == 0


def test_the_command_on_the_page_prints_the_page_figure(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A page with ``reading-effects``, built: every line's command, run, prints the
    line's share and interval."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        "extensions = ['regelwerk.sphinxext.stats']\n"
        f"regelwerk_stats_cache = {str(tmp_path / 'cache')!r}\n", encoding="utf-8")
    (source / "index.rst").write_text(
        "Effects\n=======\n\n.. reading-effects:: medici_vs_strozzi\n"
        "   :effect-games: 6\n", encoding="utf-8")
    # a process of its own: a Sphinx build in a pytest worker that built other projects
    # before can fail on the theme registered there
    built = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source),
                            str(tmp_path / "out")], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr[-2000:]
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    lines = register_effects(page)
    assert lines
    capsys.readouterr()
    for line in lines:
        found = re.search(r"(regelwerk compare \S+(?: --?[\w-]+ \S+)+)", line)
        assert found, line
        assert main([*found[1].split()[1:], "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["games"] == 6 and f" {data['games']} " in line
        shown = site_stats.effect_figures(data, "en")
        assert f"{shown['percent']} of 6 random games" in line
        assert f"{shown['low']} to {shown['high']}" in line


# ------------------------------------------------------------------ the plot (fast)

def small_stats() -> Stats:
    return stats.stats("medici_vs_strozzi", 2, 3)


@pytest.mark.parametrize(("lang", "title", "other"), [
    ("de", "Endwertung je Platz", "Final score by seat"),
    ("en", "Final score by seat", "Endwertung je Platz")])
def test_plot_is_svg_with_four_panels_in_the_language(lang: str, title: str,
                                                      other: str) -> None:
    svg = plot(small_stats(), ["Medici", "Strozzi"], lang, title="Medici vs Strozzi")
    assert len(svg_axes(svg)) == PANELS
    text = svg_text(svg)
    assert title in text and other not in text
    assert "Medici vs Strozzi" in text
    game = games.get("medici_vs_strozzi").game
    for kind in small_stats().kinds:       # each action kind by its clause's title in lang
        clause = next(k.clause for k in game.kinds if k.name == kind)
        assert stats.kind_label("medici_vs_strozzi", kind, lang) in text
        assert clause_title(game.spec, clause, lang) in stats.kind_label(
            "medici_vs_strozzi", kind, lang)


# ------------------------------------------------------------------ the built site

def page(site: SiteReport, lang: str, name: str) -> str:
    return (site.out / "site" / lang / name).read_text(encoding="utf-8")


def figures(source: str) -> list[str]:
    return [base64.b64decode(data).decode("utf-8") for data in IMAGE.findall(source)]


def captions(source: str) -> list[str]:
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split())
            for c in re.findall(r"<figcaption>(.*?)</figcaption>", source, re.S)]


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_statistics_page_shows_a_german_svg_per_player_count(site: SiteReport,
                                                            game_id: str) -> None:
    low, high = games.get(game_id).game.players
    german = page(site, "de", f"{game_id}/statistics.html")
    english = page(site, "en", f"{game_id}/statistics.html")
    for lang, source, words, foreign in (
            ("de", german, ("Endwertung je Platz", "Siegquote je Platz"), "Final score"),
            ("en", english, ("Final score by seat", "Win rate by seat"), "Endwertung")):
        svgs = figures(source)
        assert len(svgs) == high - low + 1, lang
        for svg in svgs:
            assert len(svg_axes(svg)) == PANELS
            text = svg_text(svg)
            assert all(word in text for word in words) and foreign not in text
        shown = captions(source)
        assert len(shown) == len(svgs)
        games_played = site_stats.STATS_GAMES
        for count, caption in zip(range(low, high + 1), shown, strict=True):
            assert str(games_played) in caption
            if count > 1:
                assert f"{count} {'Spielern' if lang == 'de' else 'players'}" in caption
    assert "Zufallspartien" in german or "Solopartien" in german
    assert "Statistik von Zufallspartien" in german


def register_effects(source: str) -> list[str]:
    block = re.findall(r'<ul class="regelwerk-reading-effects[^"]*">(.*?)</ul>', source, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", item)).split())
            for part in block for item in re.findall(r"<li>(.*?)</li>", part, re.S)]


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_register_entries_show_what_each_reading_changes(site: SiteReport,
                                                        game_id: str) -> None:
    runs = [run for run in planned() if run.game == game_id and run.option]
    for lang, words, label in (("de", "Die Auslegung", "Wirkung im Spiel"),
                               ("en", "The reading", "Effect in play")):
        source = page(site, lang, f"{game_id}/interpretations.html")
        lines = register_effects(source)
        assert len(lines) == len(runs), lang
        assert source.count(label) == len({run.option for run in runs})
        measured = "Gemessen mit" if lang == "de" else "Measured with"
        for run, line in zip(runs, lines, strict=True):
            assert line.startswith(f"{words} {run.values[1]} ")
            assert f" {run.games} " in line
            assert (measured in line) == bool(run.base)
            played_by = "Jeder Platz gespielt von der Strategie" if lang == "de" else \
                "Every seat played by the policy"
            assert f"{played_by} {run.policy}" in line          # which policy measured it
            assert all(f"{name}={value}" in line for name, value in run.base)
            assert re.search(r"\d+(?:[.,]\d)?\s?%.*\d+(?:[.,]\d)?\s?%.*\d+(?:[.,]\d)?\s?%",
                             line)                  # the share and its interval
            assert compare.command(run.game, run.option, run.values, run.games, run.players,
                                   run.seed, run.base) in line


def test_the_site_build_computed_each_run_once(site: SiteReport) -> None:
    step: Any = next(s for s in site.steps if s.name == "statistics")
    assert step.detail.endswith(f"of {len(planned())} runs computed")
    cached = sorted((site.out / "stats").glob("*.json"))
    assert len(cached) == len(planned())
