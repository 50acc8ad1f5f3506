"""What a reading changes (``regelwerk compare``): the same seeds under two readings."""

from __future__ import annotations

import json

import pytest
from regelwerk.engine.core.spec import SpecError

from regelwerk.cli import main
from regelwerk.compare import compare

MVS = "medici_vs_strozzi"


def test_a_reading_that_changes_play_matters_in_some_games() -> None:
    report = compare(MVS, "buy_without_room", ("buy_and_discard", "may_not_buy"), 12)
    assert report.games == 12 and 0 < report.mattered <= 12
    assert report.examples and all(e.why in {"setup", "legal", "effect", "score"}
                                   for e in report.examples)
    assert report.outcomes[0].games == report.outcomes[1].games == 12
    first, second = (o.to_json() for o in report.outcomes)
    assert first != second                   # the outcomes moved


def test_without_listing_the_course_still_shows_a_reading_that_changes_play() -> None:
    """``listed=False`` (the site's figure) counts a subset of the games the full
    comparison counts: those whose course of play or outcome changed."""
    args = (MVS, "buy_without_room", ("buy_and_discard", "may_not_buy"), 12)
    full, course = compare(*args), compare(*args, listed=False)
    assert 0 < course.mattered <= full.mattered
    same = compare(MVS, "buy_without_room", ("may_not_buy", "may_not_buy"), 4, listed=False)
    assert same.mattered == 0


@pytest.mark.parametrize(("game", "option", "value"), [
    (MVS, "buy_without_room", "may_not_buy"),
    ("il_vecchio", "less_luck", "on"),
    ("lorenzo", "empty_floor", "bonus_only"),
])
def test_a_reading_compared_with_itself_never_matters(game: str, option: str,
                                                      value: str) -> None:
    report = compare(game, option, (value, value), 3)
    assert report.mattered == 0 and not report.examples
    assert report.outcomes[0].to_json() == report.outcomes[1].to_json()


def test_the_figures_do_not_depend_on_the_workers() -> None:
    one = compare(MVS, "marker_order", ("opener_first", "medici_first"), 8, jobs=1)
    two = compare(MVS, "marker_order", ("opener_first", "medici_first"), 8, jobs=2)
    assert one.to_json() == two.to_json()


def test_an_unknown_variant_or_reading_is_refused() -> None:
    with pytest.raises(SpecError, match="no rule variant"):
        compare(MVS, "no_such_rule", ("a", "b"), 2)
    with pytest.raises(SpecError, match="must be one of"):
        compare(MVS, "buy_without_room", ("buy_and_discard", "never"), 2)


def test_compare_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", MVS, "--option", "buy_without_room=buy_and_discard",
            "--option", "buy_without_room=may_not_buy", "-n", "6"]
    assert main([*args, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "die Auslegung spielte in" in out and "Siegquote je Platz" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and set(data["outcomes"]) == {"buy_and_discard", "may_not_buy"}
    for bad, lang, text in (
            (["--option", "buy_without_room=may_not_buy"], "en", "exactly two readings"),
            (["--option", "x=1", "--option", "y=2"], "de", "genau zwei Auslegungen"),
            (["--option", "nope=a", "--option", "nope=b"], "de", "keine Regelvariante"),
            (["--option", "buy_without_room=a", "--option", "buy_without_room=b", "-n", "0"],
             "en", "-n must be at least 1")):
        assert main(["compare", MVS, *bad, "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert text in err and err.count("\n") == 1
