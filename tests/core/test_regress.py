"""The regression corpus (tests/corpus): every game replays as accepted, and a changed
rule is reported at the step it first changes."""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.core import readings
from regelwerk.engine.core.game import Game
from regelwerk.verification.core import mutate
from regelwerk.verification.medici_vs_strozzi import MUTANTS

from regelwerk import games
from regelwerk.cli import main
from regelwerk.play import result_text
from regelwerk.regress import Entry, check_entry, corpus_files, regress, replay_steps

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def configurations(game: Game) -> set[tuple[tuple[str, object], ...]]:
    """Every player count with the register's decisions, and every other reading of every
    variant at one player count where it can matter (the solo game for ``solo_*``)."""
    low, high = game.players
    found = {(("players", players),) for players in range(low, high + 1)}
    for variant in game.variants:
        players = low if variant.name.startswith("solo_") else game.default_players
        found |= {tuple(sorted({"players": players, variant.name: value}.items()))
                  for value in variant.choices[1:]}
    return found


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_the_corpus_covers_every_player_count_and_variant(game_id: str) -> None:
    game = games.get(game_id).game
    defaults = {v.name: v.default for v in game.variants}
    covered = {tuple(sorted((k, v) for k, v in Entry.read(path).record.options.items()
                            if k == "players" or defaults.get(k) != v))
               for path in corpus_files(CORPUS / game_id)}
    assert configurations(game) <= covered


def test_every_corpus_game_replays_as_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["regress", str(CORPUS), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["changed"] == [] and code == 0
    assert report["games"] == len(corpus_files(CORPUS)) > 0


def test_a_changed_rule_is_reported_at_a_round_scoring(tmp_path: Path) -> None:
    """Paying the lower total of a harbour as well (a mutant of the harbour payout)
    changes nothing before a round is scored: the first change is at a step that
    scores a round, and every step before it replays as accepted."""
    game = games.get("medici_vs_strozzi").game
    mutant = next(m for m in MUTANTS if m.id == "mvs.payout.round.min/harbour_payout")
    reported = 0
    for path in corpus_files(CORPUS / "medici_vs_strozzi"):
        entry = Entry.read(path)
        assert check_entry(path, entry) is None
        broken = mutate(game.rules_for(entry.record.options), mutant.fns)
        found = check_entry(path, entry, rules=broken)
        if found is None:
            continue
        reported += 1
        assert found.problem == "changed"
        state = game.new_game(seed=entry.record.seed, options=dict(entry.record.options))
        scored_at = []
        for index, raw in enumerate(entry.record.actions):
            after = game.apply(state, game.action_from_json(raw))
            if len(after.scores) > len(state.scores):
                scored_at.append(index)
            state = after
        assert found.step in scored_at
        assert found.expected == entry.steps[found.step] and found.got != found.expected
        action = game.action_from_json(entry.record.actions[found.step])
        assert found.clause == game.kind_of[type(action)].clause
    assert reported


def test_accept_rewrites_what_changed_and_nothing_else(tmp_path: Path) -> None:
    source = corpus_files(CORPUS / "medici_vs_strozzi")[0]
    entry = Entry.read(source)
    steps, _, _ = replay_steps(entry.record)
    damaged = Entry(entry.record, (*entry.steps[:5], steps[6], *entry.steps[6:]))
    damaged.write(tmp_path / "game.json")
    (tmp_path / "same.json").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    count, found = regress(tmp_path)
    assert count == 2 and [(d.path.name, d.step) for d in found] == [("game.json", 5)]
    assert regress(tmp_path, accept=True)[1] and regress(tmp_path) == (2, [])
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == source.read_text(
        encoding="utf-8")


def test_accept_plays_a_seeded_game_anew_when_its_record_no_longer_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rule change can make a recorded action illegal: ``--accept`` then plays the
    seeded game again (same seed and random choices), while a worked example, which
    cannot be played anew, is left as it is and the command fails saying so."""
    seeded = CORPUS / "medici_vs_strozzi" / "seeded-players=2.json"
    example = CORPUS / "medici_vs_strozzi" / "example-an-offer-is-declined.json"
    for source in (seeded, example):
        entry = Entry.read(source)
        actions = list(entry.record.actions)
        actions[1] = {"type": "load", "ship": 0}           # not possible after one draw
        broken = Entry(replace(entry.record, actions=tuple(actions)), entry.steps)
        broken.write(tmp_path / source.name)
    code = main(["regress", str(tmp_path), "--accept", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 1 and "not rewritten" in out and example.name in out
    anew, kept = Entry.read(tmp_path / seeded.name), Entry.read(seeded)
    assert anew.steps == kept.steps         # the same game, position by position
    assert replace(anew.record, rules=None) == replace(kept.record, rules=None)
    assert anew.record.rules is not None    # stamped with the rules it is played under now
    assert anew.record.rules["version"] == readings.version()
    assert Entry.read(tmp_path / example.name).record.actions[1] == {"type": "load", "ship": 0}


# ----------------------------------------------------------------------------- worked examples
@cache
def example_tool() -> Any:
    """``tools/example_records.py`` (not a package): the declared examples and their writer."""
    path = CORPUS.parents[1] / "tools" / "example_records.py"
    spec = importlib.util.spec_from_file_location("example_records", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)      # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_game_has_a_worked_example_and_the_corpus_holds_exactly_the_declared_ones() -> None:
    tool = example_tool()
    declared = tool.declared()
    in_corpus = {(path.parent.name, path.stem.removeprefix("example-"))
                 for path in CORPUS.glob("*/example-*.json")}
    assert in_corpus == {(example.game, example.name) for example in declared}
    assert {example.game for example in declared} == set(games.games())
    for example in declared:        # a reader finds each one under its heading
        page = CORPUS.parents[1] / example.page
        assert page.parent.name == example.game
        assert example.section in tool.example_sections(page), example


def test_an_example_records_the_game_its_page_plays() -> None:
    """Chance chosen on the page: seed null and chance's outcomes among the actions;
    a seeded page: its seed, and no outcome in the actions."""
    for example in example_tool().declared():
        record = Entry.read(example.path).record
        game = games.get(record.game).game
        chance = [game.kind_of[type(game.action_from_json(raw))].chance for raw in record.actions]
        assert record.seed == example.seed
        assert all(record.options.get(k) == v for k, v in example.options.items())
        assert any(chance) == (example.seed is None), example.name
        assert len(Entry.read(example.path).steps) == len(record.actions) > 0


def test_the_examples_in_the_corpus_are_what_their_pages_play_now(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``tools/example_records.py --check`` runs each page's doctests and compares."""
    assert example_tool().main(["--check"]) == 0, capsys.readouterr().err


def test_a_section_that_states_a_position_by_hand_is_no_example() -> None:
    tool = example_tool()
    probe = tool.Example("probe", "florenz", "docs/florenz/boasting.md",
                         "Example from the rulebook: two families boast on *Omnipresent*",
                         None, {"players": 3}, "")
    with pytest.raises(tool.ExampleError, match="by hand"):
        tool.entry_of(probe)


WHOLE_ROUND = CORPUS / "florenz" / "example-a-whole-round.json"


@pytest.mark.parametrize(("mutant_id", "kind", "clause"), [
    # the rank order in a queue: the page's promotion at 6 (queue.rank) is the first change
    ("florenz.queue_order/insert_position", "promote", "florenz:action.promote"),
    # the head points: nothing changes until the last family passes and the Medici travel
    ("florenz.medici_bound.round1/head_award", "pass", "florenz:action.pass"),
])
def test_a_changed_rule_is_reported_at_the_step_of_the_example_it_alters(
        mutant_id: str, kind: str, clause: str) -> None:
    from regelwerk.verification.florenz import MUTANTS as FLORENZ_MUTANTS

    game = games.get("florenz").game
    entry = Entry.read(WHOLE_ROUND)
    assert check_entry(WHOLE_ROUND, entry) is None
    mutant = next(m for m in FLORENZ_MUTANTS if m.id == mutant_id)
    found = check_entry(WHOLE_ROUND, entry, rules=mutate(game.rules_for(entry.record.options),
                                                         mutant.fns))
    assert found is not None and found.problem == "changed"
    expected = max(i for i, raw in enumerate(entry.record.actions) if raw["type"] == kind)
    assert found.step == expected and found.clause == clause
    assert found.expected == entry.steps[expected] and found.got != found.expected


def test_a_different_chance_outcome_in_an_example_diverges_at_its_step(tmp_path: Path) -> None:
    """The record chooses chance: another scandal card for orange changes the game from the
    step that draws it, and replays as accepted up to there."""
    entry = Entry.read(WHOLE_ROUND)
    actions = [dict(raw) for raw in entry.record.actions]
    step = next(i for i, raw in enumerate(actions) if raw["type"] == "card")
    actions[step]["card"] = (actions[step]["card"] + 1) % 4
    changed = Entry(replace(entry.record, actions=tuple(actions)), entry.steps)
    found = check_entry(tmp_path / "x.json", changed)
    assert found is not None and (found.step, found.problem) == (step, "changed")
    assert found.action == actions[step]
    game = games.get("florenz").game
    chance = [game.kind_of[type(game.action_from_json(raw))].chance for raw in actions]
    step = next(i for i in range(len(actions) - 1) if chance[i] and not chance[i + 1])
    dropped = Entry(replace(entry.record, actions=tuple(actions[:step] + actions[step + 1:])),
                    entry.steps)
    found = check_entry(tmp_path / "x.json", dropped)       # the last set-up draw left out
    assert found is not None and found.step == step and found.action == actions[step + 1]
    assert found.problem.startswith("illegal: chance acts here and the record has no seed")


# ----------------------------------------------------------------------------- users' games

def _played(tmp_path: Path) -> Path:
    """A game as ``play --record`` writes it: a seeded random game of the default rules."""
    from random import Random

    from regelwerk.engine.core.records import GameRecord

    game = games.get("medici_vs_strozzi").game
    state, rng, actions = game.new_game(seed=7), Random(7), []
    while not game.is_terminal(state):
        action, state = game.step_random(state, rng)
        actions.append(game.action_to_json(action))
    record = GameRecord.played(game, 7, tuple(actions), {}, game.result(state))
    path = tmp_path / "my game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    return path


def test_add_takes_a_played_record_into_the_corpus_and_regress_replays_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _played(tmp_path)
    corpus = tmp_path / "corpus"
    assert main(["regress", "--add", str(record), str(corpus), "--lang", "en"]) == 0
    added = corpus / "medici_vs_strozzi" / "user-my-game.json"
    entry = Entry.read(added)
    game = games.get("medici_vs_strozzi").game
    assert {v.name for v in game.variants} <= set(entry.record.options)
    assert entry.record.rules is not None and len(entry.steps) == len(entry.record.actions)
    assert main(["regress", str(corpus), "--json"]) == 0
    assert json.loads(capsys.readouterr().out.split("\n", 1)[1])["games"] == 1
    # a clash is refused unless --force; --name chooses another
    assert main(["regress", "--add", str(record), str(corpus), "--lang", "en"]) == 2
    assert "exists" in capsys.readouterr().err
    assert main(["regress", "--add", str(record), "--name", "second", str(corpus)]) == 0
    assert main(["regress", "--add", str(record), "--force", str(corpus)]) == 0
    assert len(corpus_files(corpus)) == 2


def test_add_refuses_a_record_that_does_not_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _played(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][1] = {"type": "load", "ship": 0, "harbour": 0}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["regress", "--add", str(path), str(tmp_path / "corpus"), "--lang", "en"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "does not replay" in line and str(path) in line
    assert not (tmp_path / "corpus").exists() or corpus_files(tmp_path / "corpus") == []


def test_accept_says_what_changed_and_refuses_a_changed_result_unless_asked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An entry whose stored result and last step differ from what the engine plays: the
    report names the first divergence in words and the result old -> new, and --accept
    leaves it unless --accept-results."""
    source = CORPUS / "medici_vs_strozzi" / "seeded-players=2.json"
    entry = Entry.read(source)
    old = dict(entry.record.result or {})
    wrong = {**old, "scores": {seat: score + 1 for seat, score in old["scores"].items()}}
    steps = (*entry.steps[:-1], replace(entry.steps[-1], fingerprint="0" * 16))
    Entry(replace(entry.record, result=wrong), steps).write(tmp_path / source.name)
    code = main(["regress", str(tmp_path), "--accept", "--lang", "en"])
    out = capsys.readouterr().out
    last = len(entry.record.actions)
    assert code == 1
    assert f"first divergence: step {last}," in out
    game = games.get("medici_vs_strozzi").game
    assert f"result: {result_text(game, wrong, 'en')} -> {result_text(game, old, 'en')}" in out
    assert "not accepted without --accept-results" in out
    assert Entry.read(tmp_path / source.name).record.result == wrong
    assert main(["regress", str(tmp_path), "--accept", "--accept-results"]) == 0
    assert Entry.read(tmp_path / source.name).record.result == old
