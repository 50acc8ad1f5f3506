"""The built pages' markup, read without a browser (runs wherever the site builds):
other-language terms marked, alternates, the entry page, the German search catalog."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from regelwerk.engine.core import spec as spec_module

from regelwerk.site import SiteReport

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/index.md"))
OTHER = {"en": "de", "de": "en"}


def read(site: SiteReport, page: str) -> str:
    return (site.out / "site" / page).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_glossary_marks_each_term_of_the_other_language_with_its_lang(
        site: SiteReport, lang: str) -> None:
    other = OTHER[lang]
    for game in GAMES:
        page = read(site, f"{lang}/{game}/glossary.html")
        glossary = spec_module.load(game).glossary
        marked = re.findall(rf'<p lang="{other}">([^<]*)</p>', page)
        assert len(marked) == len(glossary), game
        shown = {html.unescape(term).replace("’", "'") for term in marked}   # smart quotes
        assert shown == {getattr(t, other).replace("’", "'") for t in glossary}, game
        assert f'lang="{lang}"' not in page.split("<article", 1)[1], game


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_names_its_copy_in_each_language_in_its_head(site: SiteReport, lang: str) -> None:
    assert site.printable[lang]
    for page in site.pages[lang] + site.printable[lang]:
        head = read(site, f"{lang}/{page}").split("</head>", 1)[0]
        up = ("../" * page.count("/") or "./") + "../"   # content_root, then the site's root
        for code in ("en", "de"):
            assert f'<link rel="alternate" hreflang="{code}" href="{up}{code}/{page}">' in head, page
        assert f'hreflang="x-default" href="{up}index.html"' in head, page
        assert '<link rel="shortcut icon" href="' in head, page


def test_the_theme_speaks_german_on_german_pages(site: SiteReport) -> None:
    page = read(site, "de/florenz/index.html")
    for german in ("Weiter", "Zurück", "Startseite", "Zum Inhalt springen",
                   'aria-label="Navigation der Website"', 'aria-label="Inhalt dieser Seite"',
                   "<title>Helles Farbschema</title>", "Erstellt mit", "die Mitwirkenden von regelwerk"):
        assert german in page, german
    for english in ("Skip to content", ">Next<", ">Previous<", "Toggle site navigation", "Made with",
                    "View this page"):
        assert english not in page, english
    assert "<h1>Suche</h1>" in read(site, "de/search.html")
    assert not any((site.out / "site" / "de" / "_sources").glob("**/*.*"))   # no sources copied


def test_the_german_search_reads_our_script_catalog(site: SiteReport) -> None:
    built = read(site, "de/_static/translations.js")
    ours = (ROOT / "locales" / "de" / "LC_MESSAGES" / "sphinx.js").read_text(encoding="utf-8")
    assert built == ours


def test_the_current_language_is_padded_like_every_sidebar_entry(site: SiteReport) -> None:
    page = read(site, "de/index.html")
    assert '<span class="reference" lang="de" aria-current="page">Deutsch</span>' in page
    assert '<p class="caption" role="heading" aria-level="2">' in page


def test_entry_page_has_a_main_landmark_a_favicon_and_each_game_in_each_language(
        site: SiteReport) -> None:
    entry = read(site, "index.html")
    assert entry.count("<main>") == 1 and "</main>" in entry
    icon = re.search(r'<link rel="icon" href="([^"]+)"', entry)
    assert icon and (site.out / "site" / icon[1]).is_file()
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', entry)
    assert stylesheet and (site.out / "site" / stylesheet[1]).is_file()
    for lang in ("en", "de"):
        section = entry.split(f'<section lang="{lang}"', 1)[1].split("</section>", 1)[0]
        assert f'href="{lang}/index.html"' in section
        for game in GAMES:
            item = re.search(rf'<li><a href="{lang}/{game}/index.html">(.*?)</li>', section)
            assert item, (lang, game)
            assert item[1].count(". ") >= 1 and len(item[1]) > 80, (lang, game, item[1])
    german = entry.split('<section lang="de"', 1)[1]
    assert "Florenz von Dean Morris" in german and "by Dean Morris" not in german
