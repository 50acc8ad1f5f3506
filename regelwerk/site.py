"""Build the bilingual reference site: gettext, completeness gate, html and doctests.

:func:`build_site` is the pipeline behind ``regelwerk docs`` and ``make site``::

    <out>/gettext/                 fresh page templates (.pot)
    (gate)                         every page catalog complete, nothing fuzzy/stale
    <out>/site/<lang>/             html per language (-W -n --keep-going), with the
                                   highlighted engine sources (_modules/, viewcode)
    <out>/doctest/<lang>/          doctest builder per language, same test count
    <out>/site/<lang>/<game>/print.html
                                   each game's whole reference on one page (the
                                   regelwerk-print builder, on the html doctrees)
    <out>/site/index.html          entry page linking the languages

Sphinx runs in subprocesses (a fresh interpreter per build, so no cached spec
or catalog leaks between languages), two at a time. The build never writes
into tracked files: catalogs are only read (Sphinx compiles the untracked .mo
files next to them). Translators refresh the catalogs with
:func:`update_catalogs`.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import io
import json
import re
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import polib

from regelwerk import status_codes
from regelwerk.engine.core import files
from regelwerk.engine.core.errors import LocalizedError, Message
from regelwerk.engine.core.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, gettext_for
from regelwerk.parser import localized, pre_lang

Progress = Callable[[str], None]

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
#: The builder of the one-page references (:mod:`regelwerk.sphinxext.printable`) and
#: their name in each game's folder.
PRINT_BUILDER = "regelwerk-print"
PRINT_PAGE = "print"
ENTRY_TITLE = N_("regelwerk rules reference")


class SiteError(LocalizedError, RuntimeError):
    """A step of the site build failed; the message's first line names file and line.

    Its own words are an ``N_`` template (:meth:`message_in` gives them in the
    reader's language); what Sphinx printed is a field, shown as Sphinx wrote it.
    """

    def __init__(self, message: str, details: Sequence[str] = (), /, **fields: object) -> None:
        self.details = list(details)
        super().__init__(message, **fields)


@dataclass(frozen=True)
class Step:
    name: str
    seconds: float
    detail: str = ""


@dataclass
class SiteReport:
    """What a build did: timed steps, doctests run per language, pages per language
    (the reference's own; ``printable``: the one-page references, ``<game>/print.html``)."""

    out: Path
    steps: list[Step] = field(default_factory=list)
    doctests: dict[str, int] = field(default_factory=dict)
    pages: dict[str, list[str]] = field(default_factory=dict)
    printable: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """A report exists only for a build that passed (failures raise :class:`SiteError`)."""
        return bool(self.doctests)

    def summary(self) -> str:
        lines = [f"{s.name:<14} {s.seconds:6.2f} s  {s.detail}".rstrip() for s in self.steps]
        lines.append(f"{'total':<14} {self.seconds:6.2f} s")
        lines.append("doctests: " + ", ".join(f"{k} {v}" for k, v in self.doctests.items()))
        lines.append(f"site: {self.out / 'site' / 'index.html'}")
        return "\n".join(lines)

    __str__ = summary


# --------------------------------------------------------------------------- gate

ROLE = re.compile(r"\{([A-Za-z][\w:.+-]*)\}`([^`]*)`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`]+)`")
PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")
TARGET = re.compile(r"^(.*?)<([^<>]+)>\s*$", re.S)


def markup(message: str) -> list[str]:
    """The parts of a MyST message a translation must keep: role targets, link
    targets, inline code and ``{placeholders}`` (sorted, with repeats)."""
    tokens = []
    for role, content in ROLE.findall(message):
        target = TARGET.match(content)
        tokens.append(f"{{{role}}}`{target.group(2) if target else content}`")
    rest = ROLE.sub(" ", message)
    tokens += [f"link({target})" for target in LINK.findall(rest)]
    rest = LINK.sub(" ", rest)
    tokens += [f"`{code}`" for code in CODE.findall(rest)]
    rest = CODE.sub(" ", rest)
    tokens += PLACEHOLDER.findall(rest)
    return sorted(tokens)


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    kind: str   # missing | untranslated | fuzzy | obsolete | markup
    msgid: str
    detail: str = ""

    def __str__(self) -> str:
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.file}:{self.line}: {self.kind}{extra}: {self.msgid[:70]!r}"


def _is_engine_catalog(relative: Path) -> bool:
    """Catalogs that share the folder with the pages' but are not page catalogs: the
    engine's own (``regelwerk*.po``) and the theme strings Sphinx lacks (``sphinx.po``)."""
    return len(relative.parts) == 1 and (relative.name.startswith("regelwerk")
                                         or relative.name == "sphinx.po")


def check_catalogs(pot_dir: Path, locale_dir: Path, lang: str,
                   root: Path | None = None) -> list[Problem]:
    """Everything that keeps ``lang``'s page catalogs from matching the fresh templates."""
    catalogs = locale_dir / lang / "LC_MESSAGES"

    def shown(path: Path) -> str:
        try:
            return str(path.relative_to(root)) if root else str(path)
        except ValueError:
            return str(path)

    problems: list[Problem] = []
    expected = set()
    for pot_path in sorted(pot_dir.rglob("*.pot")):
        relative = pot_path.relative_to(pot_dir).with_suffix(".po")
        expected.add(relative)
        po_path = catalogs / relative
        name = shown(po_path)
        if not po_path.is_file():
            problems.append(Problem(name, 0, "missing", "(whole catalog)"))
            continue
        pot, po = polib.pofile(str(pot_path)), polib.pofile(str(po_path))
        fresh = {(e.msgctxt, e.msgid) for e in pot if not e.obsolete}
        have = {(e.msgctxt, e.msgid): e for e in po if not e.obsolete}
        for entry in pot:
            if entry.obsolete:
                continue
            got = have.get((entry.msgctxt, entry.msgid))
            if got is None:
                problems.append(Problem(name, 0, "missing", entry.msgid))
            elif "fuzzy" in got.flags:
                problems.append(Problem(name, got.linenum, "fuzzy", entry.msgid))
            elif not got.msgstr:
                problems.append(Problem(name, got.linenum, "untranslated", entry.msgid))
            elif markup(entry.msgid) != markup(got.msgstr):
                lost = Counter(markup(entry.msgid)) - Counter(markup(got.msgstr))
                added = Counter(markup(got.msgstr)) - Counter(markup(entry.msgid))
                detail = "; ".join(filter(None, [
                    "lost " + ", ".join(lost) if lost else "",
                    "added " + ", ".join(added) if added else ""]))
                problems.append(Problem(name, got.linenum, "markup", entry.msgid, detail))
        for entry in po:
            if entry.obsolete or (entry.msgctxt, entry.msgid) not in fresh:
                problems.append(Problem(name, entry.linenum, "obsolete", entry.msgid))
    for po_path in sorted(catalogs.rglob("*.po")) if catalogs.is_dir() else []:
        relative = po_path.relative_to(catalogs)
        if relative not in expected and not _is_engine_catalog(relative):
            problems.append(Problem(shown(po_path), 0, "obsolete", "(page no longer exists)"))
    return problems


# --------------------------------------------------------------------------- sphinx runs

WARNING = re.compile(r"^(?P<file>[^\s:][^:]*?):(?P<line>\d+)?:? ?(?P<kind>WARNING|ERROR|CRITICAL|"
                     r"SEVERE)[:\s]+(?P<text>.*)$")


def _first_problem(output: str, root: Path) -> tuple[str | Message, list[str]]:
    """One clear line (``file:line: message``) for the first warning in Sphinx's output."""
    found = []
    for line in output.splitlines():
        match = WARNING.match(line.strip())
        if match:
            path = Path(match["file"])
            with contextlib.suppress(ValueError, OSError):
                path = path.resolve().relative_to(root.resolve())
            found.append(f"{path}:{match['line'] or 0}: {match['text']}")
    if found:
        return found[0], found
    lines = [line for line in output.splitlines() if line.strip()]
    return (lines[-1] if lines else Message(N_("sphinx-build failed without output"))), lines


def _sphinx(root: Path, builder: str, out: Path, doctrees: Path, lang: str,
            defines: Sequence[str] = ()) -> float:
    """Run one sphinx-build; raises :class:`SiteError` on any warning or error."""
    return _start_sphinx(root, builder, out, doctrees, lang, defines).wait()


@dataclass
class _Running:
    """A sphinx-build under way (:func:`_start_sphinx`); :meth:`wait` for its outcome."""

    process: subprocess.Popen[bytes]
    log: Any
    root: Path
    builder: str
    out: Path
    lang: str
    start: float
    ended: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        # note when the build ends, so its time is right however late wait() is called
        threading.Thread(target=self._note_end, daemon=True).start()

    def _note_end(self) -> None:
        self.process.wait()
        self.ended.append(time.perf_counter())

    def wait(self) -> float:
        """Seconds it took; raises :class:`SiteError` on any warning or error."""
        code = self.process.wait()
        seconds = (self.ended[0] if self.ended else time.perf_counter()) - self.start
        self.log.seek(0)
        output = self.log.read().decode("utf-8", "replace")
        self.log.close()
        if code:
            if self.builder == "doctest":
                _doctest_count(self.out, self.lang, self.root)   # names the failing example
            first, details = _first_problem(output, self.root)
            raise SiteError(N_("{builder} build ({lang}): {problem}"), details,
                            builder=self.builder, lang=self.lang, problem=first)
        return seconds


def _start_sphinx(root: Path, builder: str, out: Path, doctrees: Path, lang: str,
                  defines: Sequence[str] = ()) -> _Running:
    """Start one sphinx-build (its output into a temporary file, so it never waits for
    a reader)."""
    command = [sys.executable, "-m", "sphinx", "-b", builder, "-q", "-W", "-n", "--keep-going",
               "-d", str(doctrees), "-D", f"language={lang}",
               *(item for define in defines for item in ("-D", define)),
               "-D", "translation_progress_classes=1", str(root / "docs"), str(out)]
    log = tempfile.TemporaryFile()    # noqa: SIM115 (closed by _Running.wait)
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=root, stdout=log, stderr=subprocess.STDOUT)
    return _Running(process, log, root, builder, out, lang, start)


SUMMARY = re.compile(r"^\s*(\d+) tests?\s*$\s*^\s*(\d+) failures? in tests\s*$\s*"
                     r"^\s*(\d+) failures? in setup code\s*$\s*^\s*(\d+) failures? in cleanup",
                     re.M)
FAILURE = re.compile(r'^File "(?P<file>[^"]+)", line (?P<line>\d+)', re.M)


def _doctest_count(out: Path, lang: str, root: Path) -> int:
    """Tests run according to the doctest builder's ``output.txt``; fails on any failure."""
    report = out / "output.txt"
    if not report.is_file():
        raise SiteError(N_("doctest ({lang}): no {report}"), lang=lang, report=report)
    text = report.read_text(encoding="utf-8")
    match = SUMMARY.search(text)
    if not match:
        raise SiteError(N_("doctest ({lang}): no summary in {report}"), lang=lang, report=report)
    tests, *failures = (int(n) for n in match.groups())
    if any(failures):
        where = FAILURE.search(text)
        location = "?"
        if where:
            path = Path(where["file"])
            if not path.is_absolute():
                path = Path("docs") / path   # the doctest builder names files under docs/
            location = f"{path}:{where['line']}"
        raise SiteError(N_("doctest ({lang}): {location}: {count} failure(s), see {report}"),
                        text.splitlines(), lang=lang, location=location, count=sum(failures),
                        report=report)
    return tests


def compile_catalogs(root: Path, langs: Iterable[str]) -> int:
    """Compile outdated page catalogs (.po -> untracked .mo) atomically, before Sphinx does.

    Sphinx would compile them itself, but two builds at once (pytest workers)
    could then read a half-written .mo; the one write rule (:func:`files.write_bytes`,
    a temporary file renamed over the target) never exposes one.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = 0
    for lang in langs:
        folder = root / "locales" / lang / "LC_MESSAGES"
        for po_path in sorted(folder.rglob("*.po")) if folder.is_dir() else []:
            mo_path = po_path.with_suffix(".mo")
            relative = po_path.relative_to(folder)
            engine_only = len(relative.parts) == 1 and relative.name.startswith("regelwerk")
            if engine_only or (
                    mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime):
                continue
            with po_path.open("rb") as f:
                catalog = read_po(f, locale=lang)
            compiled_mo = io.BytesIO()
            write_mo(compiled_mo, catalog)
            files.write_bytes(mo_path, compiled_mo.getvalue())     # the one write rule
            compiled += 1
    return compiled


def _pages(site: Path, printable: bool = False) -> list[str]:
    """The reference's pages of one language (``printable``: its one-page references)."""
    pages = [p.relative_to(site) for p in site.rglob("*.html")
             if not p.relative_to(site).parts[0].startswith("_")]
    return sorted(str(p) for p in pages
                  if (len(p.parts) == 2 and p.name == f"{PRINT_PAGE}.html") == printable)


ENTRY_SCRIPT = """\
(function () {
  "use strict";
  /* The reader's language first (from the browser's list), the others after it. */
  var sections = Array.prototype.slice.call(document.querySelectorAll("main > section[lang]"));
  var offered = sections.map(function (section) { return section.lang; });
  var wanted = (navigator.languages || [navigator.language || ""]).map(function (tag) {
    return String(tag).slice(0, 2).toLowerCase();
  }).filter(function (code) { return offered.indexOf(code) >= 0; })[0];
  var first = wanted && document.getElementById(wanted);
  if (first && first !== sections[0]) { sections[0].parentNode.insertBefore(first, sections[0]); }
}());
"""

ENTRY_STYLE = """\
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
main h1 { margin-top: 0; }
main section { margin-top: 2rem; }
main section + section { border-top: 1px solid var(--color-background-border); padding-top: 1rem; }
main li { margin: 0.5rem 0; }
"""


def _text(fragment: str) -> str:
    """The text of an html fragment, heading links left out, whitespace collapsed."""
    fragment = re.sub(r'<a class="headerlink".*?</a>', "", fragment, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def page_summary(page: Path, sentences: int = 2) -> tuple[str, str]:
    """(title, first ``sentences`` sentences of the first paragraph) of a built page."""
    source = page.read_text(encoding="utf-8")
    article = source[source.find("<article"):source.find("</article>")]
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", article, re.S)
    # The page's own prose: a <p> without classes but those of translation_progress_classes.
    paragraph = re.search(r'<p(?: class="(?:un)?translated")?>(.*?)</p>', article, re.S)
    text = _text(paragraph[1]) if paragraph else ""
    # A sentence ends after a word of two letters or more ("15." and "z. B." end none).
    parts = re.split(r"(?<=[^\W\d]{2}[.!?])\s+(?=[A-ZÄÖÜ])", text)
    return (_text(heading[1]) if heading else page.parent.name), " ".join(parts[:sentences])


def write_entry_page(site: Path, langs: Sequence[str]) -> Path:
    """``site/index.html``: per language (the reader's first, by a small script) the
    reference's title, its introduction and two sentences per game, each taken from
    that language's built pages, linked to them; styled with the sites' own CSS."""
    static = f"{langs[0]}/_static"
    sections = []
    for lang in langs:
        intro = page_summary(site / lang / "index.html", sentences=3)[1]
        games = []
        for index in sorted(p for p in (site / lang).glob("*/index.html")
                            if not p.parent.name.startswith("_")):   # the games, not _modules
            title, summary = page_summary(index)
            href = f"{lang}/{index.parent.name}/index.html"
            games.append(f'      <li><a href="{href}"><strong>{html.escape(title)}</strong></a>'
                         f"{': ' if summary else ''}{html.escape(summary)}</li>")
        title = html.escape(gettext_for(lang, ENTRY_TITLE))
        sections.append(
            f'  <section lang="{lang}" id="{lang}" aria-labelledby="entry-{lang}">\n'
            f'    <h2 id="entry-{lang}"><a href="{lang}/index.html" hreflang="{lang}">{title}</a>'
            f" <small>({html.escape(LANGUAGE_NAMES.get(lang, lang))})</small></h2>\n"
            f"    <p>{html.escape(intro)}</p>\n    <ul>\n" + "\n".join(games)
            + "\n    </ul>\n  </section>")
    alternates = "".join(f'  <link rel="alternate" hreflang="{lang}" href="{lang}/index.html">\n'
                         for lang in langs)
    title = html.escape(" · ".join(gettext_for(lang, ENTRY_TITLE) for lang in langs))
    page = site / "index.html"
    files.write_text(   # the one write rule: a reader never sees half a page
        page,
        f'<!DOCTYPE html>\n<html lang="{SOURCE_LANGUAGE}">\n<head>\n  <meta charset="utf-8">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '  <meta name="color-scheme" content="light dark">\n'
        f"  <title>{title}</title>\n"
        f'  <link rel="icon" href="{static}/regelwerk-favicon.svg" type="image/svg+xml">\n'
        f'  <link rel="stylesheet" href="{static}/styles/furo.css">\n'
        f"{alternates}  <style>\n{ENTRY_STYLE}  </style>\n</head>\n<body>\n"
        '<main>\n  <h1>regelwerk</h1>\n' + "\n".join(sections) + "\n</main>\n"
        f"<script>\n{ENTRY_SCRIPT}</script>\n</body>\n</html>\n")
    return page


def _parallel(jobs: Sequence[tuple[str, Callable[[], float]]],
              report: SiteReport, progress: Progress) -> None:
    """Run up to two timed jobs at once; the first failure is raised."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [(name, pool.submit(job)) for name, job in jobs]
        for name, future in futures:
            seconds = future.result()
            report.steps.append(Step(name, seconds))
            progress(f"{name}: {seconds:.2f} s")


def build_site(root: Path, out: Path | None = None, langs: Sequence[str] = ("en", "de"),
               progress: Progress | None = None, report_file: Path | None = None,
               stats_cache: Path | None = None, jobs: int = 2) -> SiteReport:
    """Build the reference of the checkout at ``root`` into ``out`` (default ``root/_build``).

    Raises :class:`SiteError` (first line ``file:line: message``) when the gate,
    a warning, or a doctest fails, or when the languages ran different numbers
    of doctests. ``report_file``: the consistency report (JSON) to show.
    ``stats_cache``: the folder of the cached random games the pages show (default
    ``<out>/stats``); every run a page asks for and the cache lacks for the present
    rules is computed once, on ``jobs`` processes, while the page templates are
    extracted, before any language is built (:mod:`regelwerk.sphinxext.stats`).
    """
    from regelwerk.sphinxext.stats import planned_runs
    from regelwerk.stats import fill_cache, rules_key

    root = root.resolve()
    out = (out or root / "_build").resolve()
    cache = (stats_cache or out / "stats").resolve()
    defines = [f"regelwerk_report={report_file.resolve()}"] if report_file else []
    defines += [f"regelwerk_stats_cache={cache}", "regelwerk_stats_require=1"]
    runs = planned_runs(root / "docs")
    # the rules as they are now: a file edited during the build changes nothing in it
    keys = {game: rules_key(game) for game in sorted({run.game for run in runs})}
    defines.append(f"regelwerk_stats_keys={json.dumps(keys)}")
    say = progress or (lambda message: None)
    report = SiteReport(out)
    started = time.perf_counter()

    pot_dir = out / "gettext"
    gettext = _start_sphinx(root, "gettext", pot_dir, out / "doctrees" / "gettext",
                            SOURCE_LANGUAGE)
    try:
        start = time.perf_counter()
        computed = fill_cache(runs, cache, jobs, keys=keys)
        simulated = time.perf_counter() - start
    finally:
        seconds = gettext.wait()
    report.steps.append(Step("statistics", simulated,
                             f"{len(computed)} of {len(runs)} runs computed"))
    say(f"statistics: {report.steps[-1].seconds:.2f} s, {report.steps[-1].detail}")
    report.steps.append(Step("gettext", seconds))
    say(f"gettext: {seconds:.2f} s")

    start = time.perf_counter()
    problems = [p for lang in langs if lang != SOURCE_LANGUAGE
                for p in check_catalogs(pot_dir, root / "locales", lang, root)]
    if problems:
        raise SiteError(N_("translation gate: {problem} ({count} problem(s); "
                           "run regelwerk.site.update_catalogs and translate)"),
                        [str(p) for p in problems], problem=problems[0], count=len(problems))
    report.steps.append(Step("gate", time.perf_counter() - start))
    say(f"gate: {report.steps[-1].seconds:.2f} s")
    compile_catalogs(root, [lang for lang in langs if lang != SOURCE_LANGUAGE])

    site = out / "site"
    _parallel([(f"html {lang}", partial(_sphinx, root, "html", site / lang,
                                        out / "doctrees" / lang, lang, defines))
               for lang in langs], report, say)
    # The doctests and the one-page references (written beside the html pages) both
    # run on the html build's doctrees, nothing read again; two at a time, never two
    # on one language's doctrees (should a changed catalog make one re-read a page).
    def doctest(lang: str) -> float:
        return _sphinx(root, "doctest", out / "doctest" / lang, out / "doctrees" / lang, lang,
                       defines)

    def printable(lang: str) -> float:
        return _sphinx(root, PRINT_BUILDER, site / lang, out / "doctrees" / lang, lang, defines)

    for index, lang in enumerate(langs):
        other = langs[index - 1]   # the previous language (for the first: the last)
        _parallel([(f"doctest {lang}", partial(doctest, lang))] + (
            [(f"print {other}", partial(printable, other))] if other != lang else []),
            report, say)
    if len(langs) == 1:
        _parallel([(f"print {langs[0]}", partial(printable, langs[0]))], report, say)
    for lang in langs:
        report.doctests[lang] = _doctest_count(out / "doctest" / lang, lang, root)
        report.pages[lang] = _pages(site / lang)
        report.printable[lang] = _pages(site / lang, printable=True)
    counts = set(report.doctests.values())
    if len(counts) != 1 or 0 in counts:
        raise SiteError(N_("doctest: the languages ran different or no tests: {counts}"),
                        counts=report.doctests)
    missing = {lang: sorted(set(report.pages[langs[0]] + report.printable[langs[0]])
                            - set(pages + report.printable[lang]))
               for lang, pages in report.pages.items()}
    if any(missing.values()):
        raise SiteError(N_("pages missing in a language: {missing}"), missing=missing)
    write_entry_page(site, langs)
    report.seconds = time.perf_counter() - started
    return report


def update_catalogs(root: Path, out: Path | None = None,
                    langs: Sequence[str] = ("de",)) -> dict[str, int]:
    """For translators: fresh templates, then merge them into ``locales/<lang>/`` (no obsolete)."""
    from sphinx_intl.basic import update

    root = root.resolve()
    out = (out or root / "_build").resolve()
    _sphinx(root, "gettext", out / "gettext", out / "doctrees" / "gettext", SOURCE_LANGUAGE)
    counts: dict[str, int] = update(str(root / "locales"), str(out / "gettext"), tuple(langs),
                                    ignore_obsolete=True, jobs=1)
    return counts


def audit_docs_catalogs(root: Path, langs: Sequence[str] = ("de",)) -> list[Problem]:
    """The translation gate on its own (for ``regelwerk check``): fresh templates
    in a temporary folder, then every page catalog checked against them."""
    root = root.resolve()
    with tempfile.TemporaryDirectory(prefix="regelwerk-gettext-") as tmp:
        out = Path(tmp)
        _sphinx(root, "gettext", out / "gettext", out / "doctrees", SOURCE_LANGUAGE)
        return [p for lang in langs
                for p in check_catalogs(out / "gettext", root / "locales", lang, root)]


def build_parser(lang: str) -> argparse.ArgumentParser:
    """The arguments of ``python -m regelwerk.site``, its help in ``lang`` (as the CLI's)."""
    def _(message: str) -> str:
        return gettext_for(lang, message)

    parser_class, formatter_class = localized(lang)
    parser = parser_class(prog="python -m regelwerk.site", formatter_class=formatter_class,
                          add_help=False, description=textwrap.fill(_(SITE_DESCRIPTION), 78))
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    parser.add_argument("--out", type=Path, metavar=_("DIR"),
                        help=_("output folder (default: _build in the current folder)"))
    parser.add_argument("--stats-cache", type=Path, metavar=_("DIR"),
                        help=_("folder of the cached random games the pages show "
                               "(default: stats in the output folder)"))
    parser.add_argument("--update-catalogs", action="store_true",
                        help=_("refresh the German page catalogs instead of building"))
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=_("output language (default: from REGELWERK_LANG or the locale)"))
    return parser


SITE_DESCRIPTION = N_("Build the bilingual reference site of this checkout: page templates, "
                      "the translation gate, the statistics of random games, html, doctests "
                      "and the printable pages of every language.")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m regelwerk.site [--out DIR] [--stats-cache DIR] [--update-catalogs]``:
    build the site of the checkout in the current folder (``--help`` in the reader's
    language)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = pre_lang(args_list)
    try:
        args = build_parser(lang).parse_args(args_list)
    except SystemExit as done:          # --help, or a usage error argparse has printed
        return done.code if isinstance(done.code, int) else status_codes.USAGE
    root = Path.cwd()
    try:
        if args.update_catalogs:
            print(update_catalogs(root, args.out))
            return status_codes.SUCCESS
        report = build_site(root, args.out, progress=print, stats_cache=args.stats_cache)
    except SiteError as exc:
        print(gettext_for(lang, N_("regelwerk: error: {message}")).format(
            message=exc.message_in(lang)), file=sys.stderr)
        return status_codes.FAILED
    except LocalizedError as exc:      # a cache or output folder that cannot be written
        print(gettext_for(lang, N_("regelwerk: error: {message}")).format(
            message=exc.message_in(lang)), file=sys.stderr)
        return status_codes.OUTPUT_FAILED if isinstance(exc, files.OutputError) \
            else status_codes.USAGE
    print(report.summary())
    return status_codes.SUCCESS


if __name__ == "__main__":
    raise SystemExit(main())
