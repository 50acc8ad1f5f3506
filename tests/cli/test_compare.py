"""What a reading changes (``regelwerk compare``): the same seeds under two readings,
compared by what a player sees (issue 29, point 5)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.core.spec import SpecError

from regelwerk import games
from regelwerk.cli import main
from regelwerk.compare import (
    Comparison,
    Outcomes,
    Played,
    compare,
    difference_text,
    mean_interval,
    play_pair,
    t_quantile,
    told_from_chance,
    wilson,
)
from regelwerk.simulate import game_seed

MVS = "medici_vs_strozzi"
CUP = ("florenz", "retrieved_cup", ("on_boards", "ever_placed"))


def cup(n: int, **kwargs: object) -> Comparison:
    game, option, values = CUP
    return compare(game, option, values, n, **kwargs)      # type: ignore[arg-type]


# ------------------------------------------------------------------ what counts

def test_a_reading_that_only_reshapes_the_state_does_not_matter_in_every_game() -> None:
    """The issue's case: the two readings of ``retrieved_cup`` keep different state from
    the set-up on (so comparing states would call every game changed), yet played side
    by side only some games differ in what a player sees."""
    game_id, option, values = CUP
    game = games.get(game_id).game
    players = game.default_players
    states = [game.new_game(seed=game_seed(0, 0), options={"players": players, option: v})
              for v in values]
    assert game.key(states[0]) != game.key(states[1])
    report = cup(50)            # the command line's default seed and player count
    assert report.games == 50 and report.seed == 0 and report.players == players
    assert 0 < report.mattered < 25
    low, high = report.share_interval
    assert low < report.share < high < 1


def test_a_reading_that_changes_play_matters_in_some_games() -> None:
    report = compare(MVS, "buy_without_room", ("buy_and_discard", "may_not_buy"), 12)
    assert report.games == 12 and 0 < report.mattered <= 12
    assert report.examples and all(e.why in {"turn", "offered", "refused", "ended", "result"}
                                   for e in report.examples)
    assert report.outcomes[0].games == report.outcomes[1].games == 12
    first, second = (o.to_json() for o in report.outcomes)
    assert first != second                   # the outcomes moved


def test_without_listing_the_figure_is_a_lower_bound() -> None:
    """``listed=False`` (not comparing the legal actions offered) counts a subset of the
    games the full comparison counts: those whose turn, course or result changed."""
    args = (MVS, "buy_without_room", ("buy_and_discard", "may_not_buy"), 12)
    full, course = compare(*args), compare(*args, listed=False)
    assert 0 < course.mattered <= full.mattered
    assert set(course.differing) <= set(full.differing)
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
    with pytest.raises(SpecError, match="no rule variant"):
        compare(MVS, "buy_without_room", ("buy_and_discard", "may_not_buy"), 2,
                base={"no_such_rule": "x"})


# ------------------------------------------------------------------ the first difference

def test_the_first_difference_names_the_action_and_the_clause_that_decides() -> None:
    """Each example is played again to its step: the action named is legal under the
    reading said to allow it and refused under the other by the clause named; a result
    difference names the first score item that differs."""
    report = cup(50)
    game = games.get(CUP[0]).game
    assert {e.why for e in report.examples} >= {"offered"}
    for difference in report.examples:
        pair = play_pair(game, report.options(), report.seed, difference.game_index,
                         keep=True)
        assert pair.difference == difference and pair.at is not None
        text = difference_text(game, report, difference, "en")
        german = difference_text(game, report, difference, "de")
        assert difference.clause and difference.clause in text and difference.clause in german
        assert f"game {difference.game_index}" in text and f"Partie {difference.game_index}" \
            in german
        if difference.why == "offered":
            assert difference.action is not None
            action = game.action_from_json(dict(difference.action))
            allowed, other = (pair.at[difference.allowed], pair.at[1 - difference.allowed])
            assert game.is_legal(allowed, action) and not game.is_legal(other, action)
            assert game.refusal(other, action).clause == difference.clause
            assert game.describe(allowed, action, "en") in text
            assert game.describe(allowed, action, "de") in german
            assert f"step {difference.step} (" in text
        if difference.why == "result":
            assert pair.ends is not None and game.score_items is not None
            items = [{(i.clause, i.points) for seat in game.score_items(end) for i in seat}
                     for end in pair.ends]
            assert difference.clause in {clause for clause, _ in items[0] ^ items[1]}


def test_saved_records_replay_to_what_compare_reported(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """``--save DIR``: both games of each differing game as records that ``replay`` plays
    to the result compare counted, under their own reading, and that ``explain`` opens
    at the first difference, where the action named is legal under one reading only."""
    game_id, option, values = CUP
    args = ["compare", game_id, "--option", f"{option}={values[0]}", "--option",
            f"{option}={values[1]}", "-n", "8", "--save", str(tmp_path), "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    report = cup(8)
    assert data["mattered"] == report.mattered > 0
    assert len(data["saved"]) == 2 * report.mattered
    game = games.get(game_id).game
    first = report.examples[0]
    for reading, (value, outcomes) in enumerate(zip(values, report.outcomes, strict=True)):
        path = tmp_path / f"{game_id}-game{first.game_index}-{option}-{value}.json"
        assert str(path) in data["saved"]
        record = GameRecord.read(path)
        assert record.options[option] == value and record.seed == game_seed(0, first.game_index)
        assert main(["replay", str(path), "--json"]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["finished"] and replayed["result"] == record.result
        scores = replayed["result"]["scores"]
        assert tuple(scores.values()) == outcomes.scores[first.game_index]
        if first.action is not None:
            assert main(["explain", str(path), "--step", str(first.step), "--action",
                         json.dumps(first.action), "--json"]) == 0
            verdict = json.loads(capsys.readouterr().out)["action"]
            assert verdict["legal"] == (reading == first.allowed)
            if not verdict["legal"]:
                assert verdict["clause"]["id"] == first.clause
    assert game.id == record.game


# ------------------------------------------------------------------ intervals

def test_wilson_interval_by_hand() -> None:
    # 8 of 20, z = 1.959964: centre (0.4 + z²/40) / (1 + z²/20), half-width
    # z * sqrt(0.4 * 0.6 / 20 + z² / 1600) / (1 + z²/20)
    low, high = wilson(8, 20)
    assert math.isclose(low, 0.21876, abs_tol=1e-4) and math.isclose(high, 0.61336, abs_tol=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and math.isclose(high, 0.27753, abs_tol=1e-4)
    low, high = wilson(10, 10)
    assert math.isclose(low, 0.72247, abs_tol=1e-4) and high == 1
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("df", "quantile"), [
    (1, 12.7062), (2, 4.3027), (4, 2.7764), (9, 2.2622), (19, 2.0930), (49, 2.0096),
    (999, 1.9623)])
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert math.isclose(t_quantile(df), quantile, abs_tol=1e-4)


def test_mean_interval_by_hand() -> None:
    # mean 3, standard deviation sqrt(2.5), t(4) = 2.776445: 3 ± 2.776445 * sqrt(2.5 / 5)
    mean, interval = mean_interval([1, 2, 3, 4, 5])
    assert mean == 3 and interval is not None
    assert math.isclose(interval[0], 3 - 1.963243, abs_tol=1e-5)
    assert math.isclose(interval[1], 3 + 1.963243, abs_tol=1e-5)
    assert mean_interval([7]) == (7, None)
    assert mean_interval([2, 2, 2]) == (2, (2, 2))
    assert not told_from_chance((-0.1, 0.3)) and told_from_chance((0.1, 0.3))
    assert told_from_chance((-0.3, -0.1)) and not told_from_chance(None)


def fabricated(n: int, second_wins: bool) -> Comparison:
    """A Florenz comparison of ``n`` games with made-up outcomes: the first seat always
    wins under both readings, or under the second reading the second seat always does."""
    game = games.get("florenz").game
    seats = tuple(game.spec.meta["players"])[:2]
    report = Comparison("florenz", CUP[1], CUP[2], 2, 0, games=n)
    for index in range(n):
        first = Played(10, (0,), (5 + index % 3, 3), {}, seats)
        second = Played(10, (1,), (3, 5 + index % 3), {}, seats) if second_wins else first
        report.outcomes[0].add(first)
        report.outcomes[1].add(second)
    return report


def test_the_report_says_whether_chance_explains_the_difference() -> None:
    alike, apart = fabricated(20, False), fabricated(20, True)
    assert "no difference between the readings can be told from chance" in "\n".join(
        alike.lines("en"))
    assert "lässt sich kein Unterschied" in "\n".join(alike.lines("de"))
    text = "\n".join(apart.lines("en"))
    assert "larger than chance explains at 95%" in text and "the win rate of" in text
    assert "größer, als der Zufall" in "\n".join(apart.lines("de"))
    data = apart.to_json()
    assert data["difference"]["beyond_chance"] and not alike.to_json()["difference"][
        "beyond_chance"]
    rate = data["difference"]["win_rate"][1]
    assert rate["mean"] == 1 and rate["interval"] == [1, 1]      # every game: +1 win


def test_every_rate_and_mean_has_its_interval() -> None:
    report = fabricated(20, True)
    data = report.to_json()
    assert data["share_interval"] == [0.0, round(wilson(0, 20)[1], 4)]
    for outcome in data["outcomes"].values():
        for rate, interval in zip(outcome["win_rate"], outcome["win_rate_interval"],
                                  strict=True):
            assert interval[0] <= rate <= interval[1]
        for mean, interval in zip(outcome["mean_score"], outcome["mean_score_interval"],
                                  strict=True):
            assert interval[0] <= mean <= interval[1]
    lines = report.lines("de")
    assert any("100\xa0%" in line and "–" in line for line in lines)     # German numbers
    outcomes = Outcomes()
    outcomes.add(Played(3, (0,), (4, 2), {}, ("a", "b")))
    assert outcomes.to_json()["mean_score_interval"] == [None, None]   # one game: none


# ------------------------------------------------------------------ the command line

def test_compare_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", MVS, "--option", "buy_without_room=buy_and_discard",
            "--option", "buy_without_room=may_not_buy", "-n", "6"]
    assert main([*args, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "die Auslegung spielte in" in out and "Siegquote je Platz" in out
    assert "Konfidenzintervall 95\xa0%" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and set(data["outcomes"]) == {"buy_and_discard", "may_not_buy"}
    assert data["command"].split()[1:] == [a for a in args if a != "--json"] + [
        "--players", "2", "--seed", "0"]
    for bad, lang, text in (
            (["--option", "buy_without_room=may_not_buy"], "en", "exactly two readings"),
            (["--option", "x=1", "--option", "y=2"], "de", "genau zwei Auslegungen"),
            (["--option", "nope=a", "--option", "nope=b"], "de", "keine Regelvariante"),
            (["--option", "buy_without_room=a", "--option", "buy_without_room=b", "-n", "0"],
             "en", "-n must be at least 1"),
            (["--option", "buy_without_room=buy_and_discard", "--option",
              "buy_without_room=may_not_buy", "--with", "marker_order"], "en",
             "--with needs KEY=VALUE")):
        assert main(["compare", MVS, *bad, "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert text in err and err.count("\n") == 1

