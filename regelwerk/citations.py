"""The citation index: which sections of a rule text the clauses cite (``regelwerk check``).

Every clause names its ``source``: the headings of the rule text it restates
(``"Ablauf einer Spielrunde, Achtung 1"``; Il Vecchio's clauses name both
editions, ``"de: …; en: …"``). This module splits a rule text into sections at
its headings, counts each section's sentences, and resolves every source to the
sections whose heading it names, so that the sentences no clause cites show up.

Headings are recognised from the text's layout: Markdown ``#`` lines where the
text has them, else short lines standing alone (a blank line before, no closing
punctuation, at most :data:`HEADING_WORDS` words). Sections are therefore as
fine as the text's own headings: a cited section counts all its sentences.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: A line of at most this many words, standing alone and without closing punctuation, is a heading.
HEADING_WORDS = 8
#: How close a cited heading must be to a heading of the text (difflib's ratio) to name it.
CLOSE = 0.85
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
LIST_NUMBER = re.compile(r"^\s*\d+\.\s")       # "1. " opening a list item: not a sentence end
LANGUAGE_PART = re.compile(r"^\s*(de|en)\s*:\s*", re.I)


@dataclass(frozen=True)
class Section:
    """One section of a rule text: its heading, the line it starts on, its sentences."""

    heading: str
    line: int
    sentences: int


def normal(text: str) -> str:
    """``text`` for comparing headings: lower case, umlauts as ``ae``/``oe``/``ue``/``ss``,
    numbering, punctuation and Markdown marks dropped."""
    text = text.lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    text = text.replace("ß", "ss")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"^[#\s]*(?:\d+\.|[a-e]\s)?\s*", "", text)
    return " ".join(re.findall(r"[a-z0-9]+", text))


def _is_heading(line: str, previous: str, markdown: bool) -> bool:
    stripped = line.strip()
    if markdown:
        return stripped.startswith("#")
    if not stripped or previous.strip() or stripped[0] in "-•>(*":
        return False
    if not stripped[0].isalnum() or not any(c.isalpha() for c in stripped):
        return False
    return len(stripped.split()) <= HEADING_WORDS and stripped[-1] not in ".,;:!?"


def sections(text: str) -> list[Section]:
    """The sections of a rule text, in order; text before the first heading is one more."""
    lines = text.splitlines()
    markdown = any(line.startswith("#") for line in lines)
    found: list[Section] = []
    heading, start, count = "", 1, 0
    previous = ""
    for number, line in enumerate(lines, start=1):
        if _is_heading(line, previous, markdown):
            found.append(Section(heading, start, count))
            heading, start, count = line.strip().lstrip("#").strip(), number, 0
        else:
            count += len(SENTENCE_END.findall(LIST_NUMBER.sub("", line)))
        previous = line
    found.append(Section(heading, start, count))
    return [s for s in found if s.sentences or s.heading]


def cited_headings(source: str, language: str) -> list[list[str]]:
    """The headings a clause's ``source`` names for the text in ``language``: one list per
    ``;``-part (a part may name several, ``"3. Spielablauf / 2. Spielaufbau"``)."""
    parts = re.split(r";(?![^(]*\))", source)
    chosen: list[list[str]] = []
    current = None                     # the language of "de: …; …; en: …" parts
    for part in parts:
        match = LANGUAGE_PART.match(part)
        if match:
            current = match.group(1).lower()
            part = part[match.end():]
        if current not in (None, language):
            continue
        head = re.split(r"[,(]", part, maxsplit=1)[0]
        pieces = [piece.strip() for piece in head.split("/") if piece.strip()]
        if pieces:
            chosen.append(pieces)
    return chosen


#: A cited heading that is only a numbering: ``"4"`` (section 4) or ``"4. a"`` (its item a).
NUMBERING = re.compile(r"^(\d+)(?:\.\s*([a-e]))?$")
NUMBERED = re.compile(r"^\d+\.\s")


def resolve(head: str, found: Sequence[Section]) -> list[int]:
    """The indices of the sections whose heading ``head`` names."""
    numbering = NUMBERING.match(head.strip())
    if numbering:
        number, item = numbering.groups()
        sections = [i for i, s in enumerate(found) if s.heading.startswith(f"{number}.")]
        if not item or not sections:
            return sections
        # item "c" of section 4: the first heading "c …" (either case) after "4. …",
        # before the next numbered section
        for i in range(sections[0] + 1, len(found)):
            heading = found[i].heading
            if NUMBERED.match(heading):
                break
            if heading[:2].lower() == f"{item} ":
                return [i]
        return []
    wanted = normal(head)
    if not wanted:
        return []
    exact = [i for i, s in enumerate(found) if normal(s.heading) == wanted]
    if exact:
        return exact
    close = [i for i, s in enumerate(found) if normal(s.heading) and (
        difflib.SequenceMatcher(None, wanted, normal(s.heading)).ratio() >= CLOSE
        or (len(wanted) >= 5 and wanted in normal(s.heading)))]
    return close


@dataclass(frozen=True)
class BookIndex:
    """How much of one rule text the clauses cite."""

    book: str
    sections: tuple[Section, ...]
    cited: frozenset[int]
    unresolved: tuple[str, ...]         # cited headings found nowhere in this text

    @property
    def sentences(self) -> int:
        return sum(s.sentences for s in self.sections)

    @property
    def cited_sentences(self) -> int:
        return sum(s.sentences for i, s in enumerate(self.sections) if i in self.cited)

    @property
    def uncovered(self) -> list[Section]:
        return [s for i, s in enumerate(self.sections) if i not in self.cited and s.sentences]

    def to_json(self) -> dict[str, Any]:
        return {"book": self.book, "sentences": self.sentences,
                "cited_sentences": self.cited_sentences,
                "uncovered": [{"heading": s.heading, "line": s.line, "sentences": s.sentences}
                              for s in self.uncovered],
                "unresolved": list(self.unresolved)}


def language_of(book: Path) -> str:
    """The language of a rule text from its name (``florenz.de.txt``: ``de``)."""
    suffixes = book.name.split(".")
    return suffixes[-2] if len(suffixes) >= 3 else "de"


def index_book(book: Path, sources: Iterable[str]) -> BookIndex:
    """The citation index of one rule text for the clause ``sources``."""
    found = sections(book.read_text(encoding="utf-8"))
    language = language_of(book)
    cited: set[int] = set()
    unresolved: list[str] = []
    for source in sources:
        resolved_before = False
        for pieces in cited_headings(source, language):
            for head in pieces:
                hits = resolve(head, found)
                cited.update(hits)
                # "Heading, paragraph 1; Achtung 4": a later part may name a detail of
                # the heading before it rather than a heading of its own
                if not hits and not resolved_before and head not in unresolved:
                    unresolved.append(head)
                resolved_before = resolved_before or bool(hits)
    return BookIndex(book.name, tuple(found), frozenset(cited), tuple(unresolved))


def index_game(folder: Path, game: str, clauses: Mapping[str, Any]) -> list[BookIndex]:
    """The citation index of every rule text of ``game`` in ``folder`` (``<game>*.txt``)."""
    sources = [clause.source for clause in clauses.values()]
    return [index_book(book, sources) for book in sorted(folder.glob(f"{game}*.txt"))]
