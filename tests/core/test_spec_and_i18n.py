"""Core layers: spec loading errors, clause rendering, catalogs and their audit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_text
from regelwerk.engine.core.i18n import gettext_for, translation
from regelwerk.engine.core.spec import SpecError, load_board_file, load_numbers

from regelwerk import catalogs, games

ROOT = Path(__file__).resolve().parents[2]


def test_numbers_need_source_confidence_and_reasons() -> None:
    with pytest.raises(SpecError, match=r"x\.toml: a lacks confidence"):
        load_numbers({"a": {"value": 1, "source": "s"}}, "x.toml")
    with pytest.raises(SpecError, match="assumed but gives no reason"):
        load_numbers({"a": {"value": 1, "source": "s", "confidence": "assumed"}}, "x.toml")
    with pytest.raises(SpecError, match="confidence must be one of"):
        load_numbers({"a": {"value": 1, "source": "s", "confidence": "guessed"}}, "x.toml")
    nested = load_numbers({"a": {"b": {"value": 2, "source": "s", "confidence": "stated"}}}, "f")
    assert nested["a.b"].value == 2


def test_board_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "board.toml"
    bad.write_text("[board.track_half_length\nvalue = 3\n")
    with pytest.raises(SpecError, match=str(bad)):
        load_board_file(bad)
    good = tmp_path / "printed.toml"
    good.write_text('[board.track_half_length]\nvalue = 6\nsource = "my box"\n'
                    'confidence = "stated"\n')
    assert load_board_file(good) == {"board.track_half_length": 6}


def test_clause_text_reads_numbers_from_spec() -> None:
    spec = spec_module.load("medici_vs_strozzi")
    changed = spec.with_numbers({"economy.start_money": 123})
    assert "123" in clause_text(changed, "medici_vs_strozzi:setup.money", "en")
    assert "123" in clause_text(changed, "medici_vs_strozzi:setup.money", "de")
    assert str(spec["economy.start_money"]) in clause_text(spec, "medici_vs_strozzi:setup.money",
                                                           "en")


def test_german_catalog_is_really_used() -> None:
    # A missing catalog would fall back to English silently: assert German output.
    assert gettext_for("de", "The bag is empty.") == "Der Beutel ist leer."
    assert translation("de").pgettext("medici_vs_strozzi:turn.payment#title",
                                      "Paying the bank") == "An die Bank zahlen"


def test_engine_catalogs_are_complete() -> None:
    """The core catalog and every game's (a spec folder that is not yet a game, such as
    Lorenzo's data before its engine, has no catalog to audit)."""
    names = {"regelwerk", *(f"regelwerk-{game}" for game in games.games())}
    problems = [p for name in sorted(names) for p in catalogs.audit(ROOT, only=name)]
    assert problems == []


def _copy_catalog(tmp_path: Path) -> tuple[Path, catalogs.Domain]:
    domain = next(d for d in catalogs.domains(ROOT) if d.name.endswith("medici_vs_strozzi"))
    path = tmp_path / "copy.po"
    shutil.copy(catalogs.catalog_path(ROOT, "de", domain.name), path)
    return path, domain


@pytest.mark.parametrize(("old", "new", "kind"), [
    ('msgstr "Der Beutel ist leer."', 'msgstr ""', "untranslated"),
    ('msgid "The bag is empty."', '#, fuzzy\nmsgid "The bag is empty."', "fuzzy"),
    ('msgstr "Es gibt kein Schiff {ship}."', 'msgstr "Es gibt kein Schiff."', "placeholders"),
])
def test_audit_finds_untranslated_fuzzy_and_placeholder_gaps(tmp_path: Path, old: str, new: str,
                                                             kind: str) -> None:
    path, domain = _copy_catalog(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = catalogs.audit_catalog(path, catalogs.template(domain))
    assert [p.kind for p in problems] == [kind]


def test_audit_finds_missing_and_obsolete(tmp_path: Path) -> None:
    path, domain = _copy_catalog(tmp_path)
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgid "The bag is empty."', 'msgid "The sack is empty."', 1)
    path.write_text(text, encoding="utf-8")
    kinds = sorted(p.kind for p in catalogs.audit_catalog(path, catalogs.template(domain)))
    assert kinds == ["missing", "obsolete"]
