"""Session hooks: checks that need material the repository does not carry.

Two kinds of test compare our work with the project's source material, which
is not part of the repository and is handed over by environment variable (CI
sets both, see ``.ci/run``):

* ``rulebooks`` (``REGELWERK_RULEBOOKS``, fixture ``rulebooks``): the own-words
  check against the rule texts;
* ``sourcedata`` (``REGELWERK_DATA``, fixture ``sourcedata``): component facts
  compared with the public data they were transcribed from.

Without them those tests do not run: they are counted as "not run", never as
passed, and the summary says which check did not run and why.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from regelwerk import own_words
from tests.site import checkers as site_checks

NOT_RUN = "not run"
DATA_ENV = "REGELWERK_DATA"


def _rulebooks_missing() -> str | None:
    """Why the rulebooks cannot be read (``None`` when they can)."""
    try:
        own_words.rulebook_folder()
    except own_words.RulebooksMissing as exc:
        return exc.message_in("en")
    return None


def _data_missing() -> str | None:
    folder = os.environ.get(DATA_ENV)
    if not folder:
        return f"{DATA_ENV} is not set (the source data is not part of the repository)"
    if not Path(folder).is_dir():
        return f"source data folder {folder} (from {DATA_ENV}) does not exist"
    return None


#: the marker of the site checks, which need tools of their own (``tests/site/conftest.py``)
SITE_CHECK = "sitecheck"
#: marker -> (the check it stands for, why it cannot run now)
MATERIAL = {
    "rulebooks": ("own-words check", _rulebooks_missing),
    "sourcedata": ("source-data comparison", _data_missing),
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"rulebooks: needs the rulebook texts ({own_words.ENV})")
    config.addinivalue_line("markers", f"sourcedata: needs the public source data ({DATA_ENV})")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for marker, (check, missing) in MATERIAL.items():
        reason = missing()
        if reason:
            for item in items:
                if item.get_closest_marker(marker):
                    item.add_marker(pytest.mark.skip(reason=f"{check} {NOT_RUN}: {reason}"))


def pytest_report_teststatus(report: pytest.TestReport,
                             config: pytest.Config) -> tuple[str, str, str] | None:
    """A test that needs missing material, or a site check without its tools
    (``tests/site/conftest.py``), is "not run", not "skipped". Here, in the root conftest,
    so that the main process of a parallel run (``pytest -n``) sees it too."""
    if report.when == "setup" and report.skipped and any(
            m in report.keywords for m in (*MATERIAL, SITE_CHECK)):
        return NOT_RUN, "n", NOT_RUN.upper()
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    figures = [value for key in ("passed", "failed") for report in terminalreporter.stats.get(key, [])
               for name, value in getattr(report, "user_properties", [])
               if name == site_checks.FIGURES]
    if figures:            # the site checkers' figures (tests/site), here for pytest -n too
        terminalreporter.write_sep("=", "site checks")
        for text in figures:
            terminalreporter.write_line(str(text))
    if terminalreporter.stats.get(NOT_RUN):
        terminalreporter.write_sep("=", NOT_RUN, yellow=True)
        for check, missing in MATERIAL.values():
            reason = missing()
            if reason:
                terminalreporter.write_line(f"{check} {NOT_RUN}: {reason}")
        if any(SITE_CHECK in getattr(report, "keywords", {})
               for report in terminalreporter.stats[NOT_RUN]):
            terminalreporter.write_line(site_checks.missing_line() or f"site checks {NOT_RUN}")


@pytest.fixture
def rulebooks() -> Path:
    """The rulebook folder (tests using it are marked ``rulebooks``)."""
    return own_words.rulebook_folder()


@pytest.fixture
def sourcedata() -> Path:
    """The public source-data folder (tests using it are marked ``sourcedata``)."""
    return Path(os.environ[DATA_ENV])
