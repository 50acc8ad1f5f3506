"""Records keep their readings; replay, explain and regress play them under their own
and say where the register decides otherwise now (issue 29, points 3, 4 and 6)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core import readings
from regelwerk.engine.core.records import GameRecord

from regelwerk import games
from regelwerk.cli import main
from regelwerk.explain import arising, explain, offered, replay_to
from regelwerk.recorded import plays_to
from regelwerk.regress import make_entry

GAME = "medici_vs_strozzi"
#: a reading that changes the course of play: the round ends when the last tile is drawn
VARIANT, OTHER = "last_tile", "void_draw"


def played(seed: int, options: dict[str, Any]) -> GameRecord:
    game = games.get(GAME).game
    state = game.new_game(seed=seed, options=options)
    actions, last = [], state
    for action, last in game.random_steps(state, Random(seed)):  # noqa: B007
        actions.append(game.action_to_json(action))
    return GameRecord.played(game, seed, tuple(actions), options, game.result(last))


def differing_record() -> GameRecord:
    """A game under the other reading whose actions the register's decision would not
    play the same way (found among the first seeds)."""
    game = games.get(GAME).game
    for seed in range(200):
        record = played(seed, {VARIANT: OTHER})
        today = {**record.options, VARIANT: game.choose_variants(None)[VARIANT]}
        if plays_to(game, record, today) is not None:
            return record
    raise AssertionError("no seed shows the reading")


def test_a_record_keeps_every_reading_and_the_rules_it_was_played_under() -> None:
    game = games.get(GAME).game
    record = played(1, {VARIANT: OTHER})
    assert record.options[VARIANT] == OTHER
    assert set(record.options) == {"players"} | {v.name for v in game.variants}
    assert record.rules is not None
    assert record.rules["version"] == readings.version()
    assert record.rules["decisions"] == {v.name: v.default for v in game.variants}
    again = GameRecord.loads(record.dumps(), "r.json", {GAME: game})
    assert again == record


def test_a_record_under_another_reading_replays_under_it(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = differing_record()
    path = tmp_path / "g.json"
    record.write(path)
    assert main(["replay", str(path), "--quiet"]) == 0
    capsys.readouterr()
    # the same actions as a fresh game under the register's decision play otherwise
    decided = games.get(GAME).game.choose_variants(None)[VARIANT]
    assert main(["replay", str(path), "--quiet", "--option", f"{VARIANT}={decided}"]) != 0


def test_regress_says_where_the_register_now_decides_otherwise(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record stamped when the register decided the other reading (as if the
    decision changed since): regress replays it under its own reading and says so."""
    record = differing_record()
    stamp = {**record.rules, "decisions": {**record.rules["decisions"], VARIANT: OTHER}}
    entry = make_entry(GameRecord(record.game, record.seed, record.actions, record.options,
                                  record.result, stamp))
    entry.write(tmp_path / "seeded-old.json")
    code = main(["regress", str(tmp_path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["changed"] == []
    [said] = report["readings_decided_otherwise"]
    [change] = said["changed"]
    assert (change["variant"], change["recorded"], change["then"]) == (VARIANT, OTHER, OTHER)
    assert said["differs_at"] is not None
    main(["regress", str(tmp_path), "--lang", "de"])
    assert f"das Register entschied damals {OTHER}" in capsys.readouterr().out


def test_a_record_written_before_readings_were_kept_stays_readable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = played(2, {})
    data = record.to_json()
    del data["rules"]
    data["options"] = {}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "before records kept their readings" in capsys.readouterr().out


def test_explain_shows_an_entry_only_where_its_question_arises() -> None:
    """The entry is named at the one step where its other reading, playing the same
    actions, first offers otherwise, and nowhere before."""
    record = differing_record()
    game = games.get(GAME).game
    entry = f"{GAME}:interp.{VARIANT}"
    decided = game.choose_variants(None)[VARIANT]
    other = replace(record, options={**record.options, VARIANT: decided})
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for step, raw in enumerate(record.actions):
        if entry in arising(game, record, step, state):
            found = explain(record, step)
            [cited] = [i for i in found.arising if i.id == entry]
            assert cited.in_force == f"{VARIANT}={OTHER}"
            assert any(f"(this game: {VARIANT}={OTHER})" in line for line in found.lines("en"))
            # the other reading plays the same actions to here and offers otherwise here
            there = replay_to(game, other, step)
            assert offered(game, there, None) != offered(game, state, None)
            assert all(entry not in arising(game, record, earlier, replay_to(game, record, earlier))
                       for earlier in range(0, step, max(1, step // 8)))
            return
        state = game.apply(state, game.action_from_json(raw))
    raise AssertionError("the question never arose in a game it changed")


def test_every_command_that_plays_takes_the_same_options() -> None:
    from regelwerk.commands import build_parser

    parser = build_parser("en")
    for command in ("play", "replay", "simulate", "stats", "compare", "explain"):
        sub = parser._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
        flags = {flag for action in sub._actions for flag in action.option_strings}
        assert {"--players", "--option", "--board"} <= flags, command
