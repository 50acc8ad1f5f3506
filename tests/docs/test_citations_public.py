"""Every citation the site shows points to a source its reader can open (issue 34, point 5).

The site shows the spec's texts (numbers' sources and reasons, glossary notes, the
register's evidence and options, in English and through ``regelwerk-<game>.po`` in
German) and the pages (``docs/**/*.md`` and their German catalogs). None of them may
cite the project's own research files (``shared/data/…/facts.json``, a ``README.md``):
they cite the public page, review or repository those files name.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales" / "de" / "LC_MESSAGES"
UNREADABLE = re.compile(r"shared/data|facts\.json|README\.md")


def strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    """Every string of a parsed TOML value, with where it sits."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, f"{where}.{key}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from strings(item, f"{where}[{n}]")


def spec_texts() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "spec").glob("*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        yield from strings(data, str(path.relative_to(ROOT)))


def shown_catalog_texts() -> Iterator[tuple[str, str]]:
    """The German spec texts (``regelwerk-<game>.po``) and every page catalog."""
    for path in sorted(LOCALES.rglob("*.po")):
        if path.name == "regelwerk.po":
            continue   # the command line's own messages, not shown as a citation
        for entry in polib.pofile(str(path)):
            where = f"{path.relative_to(ROOT)} {entry.msgctxt or entry.msgid[:40]!r}"
            yield where, entry.msgid
            yield where, entry.msgstr


def page_sources() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "docs").rglob("*.md")):
        if path.name != "README.md":   # docs/README.md is for contributors, not a page
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


@pytest.mark.parametrize("texts", [spec_texts, shown_catalog_texts, page_sources],
                         ids=["spec", "catalogs", "pages"])
def test_no_citation_of_a_file_the_reader_cannot_open(texts: object) -> None:
    assert callable(texts)
    found = [f"{where}: {match.group(0)!r} in {text[max(0, match.start() - 60):match.end() + 20]!r}"
             for where, text in texts() for match in UNREADABLE.finditer(text)]
    assert not found, "cite the public source itself:\n" + "\n".join(found)


def test_the_check_finds_a_private_citation() -> None:
    found = [m.group(0) for m in UNREADABLE.finditer(
        "9 crests: shared/data/il_vecchio/facts.json; see the README.md")]
    assert found == ["shared/data", "facts.json", "README.md"]
    assert not UNREADABLE.search("weltensicht.de component list "
                                 "(https://weltensicht.de/index.php/angespielt/528-il-vecchio)")
