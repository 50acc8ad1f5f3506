"""Own words: no text of regelwerk repeats a run of ten words from a rulebook.

The rulebooks are source material: facts and numbers carry over, sentences
never do. :func:`find_copied` compares what the project writes itself — the
clause texts (``spec/<game>/clauses.toml``), their German translations (the
clause entries of ``regelwerk-<game>.po``), the prose of the reference pages
(``docs/``, code fences left out) and the pages' German catalogs — with the
rulebook texts (``*.txt``) of a folder.

The rulebooks are not part of the repository, so the folder is always given
explicitly: ``regelwerk check --rulebooks DIR`` or ``REGELWERK_RULEBOOKS``.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.i18n import N_

ENV = "REGELWERK_RULEBOOKS"
RUN = 10

Run = tuple[str, ...]


class RulebooksMissing(LocalizedError):
    """The rulebook folder is not given, does not exist or holds no texts."""


@dataclass(frozen=True)
class Finding:
    """A passage of ours that repeats a rulebook: where (file, clause or line), the words, the book."""

    where: str
    words: str
    book: str

    def __str__(self) -> str:
        return f"{self.where}: '{self.words}' ({self.book})"


def words(text: str) -> list[str]:
    """The words of ``text``, lower case (punctuation and layout do not matter)."""
    return re.findall(r"\w+", text.lower())


def runs(text: str) -> Iterator[Run]:
    """Every run of :data:`RUN` consecutive words of ``text``."""
    found = words(text)
    return (tuple(found[i:i + RUN]) for i in range(len(found) - RUN + 1))


def rulebook_folder(given: Path | None = None, environ: Mapping[str, str] = os.environ) -> Path:
    """The rulebook folder: ``given``, else ``REGELWERK_RULEBOOKS``.

    Raises :class:`RulebooksMissing` (with the reason) when neither is set, the
    folder does not exist or it holds no ``*.txt``.
    """
    source = "--rulebooks" if given is not None else ENV
    if given is None:
        if not environ.get(ENV):
            raise RulebooksMissing(N_("{env} is not set (the rulebooks are not part of the repository)"),
                                   env=ENV)
        given = Path(environ[ENV])
    try:
        folder = given.is_dir()
    except OSError:                    # a name too long to look up, say
        folder = False
    if not folder:
        raise RulebooksMissing(N_("rulebook folder {folder} (from {source}) does not exist"),
                               folder=given, source=source)
    if not books(given):
        raise RulebooksMissing(N_("rulebook folder {folder} (from {source}) holds no rulebook "
                                  "texts (*.txt)"), folder=given, source=source)
    return given


def books(folder: Path) -> list[Path]:
    """The rulebook texts in ``folder``."""
    return sorted(folder.glob("*.txt"))


def book_runs(folder: Path) -> dict[Run, str]:
    """Every run of every rulebook in ``folder``, with the book's file name."""
    return {run: book.name for book in books(folder) for run in runs(book.read_text(encoding="utf-8"))}


def _catalog(path: Path) -> Iterator[tuple[int | None, str | None, str]]:
    """``(line, context, German text)`` of every message of a catalog."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        for message in read_po(f):
            if message.id:
                yield message.lineno, message.context, str(message.string)


def our_texts(root: Path, game: str | None = None) -> Iterator[tuple[str, str]]:
    """``(where, text)`` of every text regelwerk writes itself (``game``: that game's only)."""
    pattern = game or "*"
    for path in sorted((root / "spec").glob(f"{pattern}/clauses.toml")):
        for clause in tomllib.loads(path.read_text(encoding="utf-8")).get("clause", []):
            yield f"{path.relative_to(root)} {clause['id']}", clause["text"]
    locales = root / "locales" / "de" / "LC_MESSAGES"
    for path in sorted(locales.glob(f"regelwerk-{pattern}.po")):
        for _line, context, text in _catalog(path):
            if context and "#" not in context:          # a clause text (msgctxt = clause id)
                yield f"{path.relative_to(root)} {context}", text
    docs = root / "docs" / game if game else root / "docs"
    for path in sorted(docs.rglob("*.md")):
        prose = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8"), flags=re.S)
        yield str(path.relative_to(root)), prose
    for path in sorted(locales.glob(f"{pattern}/*.po")):
        for line, _context, text in _catalog(path):
            yield f"{path.relative_to(root)}:{line}", text


def copied(texts: Iterable[tuple[str, str]], seen: Mapping[Run, str]) -> list[Finding]:
    """Every passage of ``texts`` made of rulebook runs (overlapping runs joined into one)."""
    findings = []
    for where, text in texts:
        found = words(text)
        start = end = -1
        book = ""
        for i in range(len(found) - RUN + 1):
            run = tuple(found[i:i + RUN])
            if run not in seen:
                continue
            if i > end:
                if end >= 0:
                    findings.append(Finding(where, " ".join(found[start:end]), book))
                start, book = i, seen[run]
            end = i + RUN
        if end >= 0:
            findings.append(Finding(where, " ".join(found[start:end]), book))
    return findings


def find_copied(rulebooks: Path, root: Path, game: str | None = None) -> list[Finding]:
    """Every passage of the checkout at ``root`` that repeats a rulebook in ``rulebooks``."""
    return copied(our_texts(root, game), book_runs(rulebooks))
