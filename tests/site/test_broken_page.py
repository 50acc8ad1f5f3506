"""The checkers can fail: a small fixture site with a deliberately broken German page.

The German page declares English as its language, has a heading role without a
level, and says "Skip to content"; its English twin is sound. Each checker must
object to the German page and only to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.site import checkers

pytestmark = [pytest.mark.slow, pytest.mark.sitecheck]

PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="../favicon.svg" type="image/svg+xml">
  <link rel="alternate" hreflang="en" href="../en/page.html">
  <link rel="alternate" hreflang="de" href="../de/page.html">
</head>
<body>
  <a href="#content">{skip}</a>
  <nav class="regelwerk-langswitch" aria-label="{language}">
    <p {heading}>{language}</p>
    <a class="reference regelwerk-lang" hreflang="{other}" lang="{other}"
       href="../{other}/page.html">{other_name}</a>
  </nav>
  <main id="content">
    <article>
      <h1>{title}</h1>
      <p>{text}</p>
    </article>
  </main>
</body>
</html>
"""
GOOD_EN = {"lang": "en", "title": "Queues", "skip": "Skip to content", "language": "Language",
           "heading": 'role="heading" aria-level="2"', "other": "de", "other_name": "Deutsch",
           "text": "Members of a family queue at a location, the head of the queue first."}
BROKEN_DE = {"lang": "en", "title": "Warteschlangen", "skip": "Skip to content",
             "language": "Sprache", "heading": 'role="heading"', "other": "en",
             "other_name": "English",
             "text": "Die Mitglieder einer Familie stehen an einem Ort an, der Kopf der "
                     "Warteschlange zuerst, und warten dort auf eine Audienz beim Medici."}
FAVICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
           '<rect width="8" height="8"/></svg>\n')


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("broken-site")
    for folder, values in (("en", GOOD_EN), ("de", BROKEN_DE)):
        (site / folder).mkdir()
        (site / folder / "page.html").write_text(PAGE.format(**values), encoding="utf-8")
    (site / "favicon.svg").write_text(FAVICON, encoding="utf-8")
    return site


@pytest.fixture(scope="module")
def report(fixture_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("broken-report") / "report.json"
    return checkers.run_browser(fixture_site, out, jobs=1)


def test_nu_checker_reports_the_heading_without_level_on_the_broken_page_only(
        fixture_site: Path) -> None:
    result = checkers.read_nu(checkers.run_nu(fixture_site))
    assert result.pages == 2
    assert result.errors
    assert all(error.startswith("de/page.html:") for error in result.errors), result.errors
    assert any("aria-level" in error for error in result.errors), result.errors


def test_axe_reports_the_heading_without_level_on_the_broken_page_only(
        report: dict[str, Any]) -> None:
    violations = checkers.axe_violations(report)
    assert any(rule.startswith("aria-required-attr") for rule in violations), violations
    assert all(page.startswith("de/page.html") for pages in violations.values() for page in pages)


def test_lang_check_reports_the_german_page_declared_english(report: dict[str, Any]) -> None:
    assert checkers.lang_problems(report, ("en", "de")) == ["de/page.html: lang='en'"]


def test_interface_check_reports_the_english_string_on_the_german_page(
        report: dict[str, Any]) -> None:
    problems = checkers.english_on_german(report)
    assert len(problems) == 1 and "Skip to content" in problems[0], problems
    assert "Sprache" not in problems[0]


def test_switch_check_accepts_the_fixtures_links(report: dict[str, Any]) -> None:
    assert checkers.switch_problems(report, ("en", "de")) == []
