"""The citation index (regelwerk.citations): sections, sentences, and what the clauses cite."""

from __future__ import annotations

from pathlib import Path

from regelwerk import citations

TEXT = """Ein Spiel

Vorbereitung

Jeder nimmt drei Steine. Der Jüngste beginnt.

Ablauf einer Runde

Wer dran ist, zieht. Dann zahlt er! Danach ist der Nächste dran.

Achtung:
1. Niemand darf zweimal ziehen.

Spielende

Wer am meisten hat, gewinnt.
"""


def _book(tmp_path: Path, text: str = TEXT, name: str = "spiel.de.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_sections_split_at_headings_and_count_sentences() -> None:
    found = citations.sections(TEXT)
    assert [(s.heading, s.sentences) for s in found] == [
        ("Ein Spiel", 0), ("Vorbereitung", 2), ("Ablauf einer Runde", 4), ("Spielende", 1)]
    assert found[2].line == 7


def test_uncited_sections_show_up(tmp_path: Path) -> None:
    index = citations.index_book(_book(tmp_path), ["Ablauf einer Runde, Achtung 1",
                                                   "Vorbereitung"])
    assert (index.cited_sentences, index.sentences) == (6, 7)
    assert [s.heading for s in index.uncovered] == ["Spielende"]
    assert index.unresolved == ()


def test_a_later_part_may_be_a_detail_but_an_unknown_heading_is_reported(tmp_path: Path) -> None:
    index = citations.index_book(_book(tmp_path), ["Ablauf einer Runde; Achtung 1",
                                                   "Schlusswertung; Spielende"])
    assert index.unresolved == ("Schlusswertung",)
    assert index.cited_sentences == 5


def test_umlauts_numbering_and_editions(tmp_path: Path) -> None:
    text = ("# 2. SPIELAUFBAU\nEins. Zwei.\n\n# 4. AKTIONEN\n\n# a Ortsaktion ausführen\nDrei.\n"
            "\n# C Amt nehmen\nVier.\n\n# 5. ENDE\nFünf.\n\n# A Anhang\nSechs.\n")
    book = _book(tmp_path, text, "spiel.de.txt")
    index = citations.index_book(book, ["de: 2. Spielaufbau (Steine); en: 2. Setup", "4. a",
                                        "4. c", "5"])
    assert index.cited_sentences == 5
    assert [section.heading for section in index.uncovered] == ["A Anhang"]
    english = citations.index_book(_book(tmp_path, text, "spiel.en.txt"),
                                   ["de: Ortsaktion ausfuehren; en: 2. Spielaufbau"])
    assert english.cited_sentences == 2
    assert citations.normal("Anführerkarten") == citations.normal("Anfuehrerkarten")
