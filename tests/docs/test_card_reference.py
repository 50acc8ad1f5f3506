"""The Lorenzo card reference as built: one anchored row per card, leader, excommunication
tile and bonus tile in both languages, its text the engine's, and a labelled filter box."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest
from regelwerk.engine.lorenzo import describe
from regelwerk.engine.lorenzo.rules import data_file

from regelwerk.site import SiteReport

PAGE = "lorenzo/cards.html"
KINDS = tuple(describe.REFERENCES)
ROW = re.compile(r'<tr\b[^>]*\bid="([^"]+)"[^>]*>(.*?)</tr>', re.S)
CELL = re.compile(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", re.S)
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

pytestmark = pytest.mark.slow


def plain(fragment: str) -> str:
    """Text of an html fragment, whitespace collapsed, typographic quotes made plain again
    (Sphinx's smart quotes turn the apostrophe of "Carpenter's Shop" into a curly one)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment)).translate(QUOTES)
    return " ".join(text.split())


def page(site: SiteReport, lang: str) -> str:
    return (site.out / "site" / lang / PAGE).read_text(encoding="utf-8")


def built_rows(source: str) -> dict[str, list[str]]:
    return {anchor: [plain(cell) for cell in CELL.findall(row)]
            for anchor, row in ROW.findall(source)}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_item_has_a_row_with_the_engines_text(site: SiteReport, lang: str) -> None:
    built = built_rows(page(site, lang))
    expected = 0
    for kind in KINDS:
        reference = describe.reference(kind, lang)
        for table in reference.tables:
            for row in table.rows:
                anchor = f"lorenzo:{reference.item}.{row.id}"
                assert built.get(anchor) == [" ".join(c.split()) for c in row.cells], anchor
                expected += 1
    assert len(built) == expected


def test_names_are_in_the_language_of_the_page(site: SiteReport) -> None:
    english, german = built_rows(page(site, "en")), built_rows(page(site, "de"))
    for card in data_file("cards.toml")["card"]:
        anchor = f"lorenzo:card.{card['id']}"
        assert english[anchor][0] == card["name_en"]
        assert german[anchor][0] == card["name_de"]
    assert english != german


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_reference_has_a_labelled_search_box_and_its_script(site: SiteReport,
                                                                 lang: str) -> None:
    source = page(site, lang)
    for kind in KINDS:
        reference = describe.reference(kind, lang)
        box = f"lorenzo:cards.{kind}.filter"
        assert f'<label for="{box}">{html.escape(reference.filter_label)}</label>' in source
        field = re.search(rf'<input type="search" id="{re.escape(box)}"[^>]*>', source)
        assert field, kind
        controls = re.search(r'aria-controls="([^"]+)"', field.group(0))
        assert controls and controls.group(1).split() == [
            f"lorenzo:table.{table.key}" for table in reference.tables]
    assert re.search(r'<script defer="defer" src="[^"]*_static/regelwerk-cards\.js', source)
    assert (site.out / "site" / lang / "_static" / "regelwerk-cards.js").is_file()
    ids = Counter(re.findall(r'\bid="([^"]+)"', source))
    assert not [name for name, count in ids.items() if count > 1]


def test_only_pages_with_card_tables_load_the_script(site: SiteReport) -> None:
    index = (site.out / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "regelwerk-cards.js" not in index
