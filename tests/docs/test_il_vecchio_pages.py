"""The Il Vecchio pages: clause anchors, the edition-differences register, the endless game."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core import spec as spec_module
from regelwerk.verification.il_vecchio import endless_game

from regelwerk.site import SiteReport

ROOT = Path(__file__).resolve().parents[2]
GAME = "il_vecchio"
PAGES = ROOT / "docs" / GAME
FENCE = re.compile(r"^(```+)\{doctest\}[^\n]*\n(.*?)^\1", re.M | re.S)
CLAUSE = re.compile(r"^```\{clause\}\s+(\S+)\s*$", re.M)
CITED = re.compile(r"^>>> # clause: (\S+)\s*$", re.M)


def doctests(page: str) -> list[tuple[int, str]]:
    """(line, source) of every doctest fence of a page, in order."""
    text = (PAGES / page).read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(2)) for m in FENCE.finditer(text)]


def run_page(page: str) -> dict[str, Any]:
    """Run a page's doctests in one namespace, as Sphinx does; fail on any failure."""
    globs: dict[str, Any] = {"DOC_LANG": "en"}
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1   # as docs/conf.py
    for line, source in doctests(page):
        test = parser.get_doctest(source, globs, f"{page}:{line}", str(PAGES / page), line)
        runner = doctest.DocTestRunner(optionflags=flags)
        result = runner.run(test, clear_globs=False)
        assert result.failed == 0, f"{page}:{line}: {result.failed} failure(s)"
        globs = test.globs
    return globs


# ------------------------------------------------------------------ sources (fast)

def test_every_clause_is_shown_once_and_every_doctest_names_known_clauses() -> None:
    spec = spec_module.load(GAME)
    shown: list[str] = []
    cited: set[str] = set()
    for page in sorted(PAGES.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        shown += CLAUSE.findall(text)
        for _, source in doctests(page.name):
            first = source.lstrip().splitlines()[0]
            assert first.startswith(">>> # clause: "), f"{page.name}: {first!r}"
            cited |= set(CITED.findall(source))
    assert sorted(shown) == sorted(spec.clauses), "every clause exactly once"
    assert cited <= set(spec.clauses)
    groups = {spec.clauses[c].group for c in spec.clauses}
    assert groups <= {spec.clauses[c].group for c in cited}, "a doctest for every clause group"


def test_every_rulebook_example_has_a_doctest() -> None:
    """The worked examples shared by both editions, each on its page."""
    examples = {
        "setup.md": ('"Empoli"', '"Castel Fiorentino"', '"Volterra"', '"Colle"'),
        "turn.md": ('"Sesto"', '"Vicchio"'),
        "towns.md": ('"Carmignano"', '"Pistoia"', "'Dicomano'"),
        "provinces.md": ('"Prato"', '"Vernio"', "iv.Province("),
        "florence.md": ('"Firenze"', "track=iv.COUNCIL", "iv.PickTile("),
    }
    for page, needles in examples.items():
        code = "\n".join(source for _, source in doctests(page))
        for needle in needles:
            assert needle in code, f"{page}: {needle}"


def test_endless_game_doctest_replays_a_cycle() -> None:
    """The page's own doctest runs, and its cycle really returns to the same state."""
    globs = run_page("endless.md")
    prefix, cycle = endless_game(players=2, seed=0)
    assert globs["cycle"] == cycle and cycle
    start = globs["start"]
    assert globs["state"] == start and not iv.is_terminal(start)
    # Independently of the page: replay from a new game and compare after one cycle.
    state = iv.new_game(seed=0, options={"players": 2})
    for action in prefix:
        state = iv.apply(state, action)
    assert state == start
    for action in cycle:
        assert action in iv.legal_actions(state)
        state = iv.apply(state, action)
        assert not state.end_triggered
    assert state == start
    assert state.crests_left == state.rules.crests_dealt
    assert any(moved != start for moved in _states_along(start, cycle)), "the cycle moves"


def _states_along(start: iv.State, actions: list[iv.Action]) -> list[iv.State]:
    states, state = [], start
    for action in actions[:-1]:
        state = iv.apply(state, action)
        states.append(state)
    return states


# ------------------------------------------------------------------ the built site (slow)

def _pages(site: SiteReport, lang: str) -> list[str]:
    return [(site.out / "site" / lang / p).read_text(encoding="utf-8") for p in site.pages[lang]]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_il_vecchio_clause_is_anchored_exactly_once(site: SiteReport, lang: str) -> None:
    pages = _pages(site, lang)
    for clause_id in spec_module.load(GAME).clauses:
        count = sum(page.count(f'id="{clause_id}"') for page in pages)
        assert count == 1, f"{clause_id}: {count} anchors ({lang})"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_edition_differences_page_lists_every_interpretation(site: SiteReport,
                                                             lang: str) -> None:
    page = (site.out / "site" / lang / GAME / "interpretations.html").read_text(encoding="utf-8")
    spec = spec_module.load(GAME)
    assert spec.interpretations
    for interp_id in spec.interpretations:
        assert page.count(f'id="{interp_id}"') == 1, f"{interp_id} ({lang})"


@pytest.mark.slow
def test_il_vecchio_pages_are_translated_and_ran_their_doctests(site: SiteReport) -> None:
    sources = sorted(p.stem for p in PAGES.glob("*.md"))
    for lang in ("en", "de"):
        built = sorted(Path(p).stem for p in site.pages[lang] if p.startswith(f"{GAME}/"))
        assert built == sources, lang
    for page in (site.out / "site" / "de" / GAME).glob("*.html"):
        assert 'class="untranslated' not in page.read_text(encoding="utf-8"), page
    assert "Unterschiede der Ausgaben" in (
        site.out / "site" / "de" / GAME / "interpretations.html").read_text(encoding="utf-8")
    for lang in ("en", "de"):
        output = (site.out / "doctest" / lang / "output.txt").read_text(encoding="utf-8")
        for page in sources:
            if doctests(f"{page}.md"):
                assert f"Document: {GAME}/{page}\n" in output, (lang, page)
        assert f"Document: {GAME}/endless\n" in output
