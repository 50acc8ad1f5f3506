"""The regression corpus (tests/corpus): every game replays as accepted, and a changed
rule is reported at the step it first changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from regelwerk.engine.core.game import Game
from regelwerk.verification.core import mutate
from regelwerk.verification.medici_vs_strozzi import MUTANTS

from regelwerk import games
from regelwerk.cli import main
from regelwerk.regress import Entry, check_entry, corpus_files, regress, replay_steps

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def configurations(game: Game) -> set[tuple[tuple[str, object], ...]]:
    low, high = game.players
    found = set()
    for players in range(low, high + 1):
        found.add((("players", players),))
        for variant in game.variants:
            found |= {tuple(sorted({"players": players, variant.name: value}.items()))
                      for value in variant.choices[1:]}
    return found


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_the_corpus_covers_every_player_count_and_variant(game_id: str) -> None:
    covered = {tuple(sorted(Entry.read(path).record.options.items()))
               for path in corpus_files(CORPUS / game_id)}
    assert configurations(games.get(game_id).game) <= covered


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
