"""The rules lawyer (``regelwerk explain``, :func:`regelwerk.explain.explain`): legal
actions grouped by clause, the verdict on one action, and a finished game's score item
by item; the score items of every game add up to the engine's own score."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.records import GameRecord, RecordError

from regelwerk import games
from regelwerk.cli import main
from regelwerk.explain import explain

GAMES = sorted(games.games())


def random_record(game: Game[Any, Any], seed: int, players: int | None = None) -> GameRecord:
    options = {} if players is None else {"players": players}
    state = game.new_game(seed=seed, options=options)
    rng = Random(f"explain/{seed}")
    actions = []
    while not game.is_terminal(state):
        action, state = game.step_random(state, rng)
        actions.append(game.action_to_json(action))
    return GameRecord(game.id, seed, tuple(actions), options, game.result(state))


@pytest.mark.parametrize("game_id", GAMES)
def test_score_items_add_up_to_the_engines_score(game_id: str) -> None:
    """Over seeded games at every player count, each player's items sum to the score
    the engine gives, and every item cites a clause of the game's spec."""
    game = games.get(game_id).game
    assert game.score_items is not None
    low, high = game.players
    for players in range(low, high + 1):
        for seed in (1, 2):
            state = game.new_game(seed=seed, options={"players": players})
            rng = Random(seed)
            while not game.is_terminal(state):
                state = game.step_random(state, rng)[1]
            outcome = game.score(state)
            items = game.score_items(state)
            assert [sum(i.points for i in per) for per in items] == list(outcome.scores.values())
            assert all(i.clause in game.spec.clauses for per in items for i in per)


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_are_grouped_by_the_clause_that_allows_them(game_id: str) -> None:
    game = games.get(game_id).game
    record = random_record(game, 3)
    step = len(record.actions) // 2
    found = explain(record, step, None, "en")
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for raw in record.actions[:step]:
        state = game.apply(state, game.action_from_json(raw))
    legal = game.legal_actions(state)
    assert sum(len(g.actions) for g in found.groups) == len(legal)
    for group in found.groups:
        assert group.clause.id in game.spec.clauses and group.clause.title
        for notation in group.notations:
            if "from" not in notation:          # an open choice is shown by its range
                kind = game.kind_of[type(game.action_from_json(notation))]
                assert kind.clause == group.clause.id
    german = explain(record, step, None, "de")
    assert [g.clause.id for g in german.groups] == [g.clause.id for g in found.groups]
    assert german.lines("de") != found.lines("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_is_judged_with_the_clause_that_decides(game_id: str) -> None:
    game = games.get(game_id).game
    record = random_record(game, 4)
    step = len(record.actions) // 3
    taken = dict(record.actions[step])
    legal = explain(record, step, taken, "de").verdict
    assert legal is not None and legal.legal and not legal.reason
    assert legal.clause.id == game.kind_of[type(game.action_from_json(taken))].clause
    before = dict(record.actions[step - 1])       # the previous action: most often not legal
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for raw in record.actions[:step]:
        state = game.apply(state, game.action_from_json(raw))
    action = game.action_from_json(before)
    verdict = explain(record, step, json.dumps(before), "en").verdict
    assert verdict is not None and verdict.legal == game.is_legal(state, action)
    if not verdict.legal:
        refusal = game.refusal(state, action)
        assert verdict.clause.id == refusal.clause and verdict.reason == refusal.message_in("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_is_scored_item_by_item_in_both_languages(game_id: str) -> None:
    game = games.get(game_id).game
    record = random_record(game, 5)
    english, german = explain(record, None, None, "en"), explain(record, None, None, "de")
    assert not english.groups and english.step == len(record.actions)
    assert {s.player: s.total for s in english.scores} == record.result["scores"]
    for score in english.scores:
        assert sum(line.points for line in score.lines) == score.total
    titles_en = {line.clause.title for s in english.scores for line in s.lines}
    titles_de = {line.clause.title for s in german.scores for line in s.lines}
    assert titles_en and titles_en.isdisjoint(titles_de)
    assert any("insgesamt" in line for line in german.lines("de"))


def test_players_are_named_in_the_readers_language() -> None:
    """Seats are addressed by their glossary word (Lorenzo's colours), in text and JSON;
    the JSON keeps the seat's key as well."""
    game = games.get("lorenzo").game
    record = random_record(game, 7, players=2)
    german = explain(record, None, None, "de")
    assert [s.name for s in german.scores] == ["Rot", "Grün"]
    assert any(line.startswith("Rot: ") for line in german.lines("de"))
    data = german.to_json()["scores"]
    assert [(s["player"], s["name"]) for s in data] == [("red", "Rot"), ("green", "Grün")]
    assert explain(record, 0, None, "de").to_move in {"Rot", "Grün"}
    assert [s.name for s in explain(record, None, None, "en").scores] == ["Red", "Green"]


def test_a_step_outside_the_game_is_refused() -> None:
    game = games.get("medici_vs_strozzi").game
    record = random_record(game, 1)
    with pytest.raises(RecordError, match="step 9999 is not in the game"):
        explain(record, 9999)
    with pytest.raises(RecordError):
        explain(record, 2, "not an action")


def test_explain_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = games.get("medici_vs_strozzi").game
    path = tmp_path / "game.json"
    random_record(game, 2).write(path)
    assert main(["explain", str(path), "--step", "0", "--action", '{"type": "buy"}',
                 "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "nicht erlaubt nach medici_vs_strozzi:" in out and "Grund:" in out
    assert "ein Plättchen aus dem Beutel ziehen" in out
    assert main(["explain", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scores"] and data["legal"] == []
    for lang, text in (("en", "step 50000 is not in the game"),
                       ("de", "Schritt 50000 gibt es in der Partie nicht")):
        assert main(["explain", str(path), "--step", "50000", "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert text in err and err.count("\n") == 1
    assert main(["explain", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
