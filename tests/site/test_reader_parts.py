"""The parts of the reference a reader follows, without a build: example comments found
and put in the build language with the code unchanged, the public names and source of
"implemented by", and the ids of the one-page reference kept unique."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from docutils import nodes
from sphinx import addnodes

from regelwerk.sphinxext import comments
from regelwerk.sphinxext.clause import _split, implementers
from regelwerk.sphinxext.printable import unique_ids

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/index.md"))

DOCTEST = """\
>>> # clause: florenz:queue.priority
>>> # a line of its own
>>> state = fz.apply(state, fz.Send(5))     # violet arrives
>>> members(state,
...         5)  # two lines, one example
[('blue', 0)]  # expected output, not code
>>> text = "# not a comment"   # doctest: +ELLIPSIS
>>> text
'# not a comment'"""
GERMAN = {"a line of its own": "eine eigene Zeile", "violet arrives": "Violett kommt hinzu",
          "two lines, one example": "zwei Zeilen", "expected output, not code": "nicht ersetzen"}


def test_comments_are_the_explaining_ones_of_the_code_lines() -> None:
    found = comments.comments(DOCTEST, doctest_block=True)
    assert [(line, text) for line, _, text in found] == [
        (1, "a line of its own"), (2, "violet arrives"), (4, "two lines, one example")]
    lines = DOCTEST.split("\n")
    assert all(lines[line][column] == "#" for line, column, _ in found)


def test_translated_comments_leave_every_line_of_code_as_it_was() -> None:
    shown = comments.translated(DOCTEST, True, GERMAN)
    before, after = DOCTEST.split("\n"), shown.split("\n")
    assert after[1] == ">>> # eine eigene Zeile"
    assert after[2] == ">>> state = fz.apply(state, fz.Send(5))     # Violett kommt hinzu"
    assert after[4] == "...         5)  # zwei Zeilen"
    assert [a for a, b in zip(before, after, strict=True) if a != b] == [
        before[1], before[2], before[4]]
    assert "nicht ersetzen" not in shown   # the expected output is not code
    assert comments.translated(DOCTEST, True, {}) == DOCTEST


def test_plain_python_comments_are_found_too() -> None:
    code = "x = 1  # one\n# clause: florenz:queue.rank\ny = '#'  # type: int\nz = 2  # type of z\n"
    assert [text for _, _, text in comments.comments(code, doctest_block=False)] == [
        "one", "type of z"]


@pytest.mark.parametrize("game", GAMES)
def test_implemented_by_shows_a_public_name_for_the_same_function(game: str) -> None:
    listed = {item for items in implementers(game).values() for item in items}
    assert listed
    for item in listed:
        defined = getattr(importlib.import_module(item.module), item.qualname.split(".")[0])
        for part in item.qualname.split(".")[1:]:
            defined = getattr(defined, part)
        assert _split(item.shown)[2] is defined, item
        if item.shown != item.defined:
            assert not any(part.startswith("_") for part in item.shown.split(".")), item


def test_a_function_the_package_exports_is_shown_under_that_name() -> None:
    renamed = [item for game in GAMES for items in implementers(game).values()
               for item in items if item.shown != item.defined]
    assert renamed
    for item in renamed:
        package = importlib.import_module(".".join(item.shown.split(".")[:3]))
        assert item.shown.split(".")[3] in package.__all__, item


def test_ids_two_inlined_pages_share_are_made_unique_and_links_follow() -> None:
    tree = nodes.document(None, None)
    tree["ids"] = []
    first = nodes.section(ids=["setup"])
    first += nodes.reference("", "", refuri="#document-game/solo#setup")
    tree += first
    solo = addnodes.start_of_file(docname="game/solo")
    section = nodes.section(ids=["setup"])
    section += nodes.reference("", "", refid="setup")
    section += nodes.reference("", "", refuri="#document-game/index#setup")
    section += nodes.reference("", "", refuri="#document-game/solo")
    solo += section
    tree += solo
    unique_ids(tree, "game/index")
    assert first["ids"] == ["setup"] and section["ids"] == ["game/solo/setup"]
    links = [ref.get("refuri") or ref.get("refid") for ref in tree.findall(nodes.reference)]
    assert links == ["#game/solo/setup", "game/solo/setup", "#setup", "#document-game/solo"]
