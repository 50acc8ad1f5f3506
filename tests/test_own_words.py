"""Own words (:mod:`regelwerk.own_words`): no clause text (English or German) and no
reference prose repeats a run of ten words from a rulebook.

The rulebooks are not part of the repository: the real comparison runs when
``REGELWERK_RULEBOOKS`` names their folder (CI: ``.ci/run``), and is reported as
not run otherwise (``tests/conftest.py``). The checker itself is tested on a
small made-up rulebook, with or without the real ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk import own_words
from regelwerk.cli import main

ROOT = Path(__file__).resolve().parents[1]
BOOK = ("Wer am Zug ist, zieht verdeckt ein Plättchen aus dem Beutel und legt es offen vor sich "
        "auf den Tisch. Danach bietet er es seinem Gegner an.")


@pytest.mark.rulebooks
def test_no_rulebook_sentence_is_copied(rulebooks: Path) -> None:
    texts = list(own_words.our_texts(ROOT))
    assert len(texts) > 100
    found = own_words.copied(texts, own_words.book_runs(rulebooks))
    assert [str(f) for f in found] == []


def _checkout(tmp_path: Path, clause_text: str, page: str = "Our own prose.\n") -> Path:
    root = tmp_path / "tree"
    (root / "spec" / "demo").mkdir(parents=True)
    (root / "spec" / "demo" / "clauses.toml").write_text(
        f'[[clause]]\nid = "demo:turn.draw"\ntext = "{clause_text}"\n', encoding="utf-8")
    (root / "docs" / "demo").mkdir(parents=True)
    (root / "docs" / "demo" / "turn.md").write_text(page, encoding="utf-8")
    return root


def _books(tmp_path: Path) -> Path:
    folder = tmp_path / "rulebooks"
    folder.mkdir()
    (folder / "demo.de.txt").write_text(BOOK, encoding="utf-8")
    return folder


def test_the_check_would_catch_a_copied_sentence(tmp_path: Path) -> None:
    copied = "Danach zieht verdeckt ein Plättchen aus dem Beutel und legt es offen vor sich hin."
    fenced = "# zieht verdeckt ein Plättchen aus dem Beutel und legt es offen vor sich"
    page = f"# Turn\n\nCode is not prose:\n\n```python\n{fenced}\n```\n"
    root = _checkout(tmp_path, copied, page)
    found = own_words.find_copied(_books(tmp_path), root)
    assert [str(f) for f in found] == [
        "spec/demo/clauses.toml demo:turn.draw: "
        "'zieht verdeckt ein plättchen aus dem beutel und legt es offen vor sich' (demo.de.txt)"]


def test_nine_shared_words_are_no_copy(tmp_path: Path) -> None:
    root = _checkout(tmp_path, "Er zieht verdeckt ein Plättchen aus dem Beutel und legt ihn weg.")
    assert own_words.find_copied(_books(tmp_path), root) == []


def test_the_folder_must_be_given_and_hold_texts(tmp_path: Path) -> None:
    with pytest.raises(own_words.RulebooksMissing, match="REGELWERK_RULEBOOKS is not set"):
        own_words.rulebook_folder(environ={})
    with pytest.raises(own_words.RulebooksMissing, match="does not exist"):
        own_words.rulebook_folder(environ={own_words.ENV: str(tmp_path / "nowhere")})
    with pytest.raises(own_words.RulebooksMissing, match=r"holds no rulebook texts"):
        own_words.rulebook_folder(tmp_path)
    assert own_words.rulebook_folder(environ={own_words.ENV: str(_books(tmp_path))}).is_dir()


def test_check_reports_copied_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    books = tmp_path / "rulebooks"
    books.mkdir()
    clause = next(text for where, text in own_words.our_texts(ROOT, "medici_vs_strozzi")
                  if where.endswith("medici_vs_strozzi:turn.offer"))
    (books / "copy.txt").write_text(f"Some rulebook. {clause} More of it.", encoding="utf-8")
    code = main(["check", "medici_vs_strozzi", "--root", str(ROOT), "--rulebooks", str(books),
                 "--lang", "de"])
    out = capsys.readouterr().out
    assert code == 1
    assert "KOPIERT spec/medici_vs_strozzi/clauses.toml medici_vs_strozzi:turn.offer" in out
    assert "1 kopierte Wortfolgen" in out


def test_check_reads_the_folder_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(own_words.ENV, str(_books(tmp_path)))
    main(["check", "medici_vs_strozzi", "--root", str(ROOT), "--lang", "en", "--json"])
    out = capsys.readouterr().out
    assert '"copied": []' in out and '"books": 1' in out, out
    monkeypatch.setenv(own_words.ENV, str(tmp_path / "nowhere"))
    main(["check", "medici_vs_strozzi", "--root", str(ROOT), "--lang", "de"])
    assert "eigene Worte: nicht geprüft: Regelheft-Ordner" in capsys.readouterr().out


def test_check_refuses_a_rulebook_folder_that_is_not_there(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--root", str(ROOT), "--rulebooks", str(tmp_path / "nowhere"), "--lang", "en"])
    assert code == 2
    assert "(from --rulebooks) does not exist" in capsys.readouterr().err
