"""Refusals in the reader's language (issue 34): a German page shows, and its doctest
checks, the engine's German refusal; both languages run the same code.

The fast tests read the page sources and run the pages that show a refusal as the
German doctest build does (:mod:`regelwerk.sphinxext.refusals`); the slow ones
read the built site.
"""

from __future__ import annotations

import doctest
import html
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.i18n import gettext_for

from regelwerk.site import SiteReport
from regelwerk.sphinxext import refusals
from regelwerk.sphinxext.refusals import Unexplained, localized, refusals_in, rewritten

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FENCE = re.compile(r"^(```+)\{doctest\}[^\n]*\n(.*?)^\1", re.M | re.S)
#: The wrapper every refusal's text is given in (``IllegalAction.message_in``).
RULE = "{text} (rule {clause})"


def conf() -> dict[str, Any]:
    """The names ``docs/conf.py`` defines."""
    names: dict[str, Any] = {"__file__": str(DOCS / "conf.py")}
    exec(compile((DOCS / "conf.py").read_text(encoding="utf-8"), "conf.py", "exec"), names)
    return names


FLAGS: int = conf()["doctest_default_flags"]


def doctests(page: Path) -> list[str]:
    """The source of every doctest fence of a page, in order."""
    return [match.group(2) for match in FENCE.finditer(page.read_text(encoding="utf-8"))]


def shown_refusals() -> Iterator[tuple[Path, refusals.Refusal]]:
    """Every refusal an example of the reference shows, read for German."""
    for page in sorted(DOCS.rglob("*.md")):
        for source in doctests(page):
            for refusal in refusals.refusals(source, "de", FLAGS):
                yield page, refusal


PAGES = sorted({page for page, _ in shown_refusals()})


@pytest.fixture
def german_refusals() -> Iterator[None]:
    refusals_in("de")
    try:
        yield
    finally:
        refusals_in("en")


def run_page(page: Path, lang: str) -> tuple[int, int]:
    """(tried, failed) of a page's doctests run as the doctest build of ``lang`` runs
    them: one namespace per page, the global set-up of the extension, the build's
    flags, each expected refusal as the transform of that language writes it."""
    names: dict[str, Any] = {}
    exec(refusals.setup_code(lang), names)
    parser = doctest.DocTestParser()
    tried = failed = 0
    try:
        for index, source in enumerate(doctests(page)):
            if lang != "en":
                source = rewritten(source, refusals.refusals(source, lang, FLAGS))
            test = parser.get_doctest(source, names, f"{page.name}#{index}", str(page), 0)
            runner = doctest.DocTestRunner(optionflags=FLAGS)
            result = runner.run(test, clear_globs=False)
            tried, failed = tried + result.attempted, failed + result.failed
            names = test.globs
    finally:
        refusals_in("en")
    return tried, failed


# ------------------------------------------------------------------ sources (fast)

def test_the_doctests_compare_a_refusals_text_not_only_its_class() -> None:
    assert not FLAGS & doctest.IGNORE_EXCEPTION_DETAIL
    assert FLAGS & doctest.ELLIPSIS


def test_every_refusal_an_example_shows_has_german_words() -> None:
    found = list(shown_refusals())
    assert len(found) >= 7
    for page, refusal in found:
        assert not refusal.problem, f"{page}: {refusal.problem}"
        german = " ".join(" ".join(refusal.lines).split())
        clause = re.search(r"\(rule (\S+)\)$", refusal.english)
        assert clause, refusal.english
        assert german.endswith(f"(Regel {clause[1]})"), german
        text = refusal.english.removesuffix(f" (rule {clause[1]})")
        assert text not in german, f"{page}: English left on the German page: {german}"
        assert all(len(line) < 90 for line in refusal.lines), refusal.lines


def test_the_german_text_is_the_engines_for_the_same_template_and_fields() -> None:
    error = IllegalAction("florenz:queue.capacity",
                          "The queue at {location} has no open space.", location=5)
    assert localized(str(error), "de") == error.message_in("de") != str(error)
    assert localized(str(error), "en") == str(error)
    # a field that is a message itself is read in turn
    assert localized("The queue at 12 has no open space. (rule florenz:queue.capacity)",
                     "de") == IllegalAction("florenz:queue.capacity",
                                            "The queue at {location} has no open space.",
                                            location=12).message_in("de")


@pytest.mark.parametrize("english", [
    "The queue at 5 has no free space. (rule florenz:queue.capacity)",   # words changed
    "Nothing the engine says.",
], ids=["words-changed", "no-message"])
def test_a_refusal_no_template_explains_is_a_problem(english: str) -> None:
    with pytest.raises(Unexplained):
        localized(english, "de")
    source = (">>> raise ValueError\nTraceback (most recent call last):\n  ...\n"
              f"regelwerk.engine.core.errors.IllegalAction: {english}\n")
    [refusal] = refusals.refusals(source, "de", FLAGS)
    assert refusal.problem and not refusal.lines
    assert rewritten(source, [refusal]) == source


def test_only_localized_errors_are_read() -> None:
    assert refusals.is_localized("regelwerk.engine.core.errors.IllegalAction")
    assert refusals.is_localized("IllegalAction")
    assert not refusals.is_localized("ValueError")
    assert not refusals.is_localized("builtins.KeyError")
    source = ">>> {}['a']\nTraceback (most recent call last):\n  ...\nKeyError: 'a'\n"
    assert refusals.refusals(source, "de", FLAGS) == []


def test_the_shown_lines_replace_the_english_ones_in_place() -> None:
    page = DOCS / "florenz" / "queues.md"
    source = next(s for s in doctests(page) if "Traceback" in s)
    found = refusals.refusals(source, "de", FLAGS)
    assert len(found) == 1
    german = rewritten(source, found)
    assert german.split("\n")[:found[0].start] == source.split("\n")[:found[0].start]
    assert "Warteschlange" in german and "has no open space" not in german
    assert german.endswith("\n")


def test_str_of_an_error_is_german_only_inside_the_german_doctests(
        german_refusals: None) -> None:
    error = IllegalAction("florenz:action.pass", "Location {location} already has a ring.",
                          location=6)
    assert isinstance(error, LocalizedError)
    assert str(error) == error.message_in("de") != error.message_in("en")
    assert str(error).endswith(
        gettext_for("de", RULE).format(text="", clause="florenz:action.pass").strip())
    refusals_in("en")
    assert str(error) == error.message_in("en")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: f"{page.parent.name}/{page.name}")
def test_a_page_with_a_refusal_passes_its_doctests_in_both_languages(page: Path) -> None:
    for lang in ("en", "de"):
        tried, failed = run_page(page, lang)
        assert tried and not failed, f"{page} ({lang}): {failed} of {tried} failed"


def test_the_german_doctest_fails_when_the_page_shows_english() -> None:
    """Without the transform the German doctest fails: it compares the text."""
    page = DOCS / "medici_vs_strozzi" / "turn.md"
    names: dict[str, Any] = {}
    exec(refusals.setup_code("de"), names)
    parser = doctest.DocTestParser()
    failed = 0
    try:
        for source in doctests(page):
            test = parser.get_doctest(source, names, page.name, str(page), 0)
            failed += doctest.DocTestRunner(optionflags=FLAGS).run(
                test, clear_globs=False, out=lambda text: None).failed
            names = test.globs
    finally:
        refusals_in("en")
    assert failed == 1


# ------------------------------------------------------------------ the built site (slow)

def article(path: Path) -> str:
    source = path.read_text(encoding="utf-8")
    text = source[source.find("<article"):source.find("</article>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


@pytest.mark.slow
def test_no_german_page_shows_an_english_refusal(site: SiteReport) -> None:
    found = list(shown_refusals())
    for page, refusal in found:
        name = str(page.relative_to(DOCS).with_suffix(".html"))
        english, german = (article(site.out / "site" / lang / name) for lang in ("en", "de"))
        said = " ".join(" ".join(refusal.lines).split())
        assert refusal.english in english, name
        assert refusal.english not in german and said in german, name
    # no English refusal anywhere on a German page, the printable ones included
    texts = {refusal.english for _, refusal in found}
    for built in site.pages["de"] + site.printable["de"]:
        shown = article(site.out / "site" / "de" / built)
        assert not any(text in shown for text in texts), built


@pytest.mark.slow
def test_the_german_doctests_ran_the_pages_with_refusals(site: SiteReport) -> None:
    output = (site.out / "doctest" / "de" / "output.txt").read_text(encoding="utf-8")
    assert re.search(r"^\s*0 failures in tests$", output, re.M), output
    for page in PAGES:
        document = f"Document: {page.relative_to(DOCS).with_suffix('').as_posix()}"
        assert document in output, document
    assert site.doctests["de"] == site.doctests["en"]


@pytest.mark.parametrize(("english", "warned"), [
    ("The queue at 5 has no open space.\n(rule florenz:queue.capacity)", False),
    ("The queue at 5 has no free space.\n(rule florenz:queue.capacity)", True),
], ids=["explained", "unexplained"])
def test_a_german_build_writes_the_refusal_or_fails(tmp_path: Path, english: str,
                                                   warned: bool) -> None:
    """A small German build: the page shows the engine's German, and a refusal no
    template explains is a warning (the site builds with ``-W``: a build error)."""
    from sphinx.application import Sphinx

    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx.ext.doctest", "regelwerk.sphinxext"]\n'
        'source_suffix = {".md": "markdown"}\n'
        f"doctest_default_flags = {FLAGS}\n", encoding="utf-8")
    (source / "index.md").write_text(
        "# Refusal\n\n```{doctest}\n>>> from regelwerk.engine import florenz as fz\n"
        ">>> fz.apply(None, None)  # doctest: +NORMALIZE_WHITESPACE\n"
        "Traceback (most recent call last):\n  ...\n"
        f"regelwerk.engine.core.errors.IllegalAction: {english}\n```\n", encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(str(source), str(source), str(tmp_path / "out"), str(tmp_path / "doctrees"),
                 "html", confoverrides={"language": "de"}, status=None, warning=warnings,
                 freshenv=True)
    app.build()
    built = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", "", built)).split())
    assert ("refusal in de: no message of the engine catalogs reads" in warnings.getvalue()) \
        == warned, warnings.getvalue()
    assert ("Die Warteschlange am Ort 5 hat kein freies Feld." in page) != warned, page
    assert ("(Regel florenz:queue.capacity)" in page) != warned, page
