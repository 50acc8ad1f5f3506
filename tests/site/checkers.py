"""The site checkers: how to run them and how to read what they found.

Two public checkers nobody on this project wrote, and our own browser pass:

* the W3C Nu HTML Checker (``vnu.jar`` from the npm package ``vnu-jar``, on Java),
  one run over every page: :func:`run_nu`, :func:`read_nu`;
* ``tools/site-checks/browser.mjs``: Chromium (playwright-core) over a local HTTP
  server, axe-core in every page, plus the facts the browser tests judge:
  :func:`run_browser`, then the ``*_problems`` functions below.

The functions that judge are pure (report in, findings out), so the tests of the
real site and the test of a deliberately broken fixture page use the same ones.
What to install is said in one line by :func:`missing_line` (``.ci/run`` installs it).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "site-checks"
VNU_JAR = TOOLS / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
BROWSER_SCRIPT = TOOLS / "browser.mjs"
NODE_PACKAGES = ("axe-core", "playwright-core", "vnu-jar")
CHROMIUM_ENV = "REGELWERK_CHROMIUM"
REQUIRED_ENV = "REGELWERK_SITE_CHECKS"   # "required" (set by .ci/run): missing tools fail
INSTALL = ("apt-get install chromium default-jre-headless nodejs npm; "
           "npm ci --ignore-scripts --prefix tools/site-checks (.ci/run does both)")
#: Names that stay the same in every language (the footer's credits).
NAMES = frozenset({"Sphinx", "Furo", "@pradyunsg"})
NARROW = 390   # the phone width no page may scroll sideways at (browser.mjs also measures 320)

#: the name under which a site check records its figures (``record_property``); the
#: root conftest prints them at the end of the run
FIGURES = "site-check"


def chromium() -> str | None:
    """The Chromium to drive: ``$REGELWERK_CHROMIUM`` (if it exists), else the first on ``PATH``."""
    if os.environ.get(CHROMIUM_ENV):
        return os.environ[CHROMIUM_ENV] if Path(os.environ[CHROMIUM_ENV]).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing() -> list[str]:
    """What the checkers lack on this machine (empty when everything is there)."""
    lacks = []
    if not shutil.which("java"):
        lacks.append("java")
    if not shutil.which("node"):
        lacks.append("node")
    absent = [name for name in NODE_PACKAGES if not (TOOLS / "node_modules" / name).is_dir()]
    if absent:
        lacks.append("npm packages " + ", ".join(absent))
    if not chromium():
        lacks.append("chromium")
    return lacks


def required() -> bool:
    return os.environ.get(REQUIRED_ENV) == "required"


def missing_line() -> str | None:
    """One line: what is missing and how to install it (``None`` when nothing is)."""
    lacks = missing()
    if not lacks:
        return None
    status = "cannot run" if required() else "not run"
    return f"site checks {status}: no {', '.join(lacks)} (install: {INSTALL})"


# --------------------------------------------------------------------------- Nu


@dataclass
class NuResult:
    pages: int
    seconds: float
    errors: list[str] = field(default_factory=list)       # "page: message"
    warnings: Counter[str] = field(default_factory=Counter)   # message -> count
    infos: int = 0

    def summary(self) -> str:
        lines = [f"Nu HTML Checker: {self.pages} pages, {len(self.errors)} errors, "
                 f"{sum(self.warnings.values())} warnings, {self.infos} info messages, "
                 f"{self.seconds:.1f} s"]
        lines += [f"  warning x{count}: {message}" for message, count in self.warnings.most_common()]
        return "\n".join(lines)


#: The folder of the highlighted source pages (``sphinx.ext.viewcode``), the one folder
#: starting with ``_`` that holds pages of the site.
SOURCES = "_modules"


def html_files(site: Path) -> list[Path]:
    """Every page of a built site: *.html outside folders starting with ``_`` or ``.``, and
    the highlighted source pages (:data:`SOURCES`)."""
    return sorted(p for p in site.rglob("*.html")
                  if not any(part.startswith(("_", ".")) and part != SOURCES
                             for part in p.relative_to(site).parts))


def is_source_page(page: str) -> bool:
    """Whether ``page`` (relative to the site or to a language) is a highlighted source page."""
    return SOURCES in page.split("/")[:2]


def source_sample(site: Path) -> list[str]:
    """The source pages the browser pass loads, per language: the index of the sources and,
    per folder of highlighted modules (one per game's engine), the page with the most
    documented functions (viewcode blocks, each with its ``[docs]`` link back). Every
    source page is a frame of the same kind around highlighted code, so one per game and
    language shows each game's code to axe; the Nu checker reads all of them."""
    chosen = []
    for lang in sorted(p.parent.name for p in site.glob(f"*/{SOURCES}")):
        root = site / lang / SOURCES
        chosen.append(root / "index.html")
        folders = sorted({page.parent for page in root.rglob("*.html") if page.parent != root})
        for folder in folders:
            pages = sorted(folder.glob("*.html"))
            if pages:
                chosen.append(max(pages, key=lambda page: (
                    page.read_text(encoding="utf-8").count("viewcode-block"), str(page))))
    return [str(page.relative_to(site)) for page in chosen if page.is_file()]


def run_nu(site: Path, pages: Sequence[Path] | None = None) -> dict[str, Any]:
    """The Nu HTML Checker over ``pages`` (default every page) in one Java run; its JSON."""
    files = list(pages) if pages is not None else html_files(site)
    start = time.perf_counter()
    run = subprocess.run(["java", "-Xss4m", "-jar", str(VNU_JAR), "--format", "json", "--stdout",
                          "--exit-zero-always", *map(str, files)],
                         capture_output=True, text=True, check=False)
    if run.returncode:
        raise RuntimeError(f"vnu.jar exited with {run.returncode}: {run.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(run.stdout)
    report["seconds"] = time.perf_counter() - start
    report["pages"] = [str(f.relative_to(site)) for f in files]
    report["site"] = str(site)
    return report


def read_nu(report: dict[str, Any]) -> NuResult:
    """Errors (with their page), warnings counted by message, info messages counted."""
    result = NuResult(len(report["pages"]), report["seconds"])
    site = Path(report["site"])
    for message in report["messages"]:
        url = message.get("url", "")
        page = url.removeprefix("file:")
        with contextlib.suppress(ValueError):
            page = str(Path(page).relative_to(site))
        if message["type"] in ("error", "non-document-error"):
            result.errors.append(f"{page}:{message.get('lastLine', 0)}: {message['message']}")
        elif message.get("subType") == "warning":
            result.warnings[message["message"]] += 1
        else:
            result.infos += 1
    return result


# --------------------------------------------------------------------------- browser


def run_browser(site: Path, out: Path, searches: Iterable[tuple[str, str]] = (),
                pages: Sequence[str] = (), dark: Sequence[str] | None = None,
                prefer: Sequence[str] = (), jobs: int = 2) -> dict[str, Any]:
    """``browser.mjs`` over the site (or ``pages``, relative to it); its report.

    ``dark``: the pages and folders whose pages get the colour-contrast check in the
    dark scheme too (``None``: every page; empty: none). ``prefer``: languages a
    reader's browser may prefer; the report's ``entry`` gives, for each, the order of
    the entry page's language sections.
    """
    command = ["node", str(BROWSER_SCRIPT), "--site", str(site), "--out", str(out),
               "--chromium", chromium() or "chromium", "--jobs", str(jobs)]
    for path in ([] if dark is None else list(dark) or ["-"]):
        command += ["--dark", path]
    for lang in prefer:
        command += ["--prefer", lang]
    for lang, term in searches:
        command += ["--search", f"{lang}:{term}"]
    for page in pages:
        command += ["--page", page]
    run = subprocess.run(command, capture_output=True, text=True, check=False, cwd=TOOLS)
    if run.returncode:
        raise RuntimeError(f"browser.mjs exited with {run.returncode}: {run.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


#: Classes of the elements the theme and our CSS colour differently.
STYLED = ("regelwerk-queue-diagram", "regelwerk-card-table", "regelwerk-clause", "regelwerk-glossary",
          "regelwerk-numbers", "regelwerk-interpretation", "regelwerk-assumed", "highlight-pycon",
          "admonition", "regelwerk-langswitch")


def dark_sample(site: Path, lang: str = "en") -> list[str]:
    """Pages for the colour-contrast check in the dark scheme: the entry page, ``lang``'s
    start and search pages, and for each kind of element in :data:`STYLED` the smallest
    ``lang`` page that has one. Colours depend on the kind of element, not on the page or
    its language, and contrast is the slowest of axe-core's checks."""
    pages = sorted(html_files(site / lang), key=lambda p: (p.stat().st_size, p))
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    chosen = {site / "index.html", site / lang / "index.html", site / lang / "search.html"}
    for kind in STYLED:
        having = [page for page in pages if re.search(rf'class="(?:[^"]* )?{kind}[" ]', texts[page])]
        chosen.update(having[:1])
    return sorted(str(page.relative_to(site)) for page in chosen if page.is_file())


def by_page(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {page["page"]: page for page in report["pages"]}


def fatal_problems(report: dict[str, Any]) -> list[str]:
    """Pages the browser could not check at all."""
    return [f"{p['page']}: {p['fatal']}" for p in report["pages"] if "fatal" in p]


def axe_violations(report: dict[str, Any]) -> dict[str, list[str]]:
    """WCAG 2.0/2.1 A and AA rules axe-core found broken: rule -> pages (with a target)."""
    found: dict[str, list[str]] = {}
    for page in report["pages"]:
        for rule in page.get("axe", []):
            if rule["wcag"]:
                found.setdefault(f"{rule['id']} ({rule['impact']})", []).append(
                    f"{page['page']} [{rule['nodes']} x, e.g. {rule['targets'][0]}]")
    return found


def axe_best_practice(report: dict[str, Any]) -> Counter[str]:
    """Best-practice findings (not WCAG): rule -> pages."""
    return Counter(rule["id"] for page in report["pages"] for rule in page.get("axe", [])
                   if not rule["wcag"])


def _path(url: str) -> str:
    return urlparse(url).path.lstrip("/")


def _language_of(page: str, langs: Sequence[str]) -> str | None:
    first = page.split("/", 1)[0]
    return first if first in langs and "/" in page else None


def lang_problems(report: dict[str, Any], langs: Sequence[str]) -> list[str]:
    """Pages of a language folder whose ``<html lang>`` is not that language."""
    problems = []
    for page in report["pages"]:
        lang = _language_of(page["page"], langs)
        if lang and page.get("lang") != lang:
            problems.append(f"{page['page']}: lang={page.get('lang')!r}")
    return problems


def switch_problems(report: dict[str, Any], langs: Sequence[str]) -> list[str]:
    """Pages whose language switch does not lead to the same page in each other language,
    or whose ``hreflang`` alternates do not name every language's copy."""
    pages = by_page(report)
    problems = []
    for name, page in pages.items():
        lang = _language_of(name, langs)
        if not lang:
            continue
        rest = name.split("/", 1)[1]
        expected = {other: f"{other}/{rest}" for other in langs if other != lang}
        got = {link["hreflang"]: _path(link["href"]) for link in page.get("switch", [])}
        if got != expected:
            problems.append(f"{name}: switch {got} != {expected}")
        problems += [f"{name}: switch target {target} not a page of the site"
                     for target in got.values() if target not in pages]
        alternates = {link["hreflang"]: _path(link["href"]) for link in page.get("alternates", [])}
        wanted = {code: f"{code}/{rest}" for code in langs}
        if {code: alternates.get(code) for code in langs} != wanted:
            problems.append(f"{name}: alternates {alternates} != {wanted}")
    return problems


def english_on_german(report: dict[str, Any], lang: str = "de",
                      source: str = "en") -> list[str]:
    """Interface strings of a ``lang`` page that its ``source`` copy shows too.

    What a page says outside its content (labels, buttons, icon titles, footer)
    must differ between the languages; only :data:`NAMES` may repeat.
    """
    pages = by_page(report)
    problems = []
    for name, page in pages.items():
        if not name.startswith(f"{lang}/"):
            continue
        twin = pages.get(f"{source}/{name.split('/', 1)[1]}")
        if twin is None or "interface" not in page:
            continue
        theirs = {text for _, text in twin.get("interface", [])}
        same = sorted({text for _, text in page["interface"] if text in theirs} - NAMES)
        if same:
            problems.append(f"{name}: {same}")
    return problems


def german_search_problems(report: dict[str, Any]) -> list[str]:
    return [f"{s['lang']} search {s['term']!r}: {error}"
            for s in report.get("searches", []) for error in s.get("errors", [])]


def diagram_problems(report: dict[str, Any]) -> list[str]:
    """Queue diagrams without size, or not fully inside a 390 or 320 px wide window."""
    problems = []
    for page in report["pages"]:
        for number, box in enumerate(page.get("diagrams", []), 1):
            if box["width"] <= 0 or box["height"] <= 0:
                problems.append(f"{page['page']}: diagram {number} is {box['width']}x{box['height']}")
        for narrow in page.get("narrow", []):
            for number, box in enumerate(narrow["diagrams"], 1):
                if box["left"] < 0 or box["right"] > narrow["viewport"] + 0.5 or box["width"] <= 0:
                    problems.append(f"{page['page']}: diagram {number} spans {box['left']:.0f}.."
                                    f"{box['right']:.0f} px at {narrow['viewport']} px")
    return problems


def overflow_problems(report: dict[str, Any], width: int = NARROW) -> list[str]:
    """Pages that scroll sideways at ``width`` px."""
    return [f"{page['page']}: {narrow['scrollWidth']} px wide at {width} px"
            for page in report["pages"] for narrow in page.get("narrow", [])
            if narrow["viewport"] == width and narrow["scrollWidth"] > narrow["clientWidth"]]


def page_problems(report: dict[str, Any]) -> list[str]:
    """Script errors, failed requests, a missing favicon, ``main`` or ``h1``."""
    problems = []
    for page in report["pages"]:
        name = page["page"]
        problems += [f"{name}: script error {error}" for error in page.get("errors", [])]
        problems += [f"{name}: request {failure}" for failure in page.get("failed", [])]
        icons = page.get("icon", [])
        if not icons or any(icon["status"] != 200 for icon in icons):
            problems.append(f"{name}: favicon {icons}")
        if page.get("main") != 1:
            problems.append(f"{name}: {page.get('main')} main landmarks")
        if page.get("h1", 0) < 1:
            problems.append(f"{name}: no h1")
    return problems


SEARCH_COUNT = {"en": re.compile(r"found (\d+|one) pages?"),
                "de": re.compile(r"(\d+|eine) Seiten? gefunden")}


def result_count(summary: str, lang: str) -> int | None:
    """The number of pages the search result line reports (``None``: no such line)."""
    match = SEARCH_COUNT[lang].search(summary)
    if not match:
        return None
    return 1 if match[1] in ("one", "eine") else int(match[1])


def axe_summary(report: dict[str, Any]) -> str:
    violations = axe_violations(report)
    practice = axe_best_practice(report)
    dark = sum(1 for page in report["pages"] if page.get("dark"))
    lines = [f"axe-core {report['axe']} in {report['browser']}: {len(report['pages'])} pages "
             f"(colour contrast also in dark mode on {dark}), "
             f"{sum(len(pages) for pages in violations.values())} WCAG 2.1 A/AA violations, "
             f"browser pass {report['seconds']:.1f} s"
             + "".join(f", {lang} {seconds:.1f} s" for lang, seconds in report.get("halves", {}).items())]
    scrolling = [page.get("scrollingCode", 0) for page in report["pages"]]
    lines.append(f"  code blocks wider than the column at 1280 px (made focusable): "
                 f"{sum(scrolling)} on {sum(1 for n in scrolling if n)} pages")
    lines += [f"  violation {rule}: {len(pages)} pages" for rule, pages in sorted(violations.items())]
    lines += [f"  best practice {rule}: {count} pages" for rule, count in practice.most_common()]
    return "\n".join(lines)
