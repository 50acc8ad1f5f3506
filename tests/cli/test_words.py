"""Every action kind of every game in words, in both languages (``Game.words``), as
``play`` lists the legal actions and ``replay`` shows the course."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.engine.core.i18n import pgettext_for

from regelwerk import games

GAMES = sorted(games.games())


def phrases(game_id: str) -> list[tuple[str, str]]:
    """Every phrase (context, English) of the game's words module."""
    module = importlib.import_module(f"regelwerk.engine.{game_id}.words")
    found: list[tuple[str, str]] = []

    def visit(value: Any) -> None:
        if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value) \
                and value[0].startswith("words."):
            found.append(value)
        elif hasattr(value, "context") and hasattr(value, "english"):
            found.append((value.context, value.english))
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, tuple):
            for item in value:
                visit(item)

    for name, value in vars(module).items():
        if name.isupper():
            visit(value)
    return found


def sampled(game: Game[Any, Any], seeds: int = 3) -> dict[type, list[tuple[Any, Any]]]:
    """Actions of every kind met in random games (seeded ones and, for chance's kinds,
    games whose chance waits), each with the state it was legal in."""
    found: dict[type, list[tuple[Any, Any]]] = {}
    low, high = game.players
    for seed in range(seeds):
        for players in range(low, high + 1):
            for game_seed in (seed, None):
                state = game.new_game(seed=game_seed, options={"players": players})
                rng = Random(f"words/{seed}")
                for _step in range(400 if game_seed is None else 100_000):
                    if game.is_terminal(state):
                        break
                    for option in game.legal_actions(state)[:40]:
                        action = option.sample(rng) if type(option) is OpenChoice else option
                        kept = found.setdefault(type(action), [])
                        if len(kept) < 5:
                            kept.append((state, action))
                    if game.current_player(state) == CHANCE:
                        outcomes = game.chance_outcomes(state)
                        state = game.apply(state, outcomes[rng.randrange(len(outcomes))][0])
                    else:
                        state = game.step_random(state, rng)[1]
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_has_words_and_every_phrase_is_german(game_id: str) -> None:
    game = games.get(game_id).game
    assert game.words is not None
    module = importlib.import_module(f"regelwerk.engine.{game_id}.words")
    assert {kind.action for kind in game.kinds} <= set(module.PHRASES)
    untranslated = [english for context, english in phrases(game_id)
                    if pgettext_for("de", context, english) == english
                    and re.search(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", english))]  # words
    assert not untranslated


@pytest.mark.parametrize("game_id", GAMES)
def test_sampled_actions_are_said_in_both_languages(game_id: str) -> None:
    """No English on the German side: a sampled action's German words differ from its
    English ones and contain none of the English phrases' words; none is the notation."""
    game = games.get(game_id).game
    said = phrases(game_id)
    german_words = {word for context, english in said
                    for word in pgettext_for("de", context, english).split()}
    english_words = {word for _c, english in said for word in english.replace("{", " {").split()
                     if word.isalpha() and len(word) > 4 and word not in german_words}
    found = sampled(game)
    assert len(found) >= len(game.kinds) // 2
    for kind, examples in found.items():
        for state, action in examples:
            en, de = (game.describe(state, action, lang) for lang in ("en", "de"))
            assert not en.startswith("{") and not de.startswith("{"), kind
            assert en != de, (kind, en)
            leaked = {w for w in de.replace(",", " ").replace("(", " ").split()
                      if w in english_words}
            assert not leaked, (kind, de, leaked)


def test_an_open_choice_is_said_with_its_range() -> None:
    game = games.get("medici_vs_strozzi").game
    state = game.new_game(seed=1)
    while not any(type(o) is OpenChoice for o in game.legal_actions(state)):
        state = game.apply(state, game.legal_actions(state)[-1])
    choice = next(o for o in game.legal_actions(state) if type(o) is OpenChoice)
    assert f"{choice.low}" in game.describe(state, choice, "de")
    assert "Preis" in game.describe(state, choice, "de")


def test_play_lists_and_replay_shows_actions_in_words(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from regelwerk.cli import main
    from regelwerk.play import Table, play, start

    game = games.get("medici_vs_strozzi").game
    path = tmp_path / "game.json"
    said: list[str] = []
    play(game, start(game, 3, {}), Table(frozenset({1}), 3), path, iter(["1", "1"]),
         said.append, "de")
    listed = [line for line in said if line.startswith("    1. ")]
    assert listed and all("Plättchen aus dem Beutel ziehen" in line for line in listed)
    assert main(["replay", str(path), "--lang", "de"]) == 0
    course = capsys.readouterr().out.splitlines()
    assert course[0].startswith("   1. Medici: ein Plättchen aus dem Beutel ziehen")
