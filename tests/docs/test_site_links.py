"""The site links what belongs together (issue 34, point 5): a clause box lists the
invariants resting on its clause and the register entries concerning it (those
``regelwerk rule`` names), each entry links there; a register entry shows its id (what
``regelwerk rule`` takes), its variant as the command line's ``--option``, and links its
clauses, whose boxes link back. Read from the built html of both languages; the
expectations come from spec and the verification modules, not from the extension."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest
from regelwerk.engine.core import spec as spec_module

from regelwerk import games
from regelwerk.site import PRINT_PAGE, SiteReport

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/index.md"))
LANGS = ("en", "de")
HREF = re.compile(r'<a class="reference internal" href="([^"#]*)#([^"]+)"')
#: An invariant's id in a clause box (linked to the report where the site has one), then ": ".
INVARIANT = re.compile(r'<span class="pre">([^<]+)</span></code>(?:</a>)?: ')


def text(fragment: str) -> str:
    """The words of an html fragment, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@cache
def pages(site: Path, lang: str, game: str) -> dict[str, str]:
    """The game's pages of one language (not its one-page reference), by file name."""
    return {page.name: page.read_text(encoding="utf-8")
            for page in sorted((site / lang / game).glob("*.html"))
            if page.stem != PRINT_PAGE}


def block(source: str, anchor: str, end: str) -> str:
    """The html from the element with id ``anchor`` to the first ``end`` after it."""
    start = source.index(f'id="{anchor}"')
    return source[start:source.index(end, start)]


def find(site: Path, lang: str, game: str, anchor: str, end: str) -> tuple[str, str]:
    """(page, block) of the one page of the game holding ``anchor``."""
    found = [(name, block(source, anchor, end))
             for name, source in pages(site, lang, game).items() if f'id="{anchor}"' in source]
    assert len(found) == 1, (lang, anchor, [name for name, _ in found])
    return found[0]


def invariants(game: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(inv.id, tuple(inv.clauses)) for inv in games.get(game).verification.invariants]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_clause_box_lists_its_invariants_and_links_its_register_entries(
        site: SiteReport, game: str, lang: str) -> None:
    spec = spec_module.load(game)
    folder = site.out / "site"
    proved = invariants(game)
    for clause_id in spec.clauses:
        page, box = find(folder, lang, game, clause_id, "</dl>")
        entries = [item.id for item in spec.interpretations.values()
                   if clause_id in item.clauses]
        linked = [(target, anchor) for target, anchor in HREF.findall(box)
                  if anchor in spec.interpretations]
        assert [anchor for _, anchor in linked] == entries, (lang, clause_id)
        for target, anchor in linked:   # each link leads to the page holding the entry
            assert f'id="{anchor}"' in pages(folder, lang, game)[target or page], (clause_id, anchor)
        resting = [inv for inv, clauses in proved if clause_id in clauses]
        listed = re.search(r'<ul class="regelwerk-invariants[^"]*">(.*?)</ul>', box, re.S)
        shown = INVARIANT.findall(listed[1]) if listed else []
        assert shown == resting, (lang, clause_id)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_register_entry_shows_its_id_its_option_and_links_its_clauses_both_ways(
        site: SiteReport, game: str, lang: str) -> None:
    spec = spec_module.load(game)
    folder = site.out / "site"
    for item in spec.interpretations.values():
        page, entry = find(folder, lang, game, item.id, "</dl>")
        heading = re.search(r'<p class="rubric">(.*?)</p>', entry, re.S)
        assert heading and text(heading[1]).endswith(item.id), (lang, item.id)
        shown = text(entry)
        for option in item.options if item.variant else ():
            assert f"--option {item.variant}={option['id']}" in shown, (lang, item.id, option)
        if not item.variant:
            assert "--option" not in shown, (lang, item.id)
        links = {anchor: target for target, anchor in HREF.findall(entry)}
        for clause_id in item.clauses:
            assert clause_id in links, (lang, item.id, clause_id)
            target = links[clause_id] or page
            box = block(pages(folder, lang, game)[target], clause_id, "</dl>")
            back = {anchor for _, anchor in HREF.findall(box)}
            assert item.id in back, (lang, item.id, clause_id)


def test_every_invariant_is_listed_in_the_box_of_each_of_its_clauses(site: SiteReport) -> None:
    """Counted the other way round: no invariant of any game is missing from the site."""
    folder = site.out / "site"
    for game in GAMES:
        for inv, clauses in invariants(game):
            for clause_id in clauses:
                _, box = find(folder, "en", game, clause_id, "</dl>")
                assert inv in INVARIANT.findall(box), (inv, clause_id)
