"""Own words: no clause text (English or German) and no reference prose repeats a
run of ten words from a rulebook. Facts and numbers carry over; sentences never do.

The rulebooks are the project's source material beside the repository
(``../shared/rulebooks``, or ``REGELWERK_RULEBOOKS``); CI has them there.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = Path(os.environ.get("REGELWERK_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))
RUN = 10


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def runs(text: str) -> Iterator[tuple[str, ...]]:
    w = words(text)
    return (tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1))


def our_texts() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "spec").glob("*/clauses.toml")):
        for clause in tomllib.loads(path.read_text(encoding="utf-8"))["clause"]:
            yield f"{path.relative_to(ROOT)} {clause['id']}", clause["text"]
    locales = ROOT / "locales" / "de" / "LC_MESSAGES"
    for path in sorted(locales.glob("regelwerk-*.po")):
        with path.open("rb") as f:
            for message in read_po(f):
                if message.id and message.context and "#" not in message.context:
                    yield f"{path.relative_to(ROOT)} {message.context}", str(message.string)
    for path in sorted((ROOT / "docs").rglob("*.md")):
        prose = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8"), flags=re.S)
        yield str(path.relative_to(ROOT)), prose
    for path in sorted(locales.glob("*/*.po")):
        with path.open("rb") as f:
            for message in read_po(f):
                if message.id:
                    yield str(path.relative_to(ROOT)), str(message.string)


def test_no_rulebook_sentence_is_copied() -> None:
    books = sorted(RULEBOOKS.glob("*.txt"))
    assert books, f"no rulebooks found in {RULEBOOKS} (set REGELWERK_RULEBOOKS)"
    seen = {run: book.name for book in books for run in runs(book.read_text(encoding="utf-8"))}
    texts = list(our_texts())
    assert len(texts) > 100
    copied = [f"{where}: '{' '.join(run)}' ({seen[run]})"
              for where, text in texts for run in runs(text) if run in seen]
    assert copied == []


def test_the_check_would_catch_a_copied_sentence() -> None:
    book = next(iter(sorted(RULEBOOKS.glob("medici_vs_strozzi*.txt"))))
    sentence = next(line for line in book.read_text(encoding="utf-8").splitlines()
                    if len(words(line)) > RUN + 2)
    seen = set(runs(book.read_text(encoding="utf-8")))
    assert any(run in seen for run in runs(f"Our text. {sentence} More of ours."))
