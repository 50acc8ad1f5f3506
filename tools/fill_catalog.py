"""Translator's helper: write msgstr entries from a Python dict into a catalog.

``python tools/fill_catalog.py CATALOG.po TRANSLATIONS.py`` where the .py file
defines ``DE = {context_or_msgid: german}``. Existing msgstr are overwritten,
fuzzy flags cleared; entries not in the dict are left alone. Formatting is
Babel's, so the file stays a normal gettext catalog.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from regelwerk.catalogs import write_catalog


def fill(catalog_path: Path, translations: dict[str, str]) -> int:
    with catalog_path.open("rb") as f:
        catalog = read_po(f)
    done = 0
    for message in catalog:
        if not message.id:
            continue
        key = message.context if message.context in translations else message.id
        if key in translations:
            message.string = translations[key]
            message.flags.discard("fuzzy")
            done += 1
    write_catalog(catalog_path, catalog)
    return done


if __name__ == "__main__":
    path, table = Path(sys.argv[1]), runpy.run_path(sys.argv[2])["DE"]
    print(f"{path}: {fill(path, table)} entries written")
