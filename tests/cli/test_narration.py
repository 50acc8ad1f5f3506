"""Issue 34, points 2 and 4: numbers in the reader's locale in every command's text
output (JSON unchanged), and narration written for people: the result in words at the
end of ``play`` and ``replay``, no state repr and no raw JSON where a reader looks, what
chance draws named, every choice in words, and one numbering from 1."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.numbers import decimal, integer, number, percent
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.core.spec import glossary_word, load, seat_word

from regelwerk import games
from regelwerk.cli import main
from regelwerk.play import position, result_lines
from regelwerk.regress import Entry, make_entry

MVS = "medici_vs_strozzi"
#: An English-style number in German text: a decimal point before one or two digits at the
#: end of a number ("2.13 s", "60.0%"), where German has a comma; or "%" glued to a digit.
ENGLISH_DECIMAL = re.compile(r"\d\.\d{1,2}(?!\d)")
GLUED_PERCENT = re.compile(r"\d%")
#: A German decimal and a German percentage (Babel's: a no-break space before "%").
GERMAN_DECIMAL = re.compile(r"\d,\d")
GERMAN_PERCENT = re.compile(r"\d\u00a0%")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def german_numbers(text: str) -> None:
    """``text`` formats its numbers the German way and shows no English one."""
    assert not ENGLISH_DECIMAL.search(text), ENGLISH_DECIMAL.search(text)
    assert not GLUED_PERCENT.search(text), GLUED_PERCENT.search(text)


# ------------------------------------------------------------------ the one home of numbers

def test_numbers_follow_the_readers_locale() -> None:
    assert (integer(20421, "en"), integer(20421, "de")) == ("20,421", "20.421")
    assert (decimal(142.66, "en"), decimal(142.66, "de")) == ("142.7", "142,7")
    assert (decimal(2.0, "de", 2), decimal(-0.01, "de")) == ("2,00", "0,0")
    assert decimal(1.25, "de", 1, signed=True).startswith("+1,")
    assert (percent(0.605, "en"), percent(0.605, "de")) == ("60.5%", "60,5\u00a0%")
    assert (percent(0.6, "de"), percent(0.6, "de", trim=False)) == ("60\u00a0%", "60,0\u00a0%")
    assert percent(0.125, "en", signed=True) == "+12.5%" and percent(-0.0001, "en") == "0%"
    assert (number(42, "de"), number(42.5, "de")) == ("42", "42,5")


def test_simulate_in_german_formats_numbers_and_names_the_winners(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", MVS, "-n", "30", "--no-progress", "--lang", "de")
    assert code == 0
    german_numbers(out)
    assert GERMAN_DECIMAL.search(out.splitlines()[0])          # the seconds: "0,21 s"
    wins = out.splitlines()[2]
    assert "{" not in out and GERMAN_PERCENT.search(wins)
    assert seat_word(MVS, "medici", "de") in wins and seat_word(MVS, "strozzi", "de") in wins
    code, out, _ = run(capsys, "simulate", MVS, "-n", "30", "--no-progress", "--json")
    assert set(json.loads(out)["outcomes"]) <= {"medici", "strozzi", "medici + strozzi"}


def test_stats_in_german_formats_numbers(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    code, out, _ = run(capsys, "stats", MVS, "-n", "12", "--cache", str(tmp_path),
                       "--lang", "de")
    assert code == 0
    german_numbers(out)
    assert GERMAN_DECIMAL.search(out) and GERMAN_PERCENT.search(out)
    code, out, _ = run(capsys, "stats", MVS, "-n", "12", "--cache", str(tmp_path), "--json")
    assert isinstance(json.loads(out)["summary"]["win_rate"][0], float)


def test_compare_in_german_formats_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", MVS, "--option", "buy_without_room=buy_and_discard",
                       "--option", "buy_without_room=may_not_buy", "-n", "6", "--lang", "de")
    assert code == 0
    german_numbers(out)
    assert GERMAN_PERCENT.search(out) and GERMAN_DECIMAL.search(out)


def test_verify_in_german_formats_the_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", MVS, "--no-progress", "--lang", "de")
    assert code == 0
    rows = [line for line in out.splitlines() if not line.startswith(" ")][:-1]
    assert rows and all(re.search(r" \d+,\d\ds  ", row) for row in rows), rows
    german_numbers("\n".join(rows))


# ------------------------------------------------------------------ play and replay in words

def random_game(tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str = MVS,
                *extra: str) -> tuple[Path, str]:
    """A game of random seats played to its end by ``play`` (German), its record's path
    and what ``play`` said."""
    path = tmp_path / "game.json"
    game = games.get(game_id).game
    seats = int(extra[extra.index("--players") + 1]) if "--players" in extra \
        else game.default_players
    randoms = [arg for seat in range(seats) for arg in ("--random", str(seat))]
    code, out, _ = run(capsys, "play", game_id, *extra, "--record", str(path), *randoms,
                       "--seed", "5", "--lang", "de")
    assert code == 0
    return path, out


@pytest.mark.parametrize(("game_id", "extra"), [(MVS, ()), ("florenz", ("--players", "1"))])
def test_play_and_replay_end_with_the_result_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str,
        extra: tuple[str, ...]) -> None:
    path, said = random_game(tmp_path, capsys, game_id, *extra)
    game = games.get(game_id).game
    result = GameRecord.read(path).result
    words = result_lines(game, result, "de")
    assert said.splitlines()[-len(words):] == words
    winner = seat_word(game_id, result["winners"][0], "de")
    assert winner in words[0] and result["termination"] in words[0]
    for name, points in result["scores"].items():
        assert f"{seat_word(game_id, name, 'de')} {integer(points, 'de')}" in words[1]
    code, out, _ = run(capsys, "replay", str(path), "--lang", "de")
    assert code == 0 and out.splitlines()[-len(words):] == words
    for text in (said, out):
        assert "{" not in text and "<" not in text


def test_the_solo_seat_has_one_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Florenz's solo seat: the same word in the course, the position and the result."""
    _, said = random_game(tmp_path, capsys, "florenz", "--players", "1")
    violet = seat_word("florenz", "violet", "de")
    game = games.get("florenz").game
    assert game.seats(game.rules_for({"players": 1})) == ("violet",)
    course = said.splitlines()[:-2]                             # without the result
    movers = {line.split(" (")[0] for line in course if not line.startswith(" ")}
    assert movers == {violet}
    assert f"{violet} " in said.splitlines()[-1]                 # the scores


def test_replay_until_shows_the_position_in_words_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = random_game(tmp_path, capsys)
    record = GameRecord.read(path)
    game = games.get(MVS).game
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for raw in record.actions[:5]:
        state = game.apply(state, game.action_from_json(raw))
    code, out, _ = run(capsys, "replay", str(path), "--until", "5", "--lang", "de")
    assert code == 0 and "<" not in out
    assert out.splitlines()[1:] == ["  " + line for line in position(game, state, "de")
                                    .splitlines()]


def test_what_chance_draws_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seeded game draws its tiles unseen (:meth:`Game.apply`); the course names each."""
    path, _ = random_game(tmp_path, capsys)
    record = GameRecord.read(path)
    game = games.get(MVS).game
    code, out, _ = run(capsys, "replay", str(path), "--lang", "en")
    assert code == 0
    lines = out.splitlines()
    draws = [i for i, line in enumerate(lines) if "draw a tile from the bag" in line]
    assert draws
    state = game.new_game(seed=record.seed, options=dict(record.options))
    rules = state.rules
    for at in draws:
        said = lines[at + 1].strip()
        assert said.startswith("chance: the bag gives "), said
        good, value = said.removeprefix("chance: the bag gives ").rsplit(" ", 1)
        assert good in rules.goods or good == "gold"
        assert int(value) in rules.tile_value
    drawn = sum(1 for line in lines if line.strip().startswith("chance: "))
    assert drawn == len(draws)


def test_an_error_names_the_action_as_the_list_numbers_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = random_game(tmp_path, capsys)
    record = GameRecord.read(path)
    code, out, _ = run(capsys, "replay", str(path), "--lang", "en")
    listed = out.splitlines()
    bad = 6                                         # the seventh action, listed as "7."
    number = next(line for line in listed if line.lstrip().startswith(f"{bad + 1}."))
    assert number.strip().startswith("7. ")
    actions = list(record.actions)
    actions[bad] = {"type": "no_such_action"}
    broken = tmp_path / "broken.json"
    GameRecord(record.game, record.seed, tuple(actions), dict(record.options)).write(broken)
    code, out, err = run(capsys, "replay", str(broken), "--lang", "en")
    assert code == 2 and f": action {bad + 1}: " in err
    actions[bad] = {"type": "buy"}                  # readable, but not legal there
    GameRecord(record.game, record.seed, tuple(actions), dict(record.options)).write(broken)
    code, out, err = run(capsys, "replay", str(broken), "--lang", "en")
    assert code == 1 and f": action {bad + 1} (" in err
    assert out.splitlines()[-1].lstrip().startswith(f"{bad}. ")   # the last one listed


def test_a_wrong_recorded_result_is_said_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = random_game(tmp_path, capsys)
    record = GameRecord.read(path)
    wrong = {**record.result, "winners": ["strozzi" if record.result["winners"] != ["strozzi"]
                                          else "medici"]}
    GameRecord(record.game, record.seed, record.actions, dict(record.options), wrong).write(path)
    code, _, err = run(capsys, "replay", str(path), "--lang", "de")
    assert code == 1 and "{" not in err and seat_word(MVS, wrong["winners"][0], "de") in err


def test_regress_shows_positions_in_words_and_no_repr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = random_game(tmp_path, capsys)
    entry = make_entry(GameRecord.read(path))
    steps = list(entry.steps)
    steps[3] = type(steps[3])("0" * 16, steps[3].text)
    folder = tmp_path / "corpus"
    Entry(entry.record, tuple(steps)).write(folder / MVS / "game.json")
    code, out, _ = run(capsys, "regress", str(folder), "--lang", "de")
    assert code == 1
    assert steps[3].text.startswith("<") and "<" not in out and "{" not in out
    game = games.get(MVS).game
    state = game.new_game(seed=entry.record.seed, options=dict(entry.record.options))
    for raw in entry.record.actions[:3]:
        state = game.apply(state, game.action_from_json(raw))
    assert "\n".join("    " + line for line in position(game, state, "de").splitlines()) in out
    assert out.splitlines()[0].endswith(" 4: changed")            # the fourth action
    code, out, _ = run(capsys, "regress", str(folder), "--json")
    assert json.loads(out)["changed"][0]["expected"] == steps[3].text   # JSON as it was


# ------------------------------------------------------------------ every choice in words

def actions_said(game_id: str, seeds: range, options: dict[str, Any] | None = None
                 ) -> dict[str, set[str]]:
    """Each action kind's words in random games (chance chosen: its outcomes too)."""
    game = games.get(game_id).game
    said: dict[str, set[str]] = {}
    for seed in seeds:
        state = game.new_game(seed=None, options=options or {})
        rng = Random(seed)
        while not game.is_terminal(state):
            action = game.random_action(state, rng)
            said.setdefault(type(action).__name__, set()).add(game.describe(state, action, "en"))
            state = game.apply(state, action)
    return said


def test_lorenzo_says_each_council_privilege_and_seat() -> None:
    spec = load("lorenzo")
    said = actions_said("lorenzo", range(3))
    options = spec["privilege.options"]
    privileges = said["Privilege"]
    assert privileges and not any("choice" in text for text in privileges)
    for text in privileges:
        gain = text.removeprefix("council privilege: ")
        assert any(all(glossary_word("lorenzo", name, "en").split()[0] in gain
                       and str(amount) in gain for name, amount in option.items())
                   for option in options), text
    seats = [seat_word("lorenzo", name, "en") for name in spec.meta["players"]]
    for text in said["OrderDrawn"] | said["LeaderDealt"]:
        assert text.split()[0] in seats, text
    assert not any(text.startswith("exchange option") for text in said.get("Exchange", ()))


@pytest.mark.parametrize(("game_id", "options"), [("il_vecchio", {}),
                                                  ("florenz", {"players": 3})])
def test_no_choice_is_a_bare_number(game_id: str, options: dict[str, Any]) -> None:
    said = actions_said(game_id, range(6), options)
    bare = re.compile(r"choices? -?\d")
    assert not [text for texts in said.values() for text in texts if bare.search(text)]


def test_a_scandal_card_says_what_it_moves() -> None:
    game = games.get("florenz").game
    found = 0
    for seed in range(12):
        state = game.new_game(seed=seed, options={"players": 3})
        rng = Random(seed)
        while not game.is_terminal(state):
            action = game.random_action(state, rng)
            kind = type(action).__name__      # a scandal card's steps (issue 33)
            if kind in ("ScandalPlace", "ScandalMedici", "ScandalPiece"):
                text = game.describe(state, action, "en")
                if kind == "ScandalPlace":
                    said = rf"location {action.location}\b"
                elif kind == "ScandalMedici":
                    said = "Cosimo|Contessina|Giovanni"
                else:
                    said = "(?i)debutant|lady|maestro"
                assert re.search(said, text), text
                found += 1
            state = game.apply(state, action)
    assert found


# ------------------------------------------------------------------ titles

def test_games_names_each_game_by_its_title_in_the_readers_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--lang", "de")
    assert code == 0
    lorenzo = next(line for line in out.splitlines() if line.startswith("lorenzo:"))
    assert glossary_word("lorenzo", "game", "de") in lorenzo
    assert glossary_word("lorenzo", "game", "de") != glossary_word("lorenzo", "game", "en")
    code, out, _ = run(capsys, "games", "--json", "--lang", "de")
    assert {row["id"]: row["title"] for row in json.loads(out)}["lorenzo"] == \
        load("lorenzo").meta["title"]

