"""The built site as public checkers and a reader's browser see it (issues 13 and 15).

One Nu HTML Checker run over every page, one Chromium pass over every page of
both languages (axe-core, language switch, interface strings, diagrams, narrow
widths) and a search per language. The figures are printed at the end of the
run (``tests/site/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from regelwerk.site import SiteReport
from tests.site import checkers
from tests.site.conftest import FIGURES, glossary_searches, in_browser

pytestmark = [pytest.mark.slow, pytest.mark.sitecheck]
LANGS = ("en", "de")


def all_pages(site: SiteReport) -> set[str]:
    return {str(p.relative_to(site.out / "site"))
            for p in checkers.html_files(site.out / "site")}


def test_nu_html_checker_finds_no_error_on_any_page(
        site: SiteReport, nu: dict[str, Any], record_property: Callable[[str, object], None]) -> None:
    result = checkers.read_nu(nu)
    record_property(FIGURES, result.summary())
    assert set(nu["pages"]) == all_pages(site)
    assert not result.errors, "\n".join(result.errors[:40])


def test_axe_finds_no_wcag_violation_on_any_page_in_either_language(
        site: SiteReport, browser: dict[str, Any],
        record_property: Callable[[str, object], None]) -> None:
    record_property(FIGURES, checkers.axe_summary(browser))
    assert not checkers.fatal_problems(browser)
    checked = set(in_browser(site.out / "site"))
    assert {page["page"] for page in browser["pages"]} == checked
    printable = {f"{lang}/{page}" for lang in LANGS for page in site.printable[lang]}
    sources = {page for page in all_pages(site) if checkers.is_source_page(page)}
    # only larger one-page references and source pages beyond the sample left out
    assert all_pages(site) - checked <= printable | sources
    assert len(printable & checked) == len(LANGS)   # the smallest, for their frame
    games = {path.name for path in (site.out / "site" / "en" / checkers.SOURCES).glob(
        "regelwerk/engine/*")}
    assert games   # the source pages of each game, in both languages, are in the sample
    assert {(page.split("/")[0], page.split("/")[4]) for page in sources & checked
            if page.count("/") == 5} == {(lang, game) for lang in LANGS for game in games}
    violations = checkers.axe_violations(browser)
    assert not violations, "\n".join(f"{rule}: {pages[:5]}" for rule, pages in violations.items())


def test_every_page_has_its_language_and_switches_to_itself_in_the_other(
        browser: dict[str, Any]) -> None:
    assert not checkers.lang_problems(browser, LANGS)
    problems = checkers.switch_problems(browser, LANGS)
    assert not problems, "\n".join(problems[:20])
    assert sum(1 for page in browser["pages"] if page.get("switch")) > 2


def test_no_english_interface_string_on_a_german_page(browser: dict[str, Any]) -> None:
    problems = checkers.english_on_german(browser)
    assert not problems, "\n".join(problems[:20])
    german = [page for page in browser["pages"] if page["page"].startswith("de/")]
    assert german and all(page.get("interface") for page in german)


def test_queue_diagrams_have_a_size_and_fit_a_small_phone(browser: dict[str, Any]) -> None:
    assert sum(len(page.get("diagrams", [])) for page in browser["pages"]) > 0
    problems = checkers.diagram_problems(browser)
    assert not problems, "\n".join(problems[:20])


def test_no_page_scrolls_sideways_at_390_px(browser: dict[str, Any]) -> None:
    problems = checkers.overflow_problems(browser, checkers.NARROW)
    assert not problems, "\n".join(problems[:20])


def test_pages_load_without_errors_with_favicon_main_and_h1(browser: dict[str, Any]) -> None:
    problems = checkers.page_problems(browser)
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_search_reports_how_many_pages_it_found_for_a_glossary_term(
        browser: dict[str, Any], lang: str, record_property: Callable[[str, object], None]) -> None:
    (_, term, glossary), = [s for s in glossary_searches() if s[0] == lang]
    search, = [s for s in browser["searches"] if s["lang"] == lang and s["term"] == term]
    record_property(FIGURES, f"search ({lang}) {term!r}: {search['summary']!r} "
                             f"({search['seconds']:.1f} s)")
    assert not search["errors"], search["errors"]
    count = checkers.result_count(search["summary"], lang)
    assert count is not None, search["summary"]
    assert count == len(search["results"]) >= 1
    assert f"/{glossary}" in search["results"]


def test_entry_page_puts_the_language_the_browser_prefers_first(browser: dict[str, Any]) -> None:
    assert browser["entry"] == {"en": ["en", "de"], "de": ["de", "en"]}
