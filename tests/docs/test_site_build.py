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
        for page in site.pages[lang] + site.printable[lang]:
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


# ------------------------------------------------- the reference as readers use it

COMMENT_SPAN = re.compile(r'<span class="c1">(#[^<]*)</span>')


def example_comments(page: Path) -> list[str]:
    """The comments shown in a page's highlighted examples, in order."""
    return [html.unescape(text) for text in COMMENT_SPAN.findall(page.read_text(encoding="utf-8"))]


def test_german_pages_show_the_example_comments_in_german(site: SiteReport) -> None:
    """Every comment that explains an example is German on the German page, in the same
    place; machine-read ones (``# clause:``) stay; the doctests ran the same examples."""
    checked = 0
    for source in sorted((ROOT / "docs").glob("*/*.md")):
        page = source.relative_to(ROOT / "docs").with_suffix(".html")
        english = example_comments(site.out / "site" / "en" / page)
        german = example_comments(site.out / "site" / "de" / page)
        assert len(english) == len(german), page
        catalog = ROOT / "locales" / "de" / "LC_MESSAGES" / page.with_suffix(".po")
        entries = {e.msgid: e.msgstr for e in polib.pofile(str(catalog))} if catalog.is_file() else {}
        for en, de in zip(english, german, strict=True):
            text = en[1:].strip()
            if text.startswith("clause:"):
                assert de == en, page
            elif text in entries:
                assert de == f"# {entries[text]}", (page, en, de)
                checked += 1
    assert checked >= 30
    assert "# Violett kommt hinzu" in example_comments(site.out / "site/de/florenz/queues.html")
    assert site.doctests["de"] == site.doctests["en"] > 0


def source_links(page: Path) -> list[tuple[str, str]]:
    """(href, shown name) of each "implemented by" link of a page."""
    return re.findall(r'<a class="regelwerk-source reference internal" href="([^"]+)"[^>]*>'
                      r'<code[^>]*><span class="pre">([^<]+)</span></code></a>',
                      page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_implemented_by_links_to_the_highlighted_source_and_back(site: SiteReport,
                                                                 lang: str) -> None:
    pages = sorted((site.out / "site" / lang).glob("*/*.html"))
    anchors: dict[Path, set[str]] = {}

    def ids(path: Path) -> set[str]:
        if path not in anchors:
            anchors[path] = set(re.findall(r' id="([^"]+)"', path.read_text(encoding="utf-8")))
        return anchors[path]

    linked = 0
    for page in pages:
        if page.name == "print.html":
            continue
        for href, _shown in source_links(page):
            target, _, anchor = href.partition("#")
            module = (page.parent / target).resolve()
            assert "/_modules/" in str(module) and module.is_file(), (page, href)
            assert anchor in ids(module), (page, href)
            block = module.read_text(encoding="utf-8").split(f'id="{anchor}"', 1)[1]
            back = re.match(r'>\s*<a class="viewcode-back" href="([^"]+)"', block)
            assert back, (module, anchor)
            back_page, _, back_anchor = back[1].partition("#")
            assert back_anchor in ids((module.parent / back_page).resolve()), back[1]
            linked += 1
    assert linked >= sum(len(spec_module.load(game).clauses) for game in GAMES) // 2
    queues = dict((shown, href) for href, shown in
                  source_links(site.out / "site" / lang / "florenz" / "queues.html"))
    assert "regelwerk.engine.florenz.insert_position" in queues   # public, not rule_fns'


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_game_has_one_printable_page_with_every_clause(site: SiteReport, lang: str) -> None:
    assert site.printable[lang] == [f"{game}/print.html" for game in GAMES]
    for game in GAMES:
        folder = site.out / "site" / lang / game
        index = folder.joinpath("index.html").read_text(encoding="utf-8")
        assert re.search(r'<p class="regelwerk-printable"><a class="reference internal" '
                         r'href="print.html">[^<]{20,}</a></p>', index), (lang, game)
        page = folder.joinpath("print.html").read_text(encoding="utf-8")
        ids = re.findall(r' id="([^"]+)"', page)
        assert len(ids) == len(set(ids)), (lang, game)
        for clause_id in spec_module.load(game).clauses:
            assert ids.count(clause_id) == 1, (lang, clause_id)
        for anchor in re.findall(r' href="#([^"]+)"', page):
            assert html.unescape(anchor) in ids, (lang, game, anchor)
        for href in re.findall(r' href="(?!#|https?:)([^"#?]+)', page):
            assert (folder / html.unescape(href)).resolve().is_file(), (lang, game, href)
        assert "regelwerk-printable" not in page   # no link to itself
        assert page.count('<section id="') >= len(list((ROOT / "docs" / game).glob("*.md")))
