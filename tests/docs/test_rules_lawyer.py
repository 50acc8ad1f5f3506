"""The ``rules-lawyer`` directive (regelwerk/sphinxext/lawyer.py): explain on the site's pages.

Small Sphinx projects in a temporary folder show that the directive renders in the
build language (German words from the engine catalog, no English message left on a
German page) and that a bad record or step is one build error naming file and line;
the built site shows that every game's worked examples carry the lawyer's view.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path

import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_title
from regelwerk.engine.core.i18n import gettext_for

from regelwerk.explain import explain
from regelwerk.site import SiteReport
from regelwerk.sphinxext import lawyer

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("florenz", "il_vecchio", "lorenzo", "medici_vs_strozzi")
MEDICI = "medici_vs_strozzi"
RECORD = "example-an-offer-is-declined"
LOAD = '{"type": "load", "ship": 1, "harbour": 1}'
#: The Medici verdict and legal actions, and Lorenzo's score item by item.
PAGE = f"""# Test

```{{clause}} medici_vs_strozzi:turn.port
```

```{{interpretation-register}} {MEDICI}
```

```{{rules-lawyer}} {MEDICI}
:record: {RECORD}
:step: 10
:action: {LOAD}
:show: verdict legal
```

```{{rules-lawyer}} lorenzo
:record: example-the-cards-of-six-rounds
```

```{{rules-lawyer}} {MEDICI}
:record: {RECORD}
:step: 4
```
"""
#: Every message the directive shows (the catalog's English, fields left out).
TEMPLATES = (lawyer.HEADER, lawyer.LEGAL, lawyer.ILLEGAL, lawyer.VERDICT, lawyer.WHY,
             lawyer.GROUPS, lawyer.TOTAL, lawyer.INTERPRETATION, lawyer.ARISING, lawyer.ARISING_ITEM)
TAG = re.compile(r"<[^>]+>")
INLINE = re.compile(r"</?(?:a|code|span|strong|em)\b[^>]*>")


class Boxes(HTMLParser):
    """The html of every ``div.regelwerk-lawyer`` of a page (nested divs included)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[str] = []
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self.depth == 0 and tag == "div" and lawyer.CLASS in classes:
            self.found.append("")
            self.depth = 1
        elif self.depth and tag == "div":
            self.depth += 1
        if self.depth:
            self.found[-1] += self.get_starttag_text() or ""

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.found[-1] += f"</{tag}>"
            if tag == "div":
                self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.found[-1] += data

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


def lawyer_html(page: str) -> list[str]:
    parser = Boxes()
    parser.feed(page)
    return parser.found


def build(tmp_path: Path, page: str, lang: str) -> tuple[str, str]:
    """Build ``page`` as ``index.md`` in ``lang``: (the html text, Sphinx's warnings)."""
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx.ext.doctest", "regelwerk.sphinxext", '
        '"regelwerk.sphinxext.lawyer"]\n'
        'source_suffix = {".md": "markdown"}\n', encoding="utf-8")
    (src / "index.md").write_text(page, encoding="utf-8")
    warnings = StringIO()
    app = Sphinx(str(src), str(src), str(tmp_path / lang), str(tmp_path / f"doctrees-{lang}"),
                 "html", confoverrides={"language": lang}, status=None, warning=warnings,
                 freshenv=True)
    app.build()
    return (tmp_path / lang / "index.html").read_text(encoding="utf-8"), warnings.getvalue()


def words(fragment: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", INLINE.sub("", fragment))).split())


def boxes(page: str) -> list[str]:
    """The text of each lawyer box of an html page."""
    return [words(box) for box in lawyer_html(page)]


def fixed_words(template: str) -> list[str]:
    """The literal parts of a message template (its fields left out), stripped."""
    return [part.strip(" ,:()") for part in re.split(r"\{\w+\}", template)
            if len(part.strip(" ,:()")) >= 3]


def english_left(text: str) -> list[str]:
    """The English parts of the directive's messages that appear in ``text`` (ids such as
    ``florenz:action.pass`` left out)."""
    text = re.sub(r"\b\w+:[\w.]+", "", text)
    found = []
    for template in TEMPLATES:
        german = re.sub(r"\{\w+\}", "", gettext_for("de", template))
        assert german != re.sub(r"\{\w+\}", "", template), f"no German for {template!r}"
        found += [part for part in fixed_words(template)
                  if part not in german and re.search(rf"\b{re.escape(part)}\b", text)]
    return found


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("lawyer")
    return {lang: build(folder, PAGE, lang)[0] for lang in ("en", "de")}


@pytest.mark.slow
def test_german_page_shows_the_lawyer_in_german(pages: dict[str, str]) -> None:
    medici, lorenzo = boxes(pages["de"])[:2]
    spec = spec_module.load(MEDICI)
    found = explain(lawyer.corpus_record(MEDICI, RECORD), 10, {"type": "load", "ship": 1,
                                                               "harbour": 1}, "de")
    assert found.verdict is not None and not found.verdict.legal
    assert gettext_for("de", lawyer.ILLEGAL) in medici
    assert clause_title(spec, "medici_vs_strozzi:turn.port", "de") in medici
    assert found.verdict.reason.split(" (")[0] in medici           # the engine's German reason
    assert gettext_for("de", lawyer.GROUPS).strip(" :") in medici
    for group in found.groups:
        assert all(action in medici for action in group.actions)
    assert "Schritt 10 von 11" in medici
    assert gettext_for("de", lawyer.TOTAL).split("{total}")[0].split("}")[-1].strip() in lorenzo
    assert english_left(medici + " " + lorenzo) == []
    assert clause_title(spec, "medici_vs_strozzi:turn.port", "en") not in medici


@pytest.mark.slow
def test_english_page_shows_the_lawyer_in_english(pages: dict[str, str]) -> None:
    medici, lorenzo = boxes(pages["en"])[:2]
    spec = spec_module.load(MEDICI)
    assert "illegal" in medici and "nicht erlaubt" not in medici
    assert clause_title(spec, "medici_vs_strozzi:turn.port", "en") in medici
    assert "legal actions by the clause that allows them" in medici
    assert "step 10 of 11" in medici
    assert "Schritt" not in medici + lorenzo and "insgesamt" not in lorenzo
    assert "in all" in lorenzo


@pytest.mark.slow
def test_verdict_links_the_deciding_clause_and_the_register_entry(pages: dict[str, str]) -> None:
    """The refused load: the deciding clause is linked; no register entry, since both
    readings of when a harbour is chosen refuse it. Two tiles bought at step 4: the
    entry on loading part of a purchase arises there, and is linked with the reading in
    force."""
    box = lawyer_html(pages["en"])[0]
    assert 'href="#medici_vs_strozzi:turn.port"' in box
    assert 'href="#medici_vs_strozzi:interp.port_on_first_load"' not in box
    assert "<ul" in box and "<li" in box                 # a list, not a text dump
    assert "<pre" not in box
    later = lawyer_html(pages["en"])[2]
    assert 'href="#medici_vs_strozzi:interp.part_of_a_purchase"' in later
    assert "this game: part_of_a_purchase=all_or_none" in later


@pytest.mark.slow
def test_score_is_listed_item_by_item_with_totals(pages: dict[str, str]) -> None:
    found = explain(lawyer.corpus_record("lorenzo", "example-the-cards-of-six-rounds"),
                    lang="en")
    lorenzo = boxes(pages["en"])[1]
    for score in found.scores:
        assert f"{score.name}: {score.total} in all" in lorenzo
        for line in score.lines:
            assert f"{line.points:+d} {line.clause.id}: {line.clause.title}" in lorenzo
    german = boxes(pages["de"])[1]                   # the seats by their German colours
    assert all(f"{name}:" in german for name in ("Rot", "Grün"))


@pytest.mark.slow
@pytest.mark.parametrize(("options", "expected"), [
    (":record: example-no-such-game", "no record 'example-no-such-game'"),
    (":record: example-an-offer-is-declined\n:step: 12", "step 12 is not in the game"),
    (":record: example-an-offer-is-declined\n:step: -1", "step must be a whole number"),
    (":record: ../../../etc/passwd", "named by its file name"),
])
def test_a_bad_record_or_step_is_one_error_naming_file_and_line(
        tmp_path: Path, options: str, expected: str) -> None:
    page = f"# Test\n\nSome text.\n\n```{{rules-lawyer}} {MEDICI}\n{options}\n```\n"
    text, warnings = build(tmp_path, page, "en")
    lines = [line for line in warnings.splitlines()   # Sphinx apps made in one process
             if line.strip() and "is already registered" not in line]
    assert len(lines) == 1, warnings
    assert re.fullmatch(rf".*index\.md:5: ERROR: rules-lawyer {MEDICI}: .*", lines[0]), lines
    assert expected in lines[0]
    assert "regelwerk-lawyer" not in text


def test_corpus_record_reads_a_worked_example_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    record = lawyer.corpus_record(MEDICI, RECORD)
    assert record.game == MEDICI and len(record.actions) == 11
    with pytest.raises(lawyer.LawyerError, match=RECORD):     # the known ones are listed
        lawyer.corpus_record(MEDICI, "example-missing")
    with pytest.raises(lawyer.LawyerError, match="not of lorenzo"):
        lawyer.corpus_record("lorenzo", RECORD, corpus=_copied(tmp_path, RECORD))


def _copied(folder: Path, name: str) -> Path:
    """A corpus folder whose lorenzo entry ``name`` is really a Medici record."""
    (folder / "lorenzo").mkdir()
    source = lawyer.CORPUS / MEDICI / f"{name}.json"
    (folder / "lorenzo" / f"{name}.json").write_text(source.read_text(encoding="utf-8"),
                                                      encoding="utf-8")
    return folder


# ------------------------------------------------------------------ the built site (slow)

def _site_boxes(site: SiteReport, lang: str, game: str) -> list[str]:
    folder = site.out / "site" / lang / game
    return [box for page in sorted(folder.glob("*.html"))
            for box in boxes(page.read_text(encoding="utf-8"))]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_game_shows_the_lawyer_in_both_languages(site: SiteReport, game: str) -> None:
    english, german = _site_boxes(site, "en", game), _site_boxes(site, "de", game)
    assert english and len(english) == len(german)
    assert english_left(" ".join(german)) == []
    assert all("Schritt" in box for box in german)
    assert all(" step " in box for box in english)


# ------------------------------------------------------------------ the pages' own claims

DIRECTIVE = re.compile(r"^```\{rules-lawyer\}\s+(\S+)\n((?::\w+:.*\n)*)```", re.M)
#: The clause each page says decides the action it asks about (all are refusals).
REFUSED_BY = {
    "florenz/example.md": "florenz:action.passed_bonus",
    "florenz/setup.md": "florenz:setup.first_debutants",
    "il_vecchio/setup.md": "il_vecchio:setup.placement_roll",
    "lorenzo/round.md": "lorenzo:work.value",
    "medici_vs_strozzi/turn.md": "medici_vs_strozzi:turn.port",
}


def page_directives() -> list[tuple[str, str, dict[str, str]]]:
    """(page, game, options) of every ``rules-lawyer`` directive of the reference."""
    found = []
    for page in sorted((ROOT / "docs").glob("*/*.md")):
        for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
            options = dict(re.findall(r"^:(\w+):\s*(.*)$", match.group(2), re.M))
            found.append((page.relative_to(ROOT / "docs").as_posix(), match.group(1), options))
    return found


def test_every_game_has_the_lawyer_after_a_worked_example() -> None:
    assert {game for _, game, _ in page_directives()} == set(GAMES)


@pytest.mark.parametrize(("page", "game", "options"), page_directives(),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_each_page_says_what_the_lawyer_says(page: str, game: str,
                                             options: dict[str, str]) -> None:
    record = lawyer.corpus_record(game, options["record"])
    step = lawyer.parse_step(options.get("step"))
    action = lawyer.parse_action(options.get("action"))
    facts = []
    for lang in ("en", "de"):
        found = explain(record, step, action, lang)
        facts.append((found.verdict and (found.verdict.legal, found.verdict.clause.id),
                      [group.clause.id for group in found.groups],
                      [score.total for score in found.scores]))
    assert facts[0] == facts[1]                     # the same facts in both languages
    verdict = facts[0][0]
    if action is not None:
        assert verdict == (False, REFUSED_BY[page])
    else:
        assert facts[0][2], f"{page}: a directive without an action shows a final score"
