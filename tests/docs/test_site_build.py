"""The built reference: both languages, doctests, language switch, clause anchors."""

from __future__ import annotations

import html
import re
from pathlib import Path

import polib
import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_text

from regelwerk.site import SiteReport

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/index.md"))
SWITCH = re.compile(r'<a class="reference regelwerk-lang" hreflang="(\w+)"[^>]*href="([^"]+)"')

pytestmark = pytest.mark.slow


def page_text(path: Path) -> str:
    """The article of a page as plain text, whitespace collapsed."""
    source = path.read_text(encoding="utf-8")
    article = source[source.find("<article"):source.find("</article>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


def test_site_builds_in_both_languages_with_the_same_pages(site: SiteReport) -> None:
    assert set(site.pages) == {"en", "de"}
    assert site.pages["en"] == site.pages["de"]
    for game in GAMES:
        assert f"{game}/index.html" in site.pages["en"]
    sources = sorted(str(p.relative_to(ROOT / "docs").with_suffix(".html"))
                     for p in (ROOT / "docs").rglob("*.md") if p.name != "README.md")
    assert set(sources) <= set(site.pages["de"])
    entry = (site.out / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="en/index.html"' in entry and 'href="de/index.html"' in entry


def test_both_doctest_runs_ran_the_same_tests_without_failure(site: SiteReport) -> None:
    assert site.doctests["en"] == site.doctests["de"] > 0
    for lang in ("en", "de"):
        output = (site.out / "doctest" / lang / "output.txt").read_text(encoding="utf-8")
        assert re.search(r"^\s*0 failures in tests$", output, re.M), output


def test_every_page_links_to_itself_in_the_other_language(site: SiteReport) -> None:
    for lang, other in (("en", "de"), ("de", "en")):
        for page in site.pages[lang]:
            path = site.out / "site" / lang / page
            links = SWITCH.findall(path.read_text(encoding="utf-8"))
            assert [code for code, _ in links] == [other], page
            target = (path.parent / links[0][1]).resolve()
            assert target == (site.out / "site" / other / page).resolve(), page
            assert target.is_file(), page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_clause_is_anchored_exactly_once(site: SiteReport, lang: str) -> None:
    pages = [(site.out / "site" / lang / p).read_text(encoding="utf-8")
             for p in site.pages[lang]]
    for game in GAMES:
        for clause_id in spec_module.load(game).clauses:
            count = sum(page.count(f'id="{clause_id}"') for page in pages)
            assert count == 1, f"{clause_id}: {count} anchors ({lang})"


def test_german_pages_show_german_text(site: SiteReport) -> None:
    de = site.out / "site" / "de" / "medici_vs_strozzi"
    # This reference's own prose, from docs/ catalogs:
    assert "Ein Spielzug ist eine kleine Versteigerung." in page_text(de / "turn.html")
    assert "A turn is a small auction." not in page_text(de / "turn.html")
    for page in de.glob("*.html"):   # translation_progress_classes: nothing left in English
        assert 'class="untranslated' not in page.read_text(encoding="utf-8"), page

    # Clause texts, from the engine catalog: every translated clause that has no
    # assumed number (those carry a marker inside the sentence) shows in German.
    spec = spec_module.load("medici_vs_strozzi")
    catalog = polib.pofile(str(ROOT / "locales/de/LC_MESSAGES/regelwerk-medici_vs_strozzi.po"))
    whole_site = " ".join(page_text(p) for p in de.glob("*.html"))
    checked = 0
    for entry in catalog.translated_entries():
        clause_id = entry.msgctxt or ""
        if clause_id not in spec.clauses:
            continue
        fields = re.findall(r"\{([^{}]+)\}", spec.clauses[clause_id].text)
        if any(spec.number(name).assumed for name in fields):
            continue
        german = clause_text(spec, clause_id, "de")
        assert german in whole_site, clause_id
        if german != clause_text(spec, clause_id, "en"):
            assert clause_text(spec, clause_id, "en") not in whole_site, clause_id
        checked += 1
    assert checked or "Ein Spielzug" in page_text(de / "turn.html")


def test_assumed_numbers_are_marked_and_linked(site: SiteReport) -> None:
    page = (site.out / "site" / "de" / "medici_vs_strozzi" / "setup.html").read_text(
        encoding="utf-8")
    assert 'class="regelwerk-assumed"' in page
    assert 'href="assumptions.html#medici_vs_strozzi:assumed.board.track_half_length"' in page
    assert ">angenommen<" in page


@pytest.mark.slow
def test_theme_strings_are_german_on_german_pages(site: SiteReport) -> None:
    pages = site.out / "site"
    german = (pages / "de" / "index.html").read_text(encoding="utf-8")
    english = (pages / "en" / "index.html").read_text(encoding="utf-8")
    assert "Nach oben" in german and "Back to top" not in german
    assert "Back to top" in english
