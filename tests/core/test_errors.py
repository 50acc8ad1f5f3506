"""Localized errors: English ``str()``, the reader's language from ``message_in``."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from regelwerk.engine import il_vecchio
from regelwerk.engine.core.errors import IllegalAction, Joined, LocalizedError, Message
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import GameRecord, RecordError
from regelwerk.engine.core.spec import SpecError, load_board_file, load_numbers


def test_message_in_falls_back_to_english_for_an_unknown_template() -> None:
    error = LocalizedError(N_("no catalog has this {thing} in it"), thing="sentence")
    assert error.message_in("de") == "no catalog has this sentence in it"
    assert str(error) == error.message_in("en") == "no catalog has this sentence in it"
    assert isinstance(error, ValueError)


def test_plain_strings_are_still_accepted_even_with_braces() -> None:
    # Older code raises SpecError(f"..."); braces in the text are not placeholders.
    error = SpecError("x.toml: value {'a': 1} is odd")
    assert str(error) == error.message_in("de") == "x.toml: value {'a': 1} is odd"


def test_a_translation_that_does_not_fit_falls_back_to_english(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from regelwerk.engine.core import errors

    monkeypatch.setattr(errors, "gettext_for", lambda lang, message: "kaputt {missing}")
    assert LocalizedError(N_("fine {x}"), x=1).message_in("de") == "fine 1"


def test_spec_error_is_english_for_match_and_german_on_request() -> None:
    with pytest.raises(SpecError, match=r"x\.toml: a lacks confidence") as caught:
        load_numbers({"a": {"value": 1, "source": "s"}}, "x.toml")
    assert caught.value.message_in("de") == "x.toml: bei a fehlt confidence"
    assert caught.value.fields == {"file": "x.toml", "path": "a", "keys": "confidence"}


def test_record_error_names_the_file_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(RecordError, match="format must be") as caught:
        GameRecord.read(path)
    german = caught.value.message_in("de")
    assert german.startswith(f"{path}: format muss ") and "'something else'" in german


def test_illegal_action_keeps_its_clause_and_translates() -> None:
    error = IllegalAction("medici_vs_strozzi:turn.draw", N_("The bag is empty."))
    assert error.clause == "medici_vs_strozzi:turn.draw"
    assert str(error) == "The bag is empty. (rule medici_vs_strozzi:turn.draw)"
    assert error.message_in("de").startswith("Der Beutel ist leer.")
    assert isinstance(error, LocalizedError)


def test_localized_errors_survive_pickling() -> None:
    for error in (SpecError(N_("{file}: {path} lacks {keys}"), file="f", path="p", keys="k"),
                  IllegalAction("c:x", N_("There is no ship {ship}."), ship=3)):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and str(copy) == str(error)
        assert copy.message_in("de") == error.message_in("de")


def test_nested_messages_are_rendered_in_the_reader_language() -> None:
    inner = SpecError(N_("{file}: not valid TOML: {error}"), file="b.toml", error="oops")
    outer = SpecError(N_("{file}: options: {error}"), file="r.json", error=inner)
    assert str(outer) == "r.json: options: b.toml: not valid TOML: oops"
    assert outer.message_in("de") == "r.json: Optionen: b.toml: kein gültiges TOML: oops"
    joined = Joined([Message(N_("{town} must be green"), town="a"), "plain"])
    assert joined.message_in("de") == "a muss grün sein; plain" and str(joined).startswith("a must")


def test_il_vecchio_board_problems_are_german_and_name_the_board_file(tmp_path: Path) -> None:
    board = tmp_path / "printed.toml"
    board.write_text("[board.tracks.milano]\ncosts = { value = [4, 4, 4, 3, 3, 2, 2] }\n",
                     encoding="utf-8")
    overrides = load_board_file(board)
    assert overrides == {"board.tracks.milano.costs": [4, 4, 4, 3, 3, 2, 2]}
    with pytest.raises(SpecError, match="some space of the milano track must cost 5") as caught:
        il_vecchio.new_game(seed=0, options={"board": overrides})
    german = caught.value.message_in("de")
    assert german.startswith(f"{board}: ein Feld der Leiste milano muss 5 kosten")
    assert str(caught.value).startswith(f"{board}: ")


def test_a_board_file_with_an_unknown_number_names_the_file(tmp_path: Path) -> None:
    board = tmp_path / "typo.toml"
    board.write_text("[board.harbor_count]\nvalue = 3\n", encoding="utf-8")
    from regelwerk.engine import medici_vs_strozzi as mvs

    with pytest.raises(SpecError, match=r"has no number 'board\.harbor_count'") as caught:
        mvs.new_game(seed=0, options={"board": load_board_file(board)})
    assert caught.value.message_in("de") == (f"{board}: medici_vs_strozzi hat keine Zahl "
                                             "'board.harbor_count'")


@pytest.mark.parametrize("game_id", ["florenz", "lorenzo"])
def test_a_refusal_names_the_action_in_words_not_its_repr(game_id: str) -> None:
    """Issue 34: a refusal the game words no more precisely shows the action as the move
    list does, in the reader's language, never as a Python repr."""
    from random import Random

    from regelwerk import games

    game = games.get(game_id).game
    start = game.new_game(seed=1)
    listed, later, rng = set(game.legal_actions(start)), start, Random(2)
    for _ in range(40):
        later = game.step_random(later, rng)[1]
    action = next(a for a in game.legal_actions(later) if a not in listed)
    with pytest.raises(IllegalAction) as caught:
        game.apply(start, action)
    assert caught.value.clause in (game.sequence_clause(start), game.kind_of[type(action)].clause)
    for lang in ("en", "de"):
        text = caught.value.message_in(lang)
        assert text.startswith(game.describe(start, action, lang)), text
        assert type(action).__name__ + "(" not in text
