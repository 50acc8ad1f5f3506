"""Positions in words, in both languages (``Game.position``): every game at every player
count says the numbers of its state, German differs from English and leaks none of its
phrases, and ``play``, ``replay``, ``explain`` and ``regress`` show it."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.engine.core.i18n import Phrase, gettext_for, pgettext_for
from regelwerk.engine.core.records import GameRecord

from regelwerk import games
from regelwerk.cli import main
from regelwerk.explain import explain
from regelwerk.play import Table, play, position, start
from regelwerk.regress import Entry, make_entry, regress

GAMES = sorted(games.games())


def module(game_id: str) -> Any:
    return importlib.import_module(f"regelwerk.engine.{game_id}.position")


def phrases(game_id: str) -> list[Phrase]:
    """Every phrase of the game's position module (its own: context ``position.*``)."""
    found: list[Phrase] = []

    def visit(value: Any) -> None:
        if isinstance(value, Phrase) and value.context.startswith("position."):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)

    for name, value in vars(module(game_id)).items():
        if name.isupper():
            visit(value)
    return found


def mid_game(game: Game[Any, Any], players: int, seed: int = 3) -> tuple[Any, list[Any]]:
    """A seeded random game halfway through (by its number of actions), and the actions
    that led there."""
    state = game.new_game(seed=seed, options={"players": players})
    rng = Random(f"positions/{game.id}/{players}")
    states, actions = [state], []
    while not game.is_terminal(state):
        action, state = game.step_random(state, rng)
        states.append(state)
        actions.append(action)
    half = len(actions) // 2
    return states[half], actions[:half]


def counts(game_id: str) -> list[tuple[str, int]]:
    game = games.get(game_id).game
    low, high = game.players
    return [(game_id, n) for n in range(low, high + 1)]


def figures(game_id: str, state: Any, lang: str) -> tuple[list[int], list[tuple[str, list[int]]]]:
    """What the text must say, read from the state: the head line's numbers, and per player
    (by the name the text gives him) his numbers."""
    said = module(game_id)
    match game_id:
        case "medici_vs_strozzi":
            return [state.round], [(said.NAMES[p], [state.cash[p], state.loans[p]])
                                   for p in (0, 1)]
        case "florenz":
            names = state.rules.names
            return [state.round], [
                (said.term(names[f], lang), [state.clock[f], state.points[f], state.gifts[f],
                                             len(state.hands[f])])
                for f in range(state.rules.families)]
        case "il_vecchio":
            return [state.crests_left], [(said.seat(state, p, lang), [*player.res, player.supply])
                                         for p, player in enumerate(state.players)]
        case "lorenzo":
            return [state.period, state.round], [
                (said.seat(state, p, lang), [player.coin, player.wood, player.stone,
                                             player.servant, player.military, player.faith,
                                             player.vp])
                for p, player in enumerate(state.players)]
    raise AssertionError(game_id)


def numbers(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?<![\w-])\d+(?!\w)", line)]


@pytest.mark.parametrize(("game_id", "players"), [c for g in GAMES for c in counts(g)])
def test_a_position_says_the_states_numbers_in_both_languages(game_id: str,
                                                                players: int) -> None:
    game = games.get(game_id).game
    state, _ = mid_game(game, players)
    english_words = {word for phrase in phrases(game_id)
                     for word in re.findall(r"[A-Za-z']+", re.sub(r"\{\w+\}", " ",
                                                                   phrase.english))
                     if len(word) > 3}
    german_words = {word for phrase in phrases(game_id)
                    for word in re.findall(r"[A-Za-zÄÖÜäöüß']+", phrase.text("de"))}
    texts = {}
    for lang in ("en", "de"):
        text = texts[lang] = position(game, state, lang)
        assert text != repr(state) and "\n" in text
        head, lines = text.splitlines()[0], text.splitlines()[1:]
        head_figures, per_player = figures(game_id, state, lang)
        assert all(n in numbers(head) for n in head_figures), (lang, head)
        for name, wanted in per_player:
            line = next(line for line in lines if line.startswith(f"{name}:"))
            found = numbers(line.removeprefix(f"{name}:"))
            assert sorted(found) == sorted(wanted) or all(
                found.count(n) >= wanted.count(n) for n in wanted), (lang, line, wanted)
    assert texts["de"] != texts["en"]
    leaked = {word for word in re.findall(r"[A-Za-z']+", texts["de"])
              if word in english_words - german_words}
    assert not leaked, (leaked, texts["de"])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_position_phrase_is_german(game_id: str) -> None:
    found = phrases(game_id)
    assert len(found) >= 10
    untranslated = [p.english for p in found if re.search("[A-Za-z]{3}", re.sub(
        r"\{\w+\}", "", p.english)) and pgettext_for("de", p.context, p.english) == p.english]
    assert not untranslated


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_position_in_words(game_id: str) -> None:
    game = games.get(game_id).game
    assert game.position is module(game_id).position


def test_the_contract_falls_back_to_the_repr() -> None:
    game = games.get("medici_vs_strozzi").game
    state = game.new_game(seed=1)
    bare = replace(game, position=None)
    assert bare.position_text(state, "de") == repr(state)
    said = replace(game, position=module("medici_vs_strozzi").position)
    assert said.position_text(state, "de") == position(game, state, "de") != repr(state)
    assert f"{state.cash[0]}" in said.position_text(state, "en")


@pytest.mark.parametrize("game_id", GAMES)
def test_play_shows_the_position_at_each_persons_turn(game_id: str, tmp_path: Path) -> None:
    """Every seat a person answering the first listed action: each question shows the
    position of that moment in words, line by line."""
    game = games.get(game_id).game
    said: list[str] = []
    record = play(game, start(game, 5, {}), Table(frozenset(), 5), tmp_path / "g.json",
                  iter(["1", "1", "1"]), said.append, "de")
    state = game.new_game(seed=5, options={})
    shown = [position(game, state, "de")]
    for raw in record.actions:
        state = game.apply(state, game.action_from_json(raw))
        shown.append(position(game, state, "de"))
    assert len(record.actions) == 3
    for text in shown:
        assert all("  " + line in said for line in text.splitlines())


def recorded(game_id: str, tmp_path: Path) -> tuple[Game[Any, Any], GameRecord, list[Any], Path]:
    """A seeded mid-game record of the game's default player count, written to a file,
    and the states after each of its actions."""
    game = games.get(game_id).game
    _, actions = mid_game(game, game.default_players)
    state = game.new_game(seed=3, options={"players": game.default_players})
    states = [state]
    for action in actions:
        state = game.apply(state, action)
        states.append(state)
    record = GameRecord(game_id, 3, tuple(game.action_to_json(a) for a in actions),
                        {"players": game.default_players})
    path = tmp_path / "game.json"
    record.write(path)
    return game, record, states, path


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_and_explain_show_the_position_in_words(
        game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, record, states, path = recorded(game_id, tmp_path)
    step = len(record.actions) // 2
    expected = position(game, states[step], "de")
    assert main(["replay", str(path), "--until", str(step), "--lang", "de"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == gettext_for("de", "after action {index}:").format(index=step)
    assert out[1:] == ["  " + line for line in expected.splitlines()]
    assert main(["replay", str(path), "--positions", "--lang", "en"]) == 0
    course = capsys.readouterr().out
    assert "\n".join("      " + line for line in position(game, states[step], "en").splitlines()
                     ) in course
    found = explain(record, step, None, "de")
    assert found.position == expected
    lines = found.lines("de")
    at = lines.index("Stellung:")
    assert lines[at + 1:at + 1 + len(expected.splitlines())] == [
        "  " + line for line in expected.splitlines()]
    assert explain(record, step, None, "en").to_json()["position"] == position(
        game, states[step], "en")


def test_regress_reports_the_new_position_in_words(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A corpus entry whose stored fingerprint at step 4 no longer matches: the text
    report shows the positions before the action and now in words, never the stored
    short text (JSON keeps it as it is)."""
    game, record, states, _ = recorded("medici_vs_strozzi", tmp_path)
    entry = make_entry(record)
    steps = list(entry.steps)
    steps[4] = replace(steps[4], fingerprint="0" * 16, text="<an old text>")
    folder = tmp_path / "corpus"
    Entry(entry.record, tuple(steps)).write(folder / "game.json")
    count, found = regress(folder)
    assert count == 1 and [d.step for d in found] == [4]
    assert found[0].now_in_words("de") == position(game, states[5], "de")
    assert main(["regress", str(folder), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "<" not in out and "0" * 16 in out
    for state in (states[4], states[5]):
        assert "\n".join("    " + line for line in position(game, state, "de").splitlines()
                         ) in out
    assert main(["regress", str(folder), "--json", "--lang", "en"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["changed"][0]["now_in_words"] == position(game, states[5], "en")
    assert report["changed"][0]["expected"] == "<an old text>"


def test_play_from_standard_input_shows_the_position(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = subprocess.run([sys.executable, "-m", "regelwerk", "play", "medici_vs_strozzi",
                          "--record", str(path), "--random", "1", "--seed", "4", "--lang", "de"],
                         input="1\n", capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    game = games.get("medici_vs_strozzi").game
    state = game.new_game(seed=4)
    lines = run.stdout.splitlines()
    assert lines[0] == "Medici ist am Zug:"
    assert lines[1:1 + len(position(game, state, "de").splitlines())] == [
        "  " + line for line in position(game, state, "de").splitlines()]
    assert lines[1].startswith(f"  Spielrunde {state.round} von ")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_of_a_game_is_said(game_id: str) -> None:
    """From the set-up (chance waiting for the caller, then seeded) to the end: each
    position is words in both languages, its head naming who is to move or that the
    game is over."""
    game = games.get(game_id).game
    waiting = game.new_game(seed=None, options={})
    assert game.current_player(waiting) == CHANCE or game.legal_actions(waiting)
    states = [waiting]
    state, rng = game.new_game(seed=2, options={}), Random(2)
    states.append(state)
    while not game.is_terminal(state):
        state = game.step_random(state, rng)[1]
        states.append(state)
    for lang in ("en", "de"):
        heads = {position(game, s, lang).splitlines()[0] for s in states}
        assert len(heads) > 2 and all(heads)
    last = position(game, states[-1], "de").splitlines()[0]
    assert any(word in last for word in ("Ende", "niemand")), last
