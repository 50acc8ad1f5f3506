"""The spec loader refuses keys it does not know, naming the file and the key path.

Each test edits one table of a copy of ``spec/medici_vs_strozzi/`` (or a
printed-board file) the way a typo would; before the schema these loaded
silently and the misspelt key was ignored.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from regelwerk.engine.core.spec import SpecError, load_board_file, load_folder, load_numbers

ROOT = Path(__file__).resolve().parents[2]
GAME = "medici_vs_strozzi"


def _spec_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / GAME
    shutil.copytree(ROOT / "spec" / GAME, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _refused(folder: Path, file: str, key: str) -> SpecError:
    with pytest.raises(SpecError) as caught:
        load_folder(folder)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"spec/{GAME}/{file}: unknown key {key} (allowed: "), message
    return caught.value


def test_the_copy_loads_unchanged(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "numbers.toml", "[meta]", "[meta]")
    assert load_folder(folder).meta["title"] == "Medici vs Strozzi"


def test_a_misspelt_range_in_a_number_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "board.toml", "range = [2, 8]", "rnage = [2, 8]")
    error = _refused(folder, "board.toml", "board.track_half_length.rnage")
    assert error.message_in("de").startswith(
        f"spec/{GAME}/board.toml: unbekannter Schlüssel board.track_half_length.rnage (erlaubt: ")


def test_a_misspelt_value_does_not_make_the_number_a_group(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match=r"^x\.toml: unknown key a\.vlaue \(allowed: "):
        load_numbers({"a": {"vlaue": 3, "source": "s", "confidence": "stated"}}, "x.toml")
    with pytest.raises(SpecError, match=r"^x\.toml: a lacks value$"):
        load_numbers({"a": {"source": "s", "confidence": "stated"}}, "x.toml")


@pytest.mark.parametrize("rng", ["[8, 2]", "[2]", "[2, 8.5]", '"2-8"', "[true, 3]"])
def test_a_range_must_be_two_whole_numbers_low_to_high(tmp_path: Path, rng: str) -> None:
    folder = _spec_copy(tmp_path, "board.toml", "range = [2, 8]", f"range = {rng}")
    with pytest.raises(SpecError, match=re.escape(
            f"spec/{GAME}/board.toml: board.track_half_length.range must be [low, high]")):
        load_folder(folder)


def test_an_unknown_key_in_a_clause_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "clauses.toml", 'group = "setup"', 'group = "setup"\ngruop = "x"')
    _refused(folder, "clauses.toml", f"clause[{GAME}:setup.harbours].gruop")


def test_a_misspelt_array_of_clauses_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "clauses.toml", "[[clause]]", "[[clasue]]")
    _refused(folder, "clauses.toml", "clasue")


def test_an_unknown_key_in_an_interpretation_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "interpretations.toml", "\nreason = ", "\nreasons = ")
    with pytest.raises(SpecError, match=rf"^spec/{GAME}/interpretations\.toml: unknown key "
                                        rf"interpretation\[{GAME}:interp\.[a-z_]+\]\.reasons "):
        load_folder(folder)


def test_an_unknown_key_in_an_interpretation_option_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "interpretations.toml", "{ id = ", "{ key = ")
    with pytest.raises(SpecError, match=r"interpretation\[.+\]\.options\[0\]\.key \(allowed: id, "
                                        r"text\)$"):
        load_folder(folder)


def test_an_unknown_key_in_a_glossary_term_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "glossary.toml", "\nde = ", "\ngerman = ")
    with pytest.raises(SpecError, match=rf"^spec/{GAME}/glossary\.toml: unknown key "
                                        r"term\[[a-z_]+\]\.german \(allowed: de, en, key, note\)$"):
        load_folder(folder)


def test_an_unknown_key_in_meta_is_refused(tmp_path: Path) -> None:
    folder = _spec_copy(tmp_path, "numbers.toml", "\nedition = ", "\nedtion = ")
    _refused(folder, "numbers.toml", "meta.edtion")


def test_a_printed_board_with_an_unknown_key_names_the_users_file(tmp_path: Path) -> None:
    board = tmp_path / "my board.toml"
    board.write_text("[board.track_half_length]\nvalue = 6\nrnage = [2, 8]\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_board_file(board)
    assert str(caught.value).startswith(
        f"{board}: unknown key board.track_half_length.rnage (allowed: ")
    assert caught.value.message_in("de").startswith(
        f"{board}: unbekannter Schlüssel board.track_half_length.rnage")
    board.write_text("[board.track_half_length]\nvlaue = 6\n", encoding="utf-8")
    with pytest.raises(SpecError, match=re.escape(f"{board}: unknown key board.track_half_length.vlaue")):
        load_board_file(board)


def test_a_clause_is_a_rule_or_a_statement_about_the_text(tmp_path: Path) -> None:
    """``kind = "statement"`` marks a clause no engine function implements (check does
    not ask for one); any other kind is refused in one line naming the clause."""
    folder = _spec_copy(tmp_path, "clauses.toml", 'group = "setup"',
                        'kind = "statement"\ngroup = "setup"')
    loaded = load_folder(folder).clauses
    assert loaded[f"{GAME}:setup.harbours"].statement
    assert not loaded[f"{GAME}:setup.markers"].statement
    folder = _spec_copy(tmp_path / "bad", "clauses.toml", 'group = "setup"',
                        'kind = "remark"\ngroup = "setup"')
    with pytest.raises(SpecError, match=rf"clause '{GAME}:setup.harbours': kind must be one "
                                        r"of rule, statement, not 'remark'"):
        load_folder(folder)
