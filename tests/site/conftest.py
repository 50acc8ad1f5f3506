"""The built site, checked once per test run by the Nu HTML Checker and in Chromium.

Tests marked ``sitecheck`` need Java, Node.js with ``tools/site-checks``' npm
packages and Chromium. Where they are missing the tests are "not run" (never
passed) and the summary says in one line what to install, as ``tests/conftest.py``
does for the rulebooks; with ``REGELWERK_SITE_CHECKS=required`` (``.ci/run``) they
fail instead. The checkers' figures (pages, errors, warnings, violations by rule,
seconds) are printed at the end of the run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.core import spec as spec_module

from regelwerk.site import PRINT_PAGE, SiteReport
from tests.conftest import SITE_CHECK
from tests.docs.conftest import built_site, shared
from tests.site import checkers

MARKER = SITE_CHECK
FIGURES = checkers.FIGURES
ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/index.md"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARKER}: needs Java, Node.js with tools/site-checks' npm packages and "
        "Chromium (.ci/run installs them)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    line = checkers.missing_line()
    if line and not checkers.required():
        for item in items:
            if item.get_closest_marker(MARKER):
                item.add_marker(pytest.mark.skip(reason=line))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """In CI (``REGELWERK_SITE_CHECKS=required``) a missing tool fails the check at once,
    with the line that says what to install, before any fixture starts a checker."""
    if item.get_closest_marker(MARKER) and checkers.required():
        line = checkers.missing_line()
        if line:
            pytest.fail(line, pytrace=False)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> SiteReport:
    """The site ``tests/docs`` checks: one build per run, shared by every worker."""
    return built_site(tmp_path_factory)


def glossary_searches() -> list[tuple[str, str, str]]:
    """(language, term, page that must be found): a glossary term of the first game (of
    those one word long in both languages and different in them, the longest German
    word), its English word on the English site and its German word on the German one."""
    game = GAMES[0]
    term = max((t for t in spec_module.load(game).glossary
                if t.en.lower() != t.de.lower() and " " not in t.en + t.de),
               key=lambda t: (len(t.de), t.key))
    return [(lang, getattr(term, lang), f"{lang}/{game}/glossary.html") for lang in ("en", "de")]


def in_browser(site: Path) -> list[str]:
    """The pages the browser pass loads: every page of the site, but of the one-page
    references (``<game>/print.html``) only the smallest game's, in each language. The
    others hold their game's pages again, which the pass checks one by one, and would
    take it several times as long; their frame is the sample's, and the Nu checker and
    ``tests/docs/test_site_build.py`` read all of them. Of the highlighted source pages
    (``_modules/``) the sample of :func:`checkers.source_sample`: the index and one page
    per game in each language."""
    sources = set(checkers.source_sample(site))
    pages = [str(page.relative_to(site)) for page in checkers.html_files(site)]
    pages = [page for page in pages if not checkers.is_source_page(page) or page in sources]
    printable = [page for page in pages if page.count("/") == 2
                 and page.rsplit("/", 1)[1] == f"{PRINT_PAGE}.html"]
    if not printable:
        return pages
    sample = min(printable, key=lambda page: ((site / page).stat().st_size, page))
    game = sample.split("/")[1]
    return [page for page in pages if page not in printable or page.split("/")[1] == game]


def _browser_half(site: Path, lang: str, out: Path) -> dict[str, Any]:
    """The browser pass over one language's pages (:func:`in_browser`; English: with the
    entry page and the dark-scheme sample, :func:`checkers.dark_sample`) and that
    language's search."""
    pages = [page for page in in_browser(site)
             if page.split("/")[0] == lang or (lang == "en" and "/" not in page)]
    searches = [(code, term) for code, term, _ in glossary_searches() if code == lang]
    english = lang == "en"
    return checkers.run_browser(site, out / "report.json", searches, pages=pages,
                                dark=checkers.dark_sample(site) if english else [],
                                prefer=("en", "de") if english else ())


@pytest.fixture(scope="session")
def site_checks(site: SiteReport, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Nu HTML Checker over every page, and the browser pass over every page in two
    halves (per language), merged. Each of the three runs once per test run; the two
    xdist workers ask for them in opposite orders, so they run them side by side instead
    of one waiting for the other (``shared``)."""
    folder = site.out / "site"
    runs: list[tuple[str, Callable[[Path], dict[str, Any]]]] = [
        ("browser-en", lambda out: _browser_half(folder, "en", out)),
        ("nu", lambda out: checkers.run_nu(folder)),
        ("browser-de", lambda out: _browser_half(folder, "de", out)),
    ]
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0")[-1] in "13579":
        runs.reverse()
    done = {name: shared(tmp_path_factory, name, make) for name, make in runs}
    halves = [done["browser-en"], done["browser-de"]]
    browser = {**halves[0], "pages": [p for half in halves for p in half["pages"]],
               "entry": {**halves[0]["entry"], **halves[1]["entry"]},
               "searches": [s for half in halves for s in half["searches"]],
               "seconds": sum(half["seconds"] for half in halves),
               "halves": {"en": halves[0]["seconds"], "de": halves[1]["seconds"]}}
    return {"nu": done["nu"], "browser": browser}


@pytest.fixture(scope="session")
def nu(site_checks: dict[str, Any]) -> dict[str, Any]:
    """The Nu HTML Checker's report over every page of the site."""
    report: dict[str, Any] = site_checks["nu"]
    return report


@pytest.fixture(scope="session")
def browser(site_checks: dict[str, Any]) -> dict[str, Any]:
    """The browser pass over every page of both languages and the entry page."""
    report: dict[str, Any] = site_checks["browser"]
    return report
